package scheduler

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
)

// NodeVerdict is one node's filter outcome in an attempt.
type NodeVerdict struct {
	Node   string
	Passed bool
	// Plugin and Reasons say why a rejected node was rejected.
	Plugin  string
	Reasons []string
}

// PluginScore is one score plugin's results for the scored nodes of an
// attempt (aligned with Attempt.ScoredNodes).
type PluginScore struct {
	Plugin  string
	Weight  int64
	Skipped bool
	// Raw is what Score returned; Normalized is after NormalizeScore. The
	// plugin's contribution to the total is Normalized × Weight.
	Raw, Normalized []int64
}

// Attempt is the record of a pod's last scheduling attempt: what every
// evaluated node's filters said, and how the feasible nodes scored.
type Attempt struct {
	Namespace, Name string
	Time            time.Time
	NumAllNodes     int
	// Nodes are the evaluated nodes in evaluation order.
	Nodes []NodeVerdict
	// ScoredNodes, Scores and Totals are empty when at most one node was
	// feasible (scoring is skipped).
	ScoredNodes []string
	Scores      []PluginScore
	Totals      []int64
	// Chosen is the selected node; Message the failure text otherwise.
	Chosen  string
	Message string
}

func (a *Attempt) reset(pod *api.Pod, now time.Time, numAll int) {
	a.Namespace, a.Name, a.Time, a.NumAllNodes = pod.Namespace, pod.Name, now, numAll
	a.Nodes, a.ScoredNodes, a.Totals = a.Nodes[:0], a.ScoredNodes[:0], a.Totals[:0]
	a.Scores = a.Scores[:0]
	a.Chosen, a.Message = "", ""
}

func (a *Attempt) pass(node string) { a.Nodes = append(a.Nodes, NodeVerdict{Node: node, Passed: true}) }

func (a *Attempt) reject(node string, st *framework.Status) {
	a.Nodes = append(a.Nodes, NodeVerdict{Node: node, Plugin: st.Plugin(), Reasons: st.Reasons()})
}

func (a *Attempt) scores(nodes []*framework.NodeInfo, ps []framework.PluginScores, totals []int64) {
	for _, n := range nodes {
		a.ScoredNodes = append(a.ScoredNodes, n.Name())
	}
	a.Totals = append(a.Totals, totals...)
	for i := range ps {
		p := &ps[i]
		var cur PluginScore
		if i < cap(a.Scores) {
			cur = a.Scores[:i+1][i]
		}
		cur.Plugin, cur.Weight, cur.Skipped = p.Plugin, p.Weight, p.Skipped
		cur.Raw = append(cur.Raw[:0], p.Raw...)
		cur.Normalized = append(cur.Normalized[:0], p.Normalized...)
		a.Scores = append(a.Scores, cur)
	}
}

func (a *Attempt) finish(chosen, msg string) { a.Chosen, a.Message = chosen, msg }

// summary is the compact per-node part of the trace line, for small clusters.
func (a *Attempt) summary() string {
	if len(a.Nodes) > 6 {
		return ""
	}
	total := map[string]int64{}
	for i, n := range a.ScoredNodes {
		total[n] = a.Totals[i]
	}
	var parts []string
	for _, v := range a.Nodes {
		switch {
		case !v.Passed:
			parts = append(parts, fmt.Sprintf("%s: %s", v.Node, strings.Join(v.Reasons, ", ")))
		case len(a.ScoredNodes) > 0:
			parts = append(parts, fmt.Sprintf("%s %d", v.Node, total[v.Node]))
		}
	}
	return strings.Join(parts, ", ")
}

// clone deep-copies an attempt for callers.
func (a *Attempt) clone() *Attempt {
	c := *a
	c.Nodes = append([]NodeVerdict(nil), a.Nodes...)
	c.ScoredNodes = append([]string(nil), a.ScoredNodes...)
	c.Totals = append([]int64(nil), a.Totals...)
	c.Scores = make([]PluginScore, len(a.Scores))
	for i, s := range a.Scores {
		s.Raw = append([]int64(nil), s.Raw...)
		s.Normalized = append([]int64(nil), s.Normalized...)
		c.Scores[i] = s
	}
	return &c
}

// MaxExplainRows bounds the node rows kept across all stored attempts, so a
// 5000-node cluster keeps the last few dozen pods' full tables while a
// small playground cluster keeps the last ExplainLimit pods.
const MaxExplainRows = 16384

