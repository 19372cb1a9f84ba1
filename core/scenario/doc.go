// Package scenario loads, plays and checks kubeplay scenarios: YAML lessons
// (scenarios/*.yaml) that build a cluster, run kubectl lines, advance virtual
// time and verify what a learner should see — Events in order, Pod STATUS,
// command output. It plays the part of kwok's golden stage tests and of the
// e2e framework's "wait until, or fail with what we saw" helpers: every
// expectation advances the virtual clock in small slices until it holds or
// its deadline passes, so a check is exact and deterministic.
package scenario
