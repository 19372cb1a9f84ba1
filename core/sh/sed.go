package sh

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// uSed is sed [-n] [-E|-r] [-i] [-e] SCRIPT [FILE...]: commands separated
// by ; or newlines, each with an optional address (N, $, /RE/, or a range
// A,B): s/RE/REPL/[gpiN], p, d, q, =, y/abc/xyz/.
func uSed(in *Interp, c *Cmd) int {
	var quiet, extended, inPlace bool
	var scripts, files []string
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-n" || a == "--quiet" || a == "--silent":
			quiet = true
		case a == "-E" || a == "-r" || a == "--regexp-extended":
			extended = true
		case a == "-i" || strings.HasPrefix(a, "-i"):
			inPlace = true
		case a == "-e" && i+1 < len(args):
			i++
			scripts = append(scripts, args[i])
		case strings.HasPrefix(a, "-") && len(a) > 1:
			for _, ch := range a[1:] {
				switch ch {
				case 'n':
					quiet = true
				case 'E', 'r':
					extended = true
				case 'i':
					inPlace = true
				default:
					return usageErr(c, 1, "sed: invalid option -- '%c'\nUsage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...", ch)
				}
			}
		case scripts == nil:
			scripts = []string{a}
		default:
			files = append(files, a)
		}
	}
	if scripts == nil {
		return usageErr(c, 1, "Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...")
	}
	prog, err := parseSed(strings.Join(scripts, "\n"), extended)
	if err != nil {
		return usageErr(c, 1, "sed: -e expression #1, char %d: %s", err.char, err.msg)
	}
	if inPlace {
		st := 0
		for _, f := range files {
			data, ok := in.input(c, []string{f})
			if !ok {
				st = 2
				continue
			}
			out := prog.run(lines(data), quiet)
			if err := in.writeFile(in.abs(f), []byte(out), false); err != nil {
				fmt.Fprintf(c.Stderr, "sed: couldn't open temporary file %s: %v\n", f, err)
				st = 4
			}
		}
		return st
	}
	data, ok := in.input(c, files)
	fmt.Fprint(c.Stdout, prog.run(lines(data), quiet))
	if !ok {
		return 2
	}
	return 0
}

type sedAddr struct {
	line  int // 0: none; -1: $
	re    *regexp.Regexp
	valid bool
}

type sedCmd struct {
	from, to sedAddr
	neg      bool
	op       byte
	re       *regexp.Regexp
	repl     string
	global   bool
	nth      int
	print    bool
	y1, y2   []rune
	inRange  bool
}

type sedProg []*sedCmd

type sedErr struct {
	char int
	msg  string
}

func parseSed(s string, extended bool) (sedProg, *sedErr) {
	var prog sedProg
	i := 0
	compile := func(re string) (*regexp.Regexp, *sedErr) {
		if !extended {
			re = basicToExtended(re)
		}
		r, err := regexp.Compile(re)
		if err != nil {
			return nil, &sedErr{i, "Invalid preceding regular expression"}
		}
		return r, nil
	}
	// delimited reads up to an unescaped delimiter d.
	delimited := func(d byte) (string, bool) {
		var b strings.Builder
		for i < len(s) {
			ch := s[i]
			if ch == '\\' && i+1 < len(s) {
				if s[i+1] == d {
					b.WriteByte(d)
				} else {
					b.WriteByte('\\')
					b.WriteByte(s[i+1])
				}
				i += 2
				continue
			}
			if ch == d {
				i++
				return b.String(), true
			}
			b.WriteByte(ch)
			i++
		}
		return b.String(), false
	}
	addr := func() (sedAddr, *sedErr) {
		switch {
		case i < len(s) && s[i] == '$':
			i++
			return sedAddr{line: -1, valid: true}, nil
		case i < len(s) && s[i] >= '0' && s[i] <= '9':
			j := i
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			n, _ := strconv.Atoi(s[j:i])
			return sedAddr{line: n, valid: true}, nil
		case i < len(s) && s[i] == '/':
			i++
			re, ok := delimited('/')
			if !ok {
				return sedAddr{}, &sedErr{i, "unterminated address regex"}
			}
			r, err := compile(re)
			if err != nil {
				return sedAddr{}, err
			}
			return sedAddr{re: r, valid: true}, nil
		}
		return sedAddr{}, nil
	}
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == ';' || s[i] == '\n' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			break
		}
		cmd := &sedCmd{}
		var err *sedErr
		if cmd.from, err = addr(); err != nil {
			return nil, err
		}
		if cmd.from.valid && i < len(s) && s[i] == ',' {
			i++
			if cmd.to, err = addr(); err != nil {
				return nil, err
			}
		}
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i < len(s) && s[i] == '!' {
			cmd.neg = true
			i++
		}
		if i >= len(s) {
			return nil, &sedErr{i, "missing command"}
		}
		cmd.op = s[i]
		i++
		switch cmd.op {
		case 'p', 'd', 'q', '=':
		case 's', 'y':
			if i >= len(s) {
				return nil, &sedErr{i, "unterminated `" + string(cmd.op) + "' command"}
			}
			d := s[i]
			i++
			a, ok1 := delimited(d)
			b, ok2 := delimited(d)
			if !ok1 || !ok2 {
				return nil, &sedErr{i, "unterminated `" + string(cmd.op) + "' command"}
			}
			if cmd.op == 'y' {
				cmd.y1, cmd.y2 = []rune(a), []rune(b)
				if len(cmd.y1) != len(cmd.y2) {
					return nil, &sedErr{i, "strings for `y' command are different lengths"}
				}
				break
			}
			flags := ""
			for i < len(s) && strings.IndexByte("gpiI0123456789", s[i]) >= 0 {
				flags += s[i : i+1]
				i++
			}
			if strings.ContainsAny(flags, "iI") {
				a = "(?i)" + a
			}
			r, err := compile(a)
			if err != nil {
				return nil, err
			}
			cmd.re, cmd.repl = r, b
			cmd.global = strings.Contains(flags, "g")
			cmd.print = strings.Contains(flags, "p")
			if n := strings.Trim(flags, "gpiI"); n != "" {
				cmd.nth, _ = strconv.Atoi(n)
			}
		default:
			return nil, &sedErr{i, "unknown command: `" + string(cmd.op) + "'"}
		}
		prog = append(prog, cmd)
	}
	return prog, nil
}

