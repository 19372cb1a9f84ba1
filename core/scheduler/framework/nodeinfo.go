package framework

import (
	"strings"

	"kubeplay/core/api"
)

// ImageStateSummary is what the scheduler knows about one image across the
// cluster: its size and how many nodes have it.
type ImageStateSummary struct {
	Size     int64
	NumNodes int
}

// NodeInfo is the scheduler's view of one node: the Node object plus the
// pods assigned to it (bound or assumed) and what they use. The cache
// updates it incrementally; a scheduling cycle only reads it.
//
// A cycle evaluates hundreds of nodes, most of them not in the CPU cache,
// and its filters and scores read a few facts of each. So SetNode keeps the
// node's name, unschedulable flag and whether it has taints here (the
// filters and scores of a pod without node selector, affinity or topology
// spreading then load no untainted node's api.Node), and the fields are
// ordered so that what they read lies in the first three 64-byte lines: the
// struct is 248 bytes, which Go allocates in its 256-byte size class, at
// line-aligned addresses (TestNodeInfoLayout).
type NodeInfo struct {
	// name is node.Name; node is nil until the Node is known.
	name string
	node *api.Node
	// ImageStates maps normalized image names present on the node to
	// cluster-wide summaries (shared with the cache); nil when the node
	// reports no image.
	ImageStates map[string]*ImageStateSummary
	// unschedulable and hasTaints are node.Spec.Unschedulable and
	// len(node.Spec.Taints) > 0.
	unschedulable, hasTaints bool

	// Pods are the pods on the node, bound or assumed.
	Pods []*PodInfo
	// Allocatable is the node's; Requested sums the pods' requests;
	// NonZeroRequested sums them with missing cpu/memory counted as
	// 100m/200Mi.
	Allocatable, Requested, NonZeroRequested Resource

	// PodsWithAffinity and PodsWithRequiredAntiAffinity are the pods with
	// any (anti-)affinity term, and with a required anti-affinity term.
	PodsWithAffinity             []*PodInfo
	PodsWithRequiredAntiAffinity []*PodInfo
	// UsedPorts is keyed by "protocol/port" and lists the host IPs in use.
	UsedPorts map[string][]string
	// Generation increases on every change.
	Generation int64
}

// NewNodeInfo returns an empty NodeInfo for node (node may be nil for pods
// that arrive before their node).
func NewNodeInfo(node *api.Node) *NodeInfo {
	ni := &NodeInfo{}
	ni.SetNode(node)
	return ni
}

// Node returns the node (nil if unknown).
func (n *NodeInfo) Node() *api.Node { return n.node }

// Name returns the node's name, or "".
func (n *NodeInfo) Name() string { return n.name }

// Unschedulable reports the node's spec.unschedulable (false if unknown).
func (n *NodeInfo) Unschedulable() bool { return n.unschedulable }

// Taints returns the node's spec.taints (nil if unknown), touching the Node
// only when it has some.
func (n *NodeInfo) Taints() []api.Taint {
	if !n.hasTaints {
		return nil
	}
	return n.node.Spec.Taints
}

// SetNode replaces the node object and recomputes allocatable and the facts
// kept from it. The Node must not be changed afterwards (informer objects
// never are).
func (n *NodeInfo) SetNode(node *api.Node) {
	n.node = node
	n.name, n.unschedulable, n.hasTaints = "", false, false
	n.Allocatable = Resource{}
	if node != nil {
		n.name = node.Name
		n.unschedulable, n.hasTaints = node.Spec.Unschedulable, len(node.Spec.Taints) > 0
		n.Allocatable = NewResource(node.Status.Allocatable)
	}
	n.Generation++
}

// AddPodInfo accounts for pi on this node.
func (n *NodeInfo) AddPodInfo(pi *PodInfo) {
	n.Pods = append(n.Pods, pi)
	if pi.HasAffinity() {
		n.PodsWithAffinity = append(n.PodsWithAffinity, pi)
	}
	if len(pi.RequiredAntiAffinityTerms) > 0 {
		n.PodsWithRequiredAntiAffinity = append(n.PodsWithRequiredAntiAffinity, pi)
	}
	n.update(pi, 1)
}

