package labels

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// TestFormatMatchersAreTheRegexps: each matcher accepts exactly what
// apimachinery's regexp accepts, over hand-picked and random strings.
func TestFormatMatchersAreTheRegexps(t *testing.T) {
	cases := []struct {
		re    string
		match func(string) bool
	}{
		{"[a-z0-9]([-a-z0-9]*[a-z0-9])?", IsDNS1123LabelFormat},
		{dns1123SubFmt, IsDNS1123SubdomainFormat},
		{"[a-z]([-a-z0-9]*[a-z0-9])?", IsDNS1035LabelFormat},
		{labelKeyFmt, isNameFormat},
		{`[-._a-zA-Z0-9]+`, IsConfigMapKeyFormat},
		{"[0-9]+%", IsPercentFormat},
	}
	fixed := []string{"", "a", "-", ".", "a-", "-a", "a.b", "a..b", ".a", "a.", "A", "aB", "a_b", "a/b", "0", "9%", "%", "12%", "1%2",
		"a-b.c-d", "ab\n", "é", "a b", "nginx-7c5ddbdf54-x2x9z", "example.com", "kubernetes.io", "_a", "a_", "..", "1.2.3.4", "x%%"}
	alphabet := "ab-z09._%AZ/ \n"
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range cases {
		re := regexp.MustCompile("^" + c.re + "$")
		strs := append([]string(nil), fixed...)
		for i := 0; i < 20000; i++ {
			b := make([]byte, r.IntN(9))
			for j := range b {
				b[j] = alphabet[r.IntN(len(alphabet))]
			}
			strs = append(strs, string(b))
		}
		for _, s := range strs {
			if got, want := c.match(s), re.MatchString(s); got != want {
				t.Errorf("%q against %s: matcher %v, regexp %v", s, c.re, got, want)
			}
		}
	}
}
