// Package defaultpreemption is kube-scheduler's DefaultPreemption plugin
// (PostFilter). When no node fits, it looks for nodes where evicting pods of
// lower priority would make the pod fit, picks the node whose victims
// matter least, deletes those victims through the API (each gets a
// DisruptionTarget condition and a Normal Preempted event) and nominates
// the node in status.nominatedNodeName.
package defaultpreemption

import (
	"fmt"
	"math"
	"sort"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.DefaultPreemption

// Messages (pkg/scheduler/framework/preemption and defaultpreemption).
const (
	MsgPrefix                = "preemption: "
	ReasonNotHelpful         = "Preemption is not helpful for scheduling"
	ReasonNoVictims          = "No preemption victims found for incoming pod"
	ReasonPreemptNever       = "not eligible due to preemptionPolicy=Never."
	ReasonTerminatingVictims = "not eligible due to a terminating pod on the nominated node."
	// EventReason and the note format of the event on each victim.
	EventReason = "Preempted"
	EventAction = "Preempting"
	EventNote   = "Preempted by pod %v on node %v"
)

// Candidate-size defaults (DefaultPreemptionArgs).
const (
	MinCandidateNodesPercentage = 10
	MinCandidateNodesAbsolute   = 100
)

// DefaultPreemption is the plugin.
type DefaultPreemption struct{ h framework.Handle }

// New returns the plugin.
func New(h framework.Handle) framework.Plugin { return &DefaultPreemption{h: h} }

// The extension points DefaultPreemption is registered for (checked at compile time).
var (
	_ framework.PostFilterPlugin = (*DefaultPreemption)(nil)
)

// Name implements Plugin.
func (*DefaultPreemption) Name() string { return Name }

// Candidate is a node with the pods to evict there.
type Candidate struct {
	Node    string
	Victims []*framework.PodInfo
}

// PostFilter implements PostFilterPlugin. Its message, when not empty, is
// "preemption: " + the reason, which the scheduler appends to the
// FailedScheduling message.
func (pl *DefaultPreemption) PostFilter(state *framework.CycleState, pod *framework.PodInfo, statuses map[string]*framework.Status) (*framework.PostFilterResult, *framework.Status) {
	res, st := pl.preempt(state, pod, statuses)
	if msg := st.Message(); msg != "" {
		return res, framework.NewStatus(st.Code(), MsgPrefix+msg)
	}
	return res, st
}

func (pl *DefaultPreemption) preempt(state *framework.CycleState, pod *framework.PodInfo, statuses map[string]*framework.Status) (*framework.PostFilterResult, *framework.Status) {
	if ok, msg := pl.eligible(pod, statuses); !ok {
		return nil, framework.NewStatus(framework.Unschedulable, msg)
	}
	all := pl.h.Nodes()
	var potential []*framework.NodeInfo
	for _, n := range all {
		st, ok := statuses[n.Name()]
		if !ok || st.Code() == framework.UnschedulableAndUnresolvable {
			continue
		}
		potential = append(potential, n)
	}
	nodeStatuses := map[string]*framework.Status{}
	var candidates []Candidate
	if len(potential) > 0 {
		offset := pl.h.Rand().IntN(len(potential))
		want := len(potential) * MinCandidateNodesPercentage / 100
		want = min(max(want, MinCandidateNodesAbsolute), len(potential))
		for i := 0; i < len(potential) && len(candidates) < want; i++ {
			n := potential[(offset+i)%len(potential)]
			victims, st := pl.SelectVictimsOnNode(state.Clone(), pod, n.Clone())
			if st.IsSuccess() && len(victims) > 0 {
				candidates = append(candidates, Candidate{Node: n.Name(), Victims: victims})
				continue
			}
			if st.IsSuccess() {
				st = framework.NewStatus(framework.Error, fmt.Sprintf("expected at least one victim pod on node %q", n.Name()))
			}
			nodeStatuses[n.Name()] = st
		}
	}
	if len(candidates) == 0 {
		fe := &framework.FitError{Pod: pod.Pod, NumAllNodes: len(all), Diagnosis: framework.Diagnosis{
			NodeToStatus:      nodeStatuses,
			AbsentNodesStatus: framework.NewStatus(framework.UnschedulableAndUnresolvable, ReasonNotHelpful),
		}}
		return &framework.PostFilterResult{}, framework.NewStatus(framework.Unschedulable, fe.Error())
	}
	best := PickOneNodeForPreemption(candidates)
	if st := pl.prepare(best, pod); !st.IsSuccess() {
		return nil, st
	}
	return &framework.PostFilterResult{NominatedNodeName: best.Node}, nil
}

func (pl *DefaultPreemption) eligible(pod *framework.PodInfo, statuses map[string]*framework.Status) (bool, string) {
	p := pod.Pod
	if p.Spec.PreemptionPolicy != nil && *p.Spec.PreemptionPolicy == api.PreemptNever {
		return false, ReasonPreemptNever
	}
	nom := p.Status.NominatedNodeName
	if nom == "" {
		return true, ""
	}
	if st, ok := statuses[nom]; ok && st.Code() == framework.UnschedulableAndUnresolvable {
		return true, ""
	}
	if n, ok := pl.h.NodeInfo(nom); ok {
		prio := framework.PodPriority(p)
		for _, v := range n.Pods {
			if framework.PodPriority(v.Pod) < prio && terminatingByPreemption(v.Pod) {
				return false, ReasonTerminatingVictims
			}
		}
	}
	return true, ""
}

func terminatingByPreemption(p *api.Pod) bool {
	if p.DeletionTimestamp == nil {
		return false
	}
	for _, c := range p.Status.Conditions {
		if c.Type == api.DisruptionTarget {
			return c.Status == api.ConditionTrue && c.Reason == api.PodReasonPreemptionByScheduler
		}
	}
	return false
}

// MoreImportantPod orders by priority, then by earlier start time.
func MoreImportantPod(a, b *api.Pod) bool {
	pa, pb := framework.PodPriority(a), framework.PodPriority(b)
	if pa != pb {
		return pa > pb
	}
	ta, tb := startTime(a), startTime(b)
	if ta == nil || tb == nil {
		return ta != nil
	}
	return ta.Before(tb.Time)
}

func startTime(p *api.Pod) *api.Time {
	if p.Status.StartTime != nil && !p.Status.StartTime.IsZero() {
		return p.Status.StartTime
	}
	return nil
}

// SelectVictimsOnNode finds the fewest, least important pods of lower
// priority to evict from n (a clone) so that pod fits: remove every
// lower-priority pod, check the pod fits, then reprieve victims from the
// most important down while the pod still fits.
func (pl *DefaultPreemption) SelectVictimsOnNode(state *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) ([]*framework.PodInfo, *framework.Status) {
	prio := framework.PodPriority(pod.Pod)
	var potential []*framework.PodInfo
	for _, v := range append([]*framework.PodInfo(nil), n.Pods...) {
		if framework.PodPriority(v.Pod) < prio {
			potential = append(potential, v)
			n.RemovePod(v.Pod)
			if st := pl.h.RunPreFilterExtensionRemovePod(state, pod, v, n); !st.IsSuccess() {
				return nil, st
			}
		}
	}
	if len(potential) == 0 {
		return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable, ReasonNoVictims)
	}
	if st := pl.h.RunFilterPluginsWithNominatedPods(state, pod, n); !st.IsSuccess() {
		return nil, st
	}
	sort.SliceStable(potential, func(i, j int) bool { return MoreImportantPod(potential[i].Pod, potential[j].Pod) })
	var victims []*framework.PodInfo
	for _, v := range potential {
		n.AddPodInfo(v)
		if st := pl.h.RunPreFilterExtensionAddPod(state, pod, v, n); !st.IsSuccess() {
			return nil, st
		}
		if !pl.h.RunFilterPluginsWithNominatedPods(state, pod, n).IsSuccess() {
			n.RemovePod(v.Pod)
			if st := pl.h.RunPreFilterExtensionRemovePod(state, pod, v, n); !st.IsSuccess() {
				return nil, st
			}
			victims = append(victims, v)
		}
	}
	return victims, nil
}

