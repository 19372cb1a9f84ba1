package kubectl

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"kubeplay/core/api"
)

// sortGroups is kubectl get --sort-by=JSONPATH: each group's objects
// ordered by the field (numbers as numbers, quantities as quantities,
// otherwise as strings; stable), kubectl's error when no object has it.
func sortGroups(groups []group, expr string) error {
	if expr == "" {
		return nil
	}
	tmpl := expr
	if !strings.HasPrefix(tmpl, "{") {
		tmpl = "{" + tmpl + "}"
	}
	for gi := range groups {
		items := groups[gi].items
		keys := make([]string, len(items))
		found := false
		for i, r := range items {
			v, err := evalJSONPath(tmpl, api.EncodeJSON(r.obj))
			if err != nil {
				return err
			}
			if v != "" {
				found = true
			}
			keys[i] = v
		}
		if !found && len(items) > 1 {
			return fmt.Errorf("couldn't find any field with path %q in the list of objects", tmpl)
		}
		idx := make([]int, len(items))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return sortLess(keys[idx[a]], keys[idx[b]]) })
		sorted := make([]resolved, len(items))
		for i, j := range idx {
			sorted[i] = items[j]
		}
		groups[gi].items = sorted
	}
	return nil
}

// sortLess compares two field values as kubectl's RuntimeSort does for
// their types.
func sortLess(a, b string) bool {
	if x, err := strconv.ParseFloat(a, 64); err == nil {
		if y, err := strconv.ParseFloat(b, 64); err == nil {
			return x < y
		}
	}
	if x, err := api.ParseQuantity(a); err == nil {
		if y, err := api.ParseQuantity(b); err == nil {
			return x.Cmp(y) < 0
		}
	}
	return a < b
}
