// Package store plays etcd: an MVCC key-value store with one global revision
// incremented by every write, keys under /registry, ranges at a revision,
// ordered gap-free watches from a revision (inclusive) carrying the previous
// value, compaction with ErrCompacted below it, and leases whose expiry
// deletes the keys attached to them.
//
// Only core/apiserver uses this package, exactly as only kube-apiserver talks
// to etcd. The store is not safe for concurrent use; it runs on the sim loop.
package store
