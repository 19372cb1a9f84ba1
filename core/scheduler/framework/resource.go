package framework

import "kubeplay/core/api"

// Default requests the scheduler assumes for a container that requests
// nothing, when scoring (pkg/scheduler/util/pod_resources.go).
const (
	DefaultMilliCPURequest int64 = 100               // 0.1 core
	DefaultMemoryRequest   int64 = 200 * 1024 * 1024 // 200 MiB
)

// Resource is a set of compute resources in scheduler units: milli-CPU,
// bytes, and a pod count.
type Resource struct {
	MilliCPU         int64
	Memory           int64
	EphemeralStorage int64
	AllowedPodNumber int
	// Scalar holds extended resources (nvidia.com/gpu, hugepages-...).
	Scalar map[api.ResourceName]int64
}

// NewResource converts a ResourceList.
func NewResource(rl api.ResourceList) Resource {
	var r Resource
	r.Add(rl)
	return r
}

// Add adds a ResourceList into r.
func (r *Resource) Add(rl api.ResourceList) {
	for name, q := range rl {
		switch name {
		case api.ResourceCPU:
			r.MilliCPU += q.MilliValue()
		case api.ResourceMemory:
			r.Memory += q.Value()
		case api.ResourcePods:
			r.AllowedPodNumber += int(q.Value())
		case api.ResourceEphemeralStorage:
			r.EphemeralStorage += q.Value()
		default:
			if isScalar(name) {
				r.AddScalar(name, q.Value())
			}
		}
	}
}

// AddScalar adds quantity to an extended resource.
func (r *Resource) AddScalar(name api.ResourceName, quantity int64) {
	if r.Scalar == nil {
		r.Scalar = map[api.ResourceName]int64{}
	}
	r.Scalar[name] += quantity
}

// AddResource adds o into r.
func (r *Resource) AddResource(o *Resource) {
	r.MilliCPU += o.MilliCPU
	r.Memory += o.Memory
	r.EphemeralStorage += o.EphemeralStorage
	r.AllowedPodNumber += o.AllowedPodNumber
	for k, v := range o.Scalar {
		r.AddScalar(k, v)
	}
}

// SubResource subtracts o from r.
func (r *Resource) SubResource(o *Resource) {
	r.MilliCPU -= o.MilliCPU
	r.Memory -= o.Memory
	r.EphemeralStorage -= o.EphemeralStorage
	r.AllowedPodNumber -= o.AllowedPodNumber
	for k, v := range o.Scalar {
		r.AddScalar(k, -v)
	}
}

// Clone returns a deep copy.
func (r Resource) Clone() Resource {
	c := r
	if r.Scalar != nil {
		c.Scalar = make(map[api.ResourceName]int64, len(r.Scalar))
		for k, v := range r.Scalar {
			c.Scalar[k] = v
		}
	}
	return c
}

// setMax raises every resource of r to at least the value in o.
func (r *Resource) setMax(o *Resource) {
	r.MilliCPU = max(r.MilliCPU, o.MilliCPU)
	r.Memory = max(r.Memory, o.Memory)
	r.EphemeralStorage = max(r.EphemeralStorage, o.EphemeralStorage)
	for k, v := range o.Scalar {
		if v > r.Scalar[k] {
			if r.Scalar == nil {
				r.Scalar = map[api.ResourceName]int64{}
			}
			r.Scalar[k] = v
		}
	}
}

// isScalar reports whether name is an extended resource or hugepages:
// anything with a domain prefix, or hugepages-*.
func isScalar(name api.ResourceName) bool {
	s := string(name)
	if len(s) > 10 && s[:10] == "hugepages-" {
		return true
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			return s[:i] != "kubernetes.io" && s[:i] != "requests.kubernetes.io"
		}
	}
	return false
}

// PodRequests computes a pod's effective requests the way the scheduler does
// (component-helpers resource.PodRequests): the sum of the regular containers
// plus restartable (sidecar) init containers, raised to the largest
// non-sidecar init container (plus the sidecars started before it), plus the
// pod overhead. nonZero is the same with every missing cpu or memory request
// of a container counted as 100m / 200Mi (used for scoring).
func PodRequests(pod *api.Pod) (req Resource, nonZero Resource) {
	spec := &pod.Spec
	for i := range spec.Containers {
		addContainer(&req, &nonZero, spec.Containers[i].Resources.Requests)
	}
	var sidecars, sidecarsNZ Resource
	var initMax, initMaxNZ Resource
	for i := range spec.InitContainers {
		c := &spec.InitContainers[i]
		if c.RestartPolicy != nil && *c.RestartPolicy == api.ContainerRestartPolicyAlways {
			addContainer(&sidecars, &sidecarsNZ, c.Resources.Requests)
			// A sidecar also runs alongside the regular containers.
			continue
		}
		var one, oneNZ Resource
		addContainer(&one, &oneNZ, c.Resources.Requests)
		one.AddResource(&sidecars)
		oneNZ.AddResource(&sidecarsNZ)
		initMax.setMax(&one)
		initMaxNZ.setMax(&oneNZ)
	}
	req.AddResource(&sidecars)
	nonZero.AddResource(&sidecarsNZ)
	req.setMax(&initMax)
	nonZero.setMax(&initMaxNZ)
	if spec.Overhead != nil {
		req.Add(spec.Overhead)
		nonZero.Add(spec.Overhead)
	}
	return req, nonZero
}

func addContainer(req, nonZero *Resource, requests api.ResourceList) {
	req.Add(requests)
	nz := NewResource(requests)
	if _, ok := requests[api.ResourceCPU]; !ok {
		nz.MilliCPU = DefaultMilliCPURequest
	}
	if _, ok := requests[api.ResourceMemory]; !ok {
		nz.Memory = DefaultMemoryRequest
	}
	nonZero.AddResource(&nz)
}
