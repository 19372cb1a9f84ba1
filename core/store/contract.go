package store

// This file is the contract other packages code against. Implementation
// lives beside it (store.go, watch.go, lease.go, compact.go).

import "errors"

// Errors, with etcd's texts.
var (
	ErrCompacted   = errors.New("mvcc: required revision has been compacted")
	ErrFutureRev   = errors.New("mvcc: required revision is a future revision")
	ErrKeyExists   = errors.New("key already exists")
	ErrKeyNotFound = errors.New("key not found")
	// ErrConflict is returned when the guard (expected mod revision) does not match.
	ErrConflict      = errors.New("mod revision mismatch")
	ErrLeaseNotFound = errors.New("etcdserver: requested lease not found")
)

// KeyValue is one key at one revision (mvccpb.KeyValue).
type KeyValue struct {
	Key            string
	Value          []byte
	CreateRevision int64
	ModRevision    int64
	Version        int64 // 1 on create, +1 per update; 0 on delete
	Lease          int64
}

// EventType is PUT or DELETE.
type EventType int

const (
	Put EventType = iota
	Delete
)

func (t EventType) String() string {
	if t == Delete {
		return "DELETE"
	}
	return "PUT"
}

// Event is one change (mvccpb.Event). For Delete, KV.ModRevision is the
// delete revision and KV.Value is empty; PrevKV always holds the previous
// value when there was one.
type Event struct {
	Type   EventType
	KV     KeyValue
	PrevKV *KeyValue
}

// IsCreate reports whether a Put created the key (KV.Version == 1).
func (e Event) IsCreate() bool { return e.Type == Put && e.KV.Version == 1 }
