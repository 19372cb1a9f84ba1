package kubectl

import (
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/kubectl/printers"
)

var versionFlags = []flagDef{{name: "client", isBool: true}, {name: "output", short: "o"}}

// runVersion prints kubectl version's three lines.
func runVersion(inv *invocation) error {
	fmt.Fprintf(inv.out, "Client Version: %s\n", ClientVersion)
	fmt.Fprintf(inv.out, "Kustomize Version: %s\n", KustomizeVersion)
	if !inv.f.boolean("client") {
		fmt.Fprintf(inv.out, "Server Version: %s\n", inv.k.env.Version)
	}
	return nil
}

var apiResourcesFlags = []flagDef{
	{name: "output", short: "o"},
	{name: "namespaced", def: ""},
	{name: "api-group"},
	{name: "no-headers", isBool: true},
	{name: "verbs"},
	{name: "sort-by"},
}

// runAPIResources is kubectl api-resources.
func runAPIResources(inv *invocation) error {
	output := inv.f.str("output")
	var rows []*api.ResourceInfo
	for _, r := range inv.k.refreshDiscovery() {
		if inv.f.changed("namespaced") && fmt.Sprint(r.Namespaced) != inv.f.str("namespaced") {
			continue
		}
		if inv.f.changed("api-group") && r.Group != inv.f.str("api-group") {
			continue
		}
		if vs := inv.f.strs("verbs"); len(vs) > 0 && !hasAll(r.Verbs, vs) {
			continue
		}
		rows = append(rows, r)
	}
	if output == "name" {
		for _, r := range rows {
			if r.Group == "" {
				fmt.Fprintln(inv.out, r.Resource)
			} else {
				fmt.Fprintln(inv.out, r.Resource+"."+r.Group)
			}
		}
		return nil
	}
	tw := printers.NewTabWriter(inv.out)
	if !inv.f.boolean("no-headers") {
		h := "NAME\tSHORTNAMES\tAPIVERSION\tNAMESPACED\tKIND"
		if output == "wide" {
			h += "\tVERBS\tCATEGORIES"
		}
		fmt.Fprintln(tw, h)
	}
	for _, r := range rows {
		line := fmt.Sprintf("%s\t%s\t%s\t%v\t%s", r.Resource, strings.Join(r.ShortNames, ","), r.APIVersion(), r.Namespaced, r.Kind)
		if output == "wide" {
			line += fmt.Sprintf("\t%s\t%s", strings.Join(r.Verbs, ","), strings.Join(r.Categories, ","))
		}
		fmt.Fprintln(tw, line)
	}
	return tw.Flush()
}

func hasAll(have, want []string) bool {
	for _, w := range want {
		found := false
		for _, h := range have {
			if h == w {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// runClusterInfo is kubectl cluster-info.
func runClusterInfo(inv *invocation) error {
	url := inv.k.env.ServerURL
	fmt.Fprintf(inv.out, "Kubernetes control plane is running at %s\n", url)
	if info, ok := api.ResourceFor("services"); ok {
		if l, err := inv.list(info, "kube-system", "kubernetes.io/cluster-service=true", ""); err == nil {
			for _, o := range l.Items {
				m := o.GetObjectMeta()
				name := m.Labels["kubernetes.io/name"]
				if name == "" {
					name = m.Name
				}
				link := fmt.Sprintf("%s/api/v1/namespaces/kube-system/services/%s/proxy", url, m.Name)
				if svc, ok := o.(*api.Service); ok && len(svc.Spec.Ports) > 0 && svc.Spec.Ports[0].Name != "" {
					link = fmt.Sprintf("%s/api/v1/namespaces/kube-system/services/%s:%s/proxy", url, m.Name, svc.Spec.Ports[0].Name)
				}
				fmt.Fprintf(inv.out, "%s is running at %s\n", name, link)
			}
		}
	}
	fmt.Fprintf(inv.out, "\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n")
	return nil
}

var authFlags = []flagDef{
	{name: "all-namespaces", short: "A", isBool: true},
	{name: "subresource"},
	{name: "quiet", short: "q", isBool: true},
	{name: "list", isBool: true},
	{name: "no-headers", isBool: true},
}

// runAuth is kubectl auth can-i VERB RESOURCE[/SUBRESOURCE] [NAME] and
// kubectl auth whoami.
func runAuth(inv *invocation) error {
	args := inv.f.args
	if len(args) == 0 {
		return fmt.Errorf("unknown command %q for %q", "", "kubectl auth")
	}
	switch args[0] {
	case "whoami":
		user, _ := inv.k.env.Server.UserFor(inv.k.client.User().Name)
		if inv.impersonate != "" {
			if u, ok := inv.k.env.Server.UserFor(inv.impersonate); ok {
				user = u
			} else {
				user = request.UserInfo{Name: inv.impersonate, Groups: []string{request.GroupAuthenticated}}
			}
		}
		tw := printers.NewTabWriter(inv.out)
		fmt.Fprintln(tw, "ATTRIBUTE\tVALUE")
		fmt.Fprintf(tw, "Username\t%s\n", user.Name)
		fmt.Fprintf(tw, "Groups\t[%s]\n", strings.Join(user.Groups, " "))
		return tw.Flush()
	case "can-i":
	default:
		return fmt.Errorf("unknown command %q for %q", args[0], "kubectl auth")
	}
	args = args[1:]
	if inv.f.boolean("list") {
		if len(args) > 0 {
			return fmt.Errorf("list option must be specified with no arguments")
		}
		user := inv.k.client.User()
		if inv.impersonate != "" {
			user = request.UserInfo{Name: inv.impersonate}
		}
		return inv.authCanIList(user, inv.ns)
	}
	if len(args) < 2 {
		return fmt.Errorf("you must specify two or three arguments: verb, resource, and optional resourceName")
	}
	verb, res := args[0], args[1]
	name := ""
	if len(args) > 2 {
		name = args[2]
	}
	sub := inv.f.str("subresource")
	if r, s, ok := strings.Cut(res, "/"); ok {
		res, sub = r, s
		if name == "" && !strings.Contains(s, "/") {
			// "pods/log" is a subresource; "pod/web" would be a name
			if _, isType := api.ResourceFor(r); isType && s != "log" && s != "status" && s != "scale" && s != "exec" && s != "binding" && s != "eviction" && s != "proxy" && s != "attach" && s != "portforward" && s != "ephemeralcontainers" {
				name, sub = s, ""
			}
		}
	}
	group, plural := "", res
	if info, err := inv.resolve(res); err == nil {
		group, plural = info.Group, info.Resource
	} else if res != "*" {
		fmt.Fprintf(inv.errOut, "Warning: the server doesn't have a resource type '%s'\n", res)
	}
	ns := inv.ns
	if inv.f.boolean("all-namespaces") {
		ns = ""
	}
	if info, ok := api.ResourceFor(plural); ok && !info.Namespaced {
		ns = ""
	}
	user := inv.k.client.User()
	if inv.impersonate != "" {
		user = request.UserInfo{Name: inv.impersonate}
	}
	allowed, _ := inv.k.env.Server.Authorize(user, verb, group, plural, sub, ns, name)
	if inv.f.boolean("quiet") {
		if allowed {
			return nil
		}
		return &exitError{code: 1}
	}
	if allowed {
		fmt.Fprintln(inv.out, "yes")
		return nil
	}
	fmt.Fprintln(inv.out, "no")
	return &exitError{code: 1}
}
