package shell

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/cluster"
)

// The shell's own line commands besides kubectl and sleep: `sim ...` faults
// and `kubeplay explain pod NAME`. Their grammar lives here only; the
// cluster offers the typed operations they call.

// Commands are the first words of the lines the shell runs ("k" is
// kubectl's usual alias), and SimVerbs and SimNodeVerbs the words after
// "sim" and "sim node": what the terminal's completion offers.
var (
	Commands     = []string{"kubectl", "sleep", "sim", "kubeplay"}
	SimVerbs     = []string{"node", "restart", "stop", "start", "compact"}
	SimNodeVerbs = []string{"down", "up", "add", "delete"}
)

// SimUsage is what a malformed `sim` line answers.
const SimUsage = `usage:
  sim node down NAME | sim node up NAME
  sim node add NAME [--cpu N] [--memory Q] [--pods N] [--labels k=v,...] [--taints k=v:Effect,...] [--count N]
  sim node delete NAME
  sim restart kube-scheduler|kube-controller-manager|kubelet/NAME
  sim stop kube-scheduler|kube-controller-manager | sim start kube-scheduler|kube-controller-manager
  sim compact`

// Sim runs a `sim ...` line (args without the leading "sim") on c.
func Sim(c *cluster.Cluster, args []string, out io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("%s", SimUsage)
	}
	switch args[0] {
	case "node":
		if len(args) < 3 {
			return fmt.Errorf("%s", SimUsage)
		}
		switch args[1] {
		case "down":
			return c.NodeDown(args[2], out)
		case "up":
			return c.NodeUp(args[2], out)
		case "add":
			specs, err := parseNodeAdd(args[2:])
			if err != nil {
				return err
			}
			return c.AddNodes(specs, out)
		case "delete":
			return c.NodeDelete(args[2], out)
		}
	case "restart", "stop", "start":
		if len(args) != 2 {
			return fmt.Errorf("%s", SimUsage)
		}
		return c.Component(args[0], args[1], out)
	case "compact":
		return c.Compact(out)
	}
	return fmt.Errorf("%s", SimUsage)
}

// parseNodeAdd reads `NAME [--cpu N] [--memory Q] ... [--count N]`.
func parseNodeAdd(args []string) ([]cluster.NodeSpec, error) {
	spec := cluster.NodeSpec{Name: args[0]}
	count := 1
	for i := 1; i < len(args); i++ {
		flag, val, hasVal := strings.Cut(args[i], "=")
		if !hasVal {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("flag %s needs a value", flag)
			}
			i++
			val = args[i]
		}
		switch flag {
		case "--cpu":
			spec.CPU = val
		case "--memory":
			spec.Memory = val
		case "--pods":
			n, err := strconv.Atoi(val)
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("invalid --pods %q", val)
			}
			spec.Pods = n
		case "--count":
			n, err := strconv.Atoi(val)
			if err != nil || n <= 0 || n > 10000 {
				return nil, fmt.Errorf("invalid --count %q (1 to 10000)", val)
			}
			count = n
		case "--labels":
			spec.Labels = map[string]string{}
			for _, kv := range strings.Split(val, ",") {
				k, v, _ := strings.Cut(kv, "=")
				spec.Labels[k] = v
			}
		case "--taints":
			for _, t := range strings.Split(val, ",") {
				taint, err := parseTaint(t)
				if err != nil {
					return nil, err
				}
				spec.Taints = append(spec.Taints, taint)
			}
		default:
			return nil, fmt.Errorf("unknown flag %s\n%s", flag, SimUsage)
		}
	}
	for flag, q := range map[string]string{"--cpu": spec.CPU, "--memory": spec.Memory} {
		if q == "" {
			continue
		}
		if _, err := api.ParseQuantity(q); err != nil {
			return nil, fmt.Errorf("invalid %s %q", flag, q)
		}
	}
	if count == 1 {
		return []cluster.NodeSpec{spec}, nil
	}
	specs := make([]cluster.NodeSpec, count)
	for i := range specs {
		specs[i] = spec
		specs[i].Name = fmt.Sprintf("%s-%d", spec.Name, i+1)
	}
	return specs, nil
}

// parseTaint reads key[=value]:Effect.
func parseTaint(s string) (api.Taint, error) {
	kv, effect, ok := strings.Cut(s, ":")
	if !ok {
		return api.Taint{}, fmt.Errorf("invalid taint spec: %s", s)
	}
	k, v, _ := strings.Cut(kv, "=")
	switch api.TaintEffect(effect) {
	case api.TaintEffectNoSchedule, api.TaintEffectPreferNoSchedule, api.TaintEffectNoExecute:
	default:
		return api.Taint{}, fmt.Errorf("invalid taint effect: %s, unsupported taint effect", effect)
	}
	return api.Taint{Key: k, Value: v, Effect: api.TaintEffect(effect)}, nil
}

// KubeplayUsage is what a malformed `kubeplay` line answers.
const KubeplayUsage = "usage: kubeplay explain pod NAME [-n NAMESPACE]"

// Kubeplay runs a `kubeplay ...` line (args without the leading "kubeplay"):
// `explain pod NAME [-n NAMESPACE]` prints the scheduler's last decision.
func Kubeplay(c *cluster.Cluster, args []string, out io.Writer) error {
	if len(args) < 3 || args[0] != "explain" || (args[1] != "pod" && args[1] != "pods" && args[1] != "po") {
		return fmt.Errorf("%s", KubeplayUsage)
	}
	name, ns := args[2], "default"
	for i := 3; i < len(args); i++ {
		switch {
		case (args[i] == "-n" || args[i] == "--namespace") && i+1 < len(args):
			ns = args[i+1]
			i++
		default:
			return fmt.Errorf("%s", KubeplayUsage)
		}
	}
	return c.Explain(ns, name, out)
}
