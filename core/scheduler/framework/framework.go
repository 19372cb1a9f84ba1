package framework

import (
	"fmt"
	"math/rand/v2"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
)

// PluginFactory builds a plugin for a framework.
type PluginFactory func(h Handle) Plugin

// PluginSpec names a plugin of a profile with its score weight (0 for
// plugins that do not score).
type PluginSpec struct {
	Name   string
	Weight int64
}

// Deps are what a framework needs from the scheduler that runs it.
type Deps struct {
	SchedulerName  string
	Snapshot       *Snapshot
	API            APIClient
	Recorder       EventRecorder
	Now            func() time.Time
	Rand           *rand.Rand
	SpreadSelector func(pod *api.Pod) labels.Selector
	Nominated      func(node string) []*PodInfo
	// HasNominated reports whether any pod is nominated at all (a fast path).
	HasNominated func() bool
	// Volumes reads PersistentVolumeClaims, PersistentVolumes and
	// StorageClasses (VolumeBinding); nil means none exist.
	Volumes VolumeLister
	// DRA reads ResourceClaims, DeviceClasses and ResourceSlices
	// (DynamicResources); nil means none exist.
	DRA DRALister
}

// Framework runs one profile's plugins at each extension point, in the
// profile's order. It implements Handle for its plugins.
type Framework struct {
	deps Deps

	plugins     []Plugin
	preEnqueue  []PreEnqueuePlugin
	queueSort   QueueSortPlugin
	preFilter   []PreFilterPlugin
	filter      []FilterPlugin
	postFilter  []PostFilterPlugin
	preScore    []PreScorePlugin
	score       []ScorePlugin
	weights     []int64
	bind        []BindPlugin
	filterNames []string
	// events are the cluster events the plugins registered (events.go).
	events []registeredEvent
}

// New builds a framework from specs, using factories to create each plugin.
func New(specs []PluginSpec, factories map[string]PluginFactory, deps Deps) (*Framework, error) {
	f := &Framework{deps: deps}
	for _, sp := range specs {
		fac, ok := factories[sp.Name]
		if !ok {
			return nil, fmt.Errorf("plugin %q does not exist", sp.Name)
		}
		p := fac(f)
		f.plugins = append(f.plugins, p)
		if x, ok := p.(PreEnqueuePlugin); ok {
			f.preEnqueue = append(f.preEnqueue, x)
		}
		if x, ok := p.(QueueSortPlugin); ok && f.queueSort == nil {
			f.queueSort = x
		}
		if x, ok := p.(PreFilterPlugin); ok {
			f.preFilter = append(f.preFilter, x)
		}
		if x, ok := p.(FilterPlugin); ok {
			f.filter = append(f.filter, x)
			f.filterNames = append(f.filterNames, x.Name())
		}
		if x, ok := p.(PostFilterPlugin); ok {
			f.postFilter = append(f.postFilter, x)
		}
		if x, ok := p.(PreScorePlugin); ok {
			f.preScore = append(f.preScore, x)
		}
		if x, ok := p.(ScorePlugin); ok && sp.Weight > 0 {
			f.score = append(f.score, x)
			f.weights = append(f.weights, sp.Weight)
		}
		if x, ok := p.(BindPlugin); ok {
			f.bind = append(f.bind, x)
		}
		if x, ok := p.(EnqueueExtensions); ok {
			for _, ev := range x.EventsToRegister() {
				f.events = append(f.events, registeredEvent{plugin: x.Name(), ClusterEventWithHint: ev})
			}
		}
	}
	return f, nil
}

// ScorePlugins returns the score plugins in order with their weights.
func (f *Framework) ScorePlugins() ([]ScorePlugin, []int64) { return f.score, f.weights }

// QueueSort returns the profile's QueueSort plugin.
func (f *Framework) QueueSort() QueueSortPlugin { return f.queueSort }

