// Package resourcequota plays kube-controller-manager's resource quota
// controller (pkg/controller/resourcequota): it copies each ResourceQuota's
// spec.hard into status.hard and recomputes status.used for every hard
// resource from the namespace's objects — when a quota is created or its
// spec.hard changes, when an object stops counting (a pod finishes or is
// deleted, a Service changes type, any counted object is deleted), and on a
// full resync every 5 minutes. kube-apiserver's ResourceQuota admission
// plugin charges creations as they are admitted; this controller gives the
// quota back and corrects any drift.
package resourcequota
