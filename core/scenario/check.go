package scenario

import (
	"fmt"
	"strings"
)

// CheckReport is `kubeplay check`'s verdict on one scenario file, and the
// page's 検査 (Check) answer: one function (CheckFile) gives both.
type CheckReport struct {
	File    string `json:"file"`
	Name    string `json:"name,omitempty"`
	Version string `json:"version,omitempty"`
	Steps   int    `json:"steps,omitempty"`
	// Problems are the loader's (an invalid file: nothing was played).
	Problems []Problem `json:"problems"`
	// Passed: the file is valid, its play finished and every expectation
	// held (a learner's turn played by its solution).
	Passed       bool           `json:"passed"`
	Expectations int            `json:"expectations"`
	Failures     []ExpectResult `json:"failures"`
	// Err is set when the play could not finish.
	Err string `json:"err,omitempty"`
}

// CheckFile loads data as a scenario file named file and, when it is valid,
// plays it headlessly (seed 0 = the scenario's) and verifies every
// expectation, as `kubeplay check` does.
func CheckFile(file string, data []byte, seed uint64) CheckReport {
	r := CheckReport{File: file, Problems: []Problem{}, Failures: []ExpectResult{}}
	sc, err := Parse(file, data)
	if err != nil {
		if le, ok := err.(*LoadError); ok {
			r.Problems = le.Problems
		} else {
			r.Problems = []Problem{{Message: err.Error()}}
		}
		return r
	}
	r.Name, r.Version, r.Steps = sc.Name, sc.Version, len(sc.Steps)
	res := Play(sc, Options{Seed: seed})
	r.Expectations = len(res.Expectations())
	r.Passed = res.Passed()
	if f := res.Failures(); f != nil {
		r.Failures = f
	}
	r.Err = res.Err
	return r
}

// Text is the report as `kubeplay check` prints it: "PASS name (N
// expectations)", or FAIL with the loader's problems or each expectation's
// expected-versus-got line and where it is in the file.
func (r CheckReport) Text() string {
	var b strings.Builder
	switch {
	case len(r.Problems) > 0:
		fmt.Fprintf(&b, "FAIL %s (invalid)\n", r.File)
		for _, l := range strings.Split((&LoadError{File: r.File, Problems: r.Problems}).Error(), "\n") {
			fmt.Fprintf(&b, "    %s\n", l)
		}
	case r.Passed:
		fmt.Fprintf(&b, "PASS %s (%d expectations)\n", r.Name, r.Expectations)
	default:
		fmt.Fprintf(&b, "FAIL %s\n", r.Name)
		for _, e := range r.Failures {
			loc := r.File
			if e.Line > 0 {
				loc = fmt.Sprintf("%s:%d", r.File, e.Line)
			}
			fmt.Fprintf(&b, "    step %d: %s\n      (%s)\n", e.Step, e.Message(), loc)
		}
		if r.Err != "" {
			fmt.Fprintf(&b, "    %s\n", strings.ReplaceAll(r.Err, "\n", "\n    "))
		}
	}
	return b.String()
}