// HasPostFilter reports whether a PostFilter plugin is configured.
func (f *Framework) HasPostFilter() bool { return len(f.postFilter) > 0 }

// Handle implementation.

// Nodes implements Handle.
func (f *Framework) Nodes() []*NodeInfo { return f.deps.Snapshot.List }

// NodeInfo implements Handle.
func (f *Framework) NodeInfo(name string) (*NodeInfo, bool) { return f.deps.Snapshot.Get(name) }

// API implements Handle.
func (f *Framework) API() APIClient { return f.deps.API }

// Recorder implements Handle.
func (f *Framework) Recorder() EventRecorder { return f.deps.Recorder }

// SchedulerName implements Handle.
func (f *Framework) SchedulerName() string { return f.deps.SchedulerName }

// Now implements Handle.
func (f *Framework) Now() time.Time { return f.deps.Now() }

// Rand implements Handle.
func (f *Framework) Rand() *rand.Rand { return f.deps.Rand }

// Snapshot returns the snapshot the framework reads.
func (f *Framework) Snapshot() *Snapshot { return f.deps.Snapshot }

// DefaultSpreadSelector implements Handle.
func (f *Framework) DefaultSpreadSelector(pod *api.Pod) labels.Selector {
	if f.deps.SpreadSelector == nil {
		return nil
	}
	return f.deps.SpreadSelector(pod)
}

// Volumes implements Handle.
func (f *Framework) Volumes() VolumeLister { return f.deps.Volumes }

// DRA implements Handle.
func (f *Framework) DRA() DRALister { return f.deps.DRA }

// HavePodsWithAffinity implements Handle.
func (f *Framework) HavePodsWithAffinity() bool { return f.deps.Snapshot.HavePodsWithAffinity > 0 }

// HavePodsWithRequiredAntiAffinity implements Handle.
func (f *Framework) HavePodsWithRequiredAntiAffinity() bool {
	return f.deps.Snapshot.HavePodsWithRequiredAntiAffinity > 0
}

// NominatedPodsForNode implements Handle.
func (f *Framework) NominatedPodsForNode(node string) []*PodInfo {
	if f.deps.Nominated == nil {
		return nil
	}
	return f.deps.Nominated(node)
}

// RunPreEnqueuePlugins returns the first non-success status.
func (f *Framework) RunPreEnqueuePlugins(pod *api.Pod) *Status {
	for _, p := range f.preEnqueue {
		if st := p.PreEnqueue(pod); !st.IsSuccess() {
			return st.WithPlugin(p.Name())
		}
	}
	return nil
}

// RunPreFilterPlugins runs every PreFilter plugin, recording skips in state
// and intersecting their node-name results. A rejecting status is returned
// with its plugin set.
func (f *Framework) RunPreFilterPlugins(state *CycleState, pod *PodInfo) (*PreFilterResult, *Status) {
	var result *PreFilterResult
	nodes := f.deps.Snapshot.List
	for _, p := range f.preFilter {
		r, st := p.PreFilter(state, pod, nodes)
		state.filters = nil
		if st.IsSkip() {
			if state.SkipFilterPlugins == nil {
				state.SkipFilterPlugins = map[string]bool{}
			}
			state.SkipFilterPlugins[p.Name()] = true
			continue
		}
		if !st.IsSuccess() {
			return nil, st.WithPlugin(p.Name())
		}
		if r != nil && r.NodeNames != nil {
			if result == nil {
				result = &PreFilterResult{NodeNames: r.NodeNames}
			} else {
				merged := map[string]bool{}
				for n := range r.NodeNames {
					if result.NodeNames[n] {
						merged[n] = true
					}
				}
				result.NodeNames = merged
			}
		}
	}
	return result, nil
}

