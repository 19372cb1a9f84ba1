package seam

import (
	"bytes"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/kubectl"
	"kubeplay/core/scheduler"
	"kubeplay/core/shell"
)

// describe(resource, namespace, name) is kubectl describe's text.
func (k *Core) describe(a argList) (any, error) {
	k.stash()
	args := []string{"describe", a.str(0)}
	if a.str(2) != "" {
		args = append(args, a.str(2))
	}
	if a.str(1) != "" {
		args = append(args, "-n", a.str(1))
	}
	var buf bytes.Buffer
	code := k.c.Kubectl(&k.out).Run(args, &buf, &buf)
	return map[string]any{"output": buf.String(), "code": code}, nil
}

type explainNode struct {
	Node     string `json:"node"`
	Feasible bool   `json:"feasible"`
	Plugin   string `json:"plugin,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// Scores are the weighted scores (normalized × weight) that add up to Total; Raw is what each plugin's
	// Score returned and Normalized the score after NormalizeScore (0–100).
	Scores     map[string]int64 `json:"scores,omitempty"`
	Raw        map[string]int64 `json:"raw,omitempty"`
	Normalized map[string]int64 `json:"normalized,omitempty"`
	Total      *int64           `json:"total,omitempty"`
}

type explainPlugin struct {
	Name   string `json:"name"`
	Weight int64  `json:"weight"`
}

type explainView struct {
	Pod         string          `json:"pod"`
	Time        string          `json:"time"`
	NumAllNodes int             `json:"numAllNodes"`
	Nodes       []explainNode   `json:"nodes"`
	Plugins     []string        `json:"plugins"`
	Weights     []explainPlugin `json:"weights"`
	Chosen      string          `json:"chosen"`
	Message     string          `json:"message,omitempty"`
	Text        string          `json:"text"`
	// Tie: the nodes sharing the top total, and how one of them was chosen.
	Tie *explainTie `json:"tie,omitempty"`
	// For a Pod with no node: the resource arithmetic per node and one change that would fix it.
	Resources []explainRes `json:"resources,omitempty"`
	Fix       string       `json:"fix,omitempty"`
}

// explain(namespace, name, lang) is the scheduler's last attempt for a pod: per
// node, the filter verdict and each score plugin's raw, normalized and weighted
// score; the tie-break when the top totals are equal; for a pod left without a
// node, the resource arithmetic per node and one change that would fix it. Its
// sentences are in lang ("ja" or "en", the default).
func (k *Core) explain(a argList) (any, error) {
	ns, name, lang := a.str(0), a.str(1), a.str(2)
	if ns == "" {
		ns = "default"
	}
	if k.c.Scheduler == nil {
		return map[string]string{"error": "this cluster has no scheduler"}, nil
	}
	at, ok := k.c.Scheduler.Explain(ns, name)
	if !ok {
		return map[string]string{"error": "the scheduler has not tried to schedule pod " + ns + "/" + name + " (yet)"}, nil
	}
	v := explainView{Pod: ns + "/" + name, Time: at.Time.UTC().Format("2006-01-02T15:04:05Z07:00"), NumAllNodes: at.NumAllNodes,
		Nodes: []explainNode{}, Plugins: []string{}, Weights: []explainPlugin{}, Chosen: at.Chosen, Message: at.Message,
		Text: scheduler.FormatExplain(at)}
	for _, s := range at.Scores {
		if !s.Skipped {
			v.Plugins = append(v.Plugins, s.Plugin)
			v.Weights = append(v.Weights, explainPlugin{Name: s.Plugin, Weight: s.Weight})
		}
	}
	idx := map[string]int{}
	for i, n := range at.ScoredNodes {
		idx[n] = i
	}
	for _, nv := range at.Nodes {
		en := explainNode{Node: nv.Node, Feasible: nv.Passed, Plugin: nv.Plugin, Reason: strings.Join(nv.Reasons, ", ")}
		if i, ok := idx[nv.Node]; ok {
			en.Scores, en.Raw, en.Normalized = map[string]int64{}, map[string]int64{}, map[string]int64{}
			for _, s := range at.Scores {
				if !s.Skipped {
					en.Scores[s.Plugin] = s.Normalized[i] * s.Weight
					en.Raw[s.Plugin] = s.Raw[i]
					en.Normalized[s.Plugin] = s.Normalized[i]
				}
			}
			t := at.Totals[i]
			en.Total = &t
		}
		v.Nodes = append(v.Nodes, en)
	}
	if len(at.Totals) > 1 {
		top := at.Totals[0]
		for _, t := range at.Totals {
			top = max(top, t)
		}
		var tied []string
		for i, t := range at.Totals {
			if t == top {
				tied = append(tied, at.ScoredNodes[i])
			}
		}
		if len(tied) > 1 {
			v.Tie = &explainTie{Nodes: tied, Total: top, Text: tieText(lang, tied, top)}
		}
	}
	if at.Chosen == "" {
		if d, ok := k.c.Scheduler.Diagnose(ns, name); ok {
			v.Resources = resourceRows(lang, d)
			v.Fix = fixText(lang, d)
		}
	}
	return v, nil
}

// complete(line) returns the candidates for the line's last word: commands,
// kubectl verbs, resource names and object names.
func (k *Core) complete(a argList) (any, error) {
	line := a.str(0)
	words := strings.Fields(line)
	last := ""
	if len(words) > 0 && !strings.HasSuffix(line, " ") {
		last = words[len(words)-1]
		words = words[:len(words)-1]
	}
	cands := k.candidates(words)
	out := []string{}
	seen := map[string]bool{}
	for _, c := range cands {
		if strings.HasPrefix(c, last) && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return out, nil
}

func (k *Core) candidates(words []string) []string {
	if len(words) == 0 {
		return shell.Commands
	}
	// Drop flags and their values so positions count only arguments.
	var args []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if strings.HasPrefix(w, "-") {
			if !strings.Contains(w, "=") && (w == "-n" || w == "--namespace" || w == "-o" || w == "--output" || w == "-l" || w == "-f" || w == "--as") {
				i++
			}
			continue
		}
		args = append(args, w)
	}
	ns := "default"
	for i, w := range words {
		if (w == "-n" || w == "--namespace") && i+1 < len(words) {
			ns = words[i+1]
		}
		if v, ok := strings.CutPrefix(w, "--namespace="); ok {
			ns = v
		}
	}
	switch args[0] {
	case "kubectl", "k":
		switch len(args) {
		case 1:
			return kubectl.Verbs()
		case 2:
			switch args[1] {
			case "cordon", "uncordon", "drain", "taint":
				return k.names("nodes", "")
			case "logs":
				return k.names("pods", ns)
			case "rollout":
				return []string{"history", "pause", "restart", "resume", "status", "undo"}
			case "auth":
				return []string{"can-i", "whoami"}
			case "create":
				return kubectl.CreateKinds()
			case "apply", "version", "api-resources", "cluster-info", "events":
				return nil
			}
			return resourceWords()
		default:
			if args[1] == "rollout" && len(args) == 3 {
				return []string{"deployment", "daemonset", "statefulset"}
			}
			var kind string
			if args[1] == "rollout" {
				kind = args[3]
			} else {
				kind = args[2]
			}
			if r, _, ok := strings.Cut(kind, "/"); ok {
				kind = r
			}
			info, ok := api.ResourceFor(kind)
			if !ok {
				return nil
			}
			if !info.Namespaced {
				ns = ""
			}
			return k.namesOf(info, ns)
		}
	case "sim":
		switch len(args) {
		case 1:
			return shell.SimVerbs
		case 2:
			switch args[1] {
			case "node":
				return shell.SimNodeVerbs
			case "restart", "stop", "start":
				comps := []string{"kube-scheduler", "kube-controller-manager"}
				if args[1] == "restart" {
					for _, n := range k.c.NodeNames() {
						comps = append(comps, "kubelet/"+n)
					}
				}
				return comps
			}
		case 3:
			if args[1] == "node" && args[2] != "add" {
				return k.c.NodeNames()
			}
		}
	case "kubeplay":
		switch len(args) {
		case 1:
			return []string{"explain"}
		case 2:
			return []string{"pod"}
		case 3:
			return k.names("pods", ns)
		}
	}
	return nil
}

func resourceWords() []string {
	var out []string
	for _, r := range api.Resources() {
		if !hasVerb(r.Verbs, "list") {
			continue
		}
		out = append(out, r.Resource)
		out = append(out, r.ShortNames...)
	}
	return out
}

func hasVerb(verbs []string, v string) bool {
	for _, x := range verbs {
		if x == v {
			return true
		}
	}
	return false
}

func (k *Core) names(resource, ns string) []string {
	info, ok := api.ResourceFor(resource)
	if !ok {
		return nil
	}
	return k.namesOf(info, ns)
}

func (k *Core) namesOf(info *api.ResourceInfo, ns string) []string {
	var out []string
	for _, o := range k.c.Server.Peek(info.Group, info.Resource, ns) {
		out = append(out, o.GetObjectMeta().Name)
	}
	return out
}
