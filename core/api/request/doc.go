// Package request holds the wire types both sides of kube-apiserver speak:
// one API call as an HTTP request carries it (Request), one watch
// notification (WatchEvent, apimachinery's watch.Event) and the
// authenticated user with the well-known identities (UserInfo,
// k8s.io/apiserver's authentication/user). Clients, kubectl, controllers
// and admission import this package, never the server; it imports only
// core/api.
package request
