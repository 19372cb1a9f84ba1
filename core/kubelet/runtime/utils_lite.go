//go:build lite

package runtime

import "kubeplay/core/lite"

// The lite build leaves out the utilities of utils_full.go: a call that
// reaches one stops, and the page runs it again in the full build.

func (t *tools) more(name string, args []string) int32 {
	lite.Need("kubectl exec " + name)
	return 0
}

func (t *tools) procFile(p string) (string, bool) {
	if len(p) > 6 && p[:6] == "/proc/" {
		lite.Need("kubectl exec /proc")
	}
	return "", false
}
