// Package endpointslicemirroring plays kube-controller-manager's
// EndpointSlice mirroring controller (pkg/controller/endpointslicemirroring):
// the Endpoints of a Service without a selector, which users write by hand,
// are mirrored into EndpointSlices named <endpoints>-<5 random chars>,
// owned by the Endpoints and labelled kubernetes.io/service-name and
// endpointslice.kubernetes.io/managed-by=endpointslicemirroring-controller.k8s.io,
// so that whatever reads EndpointSlices (kube-proxy, kubectl describe
// service) sees them. Endpoints labelled endpointslice.kubernetes.io/skip-mirror
// (the apiserver's own kubernetes Endpoints) are not mirrored.
package endpointslicemirroring
