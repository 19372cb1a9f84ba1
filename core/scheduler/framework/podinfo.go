package framework

import (
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
)

// AffinityTerm is a parsed PodAffinityTerm: which pods it selects and over
// which topology.
type AffinityTerm struct {
	// Namespaces lists the namespaces the term applies to; AllNamespaces is
	// set when the term has an empty namespaceSelector ({}).
	Namespaces    []string
	AllNamespaces bool
	Selector      labels.Selector // nil matches nothing
	TopologyKey   string
}

// Matches reports whether pod is selected by the term.
func (t *AffinityTerm) Matches(pod *api.Pod) bool {
	if t.Selector == nil {
		return false
	}
	if !t.AllNamespaces {
		found := false
		for _, ns := range t.Namespaces {
			if ns == pod.Namespace {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return t.Selector.Matches(labels.Set(pod.Labels))
}

// WeightedAffinityTerm is a preferred term with its weight.
type WeightedAffinityTerm struct {
	AffinityTerm
	Weight int32
}

// HostPort is one host port a pod asks for.
type HostPort struct {
	IP       string
	Protocol string
	Port     int32
}

// PodInfo is a pod plus what the scheduler derives from it once: requests
// and parsed affinity terms. Never mutate Pod.
type PodInfo struct {
	Pod *api.Pod
	// Requests are the pod's effective requests; NonZero counts missing cpu
	// and memory requests as 100m and 200Mi (for scoring).
	Requests, NonZero Resource
	// *PodTerms is the pod's own terms, or the shared empty noTerms for the
	// many pods without inter-pod affinity or host ports (never written
	// after NewPodInfo): a PodInfo of such a pod is 96 bytes, not 224, and
	// the scheduler keeps one for every pod it has placed.
	*PodTerms
}

// PodTerms is what a pod's inter-pod affinity and host ports come to.
type PodTerms struct {
	RequiredAffinityTerms      []AffinityTerm
	RequiredAntiAffinityTerms  []AffinityTerm
	PreferredAffinityTerms     []WeightedAffinityTerm
	PreferredAntiAffinityTerms []WeightedAffinityTerm
	HostPorts                  []HostPort
	// ParseErr is set when a label selector in the pod's affinity is invalid.
	ParseErr error
}

var noTerms = &PodTerms{}

// NewPodInfo derives a PodInfo from pod.
func NewPodInfo(pod *api.Pod) *PodInfo {
	pi := &PodInfo{Pod: pod}
	pi.Requests, pi.NonZero = PodRequests(pod)
	var t PodTerms
	if a := pod.Spec.Affinity; a != nil {
		if a.PodAffinity != nil {
			t.RequiredAffinityTerms = t.terms(pod, a.PodAffinity.RequiredDuringSchedulingIgnoredDuringExecution)
			t.PreferredAffinityTerms = t.weighted(pod, a.PodAffinity.PreferredDuringSchedulingIgnoredDuringExecution)
		}
		if a.PodAntiAffinity != nil {
			t.RequiredAntiAffinityTerms = t.terms(pod, a.PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution)
			t.PreferredAntiAffinityTerms = t.weighted(pod, a.PodAntiAffinity.PreferredDuringSchedulingIgnoredDuringExecution)
		}
	}
	t.HostPorts = podHostPorts(pod)
	pi.PodTerms = noTerms
	if t.HasAffinity() || len(t.HostPorts) > 0 || t.ParseErr != nil {
		pi.PodTerms = &t
	}
	return pi
}

// Key returns namespace/name.
func (pi *PodInfo) Key() string { return pi.Pod.Namespace + "/" + pi.Pod.Name }

// HasAffinity reports whether the pod has any pod (anti-)affinity term.
func (t *PodTerms) HasAffinity() bool {
	return len(t.RequiredAffinityTerms)+len(t.RequiredAntiAffinityTerms)+len(t.PreferredAffinityTerms)+len(t.PreferredAntiAffinityTerms) > 0
}

func (t *PodTerms) terms(pod *api.Pod, in []api.PodAffinityTerm) []AffinityTerm {
	if len(in) == 0 {
		return nil
	}
	out := make([]AffinityTerm, 0, len(in))
	for i := range in {
		out = append(out, t.term(pod, &in[i]))
	}
	return out
}

func (t *PodTerms) weighted(pod *api.Pod, in []api.WeightedPodAffinityTerm) []WeightedAffinityTerm {
	if len(in) == 0 {
		return nil
	}
	out := make([]WeightedAffinityTerm, 0, len(in))
	for i := range in {
		out = append(out, WeightedAffinityTerm{AffinityTerm: t.term(pod, &in[i].PodAffinityTerm), Weight: in[i].Weight})
	}
	return out
}

func (pt *PodTerms) term(pod *api.Pod, t *api.PodAffinityTerm) AffinityTerm {
	at := AffinityTerm{TopologyKey: t.TopologyKey}
	if t.LabelSelector != nil {
		sel, err := labels.SelectorFromLabelSelector(t.LabelSelector)
		if err != nil {
			pt.ParseErr = err
		} else {
			at.Selector = sel
		}
	}
	if len(t.Namespaces) == 0 && t.NamespaceSelector == nil {
		at.Namespaces = []string{pod.Namespace}
	} else {
		at.Namespaces = t.Namespaces
		// kubeplay does not watch namespaces: an empty namespaceSelector ({})
		// selects every namespace; a non-empty one selects none beyond the
		// listed namespaces.
		if ns := t.NamespaceSelector; ns != nil && len(ns.MatchLabels) == 0 && len(ns.MatchExpressions) == 0 {
			at.AllNamespaces = true
		}
	}
	return at
}

func podHostPorts(pod *api.Pod) []HostPort {
	var out []HostPort
	add := func(cs []api.Container) {
		for i := range cs {
			for _, p := range cs[i].Ports {
				if p.HostPort <= 0 {
					continue
				}
				proto := string(p.Protocol)
				if proto == "" {
					proto = "TCP"
				}
				ip := p.HostIP
				if ip == "" {
					ip = "0.0.0.0"
				}
				out = append(out, HostPort{IP: ip, Protocol: proto, Port: p.HostPort})
			}
		}
	}
	add(pod.Spec.Containers)
	add(pod.Spec.InitContainers)
	return out
}

// PodPriority returns spec.priority, or 0.
func PodPriority(pod *api.Pod) int32 {
	if pod.Spec.Priority != nil {
		return *pod.Spec.Priority
	}
	return 0
}

// QueuedPodInfo is a pod waiting in the scheduling queue.
type QueuedPodInfo struct {
	*PodInfo
	// Timestamp is when the pod was last added to the queue; Seq breaks
	// ties between pods queued at the same virtual instant (FIFO).
	Timestamp time.Time
	Seq       uint64
	// InitialAttemptTimestamp is when the pod was first popped.
	InitialAttemptTimestamp time.Time
	// Attempts counts scheduling attempts.
	Attempts int
	// UnschedulablePlugins are the plugins that rejected the pod in its last
	// attempt; a cluster event moves the pod only if one of them may change
	// its verdict.
	UnschedulablePlugins map[string]bool
	// BackoffExpiration is when the pod's current backoff ends.
	BackoffExpiration time.Time
	// Gated is set while a PreEnqueue plugin (SchedulingGates) holds the pod.
	Gated bool
}