// PickOneNodeForPreemption chooses among candidates, by kube-scheduler's
// criteria in order: lowest highest-victim priority, lowest sum of victim
// priorities, fewest victims, latest start of the highest-priority victims,
// then the first candidate. (PodDisruptionBudgets are not modelled, so the
// first criterion, fewest PDB violations, is always a tie.)
func PickOneNodeForPreemption(cs []Candidate) Candidate {
	if len(cs) == 1 {
		return cs[0]
	}
	idx := make([]int, len(cs))
	for i := range idx {
		idx[i] = i
	}
	keep := func(score func(c Candidate) int64) {
		best := int64(math.MinInt64)
		var next []int
		for _, i := range idx {
			s := score(cs[i])
			if s > best {
				best, next = s, next[:0]
			}
			if s == best {
				next = append(next, i)
			}
		}
		idx = next
	}
	// Each criterion is expressed as "higher is better".
	keep(func(c Candidate) int64 { return -int64(framework.PodPriority(c.Victims[0].Pod)) })
	if len(idx) > 1 {
		keep(func(c Candidate) int64 {
			var sum int64
			for _, v := range c.Victims {
				sum += int64(framework.PodPriority(v.Pod)) + int64(math.MaxInt32) + 1
			}
			return -sum
		})
	}
	if len(idx) > 1 {
		keep(func(c Candidate) int64 { return -int64(len(c.Victims)) })
	}
	if len(idx) > 1 {
		keep(func(c Candidate) int64 {
			t := earliestStart(c.Victims)
			if t == nil {
				return math.MinInt64 + 1
			}
			return t.UnixNano()
		})
	}
	return cs[idx[0]]
}

// earliestStart is the earliest start time among the highest-priority victims.
func earliestStart(victims []*framework.PodInfo) *api.Time {
	top := framework.PodPriority(victims[0].Pod)
	for _, v := range victims {
		top = max(top, framework.PodPriority(v.Pod))
	}
	var earliest *api.Time
	for _, v := range victims {
		if framework.PodPriority(v.Pod) != top {
			continue
		}
		if t := startTime(v.Pod); t != nil && (earliest == nil || t.Before(earliest.Time)) {
			earliest = t
		}
	}
	return earliest
}

// prepare evicts the victims: DisruptionTarget condition, delete, event.
func (pl *DefaultPreemption) prepare(c Candidate, pod *framework.PodInfo) *framework.Status {
	for _, v := range c.Victims {
		if v.Pod.DeletionTimestamp != nil {
			continue
		}
		msg := pl.h.SchedulerName() + ": preempting to accommodate a higher priority pod"
		if err := pl.h.API().SetDisruptionTarget(v.Pod, api.PodReasonPreemptionByScheduler, msg); err != nil {
			return framework.AsStatus(err)
		}
		if err := pl.h.API().DeletePod(v.Pod.Namespace, v.Pod.Name); err != nil {
			return framework.AsStatus(err)
		}
		if r := pl.h.Recorder(); r != nil {
			r.Eventf(v.Pod, pod.Pod, "Normal", EventReason, EventAction, fmt.Sprintf(EventNote, pod.Pod.UID, c.Node))
		}
	}
	return nil
}
