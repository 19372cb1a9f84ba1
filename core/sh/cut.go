package sh

import (
	"fmt"
	"strconv"
	"strings"
)

// uCut is coreutils' cut: -d DELIM -f LIST (fields; a line without the
// delimiter is printed whole unless -s) or -c LIST (characters). A LIST is
// N, N-M, N- or -M, comma-separated.
func uCut(in *Interp, c *Cmd) int {
	args := c.Args[1:]
	var files []string
	delim, list, chars, only := "\t", "", false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		val := func(flag string) (string, error) {
			if v := strings.TrimPrefix(a, flag); v != "" {
				return v, nil
			}
			if i+1 == len(args) {
				return "", fmt.Errorf("cut: option requires an argument -- '%s'\nTry 'cut --help' for more information.", flag[1:])
			}
			i++
			return args[i], nil
		}
		var err error
		switch {
		case strings.HasPrefix(a, "-d"):
			delim, err = val("-d")
			if err == nil && len(delim) != 1 {
				err = fmt.Errorf("cut: the delimiter must be a single character\nTry 'cut --help' for more information.")
			}
		case strings.HasPrefix(a, "-f"):
			list, err = val("-f")
		case strings.HasPrefix(a, "-c"):
			list, err = val("-c")
			chars = true
		case a == "-s" || a == "--only-delimited":
			only = true
		case !strings.HasPrefix(a, "-") || a == "-":
			files = append(files, a)
		default:
			err = fmt.Errorf("cut: invalid option -- '%s'\nTry 'cut --help' for more information.", strings.TrimLeft(a, "-"))
		}
		if err != nil {
			return usageErr(c, 1, "%v", err)
		}
	}
	if list == "" {
		return usageErr(c, 1, "cut: you must specify a list of bytes, characters, or fields\nTry 'cut --help' for more information.")
	}
	keep, err := cutList(list)
	if err != nil {
		return usageErr(c, 1, "%v", err)
	}
	data, ok := in.input(c, files)
	{
		out := make([]string, 0)
		for _, l := range lines(data) {
			if chars {
				var b strings.Builder
				for i, r := range []rune(l) {
					if keep(i + 1) {
						b.WriteRune(r)
					}
				}
				out = append(out, b.String())
				continue
			}
			if !strings.Contains(l, delim) {
				if !only {
					out = append(out, l)
				}
				continue
			}
			var picked []string
			for i, f := range strings.Split(l, delim) {
				if keep(i + 1) {
					picked = append(picked, f)
				}
			}
			out = append(out, strings.Join(picked, delim))
		}
		writeLines(c.Stdout, out)
	}
	if !ok {
		return 1
	}
	return 0
}

// cutList reads a LIST into a test of 1-based positions.
func cutList(list string) (func(int) bool, error) {
	type span struct{ lo, hi int }
	var spans []span
	for _, part := range strings.Split(list, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		sp := span{1, 1 << 30}
		var err1, err2 error
		if lo != "" {
			sp.lo, err1 = strconv.Atoi(lo)
		}
		switch {
		case !isRange:
			sp.hi = sp.lo
		case hi != "":
			sp.hi, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || (lo == "" && hi == "") || sp.lo < 1 {
			return nil, fmt.Errorf("cut: invalid field value '%s'\nTry 'cut --help' for more information.", part)
		}
		spans = append(spans, sp)
	}
	return func(n int) bool {
		for _, sp := range spans {
			if sp.lo <= n && n <= sp.hi {
				return true
			}
		}
		return false
	}, nil
}
