// Package store plays etcd: an MVCC key-value store with one global revision
// incremented by every write, keys under /registry, ranges at a revision,
// ordered gap-free watches from a revision (inclusive) carrying the previous
// value, compaction with ErrCompacted below it, and leases whose expiry
// deletes the keys attached to them.
//
// Only core/apiserver reads and writes it, exactly as only kube-apiserver
// talks to etcd. The composition roots that build a store and hand it to the
// apiserver (core/cluster, core/controller/internal/testenv) import it too,
// and wasm/seam reads it the way etcdctl would for the page's etcd view;
// core/arch_test.go allows exactly these. The store is not safe for
// concurrent use; it runs on the sim loop.
package store
