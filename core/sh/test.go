package sh

import (
	"fmt"
	"strconv"
)

// biTest is test EXPR and [ EXPR ]: -z -n, = == != < >, -eq -ne -lt -le
// -gt -ge, -e -f -d -s -r -w -x on the host's files, ! -a -o, ( ).
func biTest(in *Interp, c *Cmd) int {
	args := c.Args[1:]
	if c.Args[0] == "[" {
		if len(args) == 0 || args[len(args)-1] != "]" {
			fmt.Fprintf(c.Stderr, "%s[: missing `]'\n", in.Host.Prefix())
			return 2
		}
		args = args[:len(args)-1]
	}
	t := &tester{in: in, a: args}
	if len(args) == 0 {
		return 1
	}
	v, err := t.or()
	if err == "" && t.i < len(t.a) {
		err = t.a[t.i] + ": unexpected operator"
		if in.Host.Flavour() == Bash {
			err = "too many arguments"
		}
	}
	if err != "" {
		fmt.Fprintf(c.Stderr, "%s%s: %s\n", in.Host.Prefix(), c.Args[0], err)
		return 2
	}
	if v {
		return 0
	}
	return 1
}

type tester struct {
	in    *Interp
	a     []string
	i     int
	depth int
}

func (t *tester) peek() string {
	if t.i < len(t.a) {
		return t.a[t.i]
	}
	return ""
}

func (t *tester) or() (bool, string) {
	v, err := t.and()
	for err == "" && t.peek() == "-o" {
		t.i++
		w, e := t.and()
		v, err = v || w, e
	}
	return v, err
}

func (t *tester) and() (bool, string) {
	v, err := t.not()
	for err == "" && t.peek() == "-a" {
		t.i++
		w, e := t.not()
		v, err = v && w, e
	}
	return v, err
}

func (t *tester) not() (bool, string) {
	t.depth++
	defer func() { t.depth-- }()
	if t.depth > 100 {
		return false, "expression too deep"
	}
	if t.peek() == "!" && t.i+1 < len(t.a) {
		t.i++
		v, err := t.not()
		return !v, err
	}
	return t.primary()
}

func (t *tester) primary() (bool, string) {
	if t.i >= len(t.a) {
		return false, "argument expected"
	}
	if t.a[t.i] == "(" {
		t.i++
		v, err := t.or()
		if t.peek() != ")" {
			return false, "`)' expected"
		}
		t.i++
		return v, err
	}
	// A binary operator.
	if t.i+2 < len(t.a) {
		x, op, y := t.a[t.i], t.a[t.i+1], t.a[t.i+2]
		if v, ok, err := binary(x, op, y); ok {
			t.i += 3
			return v, err
		}
	}
	a := t.a[t.i]
	if len(a) == 2 && a[0] == '-' && t.i+1 < len(t.a) {
		if v, ok := t.unary(a, t.a[t.i+1]); ok {
			t.i += 2
			return v, ""
		}
	}
	t.i++
	return a != "", ""
}

func binary(x, op, y string) (bool, bool, string) {
	switch op {
	case "=", "==":
		return x == y, true, ""
	case "!=":
		return x != y, true, ""
	case "<":
		return x < y, true, ""
	case ">":
		return x > y, true, ""
	case "-eq", "-ne", "-lt", "-le", "-gt", "-ge":
		xi, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			return false, true, x + ": integer expression expected"
		}
		yi, err := strconv.ParseInt(y, 10, 64)
		if err != nil {
			return false, true, y + ": integer expression expected"
		}
		switch op {
		case "-eq":
			return xi == yi, true, ""
		case "-ne":
			return xi != yi, true, ""
		case "-lt":
			return xi < yi, true, ""
		case "-le":
			return xi <= yi, true, ""
		case "-gt":
			return xi > yi, true, ""
		}
		return xi >= yi, true, ""
	}
	return false, false, ""
}

func (t *tester) unary(op, x string) (bool, bool) {
	switch op {
	case "-z":
		return x == "", true
	case "-n":
		return x != "", true
	case "-e", "-f", "-d", "-s", "-r", "-w", "-x", "-L", "-h":
		fs := t.in.Host.FS()
		if fs == nil {
			return false, true
		}
		isDir, err := fs.Stat(t.in.abs(x))
		if err != nil {
			return false, true
		}
		switch op {
		case "-f":
			return !isDir, true
		case "-d":
			return isDir, true
		case "-s":
			data, err := fs.ReadFile(t.in.abs(x))
			return err == nil && len(data) > 0, true
		}
		return true, true
	}
	return false, false
}
