package shell

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
)

// stage is one tool after a pipe: a filter of lines (grep, head, tail, sort),
// or a tool that reads and writes bytes (wc, base64), which sees a last line
// without a newline as it is and keeps its output's as a terminal shows it.
type stage struct {
	lines filter
	bytes func(in string) (string, error)
}

// parseStage reads one pipe stage.
func parseStage(st string) (stage, error) {
	if w := pipeWords(st); len(w) > 0 {
		switch w[0] {
		case "base64":
			f, err := base64Tool(w[1:])
			return stage{bytes: f}, err
		case "wc":
			f, err := wcTool(w[1:])
			return stage{bytes: f}, err
		case "head", "tail":
			if f, ok, err := byteCount(w[0], w[1:]); ok {
				return stage{bytes: f}, err
			}
		}
	}
	f, err := parseFilter(st)
	return stage{lines: f}, err
}

// applyStages runs the output through each stage; a tool's error (base64's
// "invalid input") is returned beside what it printed before it.
func applyStages(out string, stages []stage) (string, error) {
	var firstErr error
	for _, st := range stages {
		if st.bytes == nil {
			out = applyFilters(out, []filter{st.lines})
			continue
		}
		var err error
		out, err = st.bytes(out)
		if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	return out, firstErr
}

// base64Tool is coreutils' base64: encode (wrapped at 76 columns, or -w N, 0
// for no wrapping), or -d/--decode (newlines ignored; -i skips other bytes
// outside the alphabet), as `kubectl get secret … | base64 -d` uses it.
func base64Tool(args []string) (func(string) (string, error), error) {
	decode, garbage, wrap := false, false, 76
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-d" || a == "--decode" || a == "-D":
			decode = true
		case a == "-i" || a == "--ignore-garbage":
			garbage = true
		case a == "-di" || a == "-id":
			decode, garbage = true, true
		case a == "-w" || a == "--wrap" || strings.HasPrefix(a, "-w") || strings.HasPrefix(a, "--wrap="):
			v := strings.TrimPrefix(strings.TrimPrefix(a, "--wrap="), "-w")
			if a == "-w" || a == "--wrap" {
				if i+1 == len(args) {
					return nil, fmt.Errorf("base64: option requires an argument -- 'w'\nTry 'base64 --help' for more information.")
				}
				i++
				v = args[i]
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("base64: invalid wrap size: '%s'", v)
			}
			wrap = n
		case a == "-" || !strings.HasPrefix(a, "-"):
			if a != "-" {
				return nil, fmt.Errorf("base64: %s: No such file or directory", a)
			}
		default:
			return nil, fmt.Errorf("base64: invalid option -- '%s'\nTry 'base64 --help' for more information.", strings.TrimLeft(a, "-"))
		}
	}
	if decode {
		return func(in string) (string, error) { return decode64(in, garbage) }, nil
	}
	return func(in string) (string, error) {
		enc := base64.StdEncoding.EncodeToString([]byte(in))
		if enc == "" {
			return "", nil
		}
		var b strings.Builder
		for wrap > 0 && len(enc) > wrap {
			b.WriteString(enc[:wrap] + "\n")
			enc = enc[wrap:]
		}
		b.WriteString(enc + "\n")
		return b.String(), nil
	}, nil
}

// decode64 decodes what it can: on a byte outside the alphabet (without -i)
// or a truncated end it prints the bytes decoded so far and "invalid input".
func decode64(in string, garbage bool) (string, error) {
	var clean strings.Builder
	for i := 0; i < len(in); i++ {
		c := in[i]
		switch {
		case c == '\n' || c == '\r':
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '+', c == '/', c == '=':
			clean.WriteByte(c)
		case garbage:
		default:
			out, _ := base64.StdEncoding.DecodeString(whole(clean.String()))
			return string(out), fmt.Errorf("base64: invalid input")
		}
	}
	s := clean.String()
	out, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		out, _ = base64.StdEncoding.DecodeString(whole(s))
		return string(out), fmt.Errorf("base64: invalid input")
	}
	return string(out), nil
}

// whole cuts s to whole groups of four characters.
func whole(s string) string { return s[:len(s)/4*4] }

// echo is bash's builtin: its words joined by spaces and a newline; -n
// leaves the newline out, -e reads \n, \t and \\ in them.
func echo(words []string) string {
	newline, escapes := true, false
	for len(words) > 0 && len(words[0]) > 1 && words[0][0] == '-' && strings.Trim(words[0][1:], "neE") == "" {
		for _, c := range words[0][1:] {
			switch c {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		words = words[1:]
	}
	out := strings.Join(words, " ")
	if escapes {
		out = strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\\`, `\`).Replace(out)
	}
	if newline {
		out += "\n"
	}
	return out
}

// byteCount is head -c N / tail -c N (bytes, not lines): head -c -N leaves
// out the last N, tail -c +N starts at the N-th; ok is false without -c.
func byteCount(tool string, args []string) (func(string) (string, error), bool, error) {
	var v string
	found := false
	for i, a := range args {
		switch {
		case a == "-c" || a == "--bytes":
			if i+1 == len(args) {
				return nil, true, fmt.Errorf("%s: option requires an argument -- 'c'\nTry '%s --help' for more information.", tool, tool)
			}
			v, found = args[i+1], true
		case strings.HasPrefix(a, "-c"):
			v, found = a[2:], true
		case strings.HasPrefix(a, "--bytes="):
			v, found = a[len("--bytes="):], true
		}
	}
	if !found {
		return nil, false, nil
	}
	sign := ""
	if v != "" && (v[0] == '-' || v[0] == '+') {
		sign, v = v[:1], v[1:]
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return nil, true, fmt.Errorf("%s: invalid number of bytes: '%s'", tool, sign+v)
	}
	return func(in string) (string, error) {
		switch {
		case tool == "head" && sign == "-":
			return in[:max(0, len(in)-n)], nil
		case tool == "head":
			return in[:min(n, len(in))], nil
		case sign == "+":
			return in[min(max(n-1, 0), len(in)):], nil
		default:
			return in[max(0, len(in)-n):], nil
		}
	}, true, nil
}
