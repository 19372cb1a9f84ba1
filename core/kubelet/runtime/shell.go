package runtime

import (
	"path"
	"strconv"
	"strings"
	"time"
)

// A small POSIX-shell subset, enough for the scripts of the Kubernetes docs
// and tutorials: simple commands joined by ; && || and newlines, variable
// assignment, $VAR ${VAR} $((a+1)) $(date) $(hostname) expansion, while /
// until / for loops, and the builtins and busybox applets those scripts use
// (echo, sleep, exit, true, false, touch, rm, cat, date, hostname, env...).
// Scripts run on virtual time: only sleep takes time.

// shell runs a parsed script on virtual time.
type shell struct {
	flavour string
	env     map[string]string
	arrays  map[string][]string // bash arrays: name=(a b c)
	files   map[string]bool
	host    string
	start   time.Time

	elapsed time.Duration
	limit   time.Duration // stop once elapsed passes limit
	steps   int
	out     []LogLine
	maxOut  int

	// contents are the lines written to files by redirections.
	contents map[string][]string
	// stdin is the input of the command running (a pipe or < file);
	// capture, when set, receives what it prints instead of the log.
	stdin    []string
	capture  *[]string
	quietErr bool  // 2>/dev/null
	errToOut bool  // 2>&1: errors go where the output goes
	status   int32 // $?

	exited  bool
	code    int32
	stopped bool // limit or step budget reached
	fileLog []FileEvent
	// lenient: unknown commands succeed quietly (probe commands that are
	// the image's own tools, such as redis-cli or pg_isready).
	lenient bool
	// tools, when set, answers commands first (kubectl exec's utilities,
	// see exec.go); ok false leaves the command to the switch below.
	tools func(args []string) (code int32, ok bool)
	// program, when set, reports whether a command is the image's own
	// long-running program (sh -c "start-zookeeper ..."): the script
	// hands over to it, and serving records that it did.
	program func(name string) bool
	serving bool
	// peers, when set, reads a file as the other containers of the pod
	// that share its emptyDir have written it by a given time (Spec.Peers).
	peers func(path string, at time.Time) ([]string, bool)
	// local, when set, runs a wget or curl of localhost (what the pod's
	// containers serve there when the script runs it).
	local func(args []string) int32
	// remote, when set, runs a wget, curl or nslookup of a host in the cluster
	// (Spec.Net); ok is false for a host outside it (the internet, which
	// answers as the cluster's Services used to: quietly).
	remote func(args []string) (code int32, ok bool)
	// fsys, when set, is the container's file system (kubectl exec): the
	// shell's redirections and file reads go through it as user, from
	// the working directory cwd. Without it (a script replayed to learn
	// what it does over time) files live in files and contents.
	fsys FS
	user User
	cwd  string
	// read, when set, reads a file beyond fsys (/proc, kubectl exec's).
	read func(p string) ([]byte, error)
	// execShell and execPID: the exec'd shell, as ps lists it.
	execShell string
	execPID   int
	// following: tail -f runs; the rest of its pipeline reads what it
	// printed, then the script waits on it forever.
	following bool
}

const maxShellSteps = 20000

