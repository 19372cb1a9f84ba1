// Package runtime is kubeplay's container runtime (containerd and runc, seen
// from the kubelet through the CRI): given an image and a container's
// command, args, environment and memory limit, it says what the process
// does on virtual time: whether it starts, which ports it listens on, what it
// prints, when and how it exits (Completed, Error, OOMKilled), and how it
// answers probes. It keeps no per-container timers: the kubelet asks.
package runtime
