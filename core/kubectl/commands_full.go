//go:build !lite

package kubectl

// fullOnly are the commands the page's lite build leaves out (commands_lite.go,
// core/lite): a learner rarely reaches them in a first session.
var fullOnly = map[string]func(inv *invocation) error{
	"autoscale": runAutoscale, "auth": runAuth, "config": runConfig, "drain": runDrain, "taint": runTaint,
	"top": runTop, "explain": runExplain, "api-versions": runAPIVersions, "port-forward": runPortForward,
	"replace": runReplace, "diff": runDiff, "edit": runEdit,
}

// full returns the run of a command only the full build has.
func full(name string) func(inv *invocation) error { return fullOnly[name] }
