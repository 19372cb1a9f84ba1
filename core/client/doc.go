// Package client plays client-go: the library every Kubernetes component
// uses to talk to kube-apiserver.
//
//   - Client (rest/typed clients): every call becomes an request.Request that
//     carries the caller's identity (User) and its name in the trace
//     (Component), with the API group looked up in the api registry.
//   - Informer (tools/cache reflector + indexer + shared informer): list, then
//     watch from the list's resourceVersion; on 410 Expired or a broken watch,
//     re-list and re-watch; periodic resync; indexers; handlers in order.
//   - Queue (util/workqueue): a deduplicating, rate-limited work queue whose
//     processing happens in sim events, never in goroutines.
//   - Recorder and EventsRecorder (tools/record and tools/events): Kubernetes
//     Events with client-go's names, counting, aggregation, spam filter and
//     events.k8s.io series.
//
// Nothing here reads wall time or starts goroutines: time comes from the sim.
package client
