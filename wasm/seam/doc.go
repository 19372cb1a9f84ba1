// Package seam is the Go side of the browser playground's Go→JS seam: one
// simulated cluster (core/cluster) driven through synchronous calls that
// take and return JSON strings, exactly the function table wasm/main.go
// registers as globalThis.__kubeplayCore. It plays the part of the user's
// machine around a kind cluster: the terminal, the editor's Apply button,
// the wall clock that drives virtual time, and the dashboards that read the
// cluster's state. It is plain Go (no syscall/js), so it is tested natively.
package seam
