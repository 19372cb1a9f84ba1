//go:build lite

package runtime

import "kubeplay/core/lite"

// The lite build leaves apt-get out (apt_full.go).
func (t *tools) apt(string, []string) int32 {
	lite.Need("apt-get")
	return 0
}
