//go:build lite

package runtime

import "kubeplay/core/lite"

// The lite build leaves dig out (dig_full.go).
func (t *tools) dig([]string) int32 {
	lite.Need("dig")
	return 0
}
