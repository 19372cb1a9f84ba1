package sh

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The utilities, written once for every machine that runs this shell (the
// terminal's, a container's): GNU coreutils' and grep's words, busybox's
// where they differ. Each reads its files through the host's FS, or its
// standard input.

type utility func(in *Interp, c *Cmd) int

var utilities map[string]utility

func init() {
	utilities = map[string]utility{
		"grep": uGrep, "egrep": uGrep, "fgrep": uGrep, "head": uHeadTail, "tail": uHeadTail, "wc": uWc,
		"sort": uSort, "cut": uCut, "base64": uBase64, "cat": uCat, "basename": uBasename, "dirname": uDirname,
	}
}

// usageErr prints a tool's complaint and returns its status.
func usageErr(c *Cmd, st int, format string, a ...any) int {
	fmt.Fprintf(c.Stderr, format+"\n", a...)
	return st
}

// input reads the named files in turn, or standard input when there are
// none ("-" is standard input too); a missing file is reported in the
// tool's words and skipped (ok false).
func (in *Interp) input(c *Cmd, files []string) ([]byte, bool) {
	if len(files) == 0 {
		return c.Stdin, true
	}
	var out []byte
	ok := true
	for _, f := range files {
		if f == "-" {
			out = append(out, c.Stdin...)
			continue
		}
		data, err := in.readFile(in.abs(f))
		if err != nil {
			in.noFile(c, f, err)
			ok = false
			continue
		}
		out = append(out, data...)
	}
	return out, ok
}

// noFile reports a file a tool cannot read.
func (in *Interp) noFile(c *Cmd, f string, err error) {
	tool := c.Args[0]
	switch {
	case in.Host.Flavour() == Busybox && (tool == "cat" || tool == "head" || tool == "tail" || tool == "sort" || tool == "wc"):
		fmt.Fprintf(c.Stderr, "%s: can't open '%s': %v\n", tool, f, err)
	case tool == "head" || tool == "tail":
		fmt.Fprintf(c.Stderr, "%s: cannot open '%s' for reading: %v\n", tool, f, err)
	case tool == "sort":
		fmt.Fprintf(c.Stderr, "sort: cannot read: %s: %v\n", f, err)
	default:
		fmt.Fprintf(c.Stderr, "%s: %s: %v\n", tool, f, err)
	}
}

// lines splits text into lines without their newlines.
func lines(data []byte) []string {
	if len(data) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

func writeLines(w io.Writer, ls []string) {
	if len(ls) == 0 {
		return
	}
	io.WriteString(w, strings.Join(ls, "\n")+"\n")
}

// uGrep is GNU grep: -i -v -E -F -w -x -c -n -o -q -l -h -H -s, -e PATTERN,
// basic regular expressions unless -E; status 0 when a line matched, 1
// when none, 2 on an error.
func uGrep(in *Interp, c *Cmd) int {
	var ignoreCase, invert, extended, count, word, fixed, number, only, quiet, list, line, noName, withName, silent bool
	extended = c.Args[0] == "egrep"
	fixed = c.Args[0] == "fgrep"
	var patterns, files []string
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			files = append(files, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			if patterns == nil {
				patterns = []string{a}
			} else {
				files = append(files, a)
			}
			continue
		}
		if a == "-e" || strings.HasPrefix(a, "--regexp=") {
			v := strings.TrimPrefix(a, "--regexp=")
			if a == "-e" {
				if i+1 == len(args) {
					return usageErr(c, 2, "grep: option requires an argument -- 'e'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.")
				}
				i++
				v = args[i]
			}
			patterns = append(patterns, v)
			continue
		}
		switch a {
		case "--ignore-case":
			ignoreCase = true
			continue
		case "--invert-match":
			invert = true
			continue
		case "--count":
			count = true
			continue
		case "--quiet", "--silent":
			quiet = true
			continue
		case "--extended-regexp":
			extended = true
			continue
		}
		for _, ch := range a[1:] {
			switch ch {
			case 'i', 'y':
				ignoreCase = true
			case 'v':
				invert = true
			case 'E':
				extended = true
			case 'c':
				count = true
			case 'w':
				word = true
			case 'x':
				line = true
			case 'F':
				fixed = true
			case 'n':
				number = true
			case 'o':
				only = true
			case 'q':
				quiet = true
			case 'l':
				list = true
			case 'h':
				noName = true
			case 'H':
				withName = true
			case 's':
				silent = true
			case 'r', 'R', 'a', 'I', 'P', 'G', 'Z', 'z':
				if ch == 'P' {
					extended = true
				}
				if ch == 'z' {
					return usageErr(c, 2, "grep: invalid option -- '%c'\nUsage: grep [OPTION]... PATTERNS [FILE]...", ch)
				}
			default:
				return usageErr(c, 2, "grep: invalid option -- '%c'\nUsage: grep [OPTION]... PATTERNS [FILE]...", ch)
			}
		}
	}
	if patterns == nil {
		return usageErr(c, 2, "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.")
	}
	var alts []string
	for _, p := range patterns {
		for _, p := range strings.Split(p, "\n") {
			switch {
			case fixed:
				p = regexp.QuoteMeta(p)
			case !extended:
				p = basicToExtended(p)
			}
			alts = append(alts, "(?:"+p+")")
		}
	}
	expr := strings.Join(alts, "|")
	if word {
		expr = `\b(?:` + expr + `)\b`
	}
	if line {
		expr = `^(?:` + expr + `)$`
	}
	if ignoreCase {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return usageErr(c, 2, "grep: Unmatched ( or \\(")
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	named := len(files) > 1 && !noName || withName
	st, matched := 0, false
	for _, f := range files {
		var data []byte
		if f == "-" {
			data = c.Stdin
		} else {
			d, err := in.readFile(in.abs(f))
			if err != nil {
				if !silent {
					in.noFile(c, f, err)
				}
				st = 2
				continue
			}
			data = d
		}
		name := f
		if f == "-" {
			name = "(standard input)"
		}
		n := 0
		for i, l := range lines(data) {
			if re.MatchString(l) == invert {
				continue
			}
			n++
			matched = true
			if quiet || list || count {
				continue
			}
			prefix := ""
			if named {
				prefix = name + ":"
			}
			if number {
				prefix += strconv.Itoa(i+1) + ":"
			}
			if only && !invert {
				for _, m := range re.FindAllString(l, -1) {
					if m != "" {
						fmt.Fprintln(c.Stdout, prefix+m)
					}
				}
				continue
			}
			fmt.Fprintln(c.Stdout, prefix+l)
		}
		switch {
		case quiet:
		case list:
			if n > 0 {
				fmt.Fprintln(c.Stdout, name)
			}
		case count:
			if named {
				fmt.Fprintf(c.Stdout, "%s:%d\n", name, n)
			} else {
				fmt.Fprintln(c.Stdout, n)
			}
		}
		if quiet && matched {
			return 0
		}
	}
	if st == 2 && !(quiet && matched) {
		return 2
	}
	if matched {
		return 0
	}
	return 1
}

// basicToExtended turns a POSIX basic regular expression into Go's syntax:
// + ? ( ) { } | are literal unless escaped.
func basicToExtended(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		ch := p[i]
		if ch == '\\' && i+1 < len(p) {
			n := p[i+1]
			i++
			if strings.IndexByte("+?(){}|", n) >= 0 {
				b.WriteByte(n)
			} else {
				b.WriteByte('\\')
				b.WriteByte(n)
			}
			continue
		}
		if strings.IndexByte("+?(){}|", ch) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(ch)
	}
	return b.String()
}

// uHeadTail is head and tail: -n N, -N, tail -n +K, -c N (bytes).
func uHeadTail(in *Interp, c *Cmd) int {
	tool, args := c.Args[0], c.Args[1:]
	n, fromStart := 10, false
	bytesN, byteSign, useBytes := 0, "", false
	var files []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		val := ""
		switch {
		case a == "-f" || a == "-F" || a == "--follow" || a == "-q" || a == "-v":
			continue
		case a == "-c" || a == "--bytes" || strings.HasPrefix(a, "-c") || strings.HasPrefix(a, "--bytes="):
			v := strings.TrimPrefix(strings.TrimPrefix(a, "--bytes="), "-c")
			if a == "-c" || a == "--bytes" {
				if i+1 == len(args) {
					return usageErr(c, 1, "%s: option requires an argument -- 'c'\nTry '%s --help' for more information.", tool, tool)
				}
				i++
				v = args[i]
			}
			sign := ""
			if v != "" && (v[0] == '-' || v[0] == '+') {
				sign, v = v[:1], v[1:]
			}
			k, err := strconv.Atoi(v)
			if err != nil || k < 0 {
				return usageErr(c, 1, "%s: invalid number of bytes: '%s'", tool, sign+v)
			}
			bytesN, byteSign, useBytes = k, sign, true
			continue
		case a == "-n" && i+1 < len(args):
			i++
			val = args[i]
		case a == "-n":
			return usageErr(c, 1, "%s: option requires an argument -- 'n'\nTry '%s --help' for more information.", tool, tool)
		case strings.HasPrefix(a, "-n"):
			val = a[2:]
		case strings.HasPrefix(a, "--lines="):
			val = a[len("--lines="):]
		case len(a) > 1 && a[0] == '-':
			val = a[1:]
		default:
			files = append(files, a)
			continue
		}
		if tool == "tail" && strings.HasPrefix(val, "+") {
			fromStart, val = true, val[1:]
		}
		v, err := strconv.Atoi(val)
		if err != nil || v < 0 {
			return usageErr(c, 1, "%s: invalid number of lines: '%s'", tool, val)
		}
		n = v
	}
	data, ok := in.input(c, files)
	st := 0
	if !ok {
		st = 1
	}
	if useBytes {
		s := string(data)
		switch {
		case tool == "head" && byteSign == "-":
			s = s[:max(0, len(s)-bytesN)]
		case tool == "head":
			s = s[:min(bytesN, len(s))]
		case byteSign == "+":
			s = s[min(max(bytesN-1, 0), len(s)):]
		default:
			s = s[max(0, len(s)-bytesN):]
		}
		io.WriteString(c.Stdout, s)
		return st
	}
	ls := lines(data)
	switch {
	case tool == "head":
		ls = ls[:min(n, len(ls))]
	case fromStart:
		ls = ls[min(max(n-1, 0), len(ls)):]
	default:
		ls = ls[max(0, len(ls)-n):]
	}
	writeLines(c.Stdout, ls)
	return st
}

