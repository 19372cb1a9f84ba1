package kubectl

import (
	"fmt"
	"strconv"
	"strings"
)

// flagDef declares one flag of a command.
type flagDef struct {
	name   string
	short  string
	isBool bool
	def    string
	// noOpt is the value of the flag given without one (pflag's
	// NoOptDefVal): --dry-run alone is --dry-run=unchanged.
	noOpt string
}

// flags is a parsed command line: pflag's behaviour, small.
type flags struct {
	cmd    string
	defs   []flagDef
	values map[string][]string
	args   []string
	// dash is cobra's ArgsLenAtDash: how many positional arguments came
	// before a "--", or -1 when there was none.
	dash int
}

// globalFlags are accepted by every command.
var globalFlags = []flagDef{
	{name: "namespace", short: "n"},
	{name: "as"},
	{name: "as-group"},
	{name: "context"},
	{name: "kubeconfig"},
	{name: "v", short: "v"},
	{name: "request-timeout"},
}

func (f *flags) def(name string) (flagDef, bool) {
	for _, d := range f.defs {
		if d.name == name {
			return d, true
		}
	}
	return flagDef{}, false
}

func (f *flags) defShort(s string) (flagDef, bool) {
	for _, d := range f.defs {
		if d.short == s {
			return d, true
		}
	}
	return flagDef{}, false
}

// parseFlags parses args against the command's flags plus the global ones.
// Errors read like cobra's: "unknown flag: --foo".
func parseFlags(cmd string, args []string, defs []flagDef) (*flags, error) {
	f := &flags{cmd: cmd, defs: append(append([]flagDef(nil), defs...), globalFlags...), values: map[string][]string{}, dash: -1}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			f.dash = len(f.args)
			f.args = append(f.args, args[i+1:]...)
			return f, nil
		case strings.HasPrefix(a, "--"):
			name, val, hasVal := strings.Cut(a[2:], "=")
			d, ok := f.def(name)
			if !ok {
				return nil, fmt.Errorf("unknown flag: --%s", name)
			}
			if d.isBool {
				if !hasVal {
					val = "true"
				}
				if _, err := strconv.ParseBool(val); err != nil {
					return nil, fmt.Errorf("invalid argument %q for %q flag: strconv.ParseBool: parsing %q: invalid syntax", val, "--"+name, val)
				}
			} else if !hasVal && d.noOpt != "" {
				val = d.noOpt
			} else if !hasVal {
				if i+1 >= len(args) {
					return nil, fmt.Errorf("flag needs an argument: --%s", name)
				}
				i++
				val = args[i]
			}
			f.values[d.name] = append(f.values[d.name], val)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			s := a[1:]
			for len(s) > 0 {
				c := s[:1]
				d, ok := f.defShort(c)
				if !ok {
					return nil, fmt.Errorf("unknown shorthand flag: '%s' in %s", c, a)
				}
				rest := s[1:]
				if d.isBool {
					val := "true"
					if strings.HasPrefix(rest, "=") {
						val, rest = rest[1:], ""
					}
					f.values[d.name] = append(f.values[d.name], val)
					s = rest
					continue
				}
				val := strings.TrimPrefix(rest, "=")
				if rest == "" {
					if i+1 >= len(args) {
						return nil, fmt.Errorf("flag needs an argument: '%s' in -%s", c, c)
					}
					i++
					val = args[i]
				}
				f.values[d.name] = append(f.values[d.name], val)
				s = ""
			}
		default:
			f.args = append(f.args, a)
		}
	}
	return f, nil
}

// changed reports whether the flag was given.
func (f *flags) changed(name string) bool { return len(f.values[name]) > 0 }

// str returns the flag's last value or its default.
func (f *flags) str(name string) string {
	if v := f.values[name]; len(v) > 0 {
		return v[len(v)-1]
	}
	d, _ := f.def(name)
	return d.def
}

// strs returns every value of a repeatable flag, comma lists split.
func (f *flags) strs(name string) []string {
	var out []string
	for _, v := range f.values[name] {
		for _, p := range strings.Split(v, ",") {
			if p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// all returns every value as given (no comma splitting).
func (f *flags) all(name string) []string { return f.values[name] }

func (f *flags) boolean(name string) bool {
	v := f.str(name)
	b, _ := strconv.ParseBool(v)
	return b
}

// integer parses an int flag; kubectl's message on a bad value.
func (f *flags) integer(name string) (int, error) {
	v := f.str(name)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("invalid argument %q for %q flag: strconv.ParseInt: parsing %q: invalid syntax", v, "--"+name, v)
	}
	return n, nil
}
