package seam

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

// The page names the seam's functions once, in site/src/seamfns.js (SEAM: api.js, core.js and the core's
// worker use it). It must list exactly the functions this package registers.
func TestThePageNamesEverySeamFunction(t *testing.T) {
	src, err := os.ReadFile("../../site/src/seamfns.js")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)export const SEAM = Object\.freeze\(\{\n(.*?)\n\}\);`).FindSubmatch(src)
	if block == nil {
		t.Fatal("site/src/seamfns.js: no `export const SEAM = Object.freeze({ … });` block")
	}
	var page []string
	for _, m := range regexp.MustCompile(`(?m)^  (\w+): \{`).FindAllSubmatch(block[1], -1) {
		page = append(page, string(m[1]))
	}
	goNames := Functions()
	slices.Sort(goNames)
	sorted := slices.Clone(page)
	slices.Sort(sorted)
	if !slices.Equal(sorted, goNames) {
		t.Errorf("site/src/seamfns.js lists %v\nwasm/seam registers %v", sorted, goNames)
	}
	if len(slices.Compact(sorted)) != len(page) {
		t.Errorf("site/src/seamfns.js names a function twice: %v", page)
	}
}
