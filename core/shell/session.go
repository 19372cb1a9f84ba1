package shell

import (
	"strings"

	"kubeplay/core/sh"
)

// An interactive `kubectl exec -ti POD -- sh` (or bash) enters the
// container: the lines typed until `exit` run in it, one at a time, through
// the same path as `kubectl exec POD -- sh -c LINE` (the kubelet runs them
// in the container's runtime), and the prompt is the container's shell's.
// The shell state a line sets (variables, export, cd) is kept: the lines
// that only set state run again, silently, before each later line.

// maxSessionState bounds the state lines a session keeps.
const maxSessionState = 100

type session struct {
	s *Shell
	// prefix is the kubectl exec command line up to and including "--".
	prefix []string
	shell  string
	kind   sh.Flavour
	// bashAsSh: the image's sh is bash (prompt sh-5.2#).
	bashAsSh bool
	host     string
	dir      string
	state    []string
}

// parseInteractive reads kubectl exec -i -t … -- SHELL: the exec command
// line up to "--", the pod, and the shell; ok is false for any other line.
func parseInteractive(args []string) (prefix []string, pod, shell string, ok bool) {
	if len(args) == 0 || args[0] != "exec" {
		return nil, "", "", false
	}
	stdin, tty := false, false
	dash := -1
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			dash = i
			break
		}
		switch {
		case a == "-i" || a == "--stdin" || a == "--stdin=true":
			stdin = true
		case a == "-t" || a == "--tty" || a == "--tty=true":
			tty = true
		case a == "-it" || a == "-ti":
			stdin, tty = true, true
		case a == "-c" || a == "--container" || a == "-n" || a == "--namespace":
			if i+1 < len(args) {
				prefix = append(prefix, a, args[i+1])
				i++
			}
		case strings.HasPrefix(a, "-"):
			prefix = append(prefix, a)
		default:
			pod = a
			prefix = append(prefix, a)
		}
	}
	if !stdin || !tty || dash < 0 || pod == "" || len(args) != dash+2 {
		return nil, "", "", false
	}
	shell = args[dash+1]
	base := shell[strings.LastIndexByte(shell, '/')+1:]
	if base != "sh" && base != "bash" && base != "ash" {
		return nil, "", "", false
	}
	return append(append([]string{"exec"}, prefix...), "--"), pod, shell, true
}
