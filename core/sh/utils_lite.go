//go:build lite

package sh

import "kubeplay/core/lite"

// The lite build (the page's first download) leaves the utilities and
// builtins a first session does not type, and arithmetic, to the full
// build: a line that runs one stops there, and the page runs it again in
// the full build.
func init() {
	for _, name := range fullOnly {
		utilities[name] = func(*Interp, *Cmd) int {
			lite.Need(name)
			return 0
		}
	}
	for _, name := range fullOnlyBuiltins {
		builtins[name] = func(*Interp, *Cmd) int {
			lite.Need(name)
			return 0
		}
	}
	arithmetic = func(*Interp, string) (int64, error) {
		lite.Need("$((…))")
		return 0, nil
	}
}
