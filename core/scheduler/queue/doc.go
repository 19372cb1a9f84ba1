// Package queue is kube-scheduler's scheduling queue
// (pkg/scheduler/backend/queue): activeQ ordered by the QueueSort plugin,
// backoffQ (1s doubling per attempt up to 10s), and unschedulablePods, which
// wait for a cluster event that may help them (or 5 minutes at most). All
// timing runs on sim timers.
package queue
