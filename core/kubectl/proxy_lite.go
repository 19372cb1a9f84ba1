//go:build lite

package kubectl

// The lite build leaves kubectl proxy to the full build (core/lite): the
// Basics tutorials that run it reach -o go-template there anyway.
var proxyRun = full("proxy")

// ProxyHTTP answers nothing in the lite build: no proxy runs there.
func (k *Kubectl) ProxyHTTP(port int, path string) (body string, status int, ok bool) {
	return "", 0, false
}
