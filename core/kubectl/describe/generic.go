package describe

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
	"time"
	"unicode"

	"kubeplay/core/api"
)

// describeGeneric is kubectl's generic describer for kinds without their own
// (leases, events, ...): name, namespace, labels, annotations, then every
// other field in sorted order with "smart" labels, then events.
func describeGeneric(obj api.Object, events []*api.Event, now time.Time) string {
	m := obj.GetObjectMeta()
	var content map[string]any
	dec := json.NewDecoder(bytes.NewReader(api.EncodeJSON(api.SetDefaultTypeMeta(api.DeepCopy(obj)))))
	dec.UseNumber()
	_ = dec.Decode(&content)
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", m.Name)
		w.Write(level0, "Namespace:\t%s\n", m.Namespace)
		printLabelsMultiline(w, "Labels", m.Labels)
		printAnnotationsMultiline(w, "Annotations", m.Annotations)
		printUnstructured(w, level0, content, "", ".metadata.managedFields", ".metadata.name",
			".metadata.namespace", ".metadata.labels", ".metadata.annotations")
		describeEvents(w, events, now)
	})
}

func printUnstructured(w prefixWriter, level int, content map[string]any, skipPrefix string, skip ...string) {
	fields := make([]string, 0, len(content))
	for f := range content {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	skipped := func(expr string) bool {
		for _, s := range skip {
			if s == expr {
				return true
			}
		}
		return false
	}
	for _, f := range fields {
		expr := skipPrefix + "." + f
		if skipped(expr) {
			continue
		}
		switch v := content[f].(type) {
		case map[string]any:
			w.Write(level, "%s:\n", smartLabelFor(f))
			printUnstructured(w, level+1, v, expr, skip...)
		case []any:
			w.Write(level, "%s:\n", smartLabelFor(f))
			for _, child := range v {
				if cm, ok := child.(map[string]any); ok {
					printUnstructured(w, level+1, cm, expr, skip...)
				} else {
					w.Write(level+1, "%v\n", child)
				}
			}
		default:
			w.Write(level, "%s:\t%v\n", smartLabelFor(f), v)
		}
	}
}

// camelSplit splits "creationTimestamp" into ["creation", "Timestamp"] and
// "holderIdentity" into ["holder", "Identity"] (fatih/camelcase rules).
func camelSplit(s string) []string {
	class := func(r rune) int {
		switch {
		case unicode.IsLower(r):
			return 1
		case unicode.IsUpper(r):
			return 2
		case unicode.IsDigit(r):
			return 3
		}
		return 4
	}
	var runs [][]rune
	last := 0
	for _, r := range s {
		c := class(r)
		if c == last {
			runs[len(runs)-1] = append(runs[len(runs)-1], r)
		} else {
			runs = append(runs, []rune{r})
		}
		last = c
	}
	for i := 0; i < len(runs)-1; i++ {
		if class(runs[i][0]) == 2 && class(runs[i+1][0]) == 1 {
			runs[i+1] = append([]rune{runs[i][len(runs[i])-1]}, runs[i+1]...)
			runs[i] = runs[i][:len(runs[i])-1]
		}
	}
	out := make([]string, 0, len(runs))
	for _, r := range runs {
		if len(r) > 0 {
			out = append(out, string(r))
		}
	}
	return out
}

// smartLabelFor turns a JSON field name into describe's label: "holderIdentity" → "Holder Identity".
func smartLabelFor(field string) string {
	if strings.IndexFunc(field, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) != -1 {
		return field
	}
	acronyms := map[string]bool{"API": true, "URL": true, "UID": true, "GUID": true}
	parts := camelSplit(field)
	var out []string
	for _, p := range parts {
		if p == "_" {
			continue
		}
		switch {
		case acronyms[strings.ToUpper(p)]:
			p = strings.ToUpper(p)
		case strings.ToLower(p) == p:
			p = strings.ToUpper(p[:1]) + p[1:]
		}
		out = append(out, p)
	}
	return strings.Join(out, " ")
}
