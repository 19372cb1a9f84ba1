package job

import (
	"strconv"

	"kubeplay/core/api"
)

// SuccessPolicyMessage begins the SuccessCriteriaMet (and then Complete)
// condition's message of an Indexed Job whose successPolicy matched; the
// index of the first matching rule follows ("Matched rules at index 0").
const SuccessPolicyMessage = "Matched rules at index"

// matchSuccessPolicy reports the message of the first rule of the Job's
// successPolicy the succeeded indexes satisfy. A rule with succeededIndexes
// is met once all of them succeeded, or succeededCount of them; a rule
// with succeededCount alone once that many indexes succeeded. A rule whose
// indexes do not parse is skipped.
func matchSuccessPolicy(sp *api.SuccessPolicy, completions int, done intervals) (string, bool) {
	if sp == nil || len(done) == 0 {
		return "", false
	}
	for i, rule := range sp.Rules {
		met := false
		if rule.SucceededIndexes != nil {
			want := parseIndexes(*rule.SucceededIndexes, completions)
			if len(want) == 0 {
				continue
			}
			n := want.overlap(done)
			met = n == want.total() || rule.SucceededCount != nil && n >= int(*rule.SucceededCount)
		} else if rule.SucceededCount != nil {
			met = done.total() >= int(*rule.SucceededCount)
		}
		if met {
			return SuccessPolicyMessage + " " + strconv.Itoa(i), true
		}
	}
	return "", false
}

// overlap counts the indexes oi and other have in common.
func (oi intervals) overlap(other intervals) int {
	n, i, j := 0, 0, 0
	for i < len(oi) && j < len(other) {
		if k := min(oi[i].Last, other[j].Last) - max(oi[i].First, other[j].First) + 1; k > 0 {
			n += k
		}
		if oi[i].Last < other[j].Last {
			i++
		} else {
			j++
		}
	}
	return n
}
