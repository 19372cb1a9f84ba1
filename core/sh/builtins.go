package sh

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The shell's builtins: they run in the shell itself (cd, export and read
// change it), whatever the machine's programs are.

type builtin func(in *Interp, c *Cmd) int

var builtins map[string]builtin

func init() {
	builtins = map[string]builtin{
		"echo": biEcho, "export": biExport, "true": func(*Interp, *Cmd) int { return 0 },
		":": func(*Interp, *Cmd) int { return 0 }, "false": func(*Interp, *Cmd) int { return 1 },
		"exit": biExit, "sleep": biSleep,
	}
}

// fullBuiltins are the builtins only the full build carries
// (utils_full.go): a first session types none of them.
func fullBuiltins() map[string]builtin {
	return map[string]builtin{
		"printf": biPrintf, "unset": biUnset, "set": biSet, "test": biTest, "[": biTest, "cd": biCd, "pwd": biPwd,
		"read": biRead, "jobs": biJobs, "kill": biKill, "wait": biWait, "type": biType, "command": biCommand,
		"eval": biEval, "shift": biShift, "readonly": biExport, "local": biExport,
	}
}

var fullOnlyBuiltins = []string{"printf", "unset", "set", "test", "[", "cd", "pwd", "read", "jobs", "kill", "wait",
	"type", "command", "eval", "shift", "readonly", "local"}

// biEcho is echo: bash's and busybox's take -n, -e, -E and their
// combinations; dash's takes only -n and always reads backslash escapes.
func biEcho(in *Interp, c *Cmd) int {
	a := c.Args[1:]
	newline, escapes := true, in.Host.Flavour() == Dash
	for len(a) > 0 && len(a[0]) > 1 && a[0][0] == '-' {
		flags := a[0][1:]
		if in.Host.Flavour() == Dash && flags != "n" || strings.Trim(flags, "neE") != "" {
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
		var stop bool
		s, stop = backslashes(s, true)
		if stop {
			newline = false
		}
	}
	if newline {
		s += "\n"
	}
	fmt.Fprint(c.Stdout, s)
	return 0
}

// backslashes reads echo -e's and printf's escapes; \c stops the output.
func backslashes(s string, echo bool) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case 'e':
			b.WriteByte(0x1b)
		case '\\':
			b.WriteByte('\\')
		case 'c':
			return b.String(), true
		case '0':
			n, j := 0, i+1
			for ; j < len(s) && j < i+4 && s[j] >= '0' && s[j] <= '7'; j++ {
				n = n*8 + int(s[j]-'0')
			}
			b.WriteByte(byte(n))
			i = j - 1
		default:
			if !echo && s[i] >= '1' && s[i] <= '7' {
				n, j := 0, i
				for ; j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7'; j++ {
					n = n*8 + int(s[j]-'0')
				}
				b.WriteByte(byte(n))
				i = j - 1
				continue
			}
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
	}
	return b.String(), false
}

