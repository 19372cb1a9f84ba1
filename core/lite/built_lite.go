//go:build lite

package lite

// Built reports whether this is the lite build.
const Built = true

// Need stops the running call: feature is not in this build. Only the lite
// build's stubs call it (the full build has no Need).
func Need(feature string) { panic(Missing{feature}) }