// explainStore keeps the last attempt of the most recently attempted pods,
// recycling the oldest record's buffers.
type explainStore struct {
	limit int
	byKey map[string]*Attempt
	order []explainEntry // oldest first
}

// explainEntry is a stored attempt with its namespace/name key, so counting
// the stored rows (every attempt) needs no map lookups.
type explainEntry struct {
	key string
	a   *Attempt
}

func newExplainStore(limit int) *explainStore {
	return &explainStore{limit: limit, byKey: map[string]*Attempt{}}
}

func (e *explainStore) rows() int {
	n := 0
	for _, x := range e.order {
		n += len(x.a.Nodes)
	}
	return n
}

func (e *explainStore) begin(pod *api.Pod, now time.Time, numAll int) *Attempt {
	key := podKey(pod)
	a, ok := e.byKey[key]
	if ok {
		for i, x := range e.order {
			if x.key == key {
				e.order = append(e.order[:i], e.order[i+1:]...)
				break
			}
		}
	}
	for len(e.order) > 0 && (len(e.order) >= e.limit || e.rows() > MaxExplainRows) {
		oldest := e.order[0]
		e.order = e.order[1:]
		if a == nil {
			a = oldest.a
		}
		delete(e.byKey, oldest.key)
	}
	if a == nil {
		a = &Attempt{}
	}
	a.reset(pod, now, numAll)
	if e.limit > 0 {
		e.byKey[key] = a
		e.order = append(e.order, explainEntry{key, a})
	}
	return a
}

// Explain returns (a copy of) the last scheduling attempt of a pod.
func (sc *Scheduler) Explain(namespace, name string) (*Attempt, bool) {
	if sc.explain == nil {
		return nil, false
	}
	a, ok := sc.explain.byKey[namespace+"/"+name]
	if !ok {
		return nil, false
	}
	return a.clone(), true
}

// FormatExplain prints an attempt as a table: one row per evaluated node
// with its filter verdict, one column per score plugin (normalized score ×
// weight, raw score in parentheses when it differs) and the TOTAL.
func FormatExplain(a *Attempt) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Pod %s/%s, attempt at %s: %d node(s), %d evaluated", a.Namespace, a.Name, a.Time.UTC().Format(time.RFC3339), a.NumAllNodes, len(a.Nodes))
	if a.Chosen != "" {
		fmt.Fprintf(&b, ", chose %s\n", a.Chosen)
	} else {
		fmt.Fprintf(&b, ", unschedulable\n%s\n", a.Message)
	}
	var cols []int
	for i, s := range a.Scores {
		if !s.Skipped {
			cols = append(cols, i)
		}
	}
	idx := map[string]int{}
	for i, n := range a.ScoredNodes {
		idx[n] = i
	}
	tw := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	fmt.Fprint(tw, "NODE\tFILTER")
	for _, c := range cols {
		fmt.Fprintf(tw, "\t%s(x%d)", a.Scores[c].Plugin, a.Scores[c].Weight)
	}
	if len(a.ScoredNodes) > 0 {
		fmt.Fprint(tw, "\tTOTAL")
	}
	fmt.Fprintln(tw)
	for _, v := range a.Nodes {
		verdict := "passed"
		if !v.Passed {
			verdict = v.Plugin + ": " + strings.Join(v.Reasons, ", ")
		}
		fmt.Fprintf(tw, "%s\t%s", v.Node, verdict)
		if i, ok := idx[v.Node]; ok {
			for _, c := range cols {
				s := a.Scores[c]
				w := s.Normalized[i] * s.Weight
				if s.Raw[i] != s.Normalized[i] {
					fmt.Fprintf(tw, "\t%d (%d)", w, s.Raw[i])
				} else {
					fmt.Fprintf(tw, "\t%d", w)
				}
			}
			mark := ""
			if v.Node == a.Chosen {
				mark = " *"
			}
			fmt.Fprintf(tw, "\t%d%s", a.Totals[i], mark)
		} else if len(a.ScoredNodes) > 0 {
			for range cols {
				fmt.Fprint(tw, "\t-")
			}
			fmt.Fprint(tw, "\t-")
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	if len(a.ScoredNodes) == 0 && a.Chosen != "" {
		b.WriteString("Only one node was feasible: scoring was skipped.\n")
	}
	return b.String()
}
