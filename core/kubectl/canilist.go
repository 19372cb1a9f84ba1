package kubectl

import (
	"fmt"
	"sort"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/kubectl/printers"
)

// authCanIList is kubectl auth can-i --list: the server's rules review,
// broken down per resource, the simple ones compacted, sorted as kubectl
// sorts PolicyRules (by their String()), in four columns.
func (inv *invocation) authCanIList(user request.UserInfo, ns string) error {
	var rules []api.PolicyRule
	for _, r := range inv.k.env.Server.RulesReview(user, ns) {
		rules = append(rules, breakdownRule(r)...)
	}
	rules = compactRules(rules)
	sort.SliceStable(rules, func(i, j int) bool { return ruleString(rules[i]) < ruleString(rules[j]) })
	tw := printers.NewTabWriter(inv.out)
	if !inv.f.boolean("no-headers") {
		fmt.Fprintln(tw, "Resources\tNon-Resource URLs\tResource Names\tVerbs")
	}
	for _, r := range rules {
		fmt.Fprintf(tw, "%s\t%v\t%v\t%v\n", combineResourceGroup(r.Resources, r.APIGroups), list(r.NonResourceURLs), list(r.ResourceNames), list(r.Verbs))
	}
	return tw.Flush()
}

func list(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func breakdownRule(r api.PolicyRule) []api.PolicyRule {
	var out []api.PolicyRule
	for _, g := range r.APIGroups {
		for _, res := range r.Resources {
			if len(r.ResourceNames) > 0 {
				for _, n := range r.ResourceNames {
					out = append(out, api.PolicyRule{APIGroups: []string{g}, Resources: []string{res}, Verbs: r.Verbs, ResourceNames: []string{n}})
				}
				continue
			}
			out = append(out, api.PolicyRule{APIGroups: []string{g}, Resources: []string{res}, Verbs: r.Verbs})
		}
	}
	for _, u := range r.NonResourceURLs {
		out = append(out, api.PolicyRule{NonResourceURLs: []string{u}, Verbs: r.Verbs})
	}
	return out
}

// compactRules merges the verbs of rules on the same single resource.
func compactRules(rules []api.PolicyRule) []api.PolicyRule {
	var out []api.PolicyRule
	simple := map[[2]string]int{}
	for _, r := range rules {
		if len(r.APIGroups) == 1 && len(r.Resources) == 1 && len(r.ResourceNames) == 0 && len(r.NonResourceURLs) == 0 {
			key := [2]string{r.APIGroups[0], r.Resources[0]}
			if i, ok := simple[key]; ok {
				for _, v := range r.Verbs {
					if !contains(out[i].Verbs, v) {
						out[i].Verbs = append(out[i].Verbs, v)
					}
				}
				continue
			}
			simple[key] = len(out)
			r.Verbs = append([]string(nil), r.Verbs...)
		}
		out = append(out, r)
	}
	return out
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// ruleString is rbacv1.PolicyRule's String(), kubectl's sort key.
func ruleString(r api.PolicyRule) string {
	return fmt.Sprintf("&PolicyRule{Verbs:%v,APIGroups:%v,Resources:%v,ResourceNames:%v,NonResourceURLs:%v,}", list(r.Verbs), list(r.APIGroups), list(r.Resources), list(r.ResourceNames), list(r.NonResourceURLs))
}

// combineResourceGroup is "resource.group" ("resource" in the core group;
// a subresource after the group).
func combineResourceGroup(resources, groups []string) string {
	if len(resources) == 0 {
		return ""
	}
	res, sub, hasSub := cutSlash(resources[0])
	if len(groups) > 0 && groups[0] != "" {
		res += "." + groups[0]
	}
	if hasSub {
		res += "/" + sub
	}
	return res
}

func cutSlash(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
