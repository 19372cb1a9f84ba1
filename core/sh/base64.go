package sh

import (
	"encoding/base64"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// uBase64 is coreutils' base64: encode (wrapped at 76 columns, or -w N, 0
// for no wrapping), or -d/--decode (newlines ignored; -i skips other bytes
// outside the alphabet), as `kubectl get secret … | base64 -d` uses it.
func uBase64(in *Interp, c *Cmd) int {
	args := c.Args[1:]
	var files []string
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
					return usageErr(c, 1, "base64: option requires an argument -- 'w'\nTry 'base64 --help' for more information.")
				}
				i++
				v = args[i]
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return usageErr(c, 1, "base64: invalid wrap size: '%s'", v)
			}
			wrap = n
		case a == "-" || !strings.HasPrefix(a, "-"):
			files = append(files, a)
		default:
			return usageErr(c, 1, "base64: invalid option -- '%s'\nTry 'base64 --help' for more information.", strings.TrimLeft(a, "-"))
		}
	}
	data, ok := in.input(c, files)
	if !ok {
		return 1
	}
	if decode {
		out, err := decode64(string(data), garbage)
		io.WriteString(c.Stdout, out)
		if err != nil {
			return usageErr(c, 1, "%v", err)
		}
		return 0
	}
	{
		enc := base64.StdEncoding.EncodeToString(data)
		if enc == "" {
			return 0
		}
		var b strings.Builder
		for wrap > 0 && len(enc) > wrap {
			b.WriteString(enc[:wrap] + "\n")
			enc = enc[wrap:]
		}
		b.WriteString(enc + "\n")
		io.WriteString(c.Stdout, b.String())
		return 0
	}
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
