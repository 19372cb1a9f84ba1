// Package runtime is kubeplay's container runtime (containerd and runc, seen
// from the kubelet through the CRI): given an image and a container's
// command, args, environment and memory limit, it says what the process
// does on virtual time: whether it starts, which ports it listens on, what it
// prints, when and how it exits (Completed, Error, OOMKilled), and how it
// answers probes. It keeps no per-container timers: the kubelet asks.
//
// Each container start also has a userland: a file system (fs.go: the
// image's root file system from rootfs.yaml, its writable layer, and the
// volumes the kubelet mounts), the user its processes run as and their
// PIDs (userland.go), and the utilities kubectl exec runs over them
// (utils.go, utils_full.go), in busybox's or GNU coreutils' words.
package runtime