// RunFilterPlugins runs the filter plugins in order and returns the first
// rejection (with its plugin), or nil.
func (f *Framework) RunFilterPlugins(state *CycleState, pod *PodInfo, node *NodeInfo) *Status {
	if state.filters == nil {
		state.filters = make([]FilterPlugin, 0, len(f.filter))
		for _, p := range f.filter {
			if !state.SkipFilterPlugins[p.Name()] {
				state.filters = append(state.filters, p)
			}
		}
	}
	for _, p := range state.filters {
		if st := p.Filter(state, pod, node); st != nil && st.code != Success {
			if !st.IsRejected() {
				st = NewStatus(Error, st.Reasons()...)
			}
			return st.WithPlugin(p.Name())
		}
	}
	return nil
}

// RunFilterPluginsWithNominatedPods implements Handle: pods nominated to the
// node with priority >= pod's are counted as if already there (first pass);
// if the pod fits with them it must also fit without them (second pass).
func (f *Framework) RunFilterPluginsWithNominatedPods(state *CycleState, pod *PodInfo, node *NodeInfo) *Status {
	if f.deps.HasNominated != nil && !f.deps.HasNominated() {
		return f.RunFilterPlugins(state, pod, node)
	}
	nominated := f.NominatedPodsForNode(node.Name())
	if len(nominated) == 0 {
		return f.RunFilterPlugins(state, pod, node)
	}
	prio := PodPriority(pod.Pod)
	var add []*PodInfo
	for _, np := range nominated {
		if np.Pod.UID != pod.Pod.UID && PodPriority(np.Pod) >= prio {
			add = append(add, np)
		}
	}
	if len(add) == 0 {
		return f.RunFilterPlugins(state, pod, node)
	}
	st2 := state.Clone()
	n2 := node.Clone()
	for _, np := range add {
		n2.AddPodInfo(np)
		if s := f.RunPreFilterExtensionAddPod(st2, pod, np, n2); !s.IsSuccess() {
			return s
		}
	}
	if s := f.RunFilterPlugins(st2, pod, n2); !s.IsSuccess() {
		return s
	}
	return f.RunFilterPlugins(state, pod, node)
}

// RunPreFilterExtensionAddPod implements Handle.
func (f *Framework) RunPreFilterExtensionAddPod(state *CycleState, pod *PodInfo, toAdd *PodInfo, node *NodeInfo) *Status {
	for _, p := range f.preFilter {
		if state.SkipFilterPlugins[p.Name()] {
			continue
		}
		if ext, ok := p.(PreFilterExtensions); ok {
			if st := ext.AddPod(state, pod, toAdd, node); !st.IsSuccess() {
				return st.WithPlugin(p.Name())
			}
		}
	}
	return nil
}

// RunPreFilterExtensionRemovePod implements Handle.
func (f *Framework) RunPreFilterExtensionRemovePod(state *CycleState, pod *PodInfo, toRemove *PodInfo, node *NodeInfo) *Status {
	for _, p := range f.preFilter {
		if state.SkipFilterPlugins[p.Name()] {
			continue
		}
		if ext, ok := p.(PreFilterExtensions); ok {
			if st := ext.RemovePod(state, pod, toRemove, node); !st.IsSuccess() {
				return st.WithPlugin(p.Name())
			}
		}
	}
	return nil
}

// RunPostFilterPlugins runs the PostFilter plugins in order until one
// succeeds or rejects the pod as unresolvable; the reasons of the others
// are joined, in order, into one Unschedulable status (so DynamicResources'
// "no new claims to deallocate" comes before DefaultPreemption's
// "preemption: ...").
func (f *Framework) RunPostFilterPlugins(state *CycleState, pod *PodInfo, statuses map[string]*Status) (*PostFilterResult, *Status) {
	var result *PostFilterResult
	var reasons []string
	rejector := ""
	for _, p := range f.postFilter {
		r, st := p.PostFilter(state, pod, statuses)
		switch {
		case st.IsSuccess():
			return r, st
		case st.Code() == UnschedulableAndUnresolvable, !st.IsRejected():
			return r, st.WithPlugin(p.Name())
		}
		if r != nil {
			result = r
		}
		reasons = append(reasons, st.Reasons()...)
		if rejector == "" {
			rejector = p.Name()
		}
	}
	if rejector == "" {
		return result, nil
	}
	return result, NewStatus(Unschedulable, reasons...).WithPlugin(rejector)
}

