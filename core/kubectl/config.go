package kubectl

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

// runAPIVersions is kubectl api-versions: every group/version the server
// serves, sorted.
func runAPIVersions(inv *invocation) error {
	// Discovery's group versions: those a v1.35 kube-apiserver serves by
	// default and the custom resources' (kubectl api-versions sorts them).
	seen := map[string]bool{}
	var out []string
	add := func(gv string) {
		if !seen[gv] {
			seen[gv] = true
			out = append(out, gv)
		}
	}
	for _, g := range api.ServedGroupVersions {
		add(g.APIVersion())
	}
	for _, r := range inv.k.refreshDiscovery() {
		add(r.APIVersion())
	}
	sort.Strings(out)
	for _, gv := range out {
		fmt.Fprintln(inv.out, gv)
	}
	return nil
}

var configFlags = []flagDef{
	{name: "output", short: "o"},
	{name: "minify", isBool: true},
	{name: "flatten", isBool: true},
	{name: "no-headers", isBool: true},
	{name: "current", isBool: true},
	{name: "cluster"},
	{name: "user"},
}

// contextName is kind's kubeconfig context for the cluster: kind-<name>,
// and the cluster and user entries carry the same name.
func (k *Kubectl) contextName() string { return "kind-" + k.env.ClusterName }

// kubeconfig is the file kind writes, as kubectl config view shows it:
// certificate data omitted.
func (k *Kubectl) kubeconfig() map[string]any {
	name := k.contextName()
	ctx := map[string]any{"cluster": name, "user": name}
	if k.env.Namespace != "default" {
		ctx["namespace"] = k.env.Namespace
	}
	return map[string]any{
		"apiVersion": "v1",
		"clusters": []any{map[string]any{
			"cluster": map[string]any{"certificate-authority-data": "DATA+OMITTED", "server": k.env.ServerURL},
			"name":    name,
		}},
		"contexts":        []any{map[string]any{"context": ctx, "name": name}},
		"current-context": name,
		"kind":            "Config",
		"preferences":     map[string]any{},
		"users": []any{map[string]any{
			"name": name,
			"user": map[string]any{"client-certificate-data": "DATA+OMITTED", "client-key-data": "DATA+OMITTED"},
		}},
	}
}

// runConfig is kubectl config view|current-context|get-contexts|
// use-context|set-context --current --namespace.
func runConfig(inv *invocation) error {
	args := inv.f.args
	if len(args) == 0 {
		return fmt.Errorf("unknown command %q for %q", "", "kubectl config")
	}
	k := inv.k
	name := k.contextName()
	switch args[0] {
	case "view":
		cfg := k.kubeconfig()
		o := inv.f.str("output")
		switch {
		case o == "" || o == "yaml":
			inv.out.Write(api.MarshalYAML(cfg))
		case o == "json":
			b, _ := json.MarshalIndent(cfg, "", "    ")
			fmt.Fprintln(inv.out, string(b))
		case strings.HasPrefix(o, "jsonpath="):
			b, _ := json.Marshal(cfg)
			s, err := evalJSONPath(strings.TrimPrefix(o, "jsonpath="), b)
			if err != nil {
				return err
			}
			fmt.Fprint(inv.out, s)
		default:
			return fmt.Errorf("unable to match a printer suitable for the output format %q, allowed formats are: json,jsonpath,jsonpath-as-json,jsonpath-file,yaml", o)
		}
	case "current-context":
		fmt.Fprintln(inv.out, name)
	case "get-contexts":
		if len(args) > 1 && args[1] != name {
			return fmt.Errorf("context %s not found", args[1])
		}
		if inv.f.str("output") == "name" {
			fmt.Fprintln(inv.out, name)
			return nil
		}
		tw := printers.NewTabWriter(inv.out)
		if !inv.f.boolean("no-headers") {
			fmt.Fprintln(tw, "CURRENT\tNAME\tCLUSTER\tAUTHINFO\tNAMESPACE")
		}
		ns := ""
		if k.env.Namespace != "default" {
			ns = k.env.Namespace
		}
		fmt.Fprintf(tw, "*\t%s\t%s\t%s\t%s\n", name, name, name, ns)
		return tw.Flush()
	case "get-clusters", "get-users":
		head := "NAME"
		fmt.Fprintln(inv.out, head)
		fmt.Fprintln(inv.out, name)
	case "use-context":
		if len(args) < 2 {
			return fmt.Errorf("Unexpected args: []")
		}
		if args[1] != name {
			return fmt.Errorf("no context exists with the name: %q", args[1])
		}
		fmt.Fprintf(inv.out, "Switched to context %q.\n", name)
	case "set-context":
		if len(args) > 1 && args[1] != name || len(args) == 1 && !inv.f.boolean("current") {
			target := name
			if len(args) > 1 {
				target = args[1]
			}
			return fmt.Errorf("kubeplay has one context, %q: use kubectl config set-context --current (context %q cannot be created here)", name, target)
		}
		if inv.explicitNs {
			k.env.Namespace = inv.ns
		}
		fmt.Fprintf(inv.out, "Context %q modified.\n", name)
	default:
		return fmt.Errorf("unknown command %q for %q", args[0], "kubectl config")
	}
	return nil
}
