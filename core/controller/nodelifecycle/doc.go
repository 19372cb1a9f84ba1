// Package nodelifecycle plays two loops of kube-controller-manager:
//
//   - the node lifecycle controller (pkg/controller/nodelifecycle, events
//     from "node-controller"): every nodeMonitorPeriod (5s) it checks each
//     Node's heartbeats (its Ready condition and its Lease in
//     kube-node-lease); after nodeMonitorGracePeriod (50s) without one it sets
//     every condition to Unknown (NodeStatusUnknown, "Kubelet stopped
//     posting node status."), records NodeNotReady and marks the node's pods
//     not Ready. It keeps the condition taints in step: not-ready /
//     unreachable (NoSchedule, and NoExecute with timeAdded), memory-,
//     disk-, pid-pressure, network-unavailable, unschedulable.
//   - the taint eviction controller (pkg/controller/tainteviction, events
//     from "taint-eviction-controller"): pods that do not tolerate a
//     NoExecute taint are deleted at once; pods tolerating it for
//     tolerationSeconds are deleted that long after the taint was added.
package nodelifecycle
