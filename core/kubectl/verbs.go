package kubectl

import (
	"sort"
	"strings"
)

// Verbs lists the kubectl subcommands kubeplay runs (the commands table),
// sorted: what a terminal's completion offers after "kubectl ".
func Verbs() []string {
	out := make([]string, 0, len(commands))
	for v := range commands {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

// CreateKinds lists what kubectl create makes (kubectl create KIND NAME;
// "secret" and "service" take a further word), sorted.
func CreateKinds() []string {
	seen := map[string]bool{}
	var out []string
	for g := range createGenerators {
		kind, _, _ := strings.Cut(g, " ")
		if !seen[kind] {
			seen[kind] = true
			out = append(out, kind)
		}
	}
	sort.Strings(out)
	return out
}
