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
//     tolerationSeconds are deleted that long after the controller first saw
//     them on the tainted node (the taint's arrival for pods already there,
//     the binding for pods bound to a node tainted earlier); removing the
//     taint cancels the deletion ("Cancelling deletion of Pod ...").
//
// The monitor tick reads cached Nodes and copies one only to write it; it
// looks only at nodes whose object or Lease changed, whose grace period ran
// out, or that it acted on last tick, so a tick over 5000 unchanged healthy
// nodes takes a fraction of a millisecond.
package nodelifecycle
