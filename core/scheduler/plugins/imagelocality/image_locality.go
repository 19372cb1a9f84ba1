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
	_ framework.ScorePlugin = (*ImageLocality)(nil)
)

// Name implements Plugin.
func (*ImageLocality) Name() string { return Name }

// Score sums, over init and regular containers whose image is on the node,
// size × (nodes having the image / all nodes), then maps the sum linearly
// from [23MB, 1000MB × containers] onto [0, 100].
func (pl *ImageLocality) Score(_ *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	total := len(pl.h.Nodes())
	numContainers := len(pod.Pod.Spec.InitContainers) + len(pod.Pod.Spec.Containers)
	if len(n.ImageStates) == 0 || total == 0 {
		return CalculatePriority(0, numContainers), nil
	}
	var sum int64
	for i := range pod.Pod.Spec.InitContainers {
		sum += scaled(n, pod.Pod.Spec.InitContainers[i].Image, total)
	}
	for i := range pod.Pod.Spec.Containers {
		sum += scaled(n, pod.Pod.Spec.Containers[i].Image, total)
	}
	return CalculatePriority(sum, numContainers), nil
}

func scaled(n *framework.NodeInfo, image string, totalNodes int) int64 {
	st, ok := n.ImageStates[framework.NormalizedImageName(image)]
	if !ok {
		return 0
	}
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
