package shell

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
)

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