// uWc is wc: -l counts newlines (a last line without one is not counted),
// -w words, -c bytes; without options all three.
func uWc(in *Interp, c *Cmd) int {
	var modes []byte
	var files []string
	for _, a := range c.Args[1:] {
		switch a {
		case "-l", "--lines":
			modes = append(modes, 'l')
		case "-w", "--words":
			modes = append(modes, 'w')
		case "-c", "--bytes", "-m", "--chars":
			modes = append(modes, 'c')
		default:
			if strings.HasPrefix(a, "-") && len(a) > 1 {
				for _, ch := range a[1:] {
					if ch != 'l' && ch != 'w' && ch != 'c' && ch != 'm' {
						return usageErr(c, 1, "wc: invalid option -- '%c'\nTry 'wc --help' for more information.", ch)
					}
					modes = append(modes, byte(ch))
				}
				continue
			}
			files = append(files, a)
		}
	}
	data, ok := in.input(c, files)
	if !ok && len(data) == 0 {
		return 1
	}
	s := string(data)
	nl, nw, nc := strings.Count(s, "\n"), len(strings.Fields(s)), len(s)
	name := ""
	if len(files) == 1 {
		name = " " + files[0]
	}
	if len(modes) == 1 {
		v := map[byte]int{'l': nl, 'w': nw, 'c': nc, 'm': nc}[modes[0]]
		fmt.Fprintf(c.Stdout, "%d%s\n", v, name)
		return 0
	}
	if len(modes) == 0 {
		if in.Host.Flavour() == Busybox {
			fmt.Fprintf(c.Stdout, "%9d %9d %9d%s\n", nl, nw, nc, name)
		} else {
			fmt.Fprintf(c.Stdout, "%7d %7d %7d%s\n", nl, nw, nc, name)
		}
		return 0
	}
	var parts []string
	for _, m := range []byte{'l', 'w', 'c'} {
		if strings.IndexByte(string(modes), m) >= 0 || m == 'c' && strings.IndexByte(string(modes), 'm') >= 0 {
			parts = append(parts, fmt.Sprintf("%7d", map[byte]int{'l': nl, 'w': nw, 'c': nc}[m]))
		}
	}
	fmt.Fprintf(c.Stdout, "%s%s\n", strings.Join(parts, " "), name)
	return 0
}

