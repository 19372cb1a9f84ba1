package framework

import (
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
)

// NoNodeAvailableMsg starts every FitError message.
const NoNodeAvailableMsg = "0/%v nodes are available"

// Diagnosis records why a pod fitted nowhere.
type Diagnosis struct {
	// NodeToStatus holds the rejecting status of each evaluated node.
	NodeToStatus map[string]*Status
	// AbsentNodesStatus applies to nodes missing from NodeToStatus (for
	// example nodes excluded by a PreFilterResult); nil when none.
	AbsentNodesStatus *Status
	// UnschedulablePlugins are the plugins that rejected the pod.
	UnschedulablePlugins map[string]bool
	// PreFilterMsg is set when a PreFilter plugin rejected the pod outright.
	PreFilterMsg string
	// PostFilterMsg is DefaultPreemption's message ("preemption: ...").
	PostFilterMsg string
}

// AddPluginStatus records the plugin of a rejecting status.
func (d *Diagnosis) AddPluginStatus(s *Status) {
	if s.Plugin() == "" || !s.IsRejected() {
		return
	}
	if d.UnschedulablePlugins == nil {
		d.UnschedulablePlugins = map[string]bool{}
	}
	d.UnschedulablePlugins[s.Plugin()] = true
}

// FitError is "no node fits this pod". Its Error() is the FailedScheduling
// message, built exactly as kube-scheduler's framework/types.go does:
//
//	0/<N> nodes are available: <PreFilterMsg>.  (if a PreFilter failed)
//	0/<N> nodes are available: <count> <reason>, ... .  (sorted as strings)
//	... followed by " <PostFilterMsg>" when preemption reported something.
type FitError struct {
	Pod         *api.Pod
	NumAllNodes int
	Diagnosis   Diagnosis
}

func (f *FitError) Error() string {
	msg := fmt.Sprintf(NoNodeAvailableMsg+":", f.NumAllNodes)
	if f.Diagnosis.PreFilterMsg != "" {
		msg += " " + f.Diagnosis.PreFilterMsg + "."
	} else {
		reasons := map[string]int{}
		for _, st := range f.Diagnosis.NodeToStatus {
			for _, r := range st.Reasons() {
				reasons[r]++
			}
		}
		if absent := f.NumAllNodes - len(f.Diagnosis.NodeToStatus); absent > 0 && f.Diagnosis.AbsentNodesStatus != nil {
			for _, r := range f.Diagnosis.AbsentNodesStatus.Reasons() {
				reasons[r] += absent
			}
		}
		hist := make([]string, 0, len(reasons))
		for r, n := range reasons {
			hist = append(hist, fmt.Sprintf("%d %s", n, r))
		}
		sort.Strings(hist)
		if len(hist) > 0 {
			msg += " " + strings.Join(hist, ", ") + "."
		}
	}
	if f.Diagnosis.PostFilterMsg != "" {
		msg += " " + f.Diagnosis.PostFilterMsg
	}
	return msg
}
