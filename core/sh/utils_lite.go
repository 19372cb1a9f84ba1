//go:build lite

package sh

import "kubeplay/core/lite"

// The lite build (the page's first download) leaves the utilities a first
// session does not type to the full build: a line that runs one stops
// there, and the page runs it again in the full build.
func init() {
	for _, name := range append(fullOnly, "printf") {
		stop := func(*Interp, *Cmd) int {
			lite.Need(name)
			return 0
		}
		if name == "printf" {
			builtins[name] = stop
			continue
		}
		utilities[name] = stop
	}
}