// RunPreScorePlugins runs PreScore plugins, recording skips in state.
func (f *Framework) RunPreScorePlugins(state *CycleState, pod *PodInfo, nodes []*NodeInfo) *Status {
	for _, p := range f.preScore {
		st := p.PreScore(state, pod, nodes)
		if st.IsSkip() {
			if state.SkipScorePlugins == nil {
				state.SkipScorePlugins = map[string]bool{}
			}
			state.SkipScorePlugins[p.Name()] = true
			continue
		}
		if !st.IsSuccess() {
			return st.WithPlugin(p.Name())
		}
	}
	return nil
}

// PluginScores holds one plugin's scores for the nodes of a cycle.
type PluginScores struct {
	Plugin  string
	Weight  int64
	Skipped bool
	// Raw are Score's results, Normalized after NormalizeScore (before the
	// weight is applied).
	Raw, Normalized []int64
}

// RunScorePlugins scores nodes with every non-skipped score plugin,
// normalizes, and writes weighted totals into totals (len(nodes)). buf is
// reused between cycles to avoid allocations; the returned slice aliases it.
func (f *Framework) RunScorePlugins(state *CycleState, pod *PodInfo, nodes []*NodeInfo, buf []PluginScores, totals []int64) ([]PluginScores, *Status) {
	if cap(buf) < len(f.score) {
		buf = make([]PluginScores, len(f.score))
	}
	buf = buf[:len(f.score)]
	for i := range totals {
		totals[i] = 0
	}
	for i, p := range f.score {
		ps := &buf[i]
		ps.Plugin, ps.Weight = p.Name(), f.weights[i]
		ps.Skipped = state.SkipScorePlugins[p.Name()]
		if cap(ps.Raw) < len(nodes) {
			ps.Raw = make([]int64, len(nodes), len(nodes)*2)
			ps.Normalized = make([]int64, len(nodes), len(nodes)*2)
		}
		ps.Raw, ps.Normalized = ps.Raw[:len(nodes)], ps.Normalized[:len(nodes)]
		if ps.Skipped {
			continue
		}
		// Slices of len(nodes), so the loops below need no bounds checks.
		raw, normalized, tot := ps.Raw[:len(nodes)], ps.Normalized[:len(nodes)], totals[:len(nodes)]
		for j, n := range nodes {
			s, st := p.Score(state, pod, n)
			if !st.IsSuccess() {
				return buf, NewStatus(Error, st.Reasons()...).WithPlugin(p.Name())
			}
			raw[j] = s
		}
		copy(normalized, raw)
		if ns, ok := p.(NormalizeScorer); ok {
			if st := ns.NormalizeScore(state, pod, nodes, normalized); !st.IsSuccess() {
				return buf, NewStatus(Error, st.Reasons()...).WithPlugin(p.Name())
			}
		}
		w := ps.Weight
		for j, s := range normalized {
			if s > MaxNodeScore || s < MinNodeScore {
				return buf, NewStatus(Error, fmt.Sprintf("plugin %q returns an invalid score %v, it should in the range of [%v, %v] after normalizing", p.Name(), s, MinNodeScore, MaxNodeScore)).WithPlugin(p.Name())
			}
			tot[j] += s * w
		}
	}
	return buf, nil
}

// RunBindPlugins runs bind plugins until one does not Skip.
func (f *Framework) RunBindPlugins(state *CycleState, pod *api.Pod, nodeName string) *Status {
	for _, p := range f.bind {
		st := p.Bind(state, pod, nodeName)
		if st.IsSkip() {
			continue
		}
		return st.WithPlugin(p.Name())
	}
	return NewStatus(Error, "no bind plugin bound the pod")
}