func (sh *shell) run(n shNode) int32 {
	if sh.exited || sh.stopped {
		return sh.code
	}
	sh.steps++
	if sh.steps > maxShellSteps || sh.elapsed > sh.limit {
		sh.stopped = true
		return 0
	}
	switch n := n.(type) {
	case *shList:
		var st int32
		for i, it := range n.items {
			if i > 0 {
				op := n.ops[i-1]
				if (op == "&&" && st != 0) || (op == "||" && st == 0) {
					continue
				}
			}
			st = sh.run(it)
			if sh.exited || sh.stopped {
				return st
			}
		}
		return st
	case *shLoop:
		var st int32
		for {
			c := sh.run(n.cond)
			if sh.exited || sh.stopped {
				return c
			}
			if (c == 0) == n.until {
				return st
			}
			before := sh.steps
			st = sh.run(n.body)
			if sh.exited || sh.stopped {
				return st
			}
			if sh.steps == before {
				return st
			}
		}
	case *shFor:
		var st int32
		var words []string
		for _, w := range n.words {
			words = append(words, strings.Fields(sh.expand(w))...)
		}
		for _, w := range words {
			sh.env[n.name] = w
			st = sh.run(n.body)
			if sh.exited || sh.stopped {
				return st
			}
		}
		return st
	case *shIf:
		for i, cond := range n.conds {
			c := sh.run(cond)
			if sh.exited || sh.stopped {
				return c
			}
			if c == 0 {
				return sh.run(n.bodies[i])
			}
		}
		if len(n.bodies) > len(n.conds) {
			return sh.run(n.bodies[len(n.bodies)-1])
		}
		return 0
	case *shPipe:
		saved, savedCap := sh.stdin, sh.capture
		var st int32
		for i, c := range n.cmds {
			var out []string
			if i < len(n.cmds)-1 {
				sh.capture = &out
			} else {
				sh.capture = savedCap
			}
			st = sh.run(c)
			sh.stdin = out
			if sh.following && sh.stopped && i < len(n.cmds)-1 {
				sh.stopped = false // the next stages read what tail -f printed so far
				continue
			}
			if sh.exited || sh.stopped {
				break
			}
		}
		sh.stdin, sh.capture = saved, savedCap
		if sh.following {
			sh.stopped = true
		}
		return st
	case *shCmd:
		sh.status = sh.command(n.words)
		return sh.status
	}
	return 0
}

func (sh *shell) print(s string) {
	if sh.capture != nil {
		*sh.capture = append(*sh.capture, strings.Split(s, "\n")...)
		return
	}
	if sh.maxOut <= 0 {
		return
	}
	if len(sh.out) >= sh.maxOut {
		copy(sh.out, sh.out[1:])
		sh.out = sh.out[:len(sh.out)-1]
	}
	sh.out = append(sh.out, LogLine{At: sh.elapsed, Text: s})
}

// eprint prints an error message: to the log (stderr goes there too)
// unless 2>/dev/null discards it.
func (sh *shell) eprint(s string) {
	if sh.quietErr {
		return
	}
	if sh.errToOut {
		sh.print(s)
		return
	}
	c := sh.capture
	sh.capture = nil
	sh.print(s)
	sh.capture = c
}

func (sh *shell) notFound(name string) int32 {
	switch sh.flavour {
	case "dash":
		sh.eprint("sh: 1: " + name + ": not found")
	case "bash":
		sh.eprint("sh: line 1: " + name + ": command not found")
	default:
		sh.eprint("sh: " + name + ": not found")
	}
	return 127
}

func (sh *shell) command(raw []string) int32 {
	if len(raw) == 0 {
		return 0
	}
	// Leading assignments.
	for len(raw) > 0 {
		name, val, ok := strings.Cut(raw[0], "=")
		if !ok || !isName(name) {
			break
		}
		if strings.HasPrefix(val, "(") && strings.HasSuffix(val, ")") {
			if code, ok := sh.assignArray(name, val[1:len(val)-1]); !ok {
				return code
			}
		} else {
			sh.env[name] = sh.expand(val)
		}
		raw = raw[1:]
	}
	if len(raw) == 0 {
		return 0
	}
	var args []string
	var redirs [][2]string // operator, target
	for i := 0; i < len(raw); i++ {
		if op := raw[i]; isRedirect(op) {
			target := ""
			if !strings.Contains(op, "&") || op == "&>" {
				if i+1 < len(raw) {
					i++
					target = sh.expand(raw[i])
				}
			}
			redirs = append(redirs, [2]string{op, target})
			continue
		}
		args = append(args, sh.expand(raw[i]))
	}
	if len(redirs) > 0 {
		return sh.redirected(args, redirs)
	}
	return sh.exec(args)
}