// RemovePod removes the pod with pod's namespace/name (and UID) and reports
// whether it was there.
func (n *NodeInfo) RemovePod(pod *api.Pod) bool {
	idx := -1
	for i, p := range n.Pods {
		if p.Pod.UID == pod.UID && p.Pod.Name == pod.Name && p.Pod.Namespace == pod.Namespace {
			idx = i
			break
		}
	}
	if idx < 0 {
		return false
	}
	pi := n.Pods[idx]
	n.Pods = removeAt(n.Pods, idx)
	n.PodsWithAffinity = removePI(n.PodsWithAffinity, pi)
	n.PodsWithRequiredAntiAffinity = removePI(n.PodsWithRequiredAntiAffinity, pi)
	n.update(pi, -1)
	return true
}

func (n *NodeInfo) update(pi *PodInfo, sign int) {
	if sign > 0 {
		n.Requested.AddResource(&pi.Requests)
		n.NonZeroRequested.AddResource(&pi.NonZero)
	} else {
		n.Requested.SubResource(&pi.Requests)
		n.NonZeroRequested.SubResource(&pi.NonZero)
	}
	for _, hp := range pi.HostPorts {
		key := hp.Protocol + "/" + itoa(int(hp.Port))
		if sign > 0 {
			if n.UsedPorts == nil {
				n.UsedPorts = map[string][]string{}
			}
			n.UsedPorts[key] = append(n.UsedPorts[key], hp.IP)
		} else {
			ips := n.UsedPorts[key]
			for i, ip := range ips {
				if ip == hp.IP {
					ips = append(ips[:i:i], ips[i+1:]...)
					break
				}
			}
			if len(ips) == 0 {
				delete(n.UsedPorts, key)
			} else {
				n.UsedPorts[key] = ips
			}
		}
	}
	n.Generation++
}

// PortConflict reports whether a host port of hp is already used on the node
// (0.0.0.0 conflicts with every IP).
func (n *NodeInfo) PortConflict(hp HostPort) bool {
	ips, ok := n.UsedPorts[hp.Protocol+"/"+itoa(int(hp.Port))]
	if !ok {
		return false
	}
	for _, ip := range ips {
		if ip == hp.IP || ip == "0.0.0.0" || hp.IP == "0.0.0.0" {
			return true
		}
	}
	return false
}

// Clone returns a copy that can be changed (preemption dry runs) without
// touching n. Pods are shared, slices are copied.
func (n *NodeInfo) Clone() *NodeInfo {
	c := &NodeInfo{
		name:                         n.name,
		node:                         n.node,
		unschedulable:                n.unschedulable,
		hasTaints:                    n.hasTaints,
		Pods:                         append([]*PodInfo(nil), n.Pods...),
		PodsWithAffinity:             append([]*PodInfo(nil), n.PodsWithAffinity...),
		PodsWithRequiredAntiAffinity: append([]*PodInfo(nil), n.PodsWithRequiredAntiAffinity...),
		Requested:                    n.Requested.Clone(),
		NonZeroRequested:             n.NonZeroRequested.Clone(),
		Allocatable:                  n.Allocatable.Clone(),
		ImageStates:                  n.ImageStates,
		Generation:                   n.Generation,
	}
	if n.UsedPorts != nil {
		c.UsedPorts = make(map[string][]string, len(n.UsedPorts))
		for k, v := range n.UsedPorts {
			c.UsedPorts[k] = append([]string(nil), v...)
		}
	}
	return c
}

func removeAt(s []*PodInfo, i int) []*PodInfo {
	copy(s[i:], s[i+1:])
	s[len(s)-1] = nil
	return s[:len(s)-1]
}

func removePI(s []*PodInfo, pi *PodInfo) []*PodInfo {
	for i, p := range s {
		if p == pi {
			return removeAt(s, i)
		}
	}
	return s
}

func itoa(v int) string {
	if v == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := v < 0
	if neg {
		v = -v
	}
	for v > 0 {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// NormalizedImageName returns the image name as node status reports it:
// with ":latest" added when there is no tag (ImageLocality's rule).
func NormalizedImageName(name string) string {
	if strings.LastIndex(name, ":") <= strings.LastIndex(name, "/") {
		name += ":latest"
	}
	return name
}
