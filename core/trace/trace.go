package trace

import (
	"fmt"
	"strings"
	"time"
)

// Kind classifies a record.
type Kind string

const (
	// Request is an API request arriving at kube-apiserver (From is the client).
	Request Kind = "request"
	// Stage is one stage of a request: authn, authz, admission, validation.
	Stage Kind = "stage"
	// Response is the apiserver's answer to a request (Code is the HTTP status).
	Response Kind = "response"
	// Write is a store write (To is "etcd", Revision is the new revision).
	Write Kind = "write"
	// Watch is a watch notification delivered to a watcher (To).
	Watch Kind = "watch"
	// Action is something a component decided to do (schedule, create, pull...).
	Action Kind = "action"
	// Event is a Kubernetes Event object being recorded.
	Event Kind = "event"
	// Fault is a fault injected by the user (node down, restart...).
	Fault Kind = "fault"
)

// Record is one entry of the trace. Fields not relevant to a kind are empty.
type Record struct {
	Seq       int       `json:"seq"`
	Time      time.Time `json:"time"`
	Kind      Kind      `json:"kind"`
	Component string    `json:"component"` // who is responsible (e.g. kube-apiserver, kube-scheduler, kubelet/demo-worker)
	From      string    `json:"from,omitempty"`
	To        string    `json:"to,omitempty"`
	Stage     string    `json:"stage,omitempty"` // authn, authz, admission, validation, storage
	Verb      string    `json:"verb,omitempty"`
	Resource  string    `json:"resource,omitempty"` // e.g. pods, deployments.apps, pods/binding
	Namespace string    `json:"namespace,omitempty"`
	Name      string    `json:"name,omitempty"`
	Revision  int64     `json:"revision,omitempty"`
	Code      int       `json:"code,omitempty"`
	Message   string    `json:"message"`
}

// Object returns "resource/namespace/name" style identification of the record's object.
func (r Record) Object() string {
	var b strings.Builder
	b.WriteString(r.Resource)
	if r.Namespace != "" {
		b.WriteString("/" + r.Namespace)
	}
	if r.Name != "" {
		b.WriteString("/" + r.Name)
	}
	return b.String()
}

// String renders the record as one line of the terminal's --trace output.
func (r Record) String() string {
	ts := r.Time.UTC().Format("15:04:05.000")
	return fmt.Sprintf("[%s] %-26s %s", ts, r.Component, r.Message)
}

// Log is an append-only trace with subscribers. A zero Limit keeps everything.
type Log struct {
	now     func() time.Time
	records []Record
	dropped int
	subs    []func(Record)
	// Limit caps how many records are retained (oldest dropped first); 0 = unlimited.
	Limit int
	// Disabled turns recording off entirely (benchmarks).
	Disabled bool
}

// initialRecords is the room a log starts with, on its first record.
const initialRecords = 4096

// NewLog returns a log stamping records with now().
func NewLog(now func() time.Time) *Log { return &Log{now: now, Limit: 200000} }

// Add stamps r with the current virtual time and the next sequence number,
// retains it and hands it to every subscriber, in subscription order.
func (l *Log) Add(r Record) {
	if l == nil || l.Disabled {
		return
	}
	r.Seq = l.dropped + len(l.records) + 1
	r.Time = l.now()
	if cap(l.records) == 0 {
		// A cluster's start-up alone writes thousands of records: start
		// with room for them rather than re-growing (copying) the ring.
		n := initialRecords
		if l.Limit > 0 && l.Limit < n {
			n = l.Limit
		}
		l.records = make([]Record, 0, n)
	}
	if l.Limit > 0 && len(l.records) >= l.Limit {
		n := l.Limit / 10
		if n == 0 {
			n = 1
		}
		l.records = append(l.records[:0], l.records[n:]...)
		l.dropped += n
	} else if l.Limit > 0 && len(l.records) == cap(l.records) {
		// Grow by doubling, but never past the limit: the ring then stays
		// that size for the rest of the session.
		grown := make([]Record, len(l.records), min(2*cap(l.records), l.Limit))
		copy(grown, l.records)
		l.records = grown
	}
	l.records = append(l.records, r)
	for _, f := range l.subs {
		f(r)
	}
}

// Subscribe calls f for every record added from now on and returns a
// function that unsubscribes it.
func (l *Log) Subscribe(f func(Record)) (cancel func()) {
	l.subs = append(l.subs, f)
	i := len(l.subs) - 1
	return func() {
		if i < len(l.subs) {
			l.subs[i] = func(Record) {}
		}
	}
}

// Records returns the retained records (do not modify).
func (l *Log) Records() []Record { return l.records }

// Since returns the retained records with Seq > seq.
func (l *Log) Since(seq int) []Record {
	start := seq - l.dropped
	if start < 0 {
		start = 0
	}
	if start > len(l.records) {
		return nil
	}
	return l.records[start:]
}

// Len reports the sequence number of the last record.
func (l *Log) Len() int { return l.dropped + len(l.records) }

// SetLimit caps retention at n records. The ring grows to n as records come
// (a fresh cluster holds a few thousand: reserving n up front would make
// every garbage collection of a short session scan n empty records).
func (l *Log) SetLimit(n int) {
	l.Limit = n
}