// uSort is sort: -r -n -u -k N[,M][n] -t SEP.
func uSort(in *Interp, c *Cmd) int {
	var reverse, numeric, unique bool
	key, sep := 0, ""
	var files []string
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-k" || strings.HasPrefix(a, "-k") || strings.HasPrefix(a, "--key=") {
			v := strings.TrimPrefix(strings.TrimPrefix(a, "--key="), "-k")
			if v == "" && i+1 < len(args) {
				i++
				v = args[i]
			}
			field, _, _ := strings.Cut(v, ",")
			field = strings.TrimRight(field, "bdfgir")
			if strings.HasSuffix(field, "n") {
				numeric, field = true, strings.TrimSuffix(field, "n")
			}
			if strings.HasSuffix(v, "r") {
				reverse = true
			}
			field, _, _ = strings.Cut(field, ".")
			k, err := strconv.Atoi(field)
			if err != nil || k < 1 {
				return usageErr(c, 2, "sort: invalid number at field start: invalid count at start of '%s'", v)
			}
			key = k
			continue
		}
		if a == "-t" || strings.HasPrefix(a, "-t") {
			v := a[2:]
			if v == "" && i+1 < len(args) {
				i++
				v = args[i]
			}
			sep = v
			continue
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			files = append(files, a)
			continue
		}
		for _, ch := range a[1:] {
			switch ch {
			case 'r':
				reverse = true
			case 'n', 'g', 'h':
				numeric = true
			case 'u':
				unique = true
			case 'f', 'b', 's', 'V':
			default:
				return usageErr(c, 2, "sort: invalid option -- '%c'\nTry 'sort --help' for more information.", ch)
			}
		}
	}
	data, ok := in.input(c, files)
	if !ok {
		return 2
	}
	keyOf := func(l string) string {
		if key == 0 {
			return l
		}
		var f []string
		if sep != "" {
			f = strings.Split(l, sep)
		} else {
			f = strings.Fields(l)
		}
		if key > len(f) {
			return ""
		}
		if sep != "" {
			return strings.Join(f[key-1:], sep)
		}
		return strings.Join(f[key-1:], " ")
	}
	cmp := func(a, b string) int {
		ka, kb := keyOf(a), keyOf(b)
		if numeric {
			na, nb := leadingNumber(ka), leadingNumber(kb)
			if na != nb {
				if na < nb {
					return -1
				}
				return 1
			}
		} else if ka != kb {
			return strings.Compare(ka, kb)
		}
		if unique {
			return 0
		}
		return strings.Compare(a, b) // sort's last-resort comparison
	}
	out := lines(data)
	sort.SliceStable(out, func(i, j int) bool {
		r := cmp(out[i], out[j])
		if reverse {
			return r > 0
		}
		return r < 0
	})
	if unique {
		var u []string
		for i, l := range out {
			if i == 0 || cmp(l, out[i-1]) != 0 {
				u = append(u, l)
			}
		}
		out = u
	}
	writeLines(c.Stdout, out)
	return 0
}

