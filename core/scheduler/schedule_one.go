package scheduler

import (
	"errors"
	"fmt"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/names"
	"kubeplay/core/trace"
)

// ErrNoNodesAvailable is returned when the cluster has no node at all.
var ErrNoNodesAvailable = errors.New("no nodes available to schedule pods")

// result is the outcome of the algorithm part of a cycle.
type result struct {
	node      string
	evaluated int
	feasible  int
	total     int64
}

// numFeasibleNodesToFind implements the adaptive percentageOfNodesToScore.
func (sc *Scheduler) numFeasibleNodesToFind(numAllNodes int32) int32 {
	if numAllNodes < minFeasibleNodesToFind {
		return numAllNodes
	}
	pct := sc.PercentageOfNodesToScore
	if pct == 0 {
		pct = 50 - numAllNodes/125
		if pct < minFeasibleNodesPercentageToFind {
			pct = minFeasibleNodesPercentageToFind
		}
	}
	n := numAllNodes * pct / 100
	if n < minFeasibleNodesToFind {
		return minFeasibleNodesToFind
	}
	return n
}

// scheduleOne pops one pod and runs a whole scheduling cycle for it. The
// binding follows after the cycle's virtual cost.
func (sc *Scheduler) scheduleOne() {
	qp := sc.q.Pop()
	if qp == nil {
		return
	}
	pod := qp.Pod
	if cur, ok := sc.podInformer.Get(pod.Namespace, pod.Name); !ok || cur.(*api.Pod).Spec.NodeName != "" || cur.(*api.Pod).DeletionTimestamp != nil {
		sc.q.Done(pod)
		return
	}
	sc.stats.Attempts++
	state := framework.NewCycleState()
	att := sc.explain.begin(pod, sc.s.Now(), len(sc.cache.snap.List))
	res, err := sc.schedulePod(state, qp.PodInfo, att)
	sc.stats.NodesEvaluated += int64(res.evaluated)
	cost := CycleBaseCost + time.Duration(res.evaluated)*CostPerNodeEval
	if res.feasible > 1 {
		cost += time.Duration(res.feasible) * CostPerNodeScore
	}
	sc.busyUntil = sc.s.Now().Add(cost)
	if err != nil {
		var fe *framework.FitError
		nominated := ""
		clearNomination := false
		if errors.As(err, &fe) {
			if sc.fw.HasPostFilter() {
				pr, st := sc.fw.RunPostFilterPlugins(state, qp.PodInfo, fe.Diagnosis.NodeToStatus)
				fe.Diagnosis.PostFilterMsg = st.Message()
				if pr != nil {
					nominated = pr.NominatedNodeName
					clearNomination = nominated == ""
					if nominated != "" {
						sc.stats.Preemptions++
					}
				}
			}
			qp.UnschedulablePlugins = fe.Diagnosis.UnschedulablePlugins
		} else {
			qp.UnschedulablePlugins = nil
		}
		att.finish("", err.Error())
		sc.handleFailure(qp, err, fe != nil, nominated, clearNomination)
		return
	}
	att.finish(res.node, "")
	sc.traceDecision(pod, res, att)
	// Assume, then bind asynchronously (the binding cycle).
	sc.cache.AssumePod(qp.PodInfo, res.node)
	sc.removeNomination(pod)
	sc.s.After(cost, "kube-scheduler: bind "+pod.Namespace+"/"+pod.Name, func() {
		if sc.running && sc.cache.IsAssumed(pod) {
			sc.preBindVolumes(pod, res.node, func() { sc.bind(qp, res.node) })
		}
	})
}

