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
	KV     EventKeyValue
	PrevKV *EventKeyValue
}

// EventKeyValue is a KeyValue in an event: the key after the change (KV), or
// before it (PrevKV, mvccpb's prev_kv). Its value is behind a method, because
// most watchers never read it and the store may keep it as a delta (delta.go)
// that has to be rebuilt. It stays valid after later writes and compactions.
type EventKeyValue struct {
	Key            string
	CreateRevision int64
	ModRevision    int64
	Version        int64 // 0 for a delete's KV
	Lease          int64
	// value is the whole value, or (dict not nil) a delta against
	// dict.value; both are immutable once written. nil for a delete's KV.
	value []byte
	dict  *dictionary
}

// Value returns the value, rebuilding it on the first call when it is kept
// as a delta. Like every value the store hands out, it is shared and must
// not be modified.
func (p *EventKeyValue) Value() []byte {
	if p.dict != nil {
		p.value, p.dict = applyDelta(p.value, p.dict.value), nil
	}
	return p.value
}

// IsCreate reports whether a Put created the key (KV.Version == 1).
func (e Event) IsCreate() bool { return e.Type == Put && e.KV.Version == 1 }
