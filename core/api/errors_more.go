package api

// NewTooManyRequests is a 429 (errors.NewTooManyRequests), with its
// retry-after seconds and causes.
func NewTooManyRequests(msg string, retryAfterSeconds int32, causes ...StatusCause) *StatusError {
	return newStatus(StatusTooManyRequests, StatusReasonTooManyRequests, msg,
		&StatusDetails{RetryAfterSeconds: retryAfterSeconds, Causes: causes})
}

// IsTooManyRequests reports a 429.
func IsTooManyRequests(err error) bool { return ReasonOf(err) == StatusReasonTooManyRequests }
