// Package scheduler plays kube-scheduler: it watches unscheduled pods and
// nodes through the apiserver (identity system:kube-scheduler), keeps a cache
// of nodes and of assumed and bound pods, runs each pod through the
// scheduling framework's default profile (filter, score, select host) in one
// sim event per attempt, and binds it with POST pods/binding. Failures become
// FailedScheduling events and a PodScheduled=False condition; the last
// attempt of every pod is kept for `kubeplay explain pod NAME`.
package scheduler
