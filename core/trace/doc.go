// Package trace records the pipeline itself: every API request and its
// stages, every etcd write with its revision, every watch notification and
// every controller, scheduler and kubelet action, stamped with virtual time
// and the component responsible. The events panel, the pipeline diagram and
// `kubeplay shell --trace` all read this one stream.
package trace
