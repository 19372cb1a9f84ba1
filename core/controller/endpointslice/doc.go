// Package endpointslice plays kube-controller-manager's EndpointSlice
// controller (pkg/controller/endpointslice): for every Service with a
// selector it keeps an EndpointSlice named <service>-<5 random chars>,
// labelled kubernetes.io/service-name and
// endpointslice.kubernetes.io/managed-by=endpointslice-controller.k8s.io,
// listing the selected pods that have an IP with their ready, serving and
// terminating conditions and the Service's resolved target ports.
package endpointslice
