package beat

import (
	"time"

	"kubeplay/core/trace"
)

// Kinds of beat.
const (
	// Request is a request handled by kube-apiserver: its stages, the etcd
	// write and the response folded in (Actor kube-apiserver, From the client).
	Request = "request"
	// Watch is one change delivered to the watchers it concerns (To).
	Watch = "watch"
	// Action is one component's own action (a decision, a pull, a start), or
	// a fault injected by the user.
	Action = "action"
	// Event is a Kubernetes Event recorded through kube-apiserver.
	Event = "event"
)

// Text is one sentence in the page's two languages.
type Text struct {
	En string `json:"en"`
	Ja string `json:"ja"`
}

// Beat is one hand-off of the relay. Empty strings and zero numbers are
// omitted from its JSON; To and Records are always arrays.
type Beat struct {
	Seq int `json:"seq"`
	// T is the virtual time of the beat's end, ms since the Unix epoch (as
	// the seam's now); Time is the same instant in RFC 3339 with ms.
	T    float64 `json:"t"`
	Time string  `json:"time"`
	Kind string  `json:"kind"`
	// Actor is who acts: kube-apiserver for request and event beats, the
	// component for actions, kube-apiserver for watch deliveries.
	Actor string   `json:"actor"`
	From  string   `json:"from,omitempty"`
	To    []string `json:"to"`
	Verb  string   `json:"verb,omitempty"`
	// Resource, Namespace, Name identify the object (Resource as the trace
	// spells it: pods, deployments.apps, pods/binding).
	Resource  string `json:"resource,omitempty"`
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name,omitempty"`
	// Object is "Kind namespace/name" ("Pod default/nginx-…").
	Object   string `json:"object,omitempty"`
	Revision int64  `json:"revision,omitempty"`
	Code     int    `json:"code,omitempty"`
	// Stages are the stages of kube-apiserver's chain the request went
	// through, in order, among authn, authz, admission and validation (a
	// read stops after authz); Refused is the one that refused it, if one
	// did. A 404 or 409 from storage is no stage's refusal.
	Stages  []string `json:"stages,omitempty"`
	Refused string   `json:"refused,omitempty"`
	// Reason, Type and Source are the Kubernetes Event's, on event beats
	// (Source as SOURCE in `kubectl get events -o wide`).
	Reason    string `json:"reason,omitempty"`
	Type      string `json:"type,omitempty"`
	Source    string `json:"source,omitempty"`
	Heartbeat bool   `json:"heartbeat"`
	Warning   bool   `json:"warning"`
	// Records are the trace sequence numbers the beat folds, in order.
	Records []int  `json:"records"`
	Text    Text   `json:"text"`
	Caption Text   `json:"caption"`
	Class   string `json:"class"`

	at time.Time
}

// At is the beat's end in virtual time.
func (b *Beat) At() time.Time { return b.at }

// Records of a beat under construction are kept by value (a beat folds a
// handful of records).
type pending struct {
	step uint64
	recs []trace.Record
}
