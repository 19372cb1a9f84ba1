// Package images is kubeplay's container registry and image references: an
// embedded catalog of real public images (Docker Hub, registry.k8s.io, gcr.io)
// with their real compressed sizes, digests, and how their default command
// behaves. It plays the part of the registries and of containerd's image
// service (reference normalization, pull errors) that a kubelet talks to.
package images