func isRedirect(tok string) bool {
	t := strings.TrimLeft(tok, "12&")
	return t != "" && (t[0] == '>' || t[0] == '<') && tok != "&"
}

// redirected runs args with its redirections: > and >> write files, <
// reads one, 2>/dev/null silences errors, 2>&1 keeps them in the output.
func (sh *shell) redirected(args []string, redirs [][2]string) int32 {
	savedIn, savedCap, savedQuiet, savedErr := sh.stdin, sh.capture, sh.quietErr, sh.errToOut
	var out []string
	var outFile string
	appendTo := false
	for _, r := range redirs {
		op, target := r[0], r[1]
		switch {
		case op == "<":
			if !sh.exists(target) {
				sh.eprint("sh: can't open " + target + ": no such file")
				return 1
			}
			sh.stdin = sh.lines(target)
		case op == "2>" && target == "/dev/null":
			sh.quietErr = true
		case op == "2>&1":
			sh.errToOut = true
		case op == "2>":
		case strings.HasSuffix(op, ">") || strings.HasSuffix(op, ">>"):
			outFile, appendTo = target, strings.HasSuffix(op, ">>")
			sh.capture = &out
			if op == "&>" && target == "/dev/null" {
				sh.quietErr = true
			}
		}
	}
	code := sh.exec(args)
	sh.stdin, sh.capture, sh.quietErr, sh.errToOut = savedIn, savedCap, savedQuiet, savedErr
	if sh.fsys != nil && outFile != "" && outFile != "/dev/null" && !strings.HasPrefix(outFile, "/proc/") && !strings.HasPrefix(outFile, "/dev/std") {
		if err := sh.fsys.WriteFile(sh.user, sh.abs(outFile), linesData(out), appendTo); err != nil {
			sh.cannotCreate(outFile, err)
			return 2
		}
	} else if outFile != "" && outFile != "/dev/null" && !strings.HasPrefix(outFile, "/proc/") {
		if sh.contents == nil {
			sh.contents = map[string][]string{}
		}
		if appendTo {
			sh.contents[outFile] = append(append([]string(nil), sh.contents[outFile]...), out...)
		} else {
			sh.contents[outFile] = out
		}
		sh.setFile(outFile, true)
	} else if outFile == "/proc/1/fd/1" || outFile == "/dev/stdout" || outFile == "/dev/stderr" {
		for _, l := range out {
			sh.print(l)
		}
	}
	return code
}

func (sh *shell) exists(f string) bool {
	if sh.fsys != nil {
		_, err := sh.fsys.Stat(sh.user, sh.abs(f))
		return err == nil || strings.HasPrefix(f, "/proc/") || strings.HasPrefix(f, "/dev/")
	}
	return sh.files[f] || systemFile(f)
}

// lines is a file's content as lines.
func (sh *shell) lines(f string) []string {
	if sh.fsys != nil {
		read := func(p string) ([]byte, error) { return sh.fsys.ReadFile(sh.user, sh.abs(p)) }
		if sh.read != nil {
			read = sh.read
		}
		data, err := read(f)
		if err != nil || len(data) == 0 {
			return nil
		}
		return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	}
	return sh.contents[f]
}

// linesData is lines as a file's bytes.
func linesData(lines []string) []byte {
	if len(lines) == 0 {
		return nil
	}
	return []byte(strings.Join(lines, "\n") + "\n")
}

// abs is a path from the working directory.
func (sh *shell) abs(f string) string {
	if strings.HasPrefix(f, "/") || sh.cwd == "" {
		return f
	}
	return path.Join(sh.cwd, f)
}