// schedulePod filters and scores; it returns a *framework.FitError when no
// node fits.
func (sc *Scheduler) schedulePod(state *framework.CycleState, pi *framework.PodInfo, att *Attempt) (result, error) {
	all := sc.cache.snap.List
	if len(all) == 0 {
		return result{}, ErrNoNodesAvailable
	}
	diag := framework.Diagnosis{NodeToStatus: map[string]*framework.Status{}}
	pre, st := sc.fw.RunPreFilterPlugins(state, pi)
	if !st.IsSuccess() {
		if !st.IsRejected() {
			return result{}, st.AsError()
		}
		for _, n := range all {
			diag.NodeToStatus[n.Name()] = st
			att.reject(n.Name(), st)
		}
		diag.PreFilterMsg = st.Message()
		diag.AddPluginStatus(st)
		return result{}, &framework.FitError{Pod: pi.Pod, NumAllNodes: len(all), Diagnosis: diag}
	}
	// A pod nominated by an earlier preemption tries its node first.
	if nom := pi.Pod.Status.NominatedNodeName; nom != "" {
		if n, ok := sc.cache.snap.Get(nom); ok && (pre == nil || pre.NodeNames[nom]) {
			if sc.fw.RunFilterPluginsWithNominatedPods(state, pi, n).IsSuccess() {
				att.pass(nom)
				return result{node: nom, evaluated: 1, feasible: 1}, nil
			}
		}
	}
	nodes := all
	if pre != nil {
		nodes = make([]*framework.NodeInfo, 0, len(pre.NodeNames))
		for _, n := range all {
			if pre.NodeNames[n.Name()] {
				nodes = append(nodes, n)
			}
		}
		diag.AbsentNodesStatus = framework.NewStatus(framework.UnschedulableAndUnresolvable, fmt.Sprintf("node(s) didn't satisfy plugin(s) [%s]", names.NodeAffinity))
		if len(nodes) == 0 {
			diag.AddPluginStatus(diag.AbsentNodesStatus.WithPlugin(names.NodeAffinity))
			return result{}, &framework.FitError{Pod: pi.Pod, NumAllNodes: len(all), Diagnosis: diag}
		}
	}
	feasible, evaluated := sc.findNodesThatPassFilters(state, pi, nodes, &diag, att)
	if len(feasible) == 0 {
		return result{evaluated: evaluated}, &framework.FitError{Pod: pi.Pod, NumAllNodes: len(all), Diagnosis: diag}
	}
	if len(feasible) == 1 {
		return result{node: feasible[0].Name(), evaluated: evaluated, feasible: 1}, nil
	}
	if st := sc.fw.RunPreScorePlugins(state, pi, feasible); !st.IsSuccess() {
		return result{evaluated: evaluated}, st.AsError()
	}
	if cap(sc.totals) < len(feasible) {
		sc.totals = make([]int64, len(feasible), len(feasible)*2)
	}
	totals := sc.totals[:len(feasible)]
	scores, st := sc.fw.RunScorePlugins(state, pi, feasible, sc.scoreBuf, totals)
	sc.scoreBuf = scores
	if !st.IsSuccess() {
		return result{evaluated: evaluated}, st.AsError()
	}
	att.scores(feasible, scores, totals)
	best := sc.selectHost(totals)
	return result{node: feasible[best].Name(), evaluated: evaluated, feasible: len(feasible), total: totals[best]}, nil
}

// findNodesThatPassFilters runs the filters from a rotating start index
// until enough feasible nodes are found (numFeasibleNodesToFind).
func (sc *Scheduler) findNodesThatPassFilters(state *framework.CycleState, pi *framework.PodInfo, nodes []*framework.NodeInfo, diag *framework.Diagnosis, att *Attempt) ([]*framework.NodeInfo, int) {
	want := int(sc.numFeasibleNodesToFind(int32(len(nodes))))
	feasible := sc.feasible[:0]
	processed := 0
	start := sc.nextStart % len(nodes)
	// Without any nominated pod, RunFilterPluginsWithNominatedPods is
	// RunFilterPlugins; nominations do not change during a cycle, so that is
	// asked once here rather than for every node.
	nominated := len(sc.nominated) > 0
	for i := 0; i < len(nodes) && len(feasible) < want; i++ {
		n := nodes[(start+i)%len(nodes)]
		processed++
		var st *framework.Status
		if nominated {
			st = sc.fw.RunFilterPluginsWithNominatedPods(state, pi, n)
		} else {
			st = sc.fw.RunFilterPlugins(state, pi, n)
		}
		if st.IsSuccess() {
			feasible = append(feasible, n)
			att.pass(n.Name())
			continue
		}
		diag.NodeToStatus[n.Name()] = st
		diag.AddPluginStatus(st)
		att.reject(n.Name(), st)
	}
	sc.nextStart = (start + processed) % len(nodes)
	sc.feasible = feasible
	return feasible, processed
}

// selectHost picks the highest total; ties are broken by reservoir
// sampling with the sim's seeded randomness.
func (sc *Scheduler) selectHost(totals []int64) int {
	best, count := 0, 1
	for i := 1; i < len(totals); i++ {
		switch {
		case totals[i] > totals[best]:
			best, count = i, 1
		case totals[i] == totals[best]:
			count++
			if sc.s.Rand().IntN(count) == 0 {
				best = i
			}
		}
	}
	return best
}

// bind runs the binding cycle for an assumed pod.
func (sc *Scheduler) bind(qp *framework.QueuedPodInfo, node string) {
	if !sc.running || !sc.cache.IsAssumed(qp.Pod) {
		return
	}
	pod := qp.Pod
	st := sc.fw.RunBindPlugins(framework.NewCycleState(), pod, node)
	if !st.IsSuccess() {
		sc.stats.BindErrors++
		sc.cache.ForgetPod(pod)
		msg := fmt.Sprintf("running %s plugin %q: %s", "Bind", st.Plugin(), st.Message())
		sc.s.Trace.Add(trace.Record{Kind: trace.Action, Component: Component, Verb: "bind", Resource: "pods", Namespace: pod.Namespace, Name: pod.Name,
			Message: fmt.Sprintf("binding %s/%s to %s failed: %s", pod.Namespace, pod.Name, node, st.Message())})
		if cur, ok := sc.podInformer.Get(pod.Namespace, pod.Name); !ok || cur.(*api.Pod).Spec.NodeName != "" {
			sc.q.Done(pod)
			return
		}
		sc.handleFailure(qp, errors.New(msg), false, "", false)
		return
	}
	sc.q.Done(pod)
	sc.stats.Scheduled++
	sc.recorder.Eventf(pod, nil, "Normal", "Scheduled", "Binding", "Successfully assigned %v/%v to %v", pod.Namespace, pod.Name, node)
}

