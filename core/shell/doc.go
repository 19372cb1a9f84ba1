// Package shell is the line interpreter behind `kubeplay shell`, the browser
// terminal and the scenario player: kubectl command lines, `sleep <duration>`
// (advances virtual time), `sim ...` faults, `kubeplay explain pod NAME` and
// `#` comments, all against one core/cluster. It plays the part of the user's
// terminal next to a kind cluster.
package shell
