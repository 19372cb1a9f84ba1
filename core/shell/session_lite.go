//go:build lite

package shell

import (
	"io"

	"kubeplay/core/lite"
)

// The lite build leaves an interactive kubectl exec -ti to the full build
// (core/lite): the line stops there and runs again in the full build.
func (s *Shell) interactiveExec(args []string, _ io.Writer) (int, bool) {
	if _, _, _, ok := parseInteractive(args); ok {
		lite.Need("kubectl exec -ti")
	}
	return 0, false
}

// No session is ever entered in the lite build.
func (x *session) prompt() string   { return "$ " }
func (x *session) exec(string) bool { return true }