// handleFailure requeues the pod, records FailedScheduling and sets the
// PodScheduled=False condition (and nominatedNodeName) through pods/status.
func (sc *Scheduler) handleFailure(qp *framework.QueuedPodInfo, err error, fit bool, nominated string, clearNomination bool) {
	pod := qp.Pod
	if fit {
		sc.stats.Unschedulable++
	} else {
		sc.stats.Errors++
	}
	cur, ok := sc.podInformer.Get(pod.Namespace, pod.Name)
	if !ok {
		sc.q.Done(pod)
		return
	}
	curPod := cur.(*api.Pod)
	if curPod.Spec.NodeName != "" {
		sc.q.Done(pod)
		return
	}
	sc.q.AddUnschedulable(qp, !fit)
	msg := err.Error()
	sc.s.Trace.Add(trace.Record{Kind: trace.Action, Component: Component, Verb: "schedule", Resource: "pods", Namespace: pod.Namespace, Name: pod.Name,
		Message: fmt.Sprintf("scheduling %s/%s failed: %s", pod.Namespace, pod.Name, msg)})
	sc.recorder.Eventf(pod, nil, "Warning", "FailedScheduling", "Scheduling", msg)
	if nominated != "" {
		sc.addNomination(qp.PodInfo, nominated)
	} else if clearNomination {
		sc.removeNomination(pod)
	}
	reason := api.PodReasonUnschedulable
	if !fit {
		reason = "SchedulerError"
	}
	sc.updatePodStatus(curPod, reason, msg, nominated, clearNomination)
}

// updatePodStatus patches PodScheduled=False (and nominatedNodeName) when
// they change.
func (sc *Scheduler) updatePodStatus(pod *api.Pod, reason, msg, nominated string, clearNomination bool) {
	var old *api.PodCondition
	for i := range pod.Status.Conditions {
		if pod.Status.Conditions[i].Type == api.PodScheduled {
			old = &pod.Status.Conditions[i]
		}
	}
	nomChanged := (nominated != "" && nominated != pod.Status.NominatedNodeName) || (clearNomination && pod.Status.NominatedNodeName != "")
	if old != nil && old.Status == api.ConditionFalse && old.Reason == reason && old.Message == msg && !nomChanged {
		return
	}
	ltt := api.NewTime(sc.s.Now())
	if old != nil && old.Status == api.ConditionFalse {
		ltt = old.LastTransitionTime
	}
	status := map[string]any{"conditions": []any{map[string]any{
		"type": string(api.PodScheduled), "status": string(api.ConditionFalse), "lastProbeTime": nil,
		"lastTransitionTime": ltt, "reason": reason, "message": msg}}}
	if nominated != "" {
		status["nominatedNodeName"] = nominated
	} else if clearNomination {
		status["nominatedNodeName"] = nil
	}
	if err := patchStatus(sc.c, pod, status); err != nil {
		sc.s.Trace.Add(trace.Record{Kind: trace.Action, Component: Component, Resource: "pods", Namespace: pod.Namespace, Name: pod.Name,
			Message: fmt.Sprintf("updating status of %s/%s failed: %v", pod.Namespace, pod.Name, err)})
	}
}

func (sc *Scheduler) addNomination(pi *framework.PodInfo, node string) {
	sc.removeNomination(pi.Pod)
	key := podKey(pi.Pod)
	sc.nominee[key] = node
	sc.nominated[node] = append(sc.nominated[node], pi)
}

func (sc *Scheduler) removeNomination(pod *api.Pod) {
	key := podKey(pod)
	node, ok := sc.nominee[key]
	if !ok {
		return
	}
	delete(sc.nominee, key)
	list := sc.nominated[node]
	for i, p := range list {
		if podKey(p.Pod) == key {
			list = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(sc.nominated, node)
	} else {
		sc.nominated[node] = list
	}
}

// traceDecision writes the cycle's one-line summary, e.g.
// "scheduling default/x: 2/3 nodes feasible, chose demo-worker (score 187)".
func (sc *Scheduler) traceDecision(pod *api.Pod, res result, att *Attempt) {
	if sc.s.Trace == nil || sc.s.Trace.Disabled {
		return
	}
	msg := fmt.Sprintf("scheduling %s/%s: %d/%d nodes feasible, chose %s", pod.Namespace, pod.Name, res.feasible, len(sc.cache.snap.List), res.node)
	if res.feasible > 1 {
		msg += fmt.Sprintf(" (score %d)", res.total)
	}
	if s := att.summary(); s != "" {
		msg += "; " + s
	}
	sc.s.Trace.Add(trace.Record{Kind: trace.Action, Component: Component, Verb: "schedule", Resource: "pods", Namespace: pod.Namespace, Name: pod.Name, To: res.node, Message: msg})
}