// biPrintf is printf FORMAT [ARGS...]: %s %d %i %x %o %c %b %q %%, widths,
// the format reused while arguments remain.
func biPrintf(in *Interp, c *Cmd) int {
	if len(c.Args) < 2 {
		fmt.Fprintln(c.Stderr, "printf: usage: printf [-v var] format [arguments]")
		return 2
	}
	format, args := c.Args[1], c.Args[2:]
	var b strings.Builder
	st := 0
	for rounds := 0; rounds < 10000; rounds++ {
		used := 0
		stop := false
		for i := 0; i < len(format); i++ {
			ch := format[i]
			if ch == '\\' {
				j := i + 1
				for j < len(format) && j < i+4 && format[j] >= '0' && format[j] <= '7' {
					j++
				}
				if j == i+1 {
					j = i + 2
				}
				s, cut := backslashes(format[i:min(j, len(format))], false)
				b.WriteString(s)
				if cut {
					stop = true
					break
				}
				i = min(j, len(format)) - 1
				continue
			}
			if ch != '%' || i+1 == len(format) {
				b.WriteByte(ch)
				continue
			}
			j := i + 1
			for j < len(format) && strings.IndexByte("-+ #0123456789.", format[j]) >= 0 {
				j++
			}
			if j == len(format) {
				b.WriteString(format[i:])
				break
			}
			spec, verb := clampSpec(format[i+1:j]), format[j]
			i = j
			if verb == '%' {
				b.WriteByte('%')
				continue
			}
			arg := ""
			if used < len(args) {
				arg = args[used]
			}
			used++
			switch verb {
			case 's':
				fmt.Fprintf(&b, "%"+spec+"s", arg)
			case 'b':
				s, cut := backslashes(arg, false)
				fmt.Fprintf(&b, "%"+spec+"s", s)
				if cut {
					stop = true
				}
			case 'q':
				b.WriteString(quoteWord(arg))
			case 'c':
				if arg != "" {
					b.WriteByte(arg[0])
				}
			case 'd', 'i', 'x', 'X', 'o', 'u':
				n, err := strconv.ParseInt(strings.TrimSpace(arg), 0, 64)
				if err != nil && arg != "" {
					if len(arg) > 1 && (arg[0] == '\'' || arg[0] == '"') {
						n = int64(arg[1])
					} else {
						fmt.Fprintf(c.Stderr, "%sprintf: %s: invalid number\n", in.Host.Prefix(), arg)
						st = 1
					}
				}
				v := verb
				if v == 'i' || v == 'u' {
					v = 'd'
				}
				fmt.Fprintf(&b, "%"+spec+string(v), n)
			case 'f', 'e', 'g', 'E', 'G':
				f, _ := strconv.ParseFloat(arg, 64)
				fmt.Fprintf(&b, "%"+spec+string(verb), f)
			default:
				fmt.Fprintf(c.Stderr, "%sprintf: `%c': invalid format character\n", in.Host.Prefix(), verb)
				fmt.Fprint(c.Stdout, b.String())
				return 1
			}
			if stop {
				break
			}
		}
		if stop || used == 0 || used >= len(args) {
			break
		}
		args = args[used:]
	}
	fmt.Fprint(c.Stdout, b.String())
	return st
}

