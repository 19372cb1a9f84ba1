// Package sim is the world kubeplay runs in: one virtual clock, one event
// loop and one seeded source of randomness. It plays the part of
// k8s.io/utils/clock and its fake clock, extended into a discrete-event
// simulator.
//
// The one rule: nothing in core reads wall time, sleeps, starts goroutines or
// uses global randomness. Every asynchronous hop (a request, a watch
// notification, a retry, an image pull, a heartbeat) is a callback scheduled
// on the loop with a virtual delay. Events run in order of their due time;
// ties run in the order they were scheduled. The same seed and the same inputs
// therefore always produce the same history.
package sim
