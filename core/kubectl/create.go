package kubectl

import (
	"encoding/base64"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"kubeplay/core/api"
)

var createFlags = []flagDef{
	{name: "filename", short: "f"},
	{name: "recursive", short: "R", isBool: true},
	{name: "output", short: "o"},
	dryRunFlag,
	{name: "save-config", isBool: true},
	{name: "image"},
	{name: "replicas", short: "r", def: "1"},
	{name: "port", def: "-1"},
	{name: "verb"},
	{name: "resource"},
	{name: "resource-name"},
	{name: "role"},
	{name: "clusterrole"},
	{name: "user"},
	{name: "group"},
	{name: "serviceaccount"},
	{name: "from-literal"},
	{name: "tcp"},
	{name: "validate"},
	{name: "field-manager"},
	{name: "from"},
	{name: "hard"},
	{name: "scopes"},
	{name: "value", def: "0"},
	{name: "global-default", isBool: true},
	{name: "description"},
	{name: "preemption-policy", def: "PreemptLowerPriority"},
	{name: "clusterip"},
	{name: "node-port", def: "0"},
	{name: "external-name"},
}

func init() { createFlags = append(createFlags, createMoreFlags...) }

func runCreate(inv *invocation) error {
	if inv.f.changed("filename") {
		return inv.createFromFiles()
	}
	args := inv.f.args
	if len(args) == 0 {
		return fmt.Errorf("must specify one of -f and -k")
	}
	sub, rest := args[0], args[1:]
	if alias, ok := createAliases[sub]; ok {
		sub = alias
	}
	switch sub {
	case "secret":
		if len(rest) == 0 || createGenerators["secret "+rest[0]] == nil {
			return fmt.Errorf("unknown command %q for %q", strings.Join(rest, " "), "kubectl create secret")
		}
		sub, rest = "secret "+rest[0], rest[1:]
	case "token":
		return full("create token")(inv)
	case "service":
		if len(rest) == 0 || createGenerators["service "+rest[0]] == nil {
			return fmt.Errorf("unknown command %q for %q", strings.Join(rest, " "), "kubectl create service")
		}
		sub, rest = "service "+rest[0], rest[1:]
	}
	gen, ok := createGenerators[sub]
	if !ok {
		return fmt.Errorf("unknown command %q for %q", sub, "kubectl create")
	}
	var missing []string
	for _, req := range createRequired[sub] {
		if !inv.f.changed(req) {
			missing = append(missing, strconv.Quote(req))
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return fmt.Errorf("required flag(s) %s not set", strings.Join(missing, ", "))
	}
	// NameFromCommandArgs: only the arguments before a "--" count.
	argsLen := len(rest)
	if inv.f.dash >= 0 {
		argsLen = max(inv.f.dash-(len(args)-len(rest)), 0)
	}
	if argsLen != 1 {
		return fmt.Errorf("exactly one NAME is required, got %d\nSee 'kubectl create %s -h' for help and examples", argsLen, sub)
	}
	inv.cmdArgs = rest[1:]
	raw, err := gen(inv, rest[0])
	if err != nil {
		return err
	}
	apiVersion, _ := raw["apiVersion"].(string)
	info, err := api.ResourceForKind(apiVersion, raw["kind"].(string))
	if err != nil {
		// A kind this cluster does not serve: the object is built all the
		// same, and the server's answer is the discovery failure.
		if inv.dry == "client" {
			if m, ok := raw["metadata"].(map[string]any); ok && !inv.explicitNs {
				delete(m, "namespace")
			}
			return printUnservedDryRun(inv.out, raw, inv.f.str("output"), strings.ToLower(raw["kind"].(string))+"/"+rest[0])
		}
		msg := "the server could not find the requested resource"
		if format, ok := createFailure[sub]; ok {
			return fmt.Errorf(format, msg)
		}
		return fmt.Errorf("%s", msg)
	}
	obj, err := decodeTyped(info, raw)
	if err != nil {
		return err
	}
	created, err := inv.create(info, inv.scopeNs(info), obj)
	if err != nil {
		if format, ok := createFailure[sub]; ok {
			return fmt.Errorf(format, err)
		}
		return err
	}
	return inv.printResult(info, created, "created")
}

// printResult prints "<kind>/<name> <verb>", or the object with -o.
func (inv *invocation) printResult(info *api.ResourceInfo, obj api.Object, verb string) error {
	if inv.dry == "client" && !inv.explicitNs && obj.GetObjectMeta().Namespace != "" {
		// kubectl's generators set the namespace only when -n was given
		// (EnforceNamespace); the server is never asked.
		obj = api.DeepCopy(obj)
		obj.GetObjectMeta().Namespace = ""
	}
	switch o := inv.f.str("output"); o {
	case "":
		inv.printOp(info, obj.GetObjectMeta().Name, verb)
	case "name":
		fmt.Fprintln(inv.out, objRef(info, obj.GetObjectMeta().Name))
	default:
		return inv.printObj(obj, o)
	}
	return nil
}

// printObj prints an object (or a List) as -o asks, go templates included.
func (inv *invocation) printObj(obj api.Object, output string) error {
	t, isTemplate, err := inv.goTemplate(output)
	if err != nil {
		return err
	}
	if isTemplate {
		return printGoTemplate(inv.out, t, api.EncodeJSON(obj))
	}
	return printObject(inv.out, obj, output)
}

func (inv *invocation) createFromFiles() error {
	docs, err := inv.readManifests(inv.f.all("filename"))
	if err != nil {
		return err
	}
	var errs []error
	for _, d := range docs {
		if d.err != nil {
			errs = append(errs, d.err)
			continue
		}
		if err := inv.checkNamespace(d); err != nil {
			errs = append(errs, err)
			continue
		}
		ns := d.namespace(inv)
		raw := api.CopyJSONValue(d.raw).(map[string]any)
		if inv.f.boolean("save-config") {
			_, raw, _ = modifiedConfiguration(d.raw, d.info, ns)
		}
		obj, err := decodeTyped(d.info, raw)
		if err != nil {
			errs = append(errs, withSource("creating", d.source, err))
			continue
		}
		created, err := inv.create(d.info, ns, obj)
		if err != nil {
			errs = append(errs, withSource("creating", d.source, err))
			continue
		}
		if err := inv.printResult(d.info, created, "created"); err != nil {
			return err
		}
	}
	return aggregate(errs)
}

// createAliases are the cobra aliases of kubectl create's subcommands.
var createAliases = map[string]string{
	"deploy":        "deployment",
	"ns":            "namespace",
	"cm":            "configmap",
	"sa":            "serviceaccount",
	"svc":           "service",
	"resourcequota": "quota",
	"pc":            "priorityclass",
}

// createRequired are the flags cobra requires (MarkFlagRequired) before a
// subcommand runs.
var createRequired = map[string][]string{
	"deployment":           {"image"},
	"clusterrolebinding":   {"clusterrole"},
	"service externalname": {"external-name"},
}

// createFailure is how the subcommands that wrap a server error word it
// (kubectl's create_*.go: "failed to create deployment: %v", and the
// secrets' "failed to create secret %v", without the colon).
var createFailure = map[string]string{
	"deployment":             "failed to create deployment: %v",
	"job":                    "failed to create job: %v",
	"cronjob":                "failed to create cronjob: %v",
	"configmap":              "failed to create configmap: %v",
	"quota":                  "failed to create quota: %v",
	"priorityclass":          "failed to create priorityclass: %v",
	"serviceaccount":         "failed to create serviceaccount: %v",
	"rolebinding":            "failed to create rolebinding: %v",
	"clusterrolebinding":     "failed to create clusterrolebinding: %v",
	"poddisruptionbudget":    "failed to create poddisruptionbudgets: %v",
	"ingress":                "failed to create ingress: %v",
	"secret generic":         "failed to create secret %v",
	"secret tls":             "failed to create secret %v",
	"secret docker-registry": "failed to create secret %v",
	"service clusterip":      "failed to create ClusterIP service: %v",
	"service nodeport":       "failed to create NodePort service: %v",
	"service loadbalancer":   "failed to create LoadBalancer service: %v",
	"service externalname":   "failed to create ExternalName service: %v",
}

// generator builds the object of kubectl create <kind> NAME.
type generator func(inv *invocation, name string) (map[string]any, error)

// createGenerators build the objects of kubectl create <kind> NAME; those of
// kinds a first session rarely creates only the full build has (fullGen).
var createGenerators = map[string]generator{
	"deployment":           genDeployment,
	"namespace":            genNamespace,
	"role":                 genRole("Role"),
	"clusterrole":          genRole("ClusterRole"),
	"rolebinding":          genBinding("RoleBinding"),
	"clusterrolebinding":   genBinding("ClusterRoleBinding"),
	"configmap":            genConfigMap,
	"secret generic":       genSecret,
	"serviceaccount":       genServiceAccount,
	"job":                  genJob,
	"quota":                fullGen("quota"),
	"priorityclass":        fullGen("priorityclass"),
	"service clusterip":    genService("ClusterIP"),
	"service nodeport":     genService("NodePort"),
	"service loadbalancer": genService("LoadBalancer"),
	"service externalname": genService("ExternalName"),
}

func meta(inv *invocation, name string, namespaced bool) map[string]any {
	m := map[string]any{"name": name}
	if namespaced {
		m["namespace"] = inv.ns
	}
	return m
}

// genDeployment is kubectl create deployment: labels app=NAME, one
// container per --image named after the image.
func genDeployment(inv *invocation, name string) (map[string]any, error) {
	images := inv.f.strs("image")
	if len(images) == 0 {
		return nil, fmt.Errorf("required flag(s) \"image\" not set")
	}
	replicas, err := inv.f.integer("replicas")
	if err != nil {
		return nil, err
	}
	port, err := inv.f.integer("port")
	if err != nil {
		return nil, err
	}
	if len(images) > 1 && len(inv.cmdArgs) > 0 {
		return nil, fmt.Errorf("cannot specify multiple --image options and command")
	}
	labels := map[string]any{"app": name}
	var containers []any
	for _, img := range images {
		c := map[string]any{"name": containerNameFor(inv, img), "image": img, "resources": map[string]any{}}
		if len(inv.cmdArgs) > 0 {
			c["command"] = stringsToAny(inv.cmdArgs)
		}
		containers = append(containers, c)
	}
	if port >= 0 && len(containers) > 0 {
		containers[0].(map[string]any)["ports"] = []any{map[string]any{"containerPort": port}}
	}
	m := meta(inv, name, true)
	m["labels"] = labels
	return map[string]any{
		"apiVersion": "apps/v1",
		"kind":       "Deployment",
		"metadata":   m,
		"spec": map[string]any{
			"replicas": replicas,
			"selector": map[string]any{"matchLabels": labels},
			"template": map[string]any{
				"metadata": map[string]any{"labels": labels},
				"spec":     map[string]any{"containers": containers},
			},
			"strategy": map[string]any{},
		},
	}, nil
}

func genNamespace(inv *invocation, name string) (map[string]any, error) {
	return map[string]any{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]any{"name": name}}, nil
}

