//go:build js

package examples

var provided []byte

func source() (map[string]string, error) {
	if provided == nil {
		return nil, ErrNotLoaded
	}
	return decode(provided)
}

// Provide hands over the bundle the page fetched (see the package comment).
func Provide(data []byte) {
	if loaded == nil {
		provided, loadErr = data, nil
	}
}
