package describe

import (
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
)

// describeRole is kubectl describe role / clusterrole: one PolicyRule line per
// resource, verbs merged for identical resource, name and URL sets.
func describeRole(meta *api.ObjectMeta, rules []api.PolicyRule) string {
	type line struct{ resource, urls, names, verbs string }
	var lines []line
	index := map[string]int{}
	add := func(resource string, urls, names, verbs []string) {
		key := resource + "|" + fmt.Sprint(urls) + "|" + fmt.Sprint(names)
		if i, ok := index[key]; ok {
			merged := strings.Fields(strings.Trim(lines[i].verbs, "[]"))
			for _, v := range verbs {
				if !contains(merged, v) {
					merged = append(merged, v)
				}
			}
			lines[i].verbs = fmt.Sprint(merged)
			return
		}
		index[key] = len(lines)
		lines = append(lines, line{resource, fmt.Sprint(urls), fmt.Sprint(names), fmt.Sprint(verbs)})
	}
	for _, r := range rules {
		if len(r.Resources) == 0 {
			add("", orEmpty(r.NonResourceURLs), []string{}, r.Verbs)
			continue
		}
		groups := r.APIGroups
		if len(groups) == 0 {
			groups = []string{""}
		}
		for _, g := range groups {
			for _, res := range r.Resources {
				add(combineResourceGroup(res, g), []string{}, orEmpty(r.ResourceNames), r.Verbs)
			}
		}
	}
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].resource < lines[j].resource })
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", meta.Name)
		printLabelsMultiline(w, "Labels", meta.Labels)
		printAnnotationsMultiline(w, "Annotations", meta.Annotations)
		w.Write(level0, "PolicyRule:\n")
		w.Write(level1, "Resources\tNon-Resource URLs\tResource Names\tVerbs\n")
		w.Write(level1, "---------\t-----------------\t--------------\t-----\n")
		for _, l := range lines {
			w.Write(level1, "%s\t%v\t%v\t%v\n", l.resource, l.urls, l.names, l.verbs)
		}
	})
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// combineResourceGroup renders "deployments.apps", "pods/log", "pods".
func combineResourceGroup(resource, group string) string {
	parts := strings.SplitN(resource, "/", 2)
	out := parts[0]
	if group != "" {
		out += "." + group
	}
	if len(parts) == 2 {
		out += "/" + parts[1]
	}
	return out
}

// describeBinding is kubectl describe rolebinding / clusterrolebinding.
func describeBinding(meta *api.ObjectMeta, ref api.RoleRef, subjects []api.Subject) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", meta.Name)
		printLabelsMultiline(w, "Labels", meta.Labels)
		printAnnotationsMultiline(w, "Annotations", meta.Annotations)
		w.Write(level0, "Role:\n")
		w.Write(level1, "Kind:\t%s\n", ref.Kind)
		w.Write(level1, "Name:\t%s\n", ref.Name)
		w.Write(level0, "Subjects:\n")
		w.Write(level1, "Kind\tName\tNamespace\n")
		w.Write(level1, "----\t----\t---------\n")
		for _, s := range subjects {
			w.Write(level1, "%s\t%s\t%s\n", s.Kind, s.Name, s.Namespace)
		}
	})
}
