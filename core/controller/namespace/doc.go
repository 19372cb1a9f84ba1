// Package namespace plays kube-controller-manager's namespace controller
// (pkg/controller/namespace): when a Namespace is deleted (phase
// Terminating), it deletes every namespaced object in it, waits for them
// to be gone (pods take their grace period), then removes the "kubernetes"
// finalizer through the namespaces/<name>/finalize subresource, and the
// apiserver deletes the Namespace.
package namespace
