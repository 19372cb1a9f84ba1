// Package lite is where the page's first download ends. The playground loads
// a build made with the `lite` build tag first: it leaves out what a learner
// rarely reaches in a first session (lessons, and kubectl's less used
// commands and its go-template output). Each entry point left out is a stub
// that calls Need; wasm/seam answers a call that reached one with
// {"needsFull": feature, "journal": …}, and the page's core worker then loads
// the full build, replays the journal (the session up to that call) and runs
// the call again there. Only the lite build has Need (built_lite.go).
package lite

// Missing is what Need panics with: the feature this build leaves out.
type Missing struct{ Feature string }
