//go:build lite

package kubectl

import "kubeplay/core/lite"

// full returns, in the lite build, a run that stops the call: the page loads
// the full build and runs the line again there (core/lite).
func full(name string) func(inv *invocation) error {
	return func(*invocation) error {
		lite.Need("kubectl " + name)
		return nil
	}
}

// fullGen returns, in the lite build, a generator that stops the call: the
// page loads the full build and runs the line again there (core/lite).
func fullGen(name string) generator {
	return func(*invocation, string) (map[string]any, error) {
		lite.Need("kubectl create " + name)
		return nil, nil
	}
}