func genServiceAccount(inv *invocation, name string) (map[string]any, error) {
	return map[string]any{"apiVersion": "v1", "kind": "ServiceAccount", "metadata": meta(inv, name, true)}, nil
}

func literals(inv *invocation) (map[string]string, error) {
	out := map[string]string{}
	for _, l := range inv.f.all("from-literal") {
		k, v, ok := strings.Cut(l, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("invalid literal source %s, expected key=value", l)
		}
		out[k] = v
	}
	return out, nil
}

func genConfigMap(inv *invocation, name string) (map[string]any, error) {
	lits, err := literals(inv)
	if err != nil {
		return nil, err
	}
	data := map[string]any{}
	for k, v := range lits {
		data[k] = v
	}
	return map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": meta(inv, name, true), "data": data}, nil
}

func genSecret(inv *invocation, name string) (map[string]any, error) {
	lits, err := literals(inv)
	if err != nil {
		return nil, err
	}
	data := map[string]any{}
	for k, v := range lits {
		data[k] = base64.StdEncoding.EncodeToString([]byte(v))
	}
	return map[string]any{"apiVersion": "v1", "kind": "Secret", "metadata": meta(inv, name, true), "type": "Opaque", "data": data}, nil
}

var validRoleVerbs = map[string]bool{"*": true, "get": true, "list": true, "watch": true, "create": true, "update": true, "patch": true, "delete": true, "deletecollection": true, "use": true, "bind": true, "escalate": true, "impersonate": true, "approve": true, "sign": true}

