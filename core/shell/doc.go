// Package shell is the learner's terminal beside the cluster, behind
// `kubeplay shell`, the browser terminal and the scenario player: a core/sh
// interpreter (bash) whose Host (terminal.go) has kubectl command lines,
// curl and wget to localhost (a port-forward, a kubectl proxy), `sleep`
// (advances virtual time), `sim ...` faults, `kubeplay explain pod NAME`
// and the editor's files, all against one core/cluster. Lines continue as
// bash's do (PS2 "> "), variables and background jobs persist between
// lines, and an interactive `kubectl exec -ti POD -- sh` enters the
// container until `exit` (session.go).
package shell
