// Package bootstrap plays kube-controller-manager's tokencleaner (which
// kubeadm enables, so kind runs it): it deletes the bootstrap token Secrets
// in kube-system whose expiration has passed.
package bootstrap