// genRole is kubectl create role/clusterrole --verb --resource
// [--resource-name]: one rule per API group.
func genRole(kind string) func(inv *invocation, name string) (map[string]any, error) {
	return func(inv *invocation, name string) (map[string]any, error) {
		verbs := inv.f.strs("verb")
		if len(verbs) == 0 {
			return nil, fmt.Errorf("at least one verb must be specified")
		}
		for _, v := range verbs {
			if !validRoleVerbs[v] {
				return nil, fmt.Errorf("invalid verb: '%s'", v)
			}
		}
		resources := inv.f.strs("resource")
		if len(resources) == 0 {
			return nil, fmt.Errorf("at least one resource must be specified")
		}
		var groups []string
		byGroup := map[string][]any{}
		for _, r := range resources {
			res, sub, _ := strings.Cut(r, "/")
			info, err := inv.resolve(res)
			if err != nil {
				return nil, fmt.Errorf("resource %s has not been found", r)
			}
			plural := info.Resource
			if sub != "" {
				plural += "/" + sub
			}
			if _, ok := byGroup[info.Group]; !ok {
				groups = append(groups, info.Group)
			}
			byGroup[info.Group] = append(byGroup[info.Group], plural)
		}
		var rules []any
		for _, g := range groups {
			vs := make([]any, len(verbs))
			for i, v := range verbs {
				vs[i] = v
			}
			rule := map[string]any{"apiGroups": []any{g}, "resources": byGroup[g], "verbs": vs}
			if rn := inv.f.strs("resource-name"); len(rn) > 0 {
				names := make([]any, len(rn))
				for i, n := range rn {
					names[i] = n
				}
				rule["resourceNames"] = names
			}
			rules = append(rules, rule)
		}
		return map[string]any{"apiVersion": "rbac.authorization.k8s.io/v1", "kind": kind, "metadata": meta(inv, name, kind == "Role"), "rules": rules}, nil
	}
}

