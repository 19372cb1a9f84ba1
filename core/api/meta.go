package api

import (
	"encoding/json"
	"strconv"
	"time"
)

// Object is implemented by every top-level kind (Pod, Deployment, ...).
// Objects handed out by caches are shared: never mutate them, DeepCopy first.
type Object interface {
	GetObjectMeta() *ObjectMeta
	GetTypeMeta() *TypeMeta
}

// TypeMeta is metav1.TypeMeta.
type TypeMeta struct {
	Kind       string `json:"kind,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
}

// GetTypeMeta implements Object.
func (t *TypeMeta) GetTypeMeta() *TypeMeta { return t }

// ListMeta is metav1.ListMeta.
type ListMeta struct {
	SelfLink           string `json:"selfLink,omitempty"`
	ResourceVersion    string `json:"resourceVersion,omitempty"`
	Continue           string `json:"continue,omitempty"`
	RemainingItemCount *int64 `json:"remainingItemCount,omitempty"`
}

// ObjectMeta is metav1.ObjectMeta.
type ObjectMeta struct {
	Name                       string               `json:"name,omitempty"`
	GenerateName               string               `json:"generateName,omitempty"`
	Namespace                  string               `json:"namespace,omitempty"`
	SelfLink                   Discarded[string]    `json:"selfLink,omitzero"`
	UID                        string               `json:"uid,omitempty"`
	ResourceVersion            string               `json:"resourceVersion,omitempty"`
	Generation                 int64                `json:"generation,omitempty"`
	CreationTimestamp          Time                 `json:"creationTimestamp,omitzero"`
	DeletionTimestamp          *Time                `json:"deletionTimestamp,omitempty"`
	DeletionGracePeriodSeconds *int64               `json:"deletionGracePeriodSeconds,omitempty"`
	Labels                     map[string]string    `json:"labels,omitempty"`
	Annotations                map[string]string    `json:"annotations,omitempty"`
	OwnerReferences            []OwnerReference     `json:"ownerReferences,omitempty"`
	Finalizers                 []string             `json:"finalizers,omitempty"`
	ManagedFields              []ManagedFieldsEntry `json:"managedFields,omitempty"`
}

// GetObjectMeta implements Object.
func (m *ObjectMeta) GetObjectMeta() *ObjectMeta { return m }

// ManagedFieldsEntry is metav1.ManagedFieldsEntry (kept for shape; kubeplay does not track field managers).
type ManagedFieldsEntry struct {
	Manager     string          `json:"manager,omitempty"`
	Operation   string          `json:"operation,omitempty"`
	APIVersion  string          `json:"apiVersion,omitempty"`
	Time        *Time           `json:"time,omitempty"`
	FieldsType  string          `json:"fieldsType,omitempty"`
	FieldsV1    json.RawMessage `json:"fieldsV1,omitempty"`
	Subresource string          `json:"subresource,omitempty"`
}

// OwnerReference is metav1.OwnerReference.
type OwnerReference struct {
	APIVersion         string `json:"apiVersion"`
	Kind               string `json:"kind"`
	Name               string `json:"name"`
	UID                string `json:"uid"`
	Controller         *bool  `json:"controller,omitempty"`
	BlockOwnerDeletion *bool  `json:"blockOwnerDeletion,omitempty"`
}

// LabelSelector is metav1.LabelSelector.
type LabelSelector struct {
	MatchLabels      map[string]string          `json:"matchLabels,omitempty"`
	MatchExpressions []LabelSelectorRequirement `json:"matchExpressions,omitempty"`
}

// LabelSelectorRequirement is metav1.LabelSelectorRequirement.
type LabelSelectorRequirement struct {
	Key      string   `json:"key"`
	Operator string   `json:"operator"`
	Values   []string `json:"values,omitempty"`
}

// Condition is metav1.Condition.
type Condition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	ObservedGeneration int64  `json:"observedGeneration,omitempty"`
	LastTransitionTime Time   `json:"lastTransitionTime"`
	Reason             string `json:"reason"`
	Message            string `json:"message"`
}

// Time is metav1.Time: RFC 3339 at second precision, "null" when zero.
type Time struct{ time.Time }

// NewTime wraps t, truncated to the second: metav1.Time travels at second
// precision, so every client sees whole seconds (a Pod created at 09:01:00.7
// is 1s old at 09:01:01, as kubectl shows on a real cluster).
func NewTime(t time.Time) Time { return Time{t.Truncate(time.Second)} }

// NewTimePtr is NewTime in a pointer.
func NewTimePtr(t time.Time) *Time { v := NewTime(t); return &v }

// MarshalJSON implements json.Marshaler.
func (t Time) MarshalJSON() ([]byte, error) { return t.AppendJSON(make([]byte, 0, 32)), nil }

// AppendJSON appends t's JSON to b: what the apiserver's encoder
// (core/api/jsonenc) calls instead of MarshalJSON, without its allocations.
func (t Time) AppendJSON(b []byte) []byte {
	if t.IsZero() {
		return append(b, "null"...)
	}
	b = t.UTC().AppendFormat(append(b, '"'), time.RFC3339)
	return append(b, '"')
}

// UnmarshalJSON implements json.Unmarshaler.
func (t *Time) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		t.Time = time.Time{}
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	pt, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return err
	}
	t.Time = pt.Local().UTC()
	return nil
}

// IsZero reports whether t is nil or zero (usable on a nil *Time).
func (t *Time) IsZero() bool { return t == nil || t.Time.IsZero() }

// MicroTime is metav1.MicroTime: RFC 3339 with microseconds.
type MicroTime struct{ time.Time }

// MarshalJSON implements json.Marshaler.
func (t MicroTime) MarshalJSON() ([]byte, error) { return t.AppendJSON(make([]byte, 0, 40)), nil }

// AppendJSON appends t's JSON to b (see Time.AppendJSON): RFC 3339 in UTC
// with six digits of fraction, "2006-01-02T15:04:05.000000Z07:00", written
// as RFC 3339 (which package time formats without parsing the layout) with
// the digits inserted before its Z.
func (t MicroTime) AppendJSON(b []byte) []byte {
	if t.IsZero() {
		return append(b, "null"...)
	}
	u := t.UTC()
	b = u.AppendFormat(append(b, '"'), time.RFC3339)
	n := len(b) - 1 // the Z
	b = strconv.AppendInt(b[:n], int64(1_000_000+u.Nanosecond()/1000), 10)
	b[n] = '.' // over the leading 1, which kept the zeros
	return append(b, 'Z', '"')
}

// UnmarshalJSON implements json.Unmarshaler.
func (t *MicroTime) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		t.Time = time.Time{}
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	pt, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return err
	}
	t.Time = pt.UTC()
	return nil
}

// Discarded is a string field of the API that kube-apiserver v1.35 never
// keeps: metadata.selfLink (cleared on every write since v1.20), and
// status.resize of a Pod (deprecated since v1.33 for the PodResizePending and
// PodResizeInProgress conditions, no longer set by the kubelet, and reset
// with the rest of the status when a Pod is created). A manifest may carry
// one, so it decodes as a string of type T would (a number there is the same
// type error, naming T), but the value is dropped on the spot and the field
// takes no memory: a zero-size field inside a struct has no bytes, and
// ObjectMeta is in every object the watch cache and the informers hold (for a
// Pod, the 32 bytes move it down a malloc size class, 128 bytes per Pod).
// encoding/json omits it (omitzero).
type Discarded[T ~string] struct{}

// UnmarshalJSON accepts a JSON string or null and keeps nothing.
func (Discarded[T]) UnmarshalJSON(b []byte) error {
	var s *T
	return json.Unmarshal(b, &s)
}

// Duration is metav1.Duration ("1m30s").
type Duration struct{ time.Duration }

// MarshalJSON implements json.Marshaler.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(d.Duration.String()) }

// UnmarshalJSON implements json.Unmarshaler.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	pd, err := time.ParseDuration(s)
	d.Duration = pd
	return err
}

// Status is metav1.Status, the body of every API error.
type Status struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Status   string         `json:"status,omitempty"`
	Message  string         `json:"message,omitempty"`
	Reason   StatusReason   `json:"reason,omitempty"`
	Details  *StatusDetails `json:"details,omitempty"`
	Code     int32          `json:"code,omitempty"`
}

// StatusReason is metav1.StatusReason.
type StatusReason string

// The reasons kubeplay's apiserver returns.
const (
	StatusReasonUnknown               StatusReason = ""
	StatusReasonUnauthorized          StatusReason = "Unauthorized"
	StatusReasonForbidden             StatusReason = "Forbidden"
	StatusReasonNotFound              StatusReason = "NotFound"
	StatusReasonAlreadyExists         StatusReason = "AlreadyExists"
	StatusReasonConflict              StatusReason = "Conflict"
	StatusReasonGone                  StatusReason = "Gone"
	StatusReasonInvalid               StatusReason = "Invalid"
	StatusReasonTimeout               StatusReason = "Timeout"
	StatusReasonTooManyRequests       StatusReason = "TooManyRequests"
	StatusReasonBadRequest            StatusReason = "BadRequest"
	StatusReasonMethodNotAllowed      StatusReason = "MethodNotAllowed"
	StatusReasonNotAcceptable         StatusReason = "NotAcceptable"
	StatusReasonRequestEntityTooLarge StatusReason = "RequestEntityTooLarge"
	StatusReasonInternalError         StatusReason = "InternalError"
	StatusReasonExpired               StatusReason = "Expired"
	StatusReasonServiceUnavailable    StatusReason = "ServiceUnavailable"
)

// StatusDetails is metav1.StatusDetails.
type StatusDetails struct {
	Name              string        `json:"name,omitempty"`
	Group             string        `json:"group,omitempty"`
	Kind              string        `json:"kind,omitempty"`
	UID               string        `json:"uid,omitempty"`
	Causes            []StatusCause `json:"causes,omitempty"`
	RetryAfterSeconds int32         `json:"retryAfterSeconds,omitempty"`
}

// StatusCause is metav1.StatusCause.
type StatusCause struct {
	Type    string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
	Field   string `json:"field,omitempty"`
}

// StatusError is an API error: it carries the Status the server returned.
type StatusError struct{ ErrStatus Status }

func (e *StatusError) Error() string { return e.ErrStatus.Message }

// List is a generic list (kind List, or <Kind>List) as returned by list calls.
type List struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata"`
	Items    []Object `json:"items"`
}

// Preconditions is metav1.Preconditions.
type Preconditions struct {
	UID             *string `json:"uid,omitempty"`
	ResourceVersion *string `json:"resourceVersion,omitempty"`
}
