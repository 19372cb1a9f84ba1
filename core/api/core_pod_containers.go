package api

// AllContainers lists a pod's init containers, then its containers.
func AllContainers(spec *PodSpec) []*Container {
	var cs []*Container
	for i := range spec.InitContainers {
		cs = append(cs, &spec.InitContainers[i])
	}
	for i := range spec.Containers {
		cs = append(cs, &spec.Containers[i])
	}
	return cs
}
