// Package jsontag holds encoding/json's rule for the name in a `json:"…"`
// struct tag, which core/api's copy and merge plans and core/api/jsonenc's
// encoder plans all follow.
package jsontag

import (
	"strings"
	"unicode"
)

// Valid reports whether name is a tag name encoding/json uses: not empty,
// letters, digits and the punctuation it allows (anything else, and
// encoding/json falls back to the Go field name).
func Valid(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}
