package store

import "sort"

// entry is one revision of one key: a value, or a tombstone (version 0).
// The key itself lives once, in the keyHistory that owns the entry.
type entry struct {
	mod     int64
	create  int64
	version int64 // 0 marks a tombstone
	lease   int64
	value   []byte
	// dict is nil for a whole value; otherwise value is a delta against
	// dict's value (delta.go, dictionary.go), rebuilt by value().
	dict *dictionary
}

func (e *entry) tombstone() bool { return e.version == 0 }

// keyHistory is every retained revision of one key, oldest first. It plays
// etcd's keyIndex (generations of revisions), flattened into one slice.
type keyHistory struct {
	key  string
	revs []entry
	// compactedAt is the last compaction revision this history was trimmed
	// for, so that one compaction visits each key once.
	compactedAt int64
}

// latest returns the newest entry, or nil if there is none.
func (h *keyHistory) latest() *entry {
	if len(h.revs) == 0 {
		return nil
	}
	return &h.revs[len(h.revs)-1]
}

// live reports whether the key currently exists.
func (h *keyHistory) live() bool {
	e := h.latest()
	return e != nil && !e.tombstone()
}

// at returns the index of the newest entry with mod <= rev, or -1.
func (h *keyHistory) at(rev int64) int {
	n := len(h.revs)
	if n > 0 && h.revs[n-1].mod <= rev {
		return n - 1 // the common case: reading the latest value
	}
	return sort.Search(n, func(i int) bool { return h.revs[i].mod > rev }) - 1
}

// exact returns the index of the entry written at rev, or -1.
func (h *keyHistory) exact(rev int64) int {
	i := h.at(rev)
	if i < 0 || h.revs[i].mod != rev {
		return -1
	}
	return i
}

// value returns the value of entry i (a live value), rebuilding it when it
// is kept as a delta.
func (h *keyHistory) value(i int) []byte {
	e := &h.revs[i]
	if e.dict == nil {
		return e.value
	}
	return applyDelta(e.value, e.dict.value)
}

// kv renders entry i as a KeyValue (nil for a tombstone).
func (h *keyHistory) kv(i int) *KeyValue {
	e := &h.revs[i]
	if e.tombstone() {
		return nil
	}
	return &KeyValue{Key: h.key, Value: h.value(i), CreateRevision: e.create, ModRevision: e.mod, Version: e.version, Lease: e.lease}
}

// event renders the change written by entry i, with the previous value
// (entry i-1) when the key existed just before it. Neither value is rebuilt
// until it is read (EventKeyValue.Value).
func (h *keyHistory) event(i int) Event {
	e := &h.revs[i]
	var ev Event
	if e.tombstone() {
		ev = Event{Type: Delete, KV: EventKeyValue{Key: h.key, ModRevision: e.mod}}
	} else {
		ev = Event{Type: Put, KV: h.eventKV(i)}
	}
	if i > 0 && !h.revs[i-1].tombstone() {
		prev := h.eventKV(i - 1)
		ev.PrevKV = &prev
	}
	return ev
}

// eventKV renders the live entry i for an event. It holds the entry's value
// slice and dictionary, not the index, so it outlives trim.
func (h *keyHistory) eventKV(i int) EventKeyValue {
	e := &h.revs[i]
	return EventKeyValue{Key: h.key, CreateRevision: e.create, ModRevision: e.mod, Version: e.version, Lease: e.lease, value: e.value, dict: e.dict}
}

// trim drops the entries below rev, keeping the newest older entry when it
// is a live value (so reads at rev and the PrevKV of the first event at or
// after rev still work). It returns how many entries were dropped.
func (h *keyHistory) trim(rev int64) int {
	j := sort.Search(len(h.revs), func(i int) bool { return h.revs[i].mod >= rev })
	k := j
	if j > 0 && !h.revs[j-1].tombstone() {
		k = j - 1
	}
	if k == 0 {
		return 0
	}
	rest := len(h.revs) - k
	if cap(h.revs) > 4*rest+4 {
		h.revs = append(make([]entry, 0, rest), h.revs[k:]...)
	} else {
		n := copy(h.revs, h.revs[k:])
		clear(h.revs[n:])
		h.revs = h.revs[:n]
	}
	return k
}
