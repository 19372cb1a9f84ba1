package scenario

import "strings"

// lookVerbs are kubectl's verbs that only read.
var lookVerbs = map[string]bool{
	"get": true, "describe": true, "explain": true, "api-resources": true, "api-versions": true,
	"version": true, "cluster-info": true, "top": true, "logs": true, "events": true,
}

// Looks reports whether a learner's terminal line only looks (a kubectl read, `# …`, an empty line): after
// it their turn is looked at (Check); after any other line it is an attempt (Attempt).
func Looks(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 || strings.HasPrefix(f[0], "#") {
		return true
	}
	return len(f) >= 2 && (f[0] == "kubectl" || f[0] == "k") && lookVerbs[f[1]] && !strings.ContainsAny(line, "|;&><")
}