// cannotCreate is the shell's error for a redirection it cannot open.
func (sh *shell) cannotCreate(f string, err error) {
	switch sh.flavour {
	case "busybox":
		sh.eprint("sh: can't create " + f + ": " + err.Error())
	case "dash":
		sh.eprint("sh: 1: cannot create " + f + ": " + err.Error())
	default:
		sh.eprint("sh: line 1: " + f + ": " + err.Error())
	}
}

// exec runs one expanded command.
func (sh *shell) exec(args []string) int32 {
	name := args[0]
	if i := strings.LastIndexByte(name, '/'); i >= 0 && strings.HasPrefix(name, "/") {
		name = name[i+1:]
	}
	if sh.tools != nil {
		if code, ok := sh.tools(append([]string{name}, args[1:]...)); ok {
			return code
		}
	}
	switch name {
	case "echo":
		sh.echo(args[1:])
	case "printf":
		if len(args) > 1 {
			sh.print(strings.TrimSuffix(strings.ReplaceAll(args[1], `\n`, "\n"), "\n"))
		}
	case "sleep":
		if len(args) < 2 {
			sh.print("sleep: missing operand")
			return 1
		}
		d, ok := parseSleep(args[1])
		if !ok {
			sh.print("sleep: invalid number '" + args[1] + "'")
			return 1
		}
		sh.elapsed += d
		if d >= foreverLimit || sh.elapsed > sh.limit {
			sh.stopped = true
		}
	case "exit":
		sh.exited = true
		sh.code = 0
		if len(args) > 1 {
			n, _ := strconv.Atoi(args[1])
			sh.code = int32(n & 255)
		}
		return sh.code
	case "true", ":":
	case "false":
		return 1
	case "touch", "mkdir":
		for _, f := range args[1:] {
			if !strings.HasPrefix(f, "-") {
				sh.setFile(f, true)
			}
		}
	case "rm":
		for _, f := range args[1:] {
			if !strings.HasPrefix(f, "-") {
				sh.setFile(f, false)
			}
		}
	case "cat":
		files := operands(args[1:])
		if len(files) == 0 {
			for _, l := range sh.stdin {
				sh.print(l)
			}
		}
		for _, f := range files {
			if !sh.exists(f) {
				sh.noFile("cat", f)
				return 1
			}
			for _, l := range sh.lines(f) {
				sh.print(l)
			}
		}
	case "rev", "sort", "uniq", "wc", "head", "grep":
		return sh.filter(name, args[1:])
	case "awk":
		return sh.awk(args[1:])
	case "seq":
		from, to := 1, 0
		switch len(args) {
		case 2:
			to, _ = strconv.Atoi(args[1])
		case 3, 4:
			from, _ = strconv.Atoi(args[1])
			to, _ = strconv.Atoi(args[len(args)-1])
		}
		for i := from; i <= to && i-from < 10000; i++ {
			sh.print(strconv.Itoa(i))
		}
	case "test", "[", "[[":
		if name != "test" && len(args) > 1 {
			args = args[:len(args)-1] // the closing ] or ]]
		}
		if testExpr(args[1:], sh.exists) {
			return 0
		}
		return 1
	case "date":
		sh.print(sh.start.Add(sh.elapsed).UTC().Format("Mon Jan  2 15:04:05 UTC 2006"))
	case "hostname":
		sh.print(sh.host)
	case "env", "printenv":
		if name == "printenv" && len(args) > 1 {
			// printenv NAME... prints the values, and fails when one is unset.
			var code int32
			for _, k := range args[1:] {
				v, ok := sh.env[k]
				if !ok {
					code = 1
					continue
				}
				sh.print(v)
			}
			return code
		}
		for _, k := range sortedKeys(sh.env) {
			sh.print(k + "=" + sh.env[k])
		}
	case "tail":
		for _, a := range args[1:] {
			if a == "-f" || a == "-F" || a == "--follow" || strings.HasPrefix(a, "--follow=") ||
				strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsAny(a, "fF") {
				return sh.follow(args[1:])
			}
		}
		return sh.filter(name, args[1:])
	case "read":
		// read [-r] NAME...: one line of the input, split over the names.
		if len(sh.stdin) == 0 {
			return 1
		}
		line := sh.stdin[0]
		sh.stdin = sh.stdin[1:]
		var names []string
		for _, a := range args[1:] {
			if !strings.HasPrefix(a, "-") {
				names = append(names, a)
			}
		}
		if len(names) == 0 {
			names = []string{"REPLY"}
		}
		for i, n := range names {
			if i == len(names)-1 {
				sh.env[n] = strings.TrimSpace(line)
				break
			}
			f := strings.Fields(line)
			if len(f) == 0 {
				sh.env[n] = ""
				continue
			}
			sh.env[n] = f[0]
			line = strings.TrimSpace(line)[len(f[0]):]
		}
	case "wget", "curl":
		if local := localURL(args[1:]); local && sh.local != nil {
			return sh.local(args)
		} else if !local && sh.remote != nil {
			if code, ok := sh.remote(args); ok {
				return code
			}
		}
		// The cluster's Services answer 200; -O FILE / -o FILE saves the
		// page; wget -S prints the response headers on stderr.
		for _, a := range args {
			if a == "-S" || a == "--server-response" {
				sh.eprint("  HTTP/1.1 200 OK")
			}
		}
		for i, a := range args {
			if (a == "-O" || a == "-o") && i+1 < len(args) && args[i+1] != "-" {
				sh.setFile(args[i+1], true)
			}
		}
	case "nslookup":
		// Asks the cluster DNS when the container reaches the network (an
		// internet name answers quietly: the machine has no internet).
		if sh.remote != nil {
			if code, ok := sh.remote(args); ok {
				return code
			}
		}
	case "wait", "cd", "export", "set", "trap", "ls", "ping", "ps", "whoami", "id", "uname", "nc", "sh", "bash", "chmod", "cp", "mv", "ln", "tr", "sed", "find", "xargs", "dd", "yes":
		// Utilities that succeed quietly here.
	default:
		if sh.program != nil && sh.program(name) {
			sh.serving = true
			sh.elapsed = sh.limit + 1 // it serves until stopped
			sh.stopped = true
			return 0
		}
		if sh.lenient {
			return 0
		}
		return sh.notFound(args[0])
	}
	return 0
}

