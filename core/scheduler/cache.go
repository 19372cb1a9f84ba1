package scheduler

import (
	"reflect"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
)

// podState is what the cache knows about one assigned pod.
type podState struct {
	pi   *framework.PodInfo
	node string
	// assumed is set between the scheduling decision and the informer
	// delivering the bound pod.
	assumed bool
}

// imageState tracks which nodes have an image.
type imageState struct {
	summary *framework.ImageStateSummary
	nodes   map[string]bool
}

// Cache is kube-scheduler's cache (pkg/scheduler/backend/cache): nodes and
// the pods assigned to them, bound or only assumed, aggregated per node in
// NodeInfos that it updates incrementally. The snapshot scheduling cycles
// read is the cache itself, because a cycle runs inside one sim event.
type Cache struct {
	snap   *framework.Snapshot
	pods   map[string]*podState // by cacheKey
	images map[string]*imageState
}

func newCache() *Cache {
	return &Cache{snap: framework.NewSnapshot(), pods: map[string]*podState{}, images: map[string]*imageState{}}
}

func podKey(p *api.Pod) string { return p.Namespace + "/" + p.Name }

// cacheKey is the pod's UID, as kube-scheduler's cache keys pods
// (framework.GetPodKey): a string the pod already holds, where namespace/name
// would be one more string per placed pod. A pod without a UID (built by a
// test, never by the apiserver) falls back to namespace/name.
func cacheKey(p *api.Pod) string {
	if p.UID != "" {
		return p.UID
	}
	return podKey(p)
}

func (c *Cache) nodeInfo(name string) *framework.NodeInfo {
	n, ok := c.snap.Map[name]
	if !ok {
		n = framework.NewNodeInfo(nil)
		c.snap.Map[name] = n
	}
	return n
}

// AddNode adds or replaces a node.
func (c *Cache) AddNode(node *api.Node) {
	n := c.nodeInfo(node.Name)
	had := n.Node() != nil
	if had {
		c.removeImages(n)
	}
	n.SetNode(node)
	c.addImages(n)
	if !had {
		c.snap.List = append(c.snap.List, n)
	}
}

// RemoveNode removes a node; its NodeInfo lingers while pods still point at it.
func (c *Cache) RemoveNode(node *api.Node) {
	n, ok := c.snap.Map[node.Name]
	if !ok {
		return
	}
	c.removeImages(n)
	for i, x := range c.snap.List {
		if x == n {
			c.snap.List = append(c.snap.List[:i:i], c.snap.List[i+1:]...)
			break
		}
	}
	n.SetNode(nil)
	if len(n.Pods) == 0 {
		delete(c.snap.Map, node.Name)
	}
}

func (c *Cache) addImages(n *framework.NodeInfo) {
	node := n.Node()
	if node == nil {
		return
	}
	n.ImageStates = nil
	if len(node.Status.Images) > 0 {
		// Nil when there are none, so ImageLocality's check of an imageless
		// node reads only the NodeInfo.
		n.ImageStates = map[string]*framework.ImageStateSummary{}
	}
	for _, img := range node.Status.Images {
		for _, name := range img.Names {
			st, ok := c.images[name]
			if !ok {
				st = &imageState{summary: &framework.ImageStateSummary{Size: img.SizeBytes}, nodes: map[string]bool{}}
				c.images[name] = st
			}
			if !st.nodes[node.Name] {
				st.nodes[node.Name] = true
				st.summary.NumNodes++
			}
			st.summary.Size = img.SizeBytes
			n.ImageStates[name] = st.summary
		}
	}
}

func (c *Cache) removeImages(n *framework.NodeInfo) {
	node := n.Node()
	if node == nil {
		return
	}
	for name := range n.ImageStates {
		if st, ok := c.images[name]; ok && st.nodes[node.Name] {
			delete(st.nodes, node.Name)
			st.summary.NumNodes--
			if st.summary.NumNodes == 0 {
				delete(c.images, name)
			}
		}
	}
	n.ImageStates = nil
}

func (c *Cache) addPodInfo(pi *framework.PodInfo, node string, assumed bool) {
	c.nodeInfo(node).AddPodInfo(pi)
	if pi.HasAffinity() {
		c.snap.HavePodsWithAffinity++
	}
	if len(pi.RequiredAntiAffinityTerms) > 0 {
		c.snap.HavePodsWithRequiredAntiAffinity++
	}
	c.pods[cacheKey(pi.Pod)] = &podState{pi: pi, node: node, assumed: assumed}
}

func (c *Cache) removeState(st *podState) {
	if n, ok := c.snap.Map[st.node]; ok {
		n.RemovePod(st.pi.Pod)
		if n.Node() == nil && len(n.Pods) == 0 {
			delete(c.snap.Map, st.node)
		}
	}
	if st.pi.HasAffinity() {
		c.snap.HavePodsWithAffinity--
	}
	if len(st.pi.RequiredAntiAffinityTerms) > 0 {
		c.snap.HavePodsWithRequiredAntiAffinity--
	}
	delete(c.pods, cacheKey(st.pi.Pod))
}

// AssumePod accounts for a pod on node before the binding is confirmed.
func (c *Cache) AssumePod(pi *framework.PodInfo, node string) {
	if st, ok := c.pods[cacheKey(pi.Pod)]; ok {
		c.removeState(st)
	}
	c.addPodInfo(pi, node, true)
}

// ForgetPod drops an assumed pod (binding failed).
func (c *Cache) ForgetPod(pod *api.Pod) {
	if st, ok := c.pods[cacheKey(pod)]; ok && st.assumed {
		c.removeState(st)
	}
}

// AddPod records a bound pod (confirming an assumed one).
func (c *Cache) AddPod(pod *api.Pod) {
	if st, ok := c.pods[cacheKey(pod)]; ok {
		if st.assumed && st.node == pod.Spec.NodeName && st.pi.Pod.UID == pod.UID {
			// Confirm: keep the derived info, point at the stored object.
			st.pi.Pod = pod
			st.assumed = false
			return
		}
		c.removeState(st)
	}
	c.addPodInfo(framework.NewPodInfo(pod), pod.Spec.NodeName, false)
}

// UpdatePod replaces a bound pod.
func (c *Cache) UpdatePod(pod *api.Pod) {
	st, ok := c.pods[cacheKey(pod)]
	if ok && !st.assumed && st.node == pod.Spec.NodeName && reflect.DeepEqual(st.pi.Pod.Spec, pod.Spec) && reflect.DeepEqual(st.pi.Pod.Labels, pod.Labels) {
		st.pi.Pod = pod
		return
	}
	c.AddPod(pod)
}

// RemovePod forgets a pod.
func (c *Cache) RemovePod(pod *api.Pod) {
	if st, ok := c.pods[cacheKey(pod)]; ok {
		c.removeState(st)
	}
}

// IsAssumed reports whether a pod is assumed and not yet confirmed.
func (c *Cache) IsAssumed(pod *api.Pod) bool {
	st, ok := c.pods[cacheKey(pod)]
	return ok && st.assumed
}

// NodeOf returns the node a cached pod is on.
func (c *Cache) NodeOf(namespace, name string) (string, bool) {
	st, ok := c.pods[namespace+"/"+name]
	if !ok {
		return "", false
	}
	return st.node, true
}