// genBinding is kubectl create rolebinding/clusterrolebinding.
func genBinding(kind string) func(inv *invocation, name string) (map[string]any, error) {
	return func(inv *invocation, name string) (map[string]any, error) {
		role, clusterRole := inv.f.str("role"), inv.f.str("clusterrole")
		var ref map[string]any
		switch {
		case kind == "ClusterRoleBinding" && clusterRole == "":
			return nil, fmt.Errorf("required flag(s) \"clusterrole\" not set")
		case role != "" && clusterRole != "":
			return nil, fmt.Errorf("exactly one of clusterrole or role must be specified")
		case role != "":
			ref = map[string]any{"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": role}
		case clusterRole != "":
			ref = map[string]any{"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": clusterRole}
		default:
			return nil, fmt.Errorf("exactly one of clusterrole or role must be specified")
		}
		var subjects []any
		for _, u := range inv.f.strs("user") {
			subjects = append(subjects, map[string]any{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": u})
		}
		for _, g := range inv.f.strs("group") {
			subjects = append(subjects, map[string]any{"apiGroup": "rbac.authorization.k8s.io", "kind": "Group", "name": g})
		}
		for _, sa := range inv.f.strs("serviceaccount") {
			ns, n, ok := strings.Cut(sa, ":")
			if !ok || ns == "" || n == "" {
				return nil, fmt.Errorf("serviceaccount must be <namespace>:<name>")
			}
			subjects = append(subjects, map[string]any{"kind": "ServiceAccount", "name": n, "namespace": ns})
		}
		out := map[string]any{"apiVersion": "rbac.authorization.k8s.io/v1", "kind": kind, "metadata": meta(inv, name, kind == "RoleBinding"), "roleRef": ref}
		if len(subjects) > 0 {
			out["subjects"] = subjects
		}
		return out, nil
	}
}
