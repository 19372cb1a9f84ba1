// Package serviceaccount plays two small loops of kube-controller-manager:
// the serviceaccount controller, which makes sure every active Namespace has
// a "default" ServiceAccount, and the root-ca-cert-publisher, which puts the
// kube-root-ca.crt ConfigMap (the cluster CA bundle) in every Namespace.
package serviceaccount