// echo is the shell's builtin: busybox's and bash's take -n, -e and -E
// (and their combinations, -en); dash's takes only -n and always reads
// backslash escapes. Output is kept in lines: a text without its final
// newline (-n) is still one line.
func (sh *shell) echo(a []string) {
	newline, escapes := true, sh.flavour == "dash"
	for len(a) > 0 && len(a[0]) > 1 && a[0][0] == '-' {
		flags := a[0][1:]
		if sh.flavour == "dash" && flags != "n" || strings.Trim(flags, "neE") != "" {
			break
		}
		for _, f := range flags {
			switch f {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		a = a[1:]
	}
	s := strings.Join(a, " ")
	if escapes {
		s = strings.NewReplacer(`\\`, `\`, `\n`, "\n", `\t`, "\t").Replace(s)
	}
	if newline {
		s += "\n"
	}
	if s == "" {
		return
	}
	for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		sh.print(l)
	}
}

func (sh *shell) noFile(cmd, f string) {
	if sh.flavour == "busybox" {
		sh.eprint(cmd + ": can't open '" + f + "': No such file or directory")
	} else {
		sh.eprint(cmd + ": " + f + ": No such file or directory")
	}
}

// operands drops options (-n, -v...) and returns the file operands.
func operands(args []string) []string {
	var out []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || a == "-" {
			out = append(out, a)
		}
	}
	return out
}

// localURL reports whether a wget or curl command line fetches localhost.
func localURL(args []string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			host, _, _ := parseURL(a)
			if host == "localhost" || host == "127.0.0.1" {
				return true
			}
		}
	}
	return false
}