// quoteWord quotes a word as printf %q and set print it.
func quoteWord(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || strings.IndexByte("_-./:=@%+,", ch) >= 0) {
			safe = false
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func biExport(in *Interp, c *Cmd) int {
	args := c.Args[1:]
	if len(args) == 0 || args[0] == "-p" {
		for _, k := range sortedKeys(in.Vars) {
			if in.Exported[k] {
				fmt.Fprintf(c.Stdout, "declare -x %s=\"%s\"\n", k, strings.NewReplacer(`\`, `\\`, `"`, `\"`, `$`, `\$`).Replace(in.Vars[k]))
			}
		}
		return 0
	}
	st := 0
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			continue
		}
		name, val, hasVal := strings.Cut(a, "=")
		if !isName(name) {
			fmt.Fprintf(c.Stderr, "%s%s: `%s': not a valid identifier\n", in.Host.Prefix(), c.Args[0], a)
			st = 1
			continue
		}
		if hasVal {
			in.Set(name, val)
		}
		if c.Args[0] == "export" {
			in.Exported[name] = true
		}
	}
	return st
}

func biUnset(in *Interp, c *Cmd) int {
	for _, a := range c.Args[1:] {
		if strings.HasPrefix(a, "-") {
			continue
		}
		delete(in.Vars, a)
		delete(in.Exported, a)
	}
	return 0
}

// biSet is set: without arguments it lists the variables; options (-e,
// -x, -o pipefail...) are accepted; `set -- a b` sets $1 $2.
func biSet(in *Interp, c *Cmd) int {
	args := c.Args[1:]
	if len(args) == 0 {
		for _, k := range sortedKeys(in.Vars) {
			fmt.Fprintf(c.Stdout, "%s=%s\n", k, quoteWord(in.Vars[k]))
		}
		return 0
	}
	for i, a := range args {
		if a == "--" {
			in.Args = append([]string(nil), args[i+1:]...)
			return 0
		}
		if a == "-o" || a == "+o" {
			continue
		}
	}
	return 0
}

func biShift(in *Interp, c *Cmd) int {
	n := 1
	if len(c.Args) > 1 {
		n, _ = strconv.Atoi(c.Args[1])
	}
	if n > len(in.Args) {
		return 1
	}
	in.Args = in.Args[n:]
	return 0
}

func biExit(in *Interp, c *Cmd) int {
	code := in.Status
	if len(c.Args) > 1 {
		n, err := strconv.Atoi(c.Args[1])
		if err != nil {
			fmt.Fprintf(c.Stderr, "%sexit: %s: numeric argument required\n", in.Host.Prefix(), c.Args[1])
			n = 2
		}
		code = n & 255
	}
	in.Exited, in.ExitCode = true, code
	return code
}

func biCd(in *Interp, c *Cmd) int {
	dir := in.Get("HOME")
	if len(c.Args) > 1 {
		dir = c.Args[1]
	}
	if dir == "" {
		dir = "/"
	}
	if dir == "-" {
		dir = in.Get("OLDPWD")
	}
	base := in.Dir
	if base == "" {
		base = "/"
	}
	p := CleanPath(dir)
	if !strings.HasPrefix(dir, "/") {
		p = CleanPath(base + "/" + dir)
	}
	if fs := in.Host.FS(); fs != nil {
		isDir, err := fs.Stat(p)
		if err != nil {
			fmt.Fprintf(c.Stderr, "%scd: %s: No such file or directory\n", in.Host.Prefix(), dir)
			return 1
		}
		if !isDir {
			fmt.Fprintf(c.Stderr, "%scd: %s: Not a directory\n", in.Host.Prefix(), dir)
			return 1
		}
	}
	in.Set("OLDPWD", in.Dir)
	in.Dir = p
	in.Set("PWD", p)
	return 0
}

// CleanPath is an absolute path with . and .. resolved.
func CleanPath(p string) string {
	var parts []string
	for _, s := range strings.Split(p, "/") {
		switch s {
		case "", ".":
		case "..":
			if len(parts) > 0 {
				parts = parts[:len(parts)-1]
			}
		default:
			parts = append(parts, s)
		}
	}
	return "/" + strings.Join(parts, "/")
}

func biPwd(in *Interp, c *Cmd) int {
	if in.Dir == "" {
		fmt.Fprintln(c.Stdout, in.Get("HOME"))
		return 0
	}
	fmt.Fprintln(c.Stdout, in.Dir)
	return 0
}

// biRead is read [-r] [-p PROMPT] NAME...: one line of the input, split
// over the names (the last takes the rest).
func biRead(in *Interp, c *Cmd) int {
	var names []string
	raw := false
	for i := 1; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a == "-r":
			raw = true
		case a == "-p" || a == "-t" || a == "-n" || a == "-d":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			names = append(names, a)
		}
	}
	if len(names) == 0 {
		names = []string{"REPLY"}
	}
	src := c.Stdin
	if in.readInput != nil {
		src = *in.readInput
	}
	if len(src) == 0 {
		for _, n := range names {
			in.Set(n, "")
		}
		return 1
	}
	line, rest, found := strings.Cut(string(src), "\n")
	if !raw {
		line = strings.ReplaceAll(line, `\`, "")
	}
	// A read in a loop consumes its input: the next read sees the rest.
	if in.readInput != nil {
		*in.readInput = []byte(rest)
	}
	for i, n := range names {
		line = strings.TrimLeft(line, " \t")
		if i == len(names)-1 {
			in.Set(n, strings.TrimRight(line, " \t"))
			break
		}
		f, r, _ := strings.Cut(line, " ")
		in.Set(n, f)
		line = r
	}
	if !found {
		return 1
	}
	return 0
}

// biJobs lists the background jobs as bash does; -l adds their pids, -p
// prints only the pids.
func biJobs(in *Interp, c *Cmd) int {
	long, pids := false, false
	for _, a := range c.Args[1:] {
		long = long || a == "-l"
		pids = pids || a == "-p"
	}
	for _, j := range in.Jobs {
		if pids {
			fmt.Fprintln(c.Stdout, j.PID)
			continue
		}
		fmt.Fprintln(c.Stdout, in.jobLine(j, long))
		j.told = j.told || j.state != "Running"
	}
	in.dropEnded()
	return 0
}

// biKill is kill [-SIG] %N | PID...: it ends the job; bash reports it
// Terminated before the next prompt.
func biKill(in *Interp, c *Cmd) int {
	args := c.Args[1:]
	if len(args) > 0 && (args[0] == "-l" || args[0] == "-L") {
		fmt.Fprintln(c.Stdout, "HUP INT QUIT ILL TRAP ABRT BUS FPE KILL USR1 SEGV USR2 PIPE ALRM TERM")
		return 0
	}
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && args[0] != "-" {
		if args[0] == "-s" || args[0] == "-n" {
			args = args[1:]
		}
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintf(c.Stderr, "%skill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n", in.Host.Prefix())
		return 2
	}
	st := 0
	for _, a := range args {
		j := in.findJob(a)
		if j == nil {
			if strings.HasPrefix(a, "%") {
				fmt.Fprintf(c.Stderr, "%skill: %s: no such job\n", in.Host.Prefix(), a)
			} else if _, err := strconv.Atoi(a); err != nil {
				fmt.Fprintf(c.Stderr, "%skill: %s: arguments must be process or job IDs\n", in.Host.Prefix(), a)
			} else {
				fmt.Fprintf(c.Stderr, "%skill: (%s) - No such process\n", in.Host.Prefix(), a)
			}
			st = 1
			continue
		}
		in.kill(j)
	}
	return st
}

func (in *Interp) findJob(spec string) *Job {
	if strings.HasPrefix(spec, "%") {
		s := spec[1:]
		if (s == "" || s == "%" || s == "+") && len(in.Jobs) > 0 {
			return in.Jobs[len(in.Jobs)-1]
		}
		if s == "-" && len(in.Jobs) > 1 {
			return in.Jobs[len(in.Jobs)-2]
		}
		n, err := strconv.Atoi(s)
		for _, j := range in.Jobs {
			if err == nil && j.ID == n || err != nil && strings.HasPrefix(j.Text, s) {
				if j.state == "Running" {
					return j
				}
			}
		}
		return nil
	}
	n, err := strconv.Atoi(spec)
	if err != nil {
		return nil
	}
	for _, j := range in.Jobs {
		if j.PID == n && j.state == "Running" {
			return j
		}
	}
	return nil
}

// biWait returns at once: a job that keeps running (a port-forward)
// would make bash wait forever; the terminal cannot, so it does not.
func biWait(in *Interp, c *Cmd) int { return 0 }

// biSleep is sleep NUMBER[smhd]...: the host lets the time pass.
func biSleep(in *Interp, c *Cmd) int {
	if len(c.Args) < 2 {
		if in.Host.Flavour() == Busybox {
			fmt.Fprintln(c.Stderr, "BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\nUsage: sleep [N]...")
		} else {
			fmt.Fprintln(c.Stderr, "sleep: missing operand\nTry 'sleep --help' for more information.")
		}
		return 1
	}
	var total time.Duration
	for _, a := range c.Args[1:] {
		d, ok := ParseDuration(a)
		if !ok {
			if in.Host.Flavour() == Busybox {
				fmt.Fprintf(c.Stderr, "sleep: invalid number '%s'\n", a)
			} else {
				fmt.Fprintf(c.Stderr, "sleep: invalid time interval ‘%s’\nTry 'sleep --help' for more information.\n", a)
			}
			return 1
		}
		total += d
	}
	if c.Job != nil {
		// sleep N & passes its time beside the shell: it does not hold
		// the next line back.
		return 0
	}
	if !in.Host.Sleep(total) {
		in.stopped = true
		return 130
	}
	return 0
}

// ParseDuration reads sleep's operand: a number of seconds with an
// optional s, m, h or d suffix ("infinity" is forever), or a Go duration
// ("1m30s") as kubeplay's terminal always took.
func ParseDuration(s string) (time.Duration, bool) {
	if s == "infinity" || s == "inf" {
		return 1<<62 - 1, true
	}
	if d, err := time.ParseDuration(s); err == nil && d >= 0 && strings.ContainsAny(s, "hms") {
		return d, true
	}
	mul := time.Second
	switch {
	case strings.HasSuffix(s, "s"):
		s = s[:len(s)-1]
	case strings.HasSuffix(s, "m"):
		s, mul = s[:len(s)-1], time.Minute
	case strings.HasSuffix(s, "h"):
		s, mul = s[:len(s)-1], time.Hour
	case strings.HasSuffix(s, "d"):
		s, mul = s[:len(s)-1], 24*time.Hour
	}
	if s == "" || strings.ContainsAny(s, "eEnNxX") {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 1e9 {
		return 0, false
	}
	return time.Duration(f * float64(mul)), true
}

// biType is type NAME...: builtin, the utilities and the host's programs.
func biType(in *Interp, c *Cmd) int {
	st := 0
	for _, n := range c.Args[1:] {
		if strings.HasPrefix(n, "-") {
			continue
		}
		if kind := in.kindOf(n); kind != "" {
			if kind == "builtin" {
				fmt.Fprintf(c.Stdout, "%s is a shell builtin\n", n)
			} else {
				fmt.Fprintf(c.Stdout, "%s is %s\n", n, kind)
			}
			continue
		}
		fmt.Fprintf(c.Stderr, "%stype: %s: not found\n", in.Host.Prefix(), n)
		st = 1
	}
	return st
}

// kindOf is "builtin", a program's path, or "" for a name nobody has.
func (in *Interp) kindOf(n string) string {
	if _, ok := builtins[n]; ok {
		return "builtin"
	}
	if _, ok := utilities[n]; ok && in.Host.Has(n) {
		return "/usr/bin/" + n
	}
	if l, ok := in.Host.(interface{ Path(string) string }); ok {
		return l.Path(n)
	}
	return ""
}

// biCommand is command [-v] NAME [ARGS]: -v prints how NAME runs.
func biCommand(in *Interp, c *Cmd) int {
	args := c.Args[1:]
	if len(args) > 0 && (args[0] == "-v" || args[0] == "-V") {
		st := 1
		for _, n := range args[1:] {
			switch k := in.kindOf(n); k {
			case "":
			case "builtin":
				fmt.Fprintln(c.Stdout, n)
				st = 0
			default:
				fmt.Fprintln(c.Stdout, k)
				st = 0
			}
		}
		return st
	}
	if len(args) == 0 {
		return 0
	}
	c.Args = args
	return in.exec(c)
}

func biEval(in *Interp, c *Cmd) int {
	src := strings.Join(c.Args[1:], " ")
	s, err := Parse(src)
	if err != nil {
		fmt.Fprintf(c.Stderr, "%seval: %v\n", in.Host.Prefix(), err)
		return 2
	}
	in.runList(s.List, c.Stdout, c.Stderr, c.Stdin)
	return in.Status
}

// clampSpec bounds a printf width and precision (at most 4 digits), so a
// format cannot ask for gigabytes.
func clampSpec(spec string) string {
	var b strings.Builder
	digits := 0
	for i := 0; i < len(spec); i++ {
		if spec[i] >= '0' && spec[i] <= '9' {
			digits++
			if digits > 4 {
				continue
			}
		} else {
			digits = 0
		}
		b.WriteByte(spec[i])
	}
	return b.String()
}
