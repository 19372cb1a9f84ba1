//go:build !js

package explaindoc

import _ "embed"

//go:embed openapi.json
var embedded []byte

func source() []byte { return embedded }

// Provide is a no-op natively: the document is compiled in.
func Provide([]byte) {}
