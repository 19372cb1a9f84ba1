package framework

import "strings"

// Code is the outcome of a plugin call.
type Code int

// The codes a plugin can return (framework.Code).
const (
	// Success means the plugin ran and passed. A nil *Status is Success.
	Success Code = iota
	// Error is an internal error: the attempt fails and the pod backs off.
	Error
	// Unschedulable means the pod does not fit, but preemption might help.
	Unschedulable
	// UnschedulableAndUnresolvable means the pod does not fit and preemption
	// cannot help (taints, affinity, node name...).
	UnschedulableAndUnresolvable
	// Wait is used by permit plugins (not modelled).
	Wait
	// Skip means the plugin has nothing to do for this pod (PreFilter,
	// PreScore): its Filter or Score is not called.
	Skip
	// Pending means the pod waits for something external.
	Pending
)

var codeNames = []string{"Success", "Error", "Unschedulable", "UnschedulableAndUnresolvable", "Wait", "Skip", "Pending"}

func (c Code) String() string {
	if int(c) < len(codeNames) {
		return codeNames[c]
	}
	return "Unknown"
}

// Status is the result of running a plugin: a code, human reasons and the
// plugin that produced it. nil means Success.
type Status struct {
	code    Code
	reasons []string
	err     error
	plugin  string
}

// NewStatus returns a status with the given code and reasons.
func NewStatus(code Code, reasons ...string) *Status {
	return &Status{code: code, reasons: reasons}
}

// AsStatus wraps an error into an Error status (nil for a nil error).
func AsStatus(err error) *Status {
	if err == nil {
		return nil
	}
	return &Status{code: Error, reasons: []string{err.Error()}, err: err}
}

// Code returns the status code; a nil status is Success.
func (s *Status) Code() Code {
	if s == nil {
		return Success
	}
	return s.code
}

// Reasons returns the human-readable reasons.
func (s *Status) Reasons() []string {
	if s == nil {
		return nil
	}
	return s.reasons
}

// Message joins the reasons with ", ".
func (s *Status) Message() string {
	if s == nil {
		return ""
	}
	return strings.Join(s.reasons, ", ")
}

// Plugin names the plugin that produced the status.
func (s *Status) Plugin() string {
	if s == nil {
		return ""
	}
	return s.plugin
}

// WithPlugin records the plugin that produced s and returns s.
func (s *Status) WithPlugin(name string) *Status {
	if s != nil {
		s.plugin = name
	}
	return s
}

// AsError returns the status as an error (nil for Success or Skip).
func (s *Status) AsError() error {
	if s.IsSuccess() || s.IsSkip() {
		return nil
	}
	if s.err != nil {
		return s.err
	}
	return statusError{s}
}

type statusError struct{ s *Status }

func (e statusError) Error() string { return e.s.Message() }

// IsSuccess reports whether s is nil or Success.
func (s *Status) IsSuccess() bool { return s.Code() == Success }

// IsSkip reports whether s is Skip.
func (s *Status) IsSkip() bool { return s.Code() == Skip }

// IsRejected reports whether the pod was rejected: Unschedulable,
// UnschedulableAndUnresolvable or Pending.
func (s *Status) IsRejected() bool {
	c := s.Code()
	return c == Unschedulable || c == UnschedulableAndUnresolvable || c == Pending
}
