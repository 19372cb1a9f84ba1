package seam

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/scheduler"
)

// The explain tab's sentences, in the page's language (ja in the polite register, en): the tie-break of
// equal top scores and, for a Pending Pod, its resource arithmetic per node and one change that would let
// it be scheduled.

type explainTie struct {
	Nodes []string `json:"nodes"`
	Total int64    `json:"total"`
	Text  string   `json:"text"`
}

// explainRes is one resource of one node for a Pending Pod: the Pod's request, the node's allocatable,
// what the requests of the pods on the node use, what is free, and whether the request fits.
type explainRes struct {
	Node        string `json:"node"`
	Resource    string `json:"resource"`
	Requested   string `json:"requested"`
	Allocatable string `json:"allocatable"`
	InUse       string `json:"inUse"`
	Free        string `json:"free"`
	Fits        bool   `json:"fits"`
	Text        string `json:"text"`
}

func ja(lang string) bool { return lang == "ja" }

// tieText says how kube-scheduler (and so kubeplay) breaks a tie of the top total: reservoir sampling among
// the nodes with that total, with the simulation's seeded randomness.
func tieText(lang string, nodes []string, total int64) string {
	if ja(lang) {
		return fmt.Sprintf("%s の合計が同点(%d)です。同点のノードからは無作為に 1 つを選びます(kube-scheduler と同じ reservoir sampling)。乱数はシミュレーションのシードから作るので、同じシードなら同じノードが選ばれます。",
			strings.Join(nodes, "、"), total)
	}
	all := "all"
	if len(nodes) == 2 {
		all = "both"
	}
	return fmt.Sprintf("Equal scores: %s %s total %d. The scheduler chooses at random among them (reservoir sampling, as kube-scheduler does), seeded by the simulation's seed: the same seed chooses the same node.",
		joinEn(nodes), all, total)
}

