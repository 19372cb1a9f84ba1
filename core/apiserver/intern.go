package apiserver

import (
	"reflect"
	"slices"
	"unsafe"

	"kubeplay/core/api"
	"kubeplay/core/api/jsonenc"
)

// The watch cache keeps every object it serves, and informers share those
// objects. Pods of one workload carry the same resource requirements and
// container ports, the same service-account token volume and the same
// default tolerations, so the interner makes equal parts of the objects the
// cache takes in share one copy, as a real apiserver's memory would not but a
// 5000-node simulation in a browser tab needs. It changes nothing observable:
// cached objects are immutable (clients get their own deep copy from Do, or
// only read what they handed over; informer handlers must not modify what
// they are handed), and a part is
// shared only when it is deeply equal (as reflect.DeepEqual says, nil and
// empty differ; deepEqual in equal.go answers it faster) to the shared copy.

// internMaxEntries bounds each intern table; a full table starts over
// (objects keep the copies they share).
const internMaxEntries = 1024

// internTable maps a value's key to its shared copy; last is the copy it
// handed out most recently, compared first: the pods of one workload arrive
// one after another with equal parts, and a deep comparison costs less than
// encoding the key.
type internTable[T any] struct {
	m    map[string]T
	last T
	ok   bool   // last is set
	key  []byte // scratch
	eq   *eqPlan
}

// equal reports whether a and b are deeply equal (equal.go).
func (t *internTable[T]) equal(a, b T) bool {
	if t.eq == nil {
		t.eq = eqPlanFor(reflect.TypeFor[T]())
	}
	return deepEqual(t.eq, &a, &b)
}

// intern returns the shared copy of v, adding v as the shared copy when
// none equal to it is known. Values are looked up by their JSON.
func (t *internTable[T]) intern(v T) T {
	if t.ok && t.equal(t.last, v) {
		return t.last
	}
	key, err := jsonenc.Append(t.key[:0], v)
	if err != nil {
		return v
	}
	t.key = key
	return t.internKey(key, v)
}

func (t *internTable[T]) internKey(key []byte, v T) T {
	if t.m == nil || len(t.m) >= internMaxEntries {
		t.m = map[string]T{}
	}
	if s, ok := t.m[string(key)]; ok {
		if t.equal(s, v) {
			t.last, t.ok = s, true
			return s
		}
		return v
	}
	t.m[string(key)] = v
	t.last, t.ok = v, true
	return v
}

// resourceList interns a resource list, looked up by its names and
// quantities in name order (cheaper than its JSON).
func (in *interner) resourceList(l api.ResourceList) api.ResourceList {
	var names [8]api.ResourceName
	if len(l) > len(names) {
		return in.resources.intern(l)
	}
	ns := names[:0]
	for k := range l {
		ns = append(ns, k)
	}
	slices.Sort(ns)
	key := in.key[:0]
	for _, k := range ns {
		q := l[k]
		key = append(key, k...)
		key = append(key, '=')
		key = append(key, q.String()...)
		key = append(key, ',')
	}
	in.key = key
	return in.resources.internKey(key, l)
}

type interner struct {
	resources   internTable[api.ResourceList]
	projected   internTable[*api.ProjectedVolumeSource]
	tolerations internTable[[]api.Toleration]
	ports       internTable[[]api.ContainerPort]
	podSecurity internTable[*api.PodSecurityContext]
	int64s      map[int64]*int64
	int32s      map[int32]*int32
	bools       [2]*bool
	preemption  map[api.PreemptionPolicy]*api.PreemptionPolicy
	key         []byte // scratch
}

// sameArray reports whether a and b are views of one backing array (parts of
// an object shallow-copied from a cached one, already interned).
func sameArray[T any](a, b []T) bool {
	return len(a) > 0 && len(b) > 0 && unsafe.SliceData(a) == unsafe.SliceData(b)
}

// object interns the parts of obj, the server's private object about to
// enter the watch cache. prev is the cached object it replaces (nil on
// create): a slice obj shares with prev is left alone, since writing into
// it would write into prev.
func (in *interner) object(obj, prev api.Object) {
	p, ok := obj.(*api.Pod)
	if !ok {
		return
	}
	var old *api.Pod
	if prev != nil {
		old, _ = prev.(*api.Pod)
	}
	if old == nil {
		old = &api.Pod{}
	}
	in.podSpec(&p.Spec, &old.Spec)
}

func (in *interner) podSpec(spec, old *api.PodSpec) {
	if !sameArray(spec.Containers, old.Containers) {
		in.containers(spec.Containers)
	}
	if !sameArray(spec.InitContainers, old.InitContainers) {
		in.containers(spec.InitContainers)
	}
	if !sameArray(spec.Volumes, old.Volumes) {
		for i := range spec.Volumes {
			if v := &spec.Volumes[i]; v.Projected != nil {
				v.Projected = in.projected.intern(v.Projected)
			}
		}
	}
	if len(spec.Tolerations) > 0 && !sameArray(spec.Tolerations, old.Tolerations) {
		spec.Tolerations = in.tolerations.intern(spec.Tolerations)
	}
	if spec.SecurityContext != nil {
		spec.SecurityContext = in.podSecurity.intern(spec.SecurityContext)
	}
	if len(spec.Overhead) > 0 {
		spec.Overhead = in.resourceList(spec.Overhead)
	}
	spec.TerminationGracePeriodSeconds = in.int64(spec.TerminationGracePeriodSeconds)
	spec.Priority = in.int32(spec.Priority)
	spec.EnableServiceLinks = in.bool(spec.EnableServiceLinks)
	if spec.PreemptionPolicy != nil {
		if in.preemption == nil {
			in.preemption = map[api.PreemptionPolicy]*api.PreemptionPolicy{}
		}
		spec.PreemptionPolicy = internPointer(in.preemption, spec.PreemptionPolicy)
	}
}

func (in *interner) containers(cs []api.Container) {
	for i := range cs {
		if len(cs[i].Ports) > 0 {
			cs[i].Ports = in.ports.intern(cs[i].Ports)
		}
		r := &cs[i].Resources
		if len(r.Requests) > 0 {
			r.Requests = in.resourceList(r.Requests)
		}
		if len(r.Limits) > 0 {
			r.Limits = in.resourceList(r.Limits)
		}
	}
}

func (in *interner) int64(p *int64) *int64 {
	if p == nil {
		return nil
	}
	if in.int64s == nil {
		in.int64s = map[int64]*int64{}
	}
	return internPointer(in.int64s, p)
}

func (in *interner) int32(p *int32) *int32 {
	if p == nil {
		return nil
	}
	if in.int32s == nil {
		in.int32s = map[int32]*int32{}
	}
	return internPointer(in.int32s, p)
}

func (in *interner) bool(p *bool) *bool {
	if p == nil {
		return nil
	}
	i := 0
	if *p {
		i = 1
	}
	if in.bools[i] == nil {
		in.bools[i] = p
	}
	return in.bools[i]
}

// internPointer shares pointers to equal scalars.
func internPointer[T comparable](m map[T]*T, p *T) *T {
	if s, ok := m[*p]; ok {
		return s
	}
	if len(m) >= internMaxEntries {
		clear(m)
	}
	m[*p] = p
	return p
}
