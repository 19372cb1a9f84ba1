//go:build lite

package printers

import "kubeplay/core/lite"

// The lite build leaves the KYAML encoder out (core/lite): the page runs
// the line again in the full build.
func KYAML(any) string {
	lite.Need("kubectl -o kyaml")
	return ""
}