func joinEn(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	case 2:
		return s[0] + " and " + s[1]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// fmtCPU prints milli-CPU as cores, as a request is written: 4, 0.1, 3.9, 0.25.
func fmtCPU(m int64) string {
	return strconv.FormatFloat(float64(m)/1000, 'f', -1, 64)
}

// fmtMem prints bytes the way a manifest would: 8Gi, 128Mi, 512Ki, or bytes.
func fmtMem(b int64) string {
	const ki, mi, gi = 1 << 10, 1 << 20, 1 << 30
	switch {
	case b == 0:
		return "0"
	case b%gi == 0:
		return strconv.FormatInt(b/gi, 10) + "Gi"
	case b%mi == 0:
		return strconv.FormatInt(b/mi, 10) + "Mi"
	case b%ki == 0:
		return strconv.FormatInt(b/ki, 10) + "Ki"
	}
	return strconv.FormatInt(b, 10)
}

func fmtQty(r api.ResourceName, v int64) string {
	switch r {
	case api.ResourceCPU:
		return fmtCPU(v)
	case api.ResourceMemory, api.ResourceEphemeralStorage:
		return fmtMem(v)
	}
	return strconv.FormatInt(v, 10)
}

// resourceRows is the arithmetic for every node: cpu and memory (when the Pod requests them), and the
// pod count where it is full.
func resourceRows(lang string, d *scheduler.Diagnosis) []explainRes {
	out := []explainRes{}
	for _, n := range d.Nodes {
		type rq struct {
			name             api.ResourceName
			req, alloc, used int64
		}
		var rs []rq
		if d.MilliCPU > 0 {
			rs = append(rs, rq{api.ResourceCPU, d.MilliCPU, n.AllocMilliCPU, n.UsedMilliCPU})
		}
		if d.Memory > 0 {
			rs = append(rs, rq{api.ResourceMemory, d.Memory, n.AllocMemory, n.UsedMemory})
		}
		if n.UsedPods >= n.AllocPods {
			rs = append(rs, rq{api.ResourcePods, 1, n.AllocPods, n.UsedPods})
		}
		for _, r := range rs {
			free := r.alloc - r.used
			row := explainRes{Node: n.Node, Resource: string(r.name), Requested: fmtQty(r.name, r.req), Allocatable: fmtQty(r.name, r.alloc),
				InUse: fmtQty(r.name, r.used), Free: fmtQty(r.name, max(free, 0)), Fits: r.req <= free}
			if ja(lang) {
				row.Text = fmt.Sprintf("%s: %s の要求 %s、allocatable %s、使用中 %s(ノード上の Pod の requests の合計)、空き %s", n.Node, r.name, row.Requested, row.Allocatable, row.InUse, row.Free)
			} else {
				row.Text = fmt.Sprintf("%s: requested %s %s, allocatable %s, in use %s (requests of pods on the node), free %s", n.Node, r.name, row.Requested, row.Allocatable, row.InUse, row.Free)
			}
			out = append(out, row)
		}
	}
	return out
}

// fixText proposes one change that would let the Pod be scheduled: the blocker of a node that has only
// one (for a resource, the largest request any such node has room for). With no such node it names the
// blockers of the node with the fewest. It returns "" when some node has no blocker (the next attempt
// will place the Pod).
func fixText(lang string, d *scheduler.Diagnosis) string {
	if len(d.Nodes) == 0 {
		if ja(lang) {
			return "ノードがありません。ノードを追加してください(sim node add)。"
		}
		return "There are no nodes: add a node (sim node add)."
	}
	best := -1
	for i, n := range d.Nodes {
		if len(n.Blockers) == 0 {
			return ""
		}
		if best < 0 || len(n.Blockers) < len(d.Nodes[best].Blockers) {
			best = i
		}
	}
	if len(d.Nodes[best].Blockers) > 1 {
		n := d.Nodes[best]
		parts := make([]string, len(n.Blockers))
		for i, b := range n.Blockers {
			parts[i] = blockerFix(lang, d, n.Node, b)
		}
		if ja(lang) {
			return fmt.Sprintf("1 つの変更だけで入れるノードはありません。%s に入れるには: %s", n.Node, strings.Join(parts, " さらに "))
		}
		return fmt.Sprintf("No single change lets a node take the Pod. For %s: %s", n.Node, strings.Join(parts, " And "))
	}
	// Among the nodes with one blocker, a resource fix takes the most room any of them has.
	b := d.Nodes[best].Blockers[0]
	node := d.Nodes[best].Node
	if b.Kind == scheduler.BlockResource {
		for _, n := range d.Nodes {
			if len(n.Blockers) == 1 && n.Blockers[0].Kind == b.Kind && n.Blockers[0].Resource == b.Resource &&
				n.Blockers[0].Capacity-n.Blockers[0].Used > b.Capacity-b.Used {
				b, node = n.Blockers[0], n.Node
			}
		}
	}
	return blockerFix(lang, d, node, b)
}

func blockerFix(lang string, d *scheduler.Diagnosis, node string, b scheduler.Blocker) string {
	j := ja(lang)
	switch b.Kind {
	case scheduler.BlockResource:
		free := b.Capacity - b.Used
		if b.Resource == api.ResourcePods {
			if j {
				return fmt.Sprintf("%s は Pod 数が上限(%d)に達しています。Pod を減らすか、ノードを追加してください。", node, b.Capacity)
			}
			return fmt.Sprintf("%s holds its maximum of %d pods: delete a Pod there or add a node.", node, b.Capacity)
		}
		if free <= 0 {
			if j {
				return fmt.Sprintf("%s には %s の空きがありません(allocatable %s、使用中 %s)。Pod を減らすか、ノードを追加してください。", node, b.Resource, fmtQty(b.Resource, b.Capacity), fmtQty(b.Resource, b.Used))
			}
			return fmt.Sprintf("%s has no %s left (allocatable %s, in use %s): delete Pods there or add a node.", node, b.Resource, fmtQty(b.Resource, b.Capacity), fmtQty(b.Resource, b.Used))
		}
		if j {
			return fmt.Sprintf("requests.%s を %s 以下に下げてください(%s の空き: allocatable %s − 使用中 %s)。", b.Resource, fmtQty(b.Resource, free), node, fmtQty(b.Resource, b.Capacity), fmtQty(b.Resource, b.Used))
		}
		return fmt.Sprintf("Lower requests.%s to ≤ %s (free on %s: allocatable %s − in use %s).", b.Resource, fmtQty(b.Resource, free), node, fmtQty(b.Resource, b.Capacity), fmtQty(b.Resource, b.Used))
	case scheduler.BlockTaint:
		taint := b.Taint.Key
		if b.Taint.Value != "" {
			taint += "=" + b.Taint.Value
		}
		taint += ":" + string(b.Taint.Effect)
		if j {
			return fmt.Sprintf("%s の taint %s を許容する toleration を Pod に追加してください。", node, taint)
		}
		return fmt.Sprintf("Add a toleration for %s (the taint of %s).", taint, node)
	case scheduler.BlockNodeSelector:
		keys := make([]string, 0, len(b.Missing))
		for k := range b.Missing {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var labels []string
		for _, k := range keys {
			labels = append(labels, k+"="+b.Missing[k])
		}
		l := strings.Join(labels, ",")
		cmd := "kubectl label node " + node + " " + strings.Join(labels, " ")
		if noNodeHas(d, b.Missing) {
			if j {
				return fmt.Sprintf("ラベル %s を持つノードがありません。ノードにラベルを付ける(%s)か、nodeSelector を変えてください。", l, cmd)
			}
			return fmt.Sprintf("No node has label %s: label a node (%s) or change nodeSelector.", l, cmd)
		}
		if j {
			return fmt.Sprintf("%s にはラベル %s がありません。ラベルを付ける(%s)か、nodeSelector を変えてください。", node, l, cmd)
		}
		return fmt.Sprintf("%s lacks label %s: label it (%s) or change nodeSelector.", node, l, cmd)
	case scheduler.BlockNodeAffinity:
		if j {
			return fmt.Sprintf("%s は Pod の必須の node affinity に一致しません。affinity を変えるか、一致するラベルをノードに付けてください。", node)
		}
		return fmt.Sprintf("%s does not match the Pod's required node affinity: change the affinity or label the node to match it.", node)
	case scheduler.BlockUnschedulable:
		if j {
			return fmt.Sprintf("%s は cordon されています。kubectl uncordon %s で戻してください。", node, node)
		}
		return fmt.Sprintf("%s is cordoned: kubectl uncordon %s.", node, node)
	}
	reason := strings.Join(b.Reasons, ", ")
	if j {
		return fmt.Sprintf("%s では %s が除外しています(%s)。この条件を変えてください。", node, b.Plugin, reason)
	}
	return fmt.Sprintf("On %s, %s filters it out (%s): change what it checks.", node, b.Plugin, reason)
}

// noNodeHas reports whether no node carries all of the labels.
func noNodeHas(d *scheduler.Diagnosis, labels map[string]string) bool {
	for _, n := range d.Nodes {
		has := true
		for _, b := range n.Blockers {
			if b.Kind == scheduler.BlockNodeSelector {
				for k := range labels {
					if _, miss := b.Missing[k]; miss {
						has = false
					}
				}
			}
		}
		if has {
			return false
		}
	}
	return true
}
