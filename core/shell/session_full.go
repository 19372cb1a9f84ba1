//go:build !lite

package shell

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"kubeplay/core/sh"
)

// interactiveExec recognises kubectl exec -i -t … -- SHELL and enters the
// container; handled is false for any other kubectl line.
func (s *Shell) interactiveExec(args []string, stderr io.Writer) (code int, handled bool) {
	prefix, pod, shell, ok := parseInteractive(args)
	if !ok {
		return 0, false
	}
	base := shell[strings.LastIndexByte(shell, '/')+1:]
	sess := &session{s: s, prefix: prefix, shell: shell, dir: "/"}
	// The first exec says whether the container runs and has the shell
	// (kubectl's own errors otherwise), and which shell it is.
	var out, errOut bytes.Buffer
	k := s.C.Kubectl(s.out)
	code = k.Run(append(append([]string(nil), sess.prefix...), shell, "-c", "kubeplay-which-shell"), &out, &errOut)
	msg := out.String() + errOut.String()
	switch {
	case strings.Contains(msg, "sh: 1: kubeplay-which-shell"):
		sess.kind = sh.Dash
	case strings.Contains(msg, "sh: kubeplay-which-shell: not found"):
		sess.kind = sh.Busybox
	case strings.Contains(msg, "kubeplay-which-shell: command not found"):
		sess.kind = sh.Bash
		sess.bashAsSh = base != "bash"
	default:
		// kubectl's error (no such pod, no such shell): as printed.
		fmt.Fprint(stderr, strings.TrimSuffix(errOut.String(), "command terminated with exit code 127\n"))
		if code == 0 {
			code = 1
		}
		return code, true
	}
	if i := strings.Index(msg, "Defaulted container"); i >= 0 {
		line, _, _ := strings.Cut(msg[i:], "\n")
		fmt.Fprintln(stderr, line)
	}
	out.Reset()
	errOut.Reset()
	if k.Run(append(append([]string(nil), sess.prefix...), "hostname"), &out, &errOut) == 0 {
		sess.host = strings.TrimSpace(out.String())
	}
	out.Reset()
	errOut.Reset()
	// The image's working directory (WORKDIR), where the shell starts.
	if k.Run(append(append([]string(nil), sess.prefix...), shell, "-c", "pwd"), &out, &errOut) == 0 {
		if d := strings.TrimSpace(out.String()); strings.HasPrefix(d, "/") && !strings.Contains(d, "\n") {
			sess.dir = d
		}
	}
	if sess.host == "" {
		sess.host = strings.TrimPrefix(pod[strings.LastIndexByte(pod, '/')+1:], "pod/")
	}
	s.inside = sess
	return 0, true
}

// prompt is the container shell's PS1.
func (x *session) prompt() string {
	switch {
	case x.kind == sh.Busybox:
		return x.dir + " # "
	case x.kind == sh.Dash:
		return "# "
	case x.bashAsSh:
		return "sh-5.2# "
	}
	dir := x.dir
	if dir == "/root" {
		dir = "~"
	}
	return "root@" + x.host + ":" + dir + "# "
}

// exec runs one line typed inside the container.
func (x *session) exec(line string) bool {
	s := x.s
	if s.Echo {
		fmt.Fprintf(s.out, "%s%s\n", strings.TrimRight(x.prompt(), " "), prefixSpace(line))
	}
	trimmed := strings.TrimSpace(line)
	if trimmed == "" || strings.HasPrefix(trimmed, "#") {
		return true
	}
	f := strings.Fields(trimmed)
	if f[0] == "exit" || f[0] == "logout" {
		if x.kind == sh.Bash && !x.bashAsSh {
			fmt.Fprintln(s.out, "exit")
		}
		s.inside = nil
		if len(f) > 1 && f[1] != "0" {
			fmt.Fprintf(s.out, "command terminated with exit code %s\n", f[1])
		}
		return true
	}
	script := strings.Join(append(append([]string(nil), x.state...), trimmed), "\n")
	var errOut bytes.Buffer
	k := s.C.Kubectl(s.out)
	k.Run(append(append([]string(nil), x.prefix...), x.shell, "-c", script), s.out, &errOut)
	msg := errOut.String()
	if i := strings.LastIndex(msg, "command terminated with exit code "); i >= 0 && strings.Count(msg[i:], "\n") <= 1 {
		msg = msg[:i]
	}
	fmt.Fprint(s.out, msg)
	if x.keepsState(trimmed) && len(x.state) < maxSessionState {
		x.state = append(x.state, trimmed)
	}
	return true
}

func prefixSpace(line string) string {
	if line == "" {
		return ""
	}
	return " " + line
}

// keepsState reports whether a line only sets shell state (NAME=V,
// export, unset, cd), and follows a cd in the prompt.
func (x *session) keepsState(line string) bool {
	script, err := sh.Parse(line)
	if err != nil || len(script.List.Items) == 0 {
		return false
	}
	for _, ao := range script.List.Items {
		if len(ao.Pipes) != 1 || len(ao.Pipes[0].Cmds) != 1 || ao.Bg {
			return false
		}
		c, ok := ao.Pipes[0].Cmds[0].(*sh.Simple)
		if !ok || len(c.Redirs) > 0 {
			return false
		}
		if len(c.Words) == 0 {
			continue
		}
		switch c.Words[0] {
		case "export", "unset", "set", "alias":
		case "cd":
			dir := "/root"
			if len(c.Words) > 1 {
				dir = c.Words[1]
			}
			if !strings.HasPrefix(dir, "/") {
				dir = strings.TrimSuffix(x.dir, "/") + "/" + dir
			}
			x.dir = sh.CleanPath(dir)
		default:
			return false
		}
	}
	return true
}
