package runtime

import (
	"sort"
	"strconv"
	"strings"
)

// The text filters and file tests scripts pipe through (grep, head, tail, wc, sort, awk, test).

// filter runs a text filter on its input: stdin, or the files named.
func (sh *shell) filter(name string, args []string) int32 {
	n, pattern, invert, quiet, count := 10, "", false, false, false
	var files []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-n" && i+1 < len(args):
			i++
			n, _ = strconv.Atoi(strings.TrimPrefix(args[i], "+"))
		case len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9':
			n, _ = strconv.Atoi(a[1:])
		case strings.HasPrefix(a, "-n"):
			n, _ = strconv.Atoi(strings.TrimPrefix(a[2:], "+"))
		case strings.HasPrefix(a, "-") && name == "grep":
			invert = invert || strings.Contains(a, "v")
			quiet = quiet || strings.Contains(a, "q")
			count = count || strings.Contains(a, "c")
		case strings.HasPrefix(a, "-"):
		case name == "grep" && pattern == "":
			pattern = a
		default:
			files = append(files, a)
		}
	}
	in := sh.stdin
	if len(files) > 0 {
		in = nil
		for _, f := range files {
			if !sh.exists(f) {
				sh.noFile(name, f)
				return 1
			}
			in = append(in, sh.lines(f)...)
		}
	}
	var out []string
	switch name {
	case "rev":
		for _, l := range in {
			r := []rune(l)
			for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
				r[i], r[j] = r[j], r[i]
			}
			out = append(out, string(r))
		}
	case "sort":
		out = append(out, in...)
		sort.Strings(out)
	case "uniq":
		for i, l := range in {
			if i == 0 || in[i-1] != l {
				out = append(out, l)
			}
		}
	case "wc":
		out = []string{strconv.Itoa(len(in))}
	case "head":
		out = in[:min(n, len(in))]
	case "tail":
		out = in[max(0, len(in)-n):]
	case "grep":
		for _, l := range in {
			if strings.Contains(l, pattern) != invert {
				out = append(out, l)
			}
		}
		found := len(out) > 0
		if count {
			out = []string{strconv.Itoa(len(out))}
		}
		if quiet {
			out = nil
		}
		for _, l := range out {
			sh.print(l)
		}
		if !found {
			return 1
		}
		return 0
	}
	for _, l := range out {
		sh.print(l)
	}
	return 0
}

// awk runs the one-line programs scripts pipe into: [/RE/]{print $N, ...}
// over stdin or files (RE: a substring, ^ anchors it at the start).
func (sh *shell) awk(args []string) int32 {
	if len(args) == 0 {
		sh.eprint("usage: awk [-F sep] 'program' [file ...]")
		return 1
	}
	prog, files := args[0], args[1:]
	pattern := ""
	if strings.HasPrefix(prog, "/") {
		if end := strings.IndexByte(prog[1:], '/'); end >= 0 {
			pattern, prog = prog[1:end+1], strings.TrimSpace(prog[end+2:])
		}
	}
	action := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(prog, "{"), "}"))
	in := sh.stdin
	if len(files) > 0 {
		in = nil
		for _, f := range files {
			in = append(in, sh.lines(f)...)
		}
	}
	for _, line := range in {
		if pattern != "" {
			if p, anchored := strings.CutPrefix(pattern, "^"); anchored && !strings.HasPrefix(line, p) || !anchored && !strings.Contains(line, p) {
				continue
			}
		}
		fields := strings.Fields(line)
		what := strings.TrimSpace(strings.TrimPrefix(action, "print"))
		if what == "" || what == "$0" {
			sh.print(line)
			continue
		}
		var out []string
		for _, f := range strings.Split(what, ",") {
			n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(f), "$"))
			if err == nil && n > 0 && n <= len(fields) {
				out = append(out, fields[n-1])
			} else if err == nil && n == 0 {
				out = append(out, line)
			}
		}
		sh.print(strings.Join(out, " "))
	}
	return 0
}

// testExpr evaluates test / [ ]: -f -e -d -z -n, = != ==, -eq -ne -lt -le
// -gt -ge and !.
func testExpr(a []string, exists func(string) bool) bool {
	if len(a) > 0 && a[0] == "!" {
		return !testExpr(a[1:], exists)
	}
	for i, op := range a {
		if op == "-a" || op == "&&" {
			return testExpr(a[:i], exists) && testExpr(a[i+1:], exists)
		}
		if op == "-o" || op == "||" {
			return testExpr(a[:i], exists) || testExpr(a[i+1:], exists)
		}
	}
	switch len(a) {
	case 0:
		return false
	case 1:
		return a[0] != ""
	case 2:
		switch a[0] {
		case "-f", "-e", "-d", "-s", "-r", "-x":
			return exists(a[1])
		case "-z":
			return a[1] == ""
		case "-n":
			return a[1] != ""
		}
		return false
	}
	x, op, y := a[0], a[1], a[2]
	xi, _ := strconv.Atoi(x)
	yi, _ := strconv.Atoi(y)
	switch op {
	case "=", "==":
		return x == y
	case "!=":
		return x != y
	case "-eq":
		return xi == yi
	case "-ne":
		return xi != yi
	case "-lt":
		return xi < yi
	case "-le":
		return xi <= yi
	case "-gt":
		return xi > yi
	case "-ge":
		return xi >= yi
	}
	return false
}

func (sh *shell) setFile(f string, exists bool) {
	if sh.files[f] == exists {
		return
	}
	sh.files[f] = exists
	if !exists {
		delete(sh.contents, f)
	}
	sh.fileLog = append(sh.fileLog, FileEvent{At: sh.elapsed, Path: f, Exists: exists})
}

func systemFile(f string) bool {
	return strings.HasPrefix(f, "/etc/") || strings.HasPrefix(f, "/proc/") || strings.HasPrefix(f, "/dev/") || strings.HasPrefix(f, "/var/run/secrets/")
}

// follow is tail -f/-F FILE: the file's last lines (-n N), or its lines
// from the Kth on (-n +K), when tail starts, then the lines appended to it
// until the log is read (by the other containers that share the file's
// emptyDir); tail never exits.
func (sh *shell) follow(args []string) int32 {
	n, from, file := 10, false, ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-n" && i+1 < len(args) {
			i++
			a = "-n" + args[i]
		}
		switch {
		case strings.HasPrefix(a, "-n"):
			from = strings.HasPrefix(a[2:], "+")
			n, _ = strconv.Atoi(strings.TrimPrefix(a[2:], "+"))
		case !strings.HasPrefix(a, "-") && file == "":
			file = a
		}
	}
	lines := sh.shared(file)
	if from {
		sh.printAll(lines[min(max(n-1, 0), len(lines)):])
	} else {
		sh.printAll(lines[max(0, len(lines)-n):])
	}
	seen := len(lines)
	sh.elapsed = sh.limit
	if later := sh.shared(file); len(later) > seen {
		sh.printAll(later[seen:])
	}
	sh.following, sh.stopped = true, true
	return 0
}

// shared is a file as this container sees it now: what it wrote itself,
// or what the containers sharing the file's volume wrote, if that is more.
func (sh *shell) shared(f string) []string {
	lines := sh.lines(f)
	if sh.peers != nil {
		if theirs, ok := sh.peers(f, sh.start.Add(sh.elapsed)); ok && len(theirs) > len(lines) {
			lines = theirs
		}
	}
	return lines
}

func (sh *shell) printAll(lines []string) {
	for _, l := range lines {
		sh.print(l)
	}
}
