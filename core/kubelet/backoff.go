package kubelet

import "time"

// backoff is client-go's flowcontrol.Backoff as the kubelet configures it:
// per-key exponential back-off without jitter. A key's entry starts at
// initial on its first Next, doubles on each further Next up to max, and is
// forgotten when expired says so.
type backoff struct {
	initial, max time.Duration
	expired      func(eventTime, lastUpdate time.Time) bool
	entries      map[string]*backoffEntry
}

type backoffEntry struct {
	backoff    time.Duration
	lastUpdate time.Time
}

func newCrashBackoff() *backoff {
	return &backoff{initial: InitialCrashLoopBackOff, max: MaxCrashLoopBackOff, entries: map[string]*backoffEntry{},
		expired: func(eventTime, lastUpdate time.Time) bool { return eventTime.Sub(lastUpdate) > CrashLoopResetAfter }}
}

func newImageBackoff() *backoff {
	return &backoff{initial: ImageBackOffInitial, max: MaxImageBackOff, entries: map[string]*backoffEntry{},
		expired: func(eventTime, lastUpdate time.Time) bool { return eventTime.Sub(lastUpdate) > 2*MaxImageBackOff }}
}

// Next records one more failure of id at now (eventTime is when it happened).
func (b *backoff) Next(id string, eventTime, now time.Time) {
	e, ok := b.entries[id]
	if !ok || b.expired(eventTime, e.lastUpdate) {
		e = &backoffEntry{backoff: b.initial}
		b.entries[id] = e
	} else {
		e.backoff = min(e.backoff*2, b.max)
	}
	e.lastUpdate = now
}

// Get returns id's current back-off (0 if none).
func (b *backoff) Get(id string) time.Duration {
	if e, ok := b.entries[id]; ok {
		return e.backoff
	}
	return 0
}

// InBackOffSince reports whether now is still within id's back-off counted
// from eventTime (a container's finishedAt).
func (b *backoff) InBackOffSince(id string, eventTime, now time.Time) bool {
	e, ok := b.entries[id]
	if !ok || b.expired(eventTime, e.lastUpdate) {
		return false
	}
	return now.Sub(eventTime) < e.backoff
}

// InBackOffSinceUpdate reports whether now is within id's back-off counted
// from its last failure.
func (b *backoff) InBackOffSinceUpdate(id string, now time.Time) bool {
	e, ok := b.entries[id]
	if !ok || b.expired(now, e.lastUpdate) {
		return false
	}
	return now.Sub(e.lastUpdate) < e.backoff
}

// Until returns when id's back-off counted from its last failure ends.
func (b *backoff) Until(id string) time.Time {
	if e, ok := b.entries[id]; ok {
		return e.lastUpdate.Add(e.backoff)
	}
	return time.Time{}
}

// ForgetPrefix drops every key starting with prefix (a deleted pod's keys).
func (b *backoff) ForgetPrefix(prefix string) {
	for k := range b.entries {
		if len(k) >= len(prefix) && k[:len(prefix)] == prefix {
			delete(b.entries, k)
		}
	}
}
