package validation_test

import (
	"fmt"
	"strings"
	"testing"

	"kubeplay/core/apiserver/validation"
)

func indexedJobManifest(spec string) string {
	return "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: indexed-job\nspec:\n" + spec +
		"  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: worker\n        image: busybox\n"
}

func TestIndexedJobsAreValidatedAsOnV135(t *testing.T) {
	for _, tc := range []struct {
		name, spec, want string
	}{
		{"an Indexed Job with completions is accepted", "  completions: 5\n  parallelism: 3\n  completionMode: Indexed\n", ""},
		{"an Indexed Job with a backoff limit per index is accepted",
			"  completions: 5\n  completionMode: Indexed\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 2\n", ""},
		{"an Indexed Job without completions is refused", "  parallelism: 3\n  completionMode: Indexed\n",
			`The Job "indexed-job" is invalid: spec.completions: Required value: when completion mode is Indexed`},
		{"parallelism above 100000 is refused", "  completions: 5\n  parallelism: 100001\n  completionMode: Indexed\n",
			`The Job "indexed-job" is invalid: spec.parallelism: Invalid value: 100001: must be less than or equal to 100000 when completion mode is Indexed`},
		{"maxFailedIndexes above completions is refused",
			"  completions: 2\n  completionMode: Indexed\n  backoffLimitPerIndex: 1\n  maxFailedIndexes: 3\n",
			`The Job "indexed-job" is invalid: spec.maxFailedIndexes: Invalid value: 3: must be less than or equal to completions`},
		{"maxFailedIndexes needs backoffLimitPerIndex", "  completions: 2\n  completionMode: Indexed\n  maxFailedIndexes: 1\n",
			`The Job "indexed-job" is invalid: spec.backoffLimitPerIndex: Required value: when maxFailedIndexes is specified`},
		{"backoffLimitPerIndex needs the Indexed mode", "  completions: 2\n  backoffLimitPerIndex: 1\n",
			`The Job "indexed-job" is invalid: spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := apply(t, indexedJobManifest(tc.spec)); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestAnIndexedJobScalesCompletionsOnlyWithParallelism(t *testing.T) {
	job := func(mode string, completions, parallelism int) string {
		return indexedJobManifest(fmt.Sprintf("  completionMode: %s\n  completions: %d\n  parallelism: %d\n", mode, completions, parallelism))
	}
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"an elastic Indexed Job scales both", job("Indexed", 4, 4), job("Indexed", 2, 2), ""},
		{"completions alone may not change", job("Indexed", 4, 4), job("Indexed", 2, 4),
			"spec.completions: Invalid value: 2: can only be modified in tandem with spec.parallelism"},
		{"a NonIndexed Job's completions are immutable", job("NonIndexed", 4, 4), job("NonIndexed", 2, 2),
			"spec.completions: Invalid value: 2: field is immutable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			errs := validation.ValidateUpdate(stored(t, tc.new), stored(t, tc.old))
			got := ""
			if len(errs) > 0 {
				got = errs[0].Error()
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestASuccessPolicyIsValidatedAsOnV135(t *testing.T) {
	const indexed = "  completions: 10\n  parallelism: 10\n  completionMode: Indexed\n"
	for _, tc := range []struct {
		name, spec, want string
	}{
		{"the docs' policy is accepted", indexed + "  successPolicy:\n    rules:\n    - succeededIndexes: 0,2-3\n      succeededCount: 1\n", ""},
		{"a NonIndexed Job may not have one", "  completions: 10\n  successPolicy:\n    rules:\n    - succeededCount: 1\n",
			`The Job "indexed-job" is invalid: spec.successPolicy: Invalid value: {"Rules":[{"SucceededIndexes":null,"SucceededCount":1}]}: requires indexed completion mode`},
		{"rules are required", indexed + "  successPolicy:\n    rules: []\n",
			`The Job "indexed-job" is invalid: spec.successPolicy.rules: Required value: at least one rules must be specified when the successPolicy is specified`},
		{"a rule names indexes or a count", indexed + "  successPolicy:\n    rules:\n    - {}\n",
			`The Job "indexed-job" is invalid: spec.successPolicy.rules[0]: Required value: at least one of succeededCount or succeededIndexes must be specified`},
		{"indexes past completions", indexed + "  successPolicy:\n    rules:\n    - succeededIndexes: 2-10\n",
			`The Job "indexed-job" is invalid: spec.successPolicy.rules[0].succeededIndexes: Invalid value: "2-10": error parsing succeededIndexes: too large index: "10"`},
		{"indexes out of order", indexed + "  successPolicy:\n    rules:\n    - succeededIndexes: 3,1\n",
			`The Job "indexed-job" is invalid: spec.successPolicy.rules[0].succeededIndexes: Invalid value: "3,1": error parsing succeededIndexes: non-increasing order, previous: 3, current: 1`},
		{"an interval of three parts", indexed + "  successPolicy:\n    rules:\n    - succeededIndexes: 1-2-3\n",
			`The Job "indexed-job" is invalid: spec.successPolicy.rules[0].succeededIndexes: Invalid value: "1-2-3": error parsing succeededIndexes: the fragment "1-2-3" violates the requirement that an index interval can have at most two parts separated by '-'`},
		{"not a number", indexed + "  successPolicy:\n    rules:\n    - succeededIndexes: a\n",
			`The Job "indexed-job" is invalid: spec.successPolicy.rules[0].succeededIndexes: Invalid value: "a": error parsing succeededIndexes: cannot convert string to integer for index: "a"`},
		{"a count above the named indexes", indexed + "  successPolicy:\n    rules:\n    - succeededIndexes: 0,2-3\n      succeededCount: 4\n",
			`The Job "indexed-job" is invalid: spec.successPolicy.rules[0].succeededCount: Invalid value: 4: must be less than or equal to 3 (the number of indexes in the specified succeededIndexes field)`},
		{"a count above completions", indexed + "  successPolicy:\n    rules:\n    - succeededCount: 11\n",
			`The Job "indexed-job" is invalid: spec.successPolicy.rules[0].succeededCount: Invalid value: 11: must be less than or equal to 10 (the number of specified completions)`},
		{"a negative count", indexed + "  successPolicy:\n    rules:\n    - succeededCount: -1\n",
			`The Job "indexed-job" is invalid: spec.successPolicy.rules[0].succeededCount: Invalid value: -1: must be greater than or equal to 0`},
		{"at most 20 rules", indexed + "  successPolicy:\n    rules:\n" + strings.Repeat("    - succeededCount: 1\n", 21),
			`The Job "indexed-job" is invalid: spec.successPolicy.rules: Too many: 21: must have at most 20 items`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := apply(t, indexedJobManifest(tc.spec)); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}
