package printers

import (
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
)

// FormatLabels renders a label map as "k1=v1,k2=v2" sorted by key, or
// "<none>" when empty (apimachinery labels.FormatLabels).
func FormatLabels(m map[string]string) string {
	if len(m) == 0 {
		return "<none>"
	}
	return labels.Set(m).String()
}

// SelectorString renders a label selector as labels.Selector.String() does
// after metav1.LabelSelectorAsSelector: requirements sorted by key,
// "k=v", "k in (a,b)", "k notin (a,b)", "k", "!k". Nil or empty gives "".
func SelectorString(sel *api.LabelSelector) string {
	if sel == nil {
		return ""
	}
	type req struct{ key, text string }
	var reqs []req
	for k, v := range sel.MatchLabels {
		reqs = append(reqs, req{k, k + "=" + v})
	}
	for _, e := range sel.MatchExpressions {
		vals := append([]string(nil), e.Values...)
		sort.Strings(vals)
		var text string
		switch strings.ToLower(string(e.Operator)) {
		case "in":
			text = e.Key + " in (" + strings.Join(vals, ",") + ")"
		case "notin":
			text = e.Key + " notin (" + strings.Join(vals, ",") + ")"
		case "exists":
			text = e.Key
		case "doesnotexist":
			text = "!" + e.Key
		default:
			text = e.Key + " " + string(e.Operator) + " (" + strings.Join(vals, ",") + ")"
		}
		reqs = append(reqs, req{e.Key, text})
	}
	sort.SliceStable(reqs, func(i, j int) bool {
		if reqs[i].key != reqs[j].key {
			return reqs[i].key < reqs[j].key
		}
		return reqs[i].text < reqs[j].text
	})
	parts := make([]string, len(reqs))
	for i, r := range reqs {
		parts[i] = r.text
	}
	return strings.Join(parts, ",")
}

// FormatLabelSelector is metav1.FormatLabelSelector: SelectorString, or
// "<none>" when the selector is nil or selects everything.
func FormatLabelSelector(sel *api.LabelSelector) string {
	if s := SelectorString(sel); s != "" {
		return s
	}
	return "<none>"
}

// containerCells lays out container names and images comma-separated, as the
// CONTAINERS and IMAGES wide columns show them.
func containerCells(cs []api.Container) (names, images string) {
	n := make([]string, len(cs))
	im := make([]string, len(cs))
	for i, c := range cs {
		n[i] = c.Name
		im[i] = c.Image
	}
	return strings.Join(n, ","), strings.Join(im, ",")
}
