//go:build !lite

package sh

// The full build has every utility and builtin, and arithmetic; the lite
// build (core/lite, the page's first download) leaves these to it
// (utils_lite.go).
func init() {
	for name, u := range fullUtilities() {
		utilities[name] = u
	}
	for name, b := range fullBuiltins() {
		builtins[name] = b
	}
	arithmetic = (*Interp).arith
}