// leadingNumber is sort -n's reading of a key: its leading number, 0 if none.
func leadingNumber(s string) float64 {
	s = strings.TrimSpace(s)
	end := 0
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == '.' || end == 0 && s[end] == '-') {
		end++
	}
	v, _ := strconv.ParseFloat(s[:end], 64)
	return v
}

// uUniq is uniq: adjacent equal lines once; -c counts, -d only repeated,
// -u only unique.
func uUniq(in *Interp, c *Cmd) int {
	var count, dup, uniq bool
	var files []string
	for _, a := range c.Args[1:] {
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			count = count || strings.Contains(a, "c")
			dup = dup || strings.Contains(a, "d")
			uniq = uniq || strings.Contains(a, "u")
			continue
		}
		files = append(files, a)
	}
	data, ok := in.input(c, files[:min(len(files), 1)])
	if !ok {
		return 1
	}
	ls := lines(data)
	for i := 0; i < len(ls); {
		j := i
		for j < len(ls) && ls[j] == ls[i] {
			j++
		}
		n := j - i
		if !(dup && n == 1 || uniq && n > 1) {
			if count {
				fmt.Fprintf(c.Stdout, "%7d %s\n", n, ls[i])
			} else {
				fmt.Fprintln(c.Stdout, ls[i])
			}
		}
		i = j
	}
	return 0
}

