// Package apiserver plays kube-apiserver: every request passes through
// authentication, impersonation, authorization (the Node authorizer, then
// RBAC), decoding and defaulting, mutating admission, validation, validating
// admission and storage in etcd (core/store), and each stage is recorded in
// the trace. Watches are served from a watch cache (the "cacher") fed by one
// etcd watch on /registry/, exactly as the real apiserver fans one etcd
// stream out to many clients.
//
// Only this package touches core/store. Everything else talks to it through
// Do and Watch (usually via core/client), synchronously at the current
// virtual time; watch notifications arrive later, as sim events.
package apiserver
