package shell

import (
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
	var lines []filter // line filters in a row: one split and join for them all
	for _, st := range stages {
		if st.bytes == nil {
			lines = append(lines, st.lines)
			continue
		}
		if lines != nil {
			out, lines = applyFilters(out, lines), nil
		}
		var err error
		out, err = st.bytes(out)
		if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	if lines != nil {
		out = applyFilters(out, lines)
	}
	return out, firstErr
}

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
