// Package shelltest reads the golden shell sessions (core/shell/testdata:
// NAME.in, the lines typed, and NAME.golden, what `kubeplay shell` printed)
// for the tests that replay them: natively (core/shell) and in the page
// through kubeplay.run (site/e2e).
package shelltest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Case is one golden session.
type Case struct {
	Name   string
	Input  string // the session's lines, as in NAME.in
	Golden string // NAME.golden's path
	Want   string // its transcript ("" when it is not written yet)
}

// Lines are the lines typed.
func (c Case) Lines() []string { return strings.Split(strings.TrimRight(c.Input, "\n"), "\n") }

// Cases reads every NAME.in under dir with its NAME.golden.
func Cases(dir string) ([]Case, error) {
	inputs, err := filepath.Glob(filepath.Join(dir, "*.in"))
	if err != nil || len(inputs) == 0 {
		return nil, fmt.Errorf("no golden sessions (*.in) under %s: %v", dir, err)
	}
	var cases []Case
	for _, in := range inputs {
		src, err := os.ReadFile(in)
		if err != nil {
			return nil, err
		}
		c := Case{Name: strings.TrimSuffix(filepath.Base(in), ".in"), Input: string(src), Golden: strings.TrimSuffix(in, ".in") + ".golden"}
		if want, err := os.ReadFile(c.Golden); err == nil {
			c.Want = string(want)
		} else if !os.IsNotExist(err) {
			return nil, err
		}
		cases = append(cases, c)
	}
	return cases, nil
}
