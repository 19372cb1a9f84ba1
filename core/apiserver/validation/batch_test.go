package validation_test

import (
	"fmt"
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
