//go:build !lite

package kubectl

// fullOnly are the commands and subcommands the page's lite build leaves out
// (commands_lite.go, core/lite): a learner rarely reaches them in a first
// session.
var fullOnly = map[string]func(inv *invocation) error{
	"autoscale": runAutoscale, "config": runConfig, "drain": runDrain,
	"top": runTop, "explain": runExplain, "api-versions": runAPIVersions, "port-forward": runPortForward,
	"replace": runReplace, "diff": runDiff, "edit": runEdit,
	"set env":      runSetEnv,
	"create token": func(inv *invocation) error { return inv.createToken(inv.f.args[1:]) },
}

// fullOnlyGenerators are the kubectl create generators the lite build leaves
// out (commands_lite.go): kinds a learner rarely creates in a first session.
var fullOnlyGenerators = map[string]generator{
	"quota": genQuota, "priorityclass": genPriorityClass, "cronjob": genCronJob, "ingress": genIngress,
	"poddisruptionbudget": genPDB, "secret tls": genSecretTLS, "secret docker-registry": genSecretDockerRegistry,
}

// full returns the run of a command only the full build has.
func full(name string) func(inv *invocation) error { return fullOnly[name] }

// fullGen returns the generator of a kind only the full build creates.
func fullGen(name string) generator { return fullOnlyGenerators[name] }
