// Package imagelocality is kube-scheduler's ImageLocality plugin: nodes that
// already have the pod's images score higher, scaled by image size and by
// how widely the image has spread (to avoid piling pods on one node).
package imagelocality

import (
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.ImageLocality

// Thresholds bounding the image score range (a reasonable range for
// compressed image sizes in registries).
const (
	mb                    int64 = 1024 * 1024
	MinThreshold          int64 = 23 * mb
	MaxContainerThreshold int64 = 1000 * mb
)

// ImageLocality scores image presence.
type ImageLocality struct{ h framework.Handle }

// New returns the plugin.
func New(h framework.Handle) framework.Plugin { return &ImageLocality{h: h} }

// The extension points ImageLocality is registered for (checked at compile time).
var (
	_ framework.PreScorePlugin = (*ImageLocality)(nil)
	_ framework.ScorePlugin    = (*ImageLocality)(nil)
)

// Name implements Plugin.
func (*ImageLocality) Name() string { return Name }

// preScoreKey is where PreScore leaves its preScoreState in the CycleState.
const preScoreKey = "PreScore" + Name

// preScoreState is what Score needs of the pod and the snapshot, the same
// for every node of a cycle.
type preScoreState struct {
	// images are the normalized images of the init containers, then of the
	// regular containers: one per container.
	images []string
	// totalNodes is the number of nodes in the snapshot.
	totalNodes int
}

// newPreScoreState normalizes pod's images, for a snapshot of totalNodes.
func newPreScoreState(pod *framework.PodInfo, totalNodes int) *preScoreState {
	spec := &pod.Pod.Spec
	s := &preScoreState{images: make([]string, 0, len(spec.InitContainers)+len(spec.Containers)), totalNodes: totalNodes}
	for i := range spec.InitContainers {
		s.images = append(s.images, framework.NormalizedImageName(spec.InitContainers[i].Image))
	}
	for i := range spec.Containers {
		s.images = append(s.images, framework.NormalizedImageName(spec.Containers[i].Image))
	}
	return s
}

// PreScore normalizes the pod's image names once for the cycle (an untagged
// name is a new string each time) when a node to score has images: a node
// without any scores 0 before Score reads the state. kube-scheduler's
// ImageLocality has no PreScore and normalizes in Score, for each node; the
// scores are the same.
func (pl *ImageLocality) PreScore(state *framework.CycleState, pod *framework.PodInfo, nodes []*framework.NodeInfo) *framework.Status {
	for _, n := range nodes {
		if len(n.ImageStates) > 0 {
			state.Write(preScoreKey, newPreScoreState(pod, len(pl.h.Nodes())))
			return nil
		}
	}
	return nil
}

// Score sums, over init and regular containers whose image is on the node,
// size × (nodes having the image / all nodes), then maps the sum linearly
// from [23MB, 1000MB × containers] onto [0, 100].
func (pl *ImageLocality) Score(state *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	if len(n.ImageStates) == 0 {
		// CalculatePriority(0, any) is 0: a sum below MinThreshold is raised
		// to it, the bottom of the range.
		return 0, nil
	}
	var s *preScoreState
	if state != nil {
		if v, ok := state.Read(preScoreKey); ok {
			s = v.(*preScoreState)
		}
	}
	if s == nil { // a caller that ran no PreScore, such as a test
		s = newPreScoreState(pod, len(pl.h.Nodes()))
	}
	if s.totalNodes == 0 {
		return CalculatePriority(0, len(s.images)), nil
	}
	var sum int64
	for _, image := range s.images {
		if st, ok := n.ImageStates[image]; ok {
			sum += scaledImageScore(st, s.totalNodes)
		}
	}
	return CalculatePriority(sum, len(s.images)), nil
}

// scaledImageScore is an image's size scaled by the fraction of nodes that
// have it.
func scaledImageScore(st *framework.ImageStateSummary, totalNodes int) int64 {
	spread := float64(st.NumNodes) / float64(totalNodes)
	return int64(float64(st.Size) * spread)
}

// CalculatePriority maps the summed image score to [0, 100].
func CalculatePriority(sumScores int64, numContainers int) int64 {
	maxThreshold := MaxContainerThreshold * int64(numContainers)
	if sumScores < MinThreshold {
		sumScores = MinThreshold
	} else if sumScores > maxThreshold {
		sumScores = maxThreshold
	}
	if maxThreshold <= MinThreshold {
		return 0
	}
	return framework.MaxNodeScore * (sumScores - MinThreshold) / (maxThreshold - MinThreshold)
}

var (
	_ framework.PreScorePlugin = (*ImageLocality)(nil)
	_ framework.ScorePlugin    = (*ImageLocality)(nil)
)
