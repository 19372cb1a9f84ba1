//go:build js

package explaindoc

var provided []byte

func source() []byte { return provided }

// Provide hands over openapi.json, which the page fetched (see the package comment).
func Provide(data []byte) {
	if loaded == nil {
		provided, loadErr = data, nil
	}
}