func (a sedAddr) match(n int, last bool, l string) bool {
	switch {
	case a.re != nil:
		return a.re.MatchString(l)
	case a.line == -1:
		return last
	}
	return a.line == n
}

func (cmd *sedCmd) selects(n int, last bool, l string) bool {
	var hit bool
	switch {
	case !cmd.from.valid:
		hit = true
	case !cmd.to.valid:
		hit = cmd.from.match(n, last, l)
	case cmd.inRange:
		hit = true
		if cmd.to.match(n, last, l) || cmd.to.re == nil && cmd.to.line > 0 && n >= cmd.to.line {
			cmd.inRange = false
		}
	default:
		if cmd.from.match(n, last, l) {
			hit = true
			cmd.inRange = !(cmd.to.re == nil && cmd.to.line > 0 && n >= cmd.to.line)
		}
	}
	return hit != cmd.neg
}

// sedRepl expands & and \1…\9 in a replacement.
func sedRepl(repl string, l string, m []int) string {
	var b strings.Builder
	for i := 0; i < len(repl); i++ {
		ch := repl[i]
		switch {
		case ch == '&':
			b.WriteString(l[m[0]:m[1]])
		case ch == '\\' && i+1 < len(repl):
			i++
			n := repl[i]
			switch {
			case n >= '0' && n <= '9':
				k := int(n - '0')
				if 2*k+1 < len(m) && m[2*k] >= 0 {
					b.WriteString(l[m[2*k]:m[2*k+1]])
				}
			case n == 'n':
				b.WriteByte('\n')
			case n == 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(n)
			}
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

func (prog sedProg) run(ls []string, quiet bool) string {
	var out strings.Builder
	for _, cmd := range prog {
		cmd.inRange = false
	}
	for n, l := range ls {
		last := n == len(ls)-1
		deleted, quit := false, false
		for _, cmd := range prog {
			if !cmd.selects(n+1, last, l) {
				continue
			}
			switch cmd.op {
			case 'p':
				out.WriteString(l + "\n")
			case 'd':
				deleted = true
			case 'q':
				quit = true
			case '=':
				fmt.Fprintf(&out, "%d\n", n+1)
			case 'y':
				r := []rune(l)
				for k, ch := range r {
					for j, f := range cmd.y1 {
						if ch == f {
							r[k] = cmd.y2[j]
							break
						}
					}
				}
				l = string(r)
			case 's':
				var b strings.Builder
				pos, count, did := 0, 0, false
				for pos <= len(l) {
					m := cmd.re.FindStringSubmatchIndex(l[pos:])
					if m == nil {
						break
					}
					for k := range m {
						if m[k] >= 0 {
							m[k] += pos
						}
					}
					count++
					if cmd.nth == 0 && (count == 1 || cmd.global) || cmd.nth > 0 && (count == cmd.nth || cmd.global && count > cmd.nth) {
						b.WriteString(l[pos:m[0]])
						b.WriteString(sedRepl(cmd.repl, l, m))
						did = true
					} else {
						b.WriteString(l[pos:m[1]])
					}
					if m[1] == m[0] {
						if m[1] < len(l) {
							b.WriteByte(l[m[1]])
						}
						pos = m[1] + 1
					} else {
						pos = m[1]
					}
					if !cmd.global && cmd.nth == 0 || cmd.nth > 0 && !cmd.global && count >= cmd.nth {
						break
					}
				}
				if did {
					if pos <= len(l) {
						b.WriteString(l[pos:])
					}
					l = b.String()
					if cmd.print {
						out.WriteString(l + "\n")
					}
				}
			}
			if deleted || quit {
				break
			}
		}
		if !deleted && !quiet {
			out.WriteString(l + "\n")
		}
		if quit {
			break
		}
	}
	return out.String()
}
