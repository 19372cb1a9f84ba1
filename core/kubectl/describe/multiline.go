package describe

import (
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
)

// maxAnnotationLen is where describe folds a long annotation onto its own lines.
const maxAnnotationLen = 140

// printLabelsMultiline prints "Title:\tk=v" then "\tk2=v2" lines, sorted, or "<none>".
func printLabelsMultiline(w prefixWriter, title string, labels map[string]string) {
	printLabelsMultilineWithIndent(w, "", title, "\t", labels)
}

func printLabelsMultilineWithIndent(w prefixWriter, initialIndent, title, innerIndent string, labels map[string]string) {
	w.Write(level0, "%s%s:%s", initialIndent, title, innerIndent)
	if len(labels) == 0 {
		w.WriteLine("<none>")
		return
	}
	keys := sortedKeys(labels)
	for i, k := range keys {
		if i != 0 {
			w.Write(level0, "%s", initialIndent)
			w.Write(level0, "%s", innerIndent)
		}
		w.Write(level0, "%s=%s\n", k, labels[k])
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// printAnnotationsMultiline prints annotations as "k: v", skipping
// kubectl.kubernetes.io/last-applied-configuration and folding long values.
func printAnnotationsMultiline(w prefixWriter, title string, annotations map[string]string) {
	w.Write(level0, "%s:\t", title)
	var keys []string
	for k := range annotations {
		if k == "kubectl.kubernetes.io/last-applied-configuration" {
			continue
		}
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		w.WriteLine("<none>")
		return
	}
	sort.Strings(keys)
	indent := "\t"
	for i, k := range keys {
		if i != 0 {
			w.Write(level0, "%s", indent)
		}
		v := strings.TrimSuffix(annotations[k], "\n")
		if len(v)+len(k)+2 > maxAnnotationLen || strings.Contains(v, "\n") {
			w.Write(level0, "%s:\n", k)
			for _, s := range strings.Split(v, "\n") {
				if len(s) > maxAnnotationLen-2 {
					s = s[:maxAnnotationLen-2] + "..."
				}
				w.Write(level0, "%s  %s\n", indent, s)
			}
		} else {
			w.Write(level0, "%s: %s\n", k, v)
		}
	}
}

// taintString is v1.Taint.ToString: "key=value:Effect", "key:Effect", ...
func taintString(t api.Taint) string {
	switch {
	case t.Effect == "" && t.Value == "":
		return t.Key
	case t.Effect == "":
		return fmt.Sprintf("%s=%s:", t.Key, t.Value)
	case t.Value == "":
		return fmt.Sprintf("%s:%s", t.Key, t.Effect)
	}
	return fmt.Sprintf("%s=%s:%s", t.Key, t.Value, t.Effect)
}

// printTaintsMultiline prints taints sorted by effect then key.
func printTaintsMultiline(w prefixWriter, title string, taints []api.Taint) {
	w.Write(level0, "%s:\t", title)
	if len(taints) == 0 {
		w.WriteLine("<none>")
		return
	}
	ts := append([]api.Taint(nil), taints...)
	sort.SliceStable(ts, func(i, j int) bool {
		return string(ts[i].Effect)+","+ts[i].Key < string(ts[j].Effect)+","+ts[j].Key
	})
	for i, t := range ts {
		if i != 0 {
			w.Write(level0, "\t")
		}
		w.Write(level0, "%s\n", taintString(t))
	}
}

// printTolerationsMultiline prints tolerations sorted by key, as
// "node.kubernetes.io/not-ready:NoExecute op=Exists for 300s".
func printTolerationsMultiline(w prefixWriter, initialIndent, title string, tolerations []api.Toleration) {
	w.Write(level0, "%s%s:\t", initialIndent, title)
	if len(tolerations) == 0 {
		w.WriteLine("<none>")
		return
	}
	ts := append([]api.Toleration(nil), tolerations...)
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].Key < ts[j].Key })
	for i, t := range ts {
		if i != 0 {
			w.Write(level0, "%s", initialIndent)
			w.Write(level0, "\t")
		}
		w.Write(level0, "%s", t.Key)
		if t.Value != "" {
			w.Write(level0, "=%s", t.Value)
		}
		if t.Effect != "" {
			w.Write(level0, ":%s", t.Effect)
		}
		if string(t.Operator) == "Exists" && t.Value == "" {
			if t.Key != "" || t.Effect != "" {
				w.Write(level0, " op=Exists")
			} else {
				w.Write(level0, "op=Exists")
			}
		}
		if t.TolerationSeconds != nil {
			w.Write(level0, " for %ds", *t.TolerationSeconds)
		}
		w.Write(level0, "\n")
	}
}
