// Package kubelet plays the kubelet of each simulated node: it registers its
// Node and keeps it alive (status every 10s, a Lease in kube-node-lease
// renewed every 10s), watches the pods bound to it (fieldSelector
// spec.nodeName=<node>, as system:node:<node>), and runs them: pod sandbox,
// image pulls (serialized, with back-off), init containers then containers,
// probes, CrashLoopBackOff, graceful termination, and the pod status and
// Events a real v1.35 kubelet writes, word for word. Containers behave as
// package runtime says; images come from package images. Everything runs on
// sim timers: no goroutines, no wall clock.
package kubelet
