// Package api holds the types kubeplay serves, shaped exactly like
// Kubernetes' JSON (k8s.io/api and k8s.io/apimachinery's meta/v1), flattened
// into one package. Go type and field names follow k8s.io/api, so a reader
// who knows client-go finds api.Pod, api.PodSpec, api.ObjectMeta where they
// expect them. kubeplay never imports k8s.io/api into anything that ships to
// the browser; a test decodes our JSON into the real types to prove the shapes.
package api
