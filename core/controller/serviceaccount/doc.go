// Package serviceaccount plays three small loops of kube-controller-manager:
// the serviceaccount controller, which makes sure every active Namespace has
// a "default" ServiceAccount; the root-ca-cert-publisher, which puts the
// kube-root-ca.crt ConfigMap (the cluster CA bundle) in every Namespace; and
// the service-account token controller, which fills each
// kubernetes.io/service-account-token Secret with its ServiceAccount's token
// and deletes the Secrets whose ServiceAccount does not exist.
package serviceaccount