// uCat is cat [-n] [FILE...].
func uCat(in *Interp, c *Cmd) int {
	var files []string
	number := false
	for _, a := range c.Args[1:] {
		if a == "-n" {
			number = true
			continue
		}
		if strings.HasPrefix(a, "-") && a != "-" {
			continue
		}
		files = append(files, a)
	}
	st := 0
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, f := range files {
		data, ok := in.input(c, []string{f})
		if !ok {
			st = 1
			continue
		}
		if number {
			for i, l := range lines(data) {
				fmt.Fprintf(c.Stdout, "%6d\t%s\n", i+1, l)
			}
			continue
		}
		c.Stdout.Write(data)
	}
	return st
}

// uTee is tee [-a] FILE...: its input to the files and to its output.
func uTee(in *Interp, c *Cmd) int {
	appending := false
	st := 0
	for _, a := range c.Args[1:] {
		if a == "-a" || a == "--append" {
			appending = true
			continue
		}
		if err := in.writeFile(in.abs(a), c.Stdin, appending); err != nil {
			fmt.Fprintf(c.Stderr, "tee: %s: %v\n", a, err)
			st = 1
		}
	}
	c.Stdout.Write(c.Stdin)
	return st
}

// uSeq is seq [FIRST [INCREMENT]] LAST (at most 100000 numbers).
func uSeq(in *Interp, c *Cmd) int {
	args := c.Args[1:]
	sep := "\n"
	var nums []int64
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-s" && i+1 < len(args) {
			i++
			sep = args[i]
			continue
		}
		v, err := strconv.ParseInt(a, 10, 64)
		if err != nil {
			return usageErr(c, 1, "seq: invalid floating point argument: '%s'\nTry 'seq --help' for more information.", a)
		}
		nums = append(nums, v)
	}
	first, inc, last := int64(1), int64(1), int64(0)
	switch len(nums) {
	case 1:
		last = nums[0]
	case 2:
		first, last = nums[0], nums[1]
	case 3:
		first, inc, last = nums[0], nums[1], nums[2]
	default:
		return usageErr(c, 1, "seq: missing operand\nTry 'seq --help' for more information.")
	}
	if inc == 0 {
		return usageErr(c, 1, "seq: invalid Zero increment value: '0'\nTry 'seq --help' for more information.")
	}
	var b strings.Builder
	n := 0
	for v := first; (inc > 0 && v <= last || inc < 0 && v >= last) && n < 100000; v += inc {
		if n > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strconv.FormatInt(v, 10))
		n++
	}
	if n > 0 {
		b.WriteString("\n")
	}
	io.WriteString(c.Stdout, b.String())
	return 0
}

