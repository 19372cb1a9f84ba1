package api

// HTTP status codes of API responses. They are spelled here rather than taken
// from net/http, which would add megabytes of an HTTP stack to the wasm build
// for a handful of integers.
const (
	StatusOK                    = 200
	StatusCreated               = 201
	StatusAccepted              = 202
	StatusBadRequest            = 400
	StatusUnauthorized          = 401
	StatusForbidden             = 403
	StatusNotFound              = 404
	StatusMethodNotAllowed      = 405
	StatusConflict              = 409
	StatusGone                  = 410
	StatusRequestEntityTooLarge = 413
	StatusUnprocessableEntity   = 422
	StatusTooManyRequests       = 429
	StatusInternalServerError   = 500
	StatusServiceUnavailable    = 503
)

var statusText = map[int]string{
	StatusOK:                    "OK",
	StatusCreated:               "Created",
	StatusAccepted:              "Accepted",
	StatusBadRequest:            "Bad Request",
	StatusUnauthorized:          "Unauthorized",
	StatusForbidden:             "Forbidden",
	StatusNotFound:              "Not Found",
	StatusMethodNotAllowed:      "Method Not Allowed",
	StatusConflict:              "Conflict",
	StatusGone:                  "Gone",
	StatusRequestEntityTooLarge: "Request Entity Too Large",
	StatusUnprocessableEntity:   "Unprocessable Entity",
	StatusTooManyRequests:       "Too Many Requests",
	StatusInternalServerError:   "Internal Server Error",
	StatusServiceUnavailable:    "Service Unavailable",
}

// StatusText is net/http's StatusText for the codes the apiserver answers.
func StatusText(code int) string { return statusText[code] }
