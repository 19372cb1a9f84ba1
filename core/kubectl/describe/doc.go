// Package describe plays kubectl describe (k8s.io/kubectl/pkg/describe): the
// per-kind describers that print an object, the objects related to it and its
// Events, laid out by a tabwriter exactly as kubectl lays them out.
//
// DescribeObject is pure (the caller supplies events, related objects and the
// current virtual time); Describe fetches them through a client first.
package describe