func uBasename(in *Interp, c *Cmd) int {
	if len(c.Args) < 2 {
		return usageErr(c, 1, "basename: missing operand\nTry 'basename --help' for more information.")
	}
	p := strings.TrimRight(c.Args[1], "/")
	if p == "" {
		p = "/"
	} else if i := strings.LastIndexByte(p, '/'); i >= 0 {
		p = p[i+1:]
	}
	if len(c.Args) > 2 && p != c.Args[2] {
		p = strings.TrimSuffix(p, c.Args[2])
	}
	fmt.Fprintln(c.Stdout, p)
	return 0
}

func uDirname(in *Interp, c *Cmd) int {
	if len(c.Args) < 2 {
		return usageErr(c, 1, "dirname: missing operand\nTry 'dirname --help' for more information.")
	}
	p := strings.TrimRight(c.Args[1], "/")
	i := strings.LastIndexByte(p, '/')
	switch {
	case i < 0:
		p = "."
	case i == 0:
		p = "/"
	default:
		p = strings.TrimRight(p[:i], "/")
	}
	fmt.Fprintln(c.Stdout, p)
	return 0
}

func uRev(in *Interp, c *Cmd) int {
	data, ok := in.input(c, c.Args[1:])
	for _, l := range lines(data) {
		r := []rune(l)
		for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
			r[i], r[j] = r[j], r[i]
		}
		fmt.Fprintln(c.Stdout, string(r))
	}
	if !ok {
		return 1
	}
	return 0
}

// uXargs is xargs [-n N] [-I REPL] [COMMAND [ARGS]]: the words of its
// input as arguments of COMMAND (echo by default).
func uXargs(in *Interp, c *Cmd) int {
	args := c.Args[1:]
	per, repl := 0, ""
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		a := args[0]
		switch {
		case a == "-n" && len(args) > 1:
			per, _ = strconv.Atoi(args[1])
			args = args[1:]
		case strings.HasPrefix(a, "-n"):
			per, _ = strconv.Atoi(a[2:])
		case a == "-I" && len(args) > 1:
			repl = args[1]
			args = args[1:]
		case strings.HasPrefix(a, "-I"):
			repl = a[2:]
		case a == "-r" || a == "--no-run-if-empty" || a == "-t" || a == "-0":
		default:
			return usageErr(c, 1, "xargs: invalid option -- '%s'\nUsage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...", strings.TrimLeft(a, "-"))
		}
		args = args[1:]
	}
	if len(args) == 0 {
		args = []string{"echo"}
	}
	var items []string
	if repl != "" {
		items = lines(c.Stdin)
	} else {
		items = strings.Fields(string(c.Stdin))
	}
	if len(items) == 0 {
		if repl != "" || c.Args[0] == "xargs" && len(args) > 0 && args[0] != "echo" {
			return 0
		}
	}
	var batches [][]string
	switch {
	case repl != "":
		for _, it := range items {
			var b []string
			for _, a := range args {
				b = append(b, strings.ReplaceAll(a, repl, it))
			}
			batches = append(batches, b)
		}
	case per > 0:
		for i := 0; i < len(items); i += per {
			batches = append(batches, append(append([]string(nil), args...), items[i:min(i+per, len(items))]...))
		}
	default:
		batches = [][]string{append(append([]string(nil), args...), items...)}
	}
	st := 0
	for _, b := range batches {
		if !in.step() {
			break
		}
		sub := &Cmd{Args: b, Env: c.Env, Stdout: c.Stdout, Stderr: c.Stderr, Interp: in}
		if r := in.exec(sub); r != 0 {
			st = 123
			if r == 127 {
				return 127
			}
		}
	}
	return st
}

