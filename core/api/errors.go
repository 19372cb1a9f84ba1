package api

import (
	"fmt"
	"strings"

	"kubeplay/core/api/field"
)

// GroupResource names a resource in messages: "pods", "deployments.apps".
type GroupResource struct{ Group, Resource string }

func (gr GroupResource) String() string {
	if gr.Group == "" {
		return gr.Resource
	}
	return gr.Resource + "." + gr.Group
}

func newStatus(code int32, reason StatusReason, msg string, details *StatusDetails) *StatusError {
	return &StatusError{Status{TypeMeta: TypeMeta{Kind: "Status", APIVersion: "v1"}, Status: "Failure", Code: code, Reason: reason, Message: msg, Details: details}}
}

// NewNotFound: `pods "x" not found`.
func NewNotFound(gr GroupResource, name string) *StatusError {
	return newStatus(StatusNotFound, StatusReasonNotFound, fmt.Sprintf("%s %q not found", gr, name),
		&StatusDetails{Group: gr.Group, Kind: gr.Resource, Name: name})
}

// NewNotFoundResource is the 404 of a path the server does not serve at
// all (an unknown resource, subresource or non-resource URL).
func NewNotFoundResource() *StatusError {
	return newStatus(StatusNotFound, StatusReasonNotFound, "the server could not find the requested resource", nil)
}

// NewAlreadyExists: `deployments.apps "nginx" already exists`.
func NewAlreadyExists(gr GroupResource, name string) *StatusError {
	return newStatus(StatusConflict, StatusReasonAlreadyExists, fmt.Sprintf("%s %q already exists", gr, name),
		&StatusDetails{Group: gr.Group, Kind: gr.Resource, Name: name})
}

// OptimisticLockErrorMsg is the apiserver's conflict detail.
const OptimisticLockErrorMsg = "the object has been modified; please apply your changes to the latest version and try again"

// NewConflict: `Operation cannot be fulfilled on pods "x": <err>`.
func NewConflict(gr GroupResource, name string, err string) *StatusError {
	return newStatus(StatusConflict, StatusReasonConflict, fmt.Sprintf("Operation cannot be fulfilled on %s %q: %s", gr, name, err),
		&StatusDetails{Group: gr.Group, Kind: gr.Resource, Name: name})
}

// NewForbidden: `pods "x" is forbidden: <reason>` or `pods is forbidden: <reason>`.
func NewForbidden(gr GroupResource, name string, reason string) *StatusError {
	var msg string
	if name == "" {
		msg = fmt.Sprintf("%s is forbidden: %s", gr, reason)
	} else {
		msg = fmt.Sprintf("%s %q is forbidden: %s", gr, name, reason)
	}
	return newStatus(StatusForbidden, StatusReasonForbidden, msg, &StatusDetails{Group: gr.Group, Kind: gr.Resource, Name: name})
}

// NewInvalid: `Deployment.apps "x" is invalid: [errs]` with one cause per field error.
func NewInvalid(groupKind string, name string, errs field.ErrorList) *StatusError {
	causes := make([]StatusCause, 0, len(errs))
	for _, e := range errs {
		causes = append(causes, StatusCause{Type: string(e.Type), Message: e.ErrorBody(), Field: e.Field})
	}
	group, kind := "", groupKind
	if i := strings.IndexByte(groupKind, '.'); i >= 0 {
		kind, group = groupKind[:i], groupKind[i+1:]
	}
	return newStatus(StatusUnprocessableEntity, StatusReasonInvalid, fmt.Sprintf("%s %q is invalid: %s", groupKind, name, errs.Error()),
		&StatusDetails{Group: group, Kind: kind, Name: name, Causes: causes})
}

// NewBadRequest is a 400 with the given message.
func NewBadRequest(msg string) *StatusError {
	return newStatus(StatusBadRequest, StatusReasonBadRequest, msg, nil)
}

// NewMethodNotSupported: `<verb> is not supported on resources of kind "pods"` style 405.
func NewMethodNotSupported(gr GroupResource, action string) *StatusError {
	return newStatus(StatusMethodNotAllowed, StatusReasonMethodNotAllowed, fmt.Sprintf("%s is not supported on resources of kind %q", action, gr.String()),
		&StatusDetails{Group: gr.Group, Kind: gr.Resource})
}

// NewMethodNotAllowed is the 405 kube-apiserver answers for a method it has no route for (creating,
// patching or deleting what is only read, reading what is only created): go-restful's, as a Status.
func NewMethodNotAllowed() *StatusError {
	return newStatus(StatusMethodNotAllowed, StatusReasonMethodNotAllowed, "the server does not allow this method on the requested resource", &StatusDetails{})
}

// NewResourceExpired is the 410 a watch or list gets below the compacted revision.
func NewResourceExpired(msg string) *StatusError {
	return newStatus(StatusGone, StatusReasonExpired, msg, nil)
}

// NewInternalError is a 500.
func NewInternalError(err error) *StatusError {
	return newStatus(StatusInternalServerError, StatusReasonInternalError,
		fmt.Sprintf("Internal error occurred: %v", err), &StatusDetails{Causes: []StatusCause{{Message: err.Error()}}})
}

// NewServiceUnavailable is a 503.
func NewServiceUnavailable(msg string) *StatusError {
	return newStatus(StatusServiceUnavailable, StatusReasonServiceUnavailable, msg, nil)
}

// ReasonOf returns the reason of a *StatusError, or StatusReasonUnknown.
func ReasonOf(err error) StatusReason {
	if se, ok := err.(*StatusError); ok {
		return se.ErrStatus.Reason
	}
	return StatusReasonUnknown
}

// IsNotFound, IsAlreadyExists, IsConflict, IsForbidden, IsInvalid, IsExpired test the reason.
func IsNotFound(err error) bool      { return ReasonOf(err) == StatusReasonNotFound }
func IsAlreadyExists(err error) bool { return ReasonOf(err) == StatusReasonAlreadyExists }
func IsConflict(err error) bool      { return ReasonOf(err) == StatusReasonConflict }
func IsForbidden(err error) bool     { return ReasonOf(err) == StatusReasonForbidden }
func IsInvalid(err error) bool       { return ReasonOf(err) == StatusReasonInvalid }
func IsExpired(err error) bool {
	r := ReasonOf(err)
	return r == StatusReasonExpired || r == StatusReasonGone
}
