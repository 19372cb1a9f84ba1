package kubectl

import "fmt"

var topFlags = []flagDef{
	{name: "selector", short: "l"},
	{name: "all-namespaces", short: "A", isBool: true},
	{name: "containers", isBool: true},
	{name: "no-headers", isBool: true},
	{name: "sort-by"},
	{name: "sum", isBool: true},
	{name: "show-capacity", isBool: true},
	{name: "use-protocol-buffers", isBool: true},
}

// runTop is kubectl top pod|node. kubeplay runs no metrics-server (kind
// does not either), so it answers what kubectl answers when the
// metrics.k8s.io API is not served.
func runTop(inv *invocation) error {
	if len(inv.f.args) == 0 {
		return fmt.Errorf("unknown command %q for %q", "", "kubectl top")
	}
	switch inv.f.args[0] {
	case "pod", "pods", "po", "node", "nodes", "no":
		return fmt.Errorf("Metrics API not available")
	}
	return fmt.Errorf("unknown command %q for %q", inv.f.args[0], "kubectl top")
}