// uTr is tr [-d] [-s] [-c] SET1 [SET2]: ranges a-z, classes [:upper:]
// [:lower:] [:digit:] [:space:], escapes \n \t.
func uTr(in *Interp, c *Cmd) int {
	var del, squeeze, complement bool
	var sets []string
	for _, a := range c.Args[1:] {
		if strings.HasPrefix(a, "-") && len(a) > 1 && sets == nil {
			for _, ch := range a[1:] {
				switch ch {
				case 'd':
					del = true
				case 's':
					squeeze = true
				case 'c', 'C':
					complement = true
				default:
					return usageErr(c, 1, "tr: invalid option -- '%c'\nTry 'tr --help' for more information.", ch)
				}
			}
			continue
		}
		sets = append(sets, a)
	}
	if len(sets) == 0 {
		return usageErr(c, 1, "tr: missing operand\nTry 'tr --help' for more information.")
	}
	if !del && !squeeze && len(sets) < 2 {
		return usageErr(c, 1, "tr: missing operand after '%s'\nTwo strings must be given when translating.\nTry 'tr --help' for more information.", sets[0])
	}
	s1 := trSet(sets[0])
	var s2 []byte
	if len(sets) > 1 {
		s2 = trSet(sets[1])
	}
	in1 := func(b byte) int {
		i := strings.IndexByte(string(s1), b)
		if complement {
			if i < 0 {
				return 0
			}
			return -1
		}
		return i
	}
	var out []byte
	for _, b := range c.Stdin {
		i := in1(b)
		switch {
		case del && i >= 0:
			continue
		case !del && i >= 0 && len(s2) > 0:
			if complement {
				b = s2[len(s2)-1]
			} else {
				b = s2[min(i, len(s2)-1)]
			}
		}
		if squeeze && len(out) > 0 && out[len(out)-1] == b {
			last := s1
			if len(s2) > 0 && !del {
				last = s2
			}
			if strings.IndexByte(string(last), b) >= 0 {
				continue
			}
		}
		out = append(out, b)
	}
	c.Stdout.Write(out)
	return 0
}

func trSet(s string) []byte {
	for name, set := range map[string]string{"[:upper:]": "A-Z", "[:lower:]": "a-z", "[:digit:]": "0-9", "[:alpha:]": "a-zA-Z", "[:alnum:]": "a-zA-Z0-9", "[:space:]": " \\t\\n\\r\\v\\f", "[:blank:]": " \\t"} {
		s = strings.ReplaceAll(s, name, set)
	}
	var raw []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			switch s[i] {
			case 'n':
				raw = append(raw, '\n')
			case 't':
				raw = append(raw, '\t')
			case 'r':
				raw = append(raw, '\r')
			case 'v':
				raw = append(raw, '\v')
			case 'f':
				raw = append(raw, '\f')
			default:
				raw = append(raw, s[i])
			}
			continue
		}
		raw = append(raw, s[i])
	}
	var out []byte
	for i := 0; i < len(raw); i++ {
		if i+2 < len(raw) && raw[i+1] == '-' && raw[i] <= raw[i+2] {
			for b := int(raw[i]); b <= int(raw[i+2]); b++ {
				out = append(out, byte(b))
			}
			i += 2
			continue
		}
		out = append(out, raw[i])
	}
	return out
}

// fullOnly are the utilities only the full build carries (utils_full.go).
var fullOnly = []string{"sed", "awk", "tr", "xargs", "seq", "uniq", "tee", "rev"}

// fullUtilities are fullOnly's implementations.
func fullUtilities() map[string]utility {
	return map[string]utility{"sed": uSed, "awk": uAwk, "tr": uTr, "xargs": uXargs, "seq": uSeq, "uniq": uUniq, "tee": uTee, "rev": uRev}
}
