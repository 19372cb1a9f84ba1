//go:build lite

package lite

// Built reports whether this is the lite build.
const Built = true
