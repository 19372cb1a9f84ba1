package api

import (
	"errors"
	"strconv"
	"strings"
)

// kubeplay reads YAML with yaml.v3; kubectl converts YAML to JSON with
// go-yaml v2 (sigs.k8s.io/yaml). For a scanner error both print a
// "yaml: line N: <problem>", but where the scanner notes two places, the
// token it was reading and the spot it choked on, yaml.v3 names the first
// and go-yaml v2 the second:
//
//	key: backend_username     <- yaml.v3: line 14 (the plain scalar)
//	<TAB>env:                 <- kubectl: line 15 (the tab)
//
// KubectlYAMLError finds the second place for the problems where it lies
// on a later line than the first, so that kubeplay prints kubectl's line.

// YAML problems whose line kubectl counts from where the scanner choked.
const (
	yamlTabIndentation   = "found a tab character that violates indentation"
	yamlTabBlockScalar   = "found a tab character where an indentation space is expected"
	yamlSimpleKeyNoColon = "could not find expected ':'"
)

// KubectlYAMLError rewrites a yaml.v3 syntax error about data with the line
// go-yaml v2 names; other errors come back as they are. data is the text
// the error's line numbers count in.
func KubectlYAMLError(err error, data []byte) error {
	if err == nil {
		return nil
	}
	rest, ok := strings.CutPrefix(err.Error(), "yaml: line ")
	if !ok {
		return err
	}
	num, problem, ok := strings.Cut(rest, ": ")
	n, convErr := strconv.Atoi(num)
	// yaml.v3 names the first place only when it is past the first line;
	// on line 1 it fell back to the second place, as go-yaml v2 does.
	if !ok || convErr != nil || n < 2 {
		return err
	}
	var line int
	switch problem {
	case yamlTabIndentation, yamlTabBlockScalar:
		// The scalar goes on until a line whose indentation holds a tab.
		line = lineAfter(data, n, func(l string) bool {
			return strings.ContainsRune(l[:len(l)-len(strings.TrimLeft(l, " \t"))], '\t')
		})
	case yamlSimpleKeyNoColon:
		// A key without ':' is noticed on the next line that is not blank
		// (a comment counts), or at the end of the text.
		line = lineAfter(data, n, func(l string) bool { return strings.TrimSpace(l) != "" })
	}
	if line == 0 {
		return err
	}
	return errors.New("yaml: line " + strconv.Itoa(line) + ": " + problem)
}

// lineAfter is the number of the first line after line n of data that
// match accepts; past the last line it is the line after the last (the
// scanner ends the text with a line break when it has none).
func lineAfter(data []byte, n int, match func(string) bool) int {
	lines := strings.Split(string(data), "\n")
	for i := n; i < len(lines); i++ {
		if match(lines[i]) {
			return i + 1
		}
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		return len(lines) + 1
	}
	return len(lines)
}
