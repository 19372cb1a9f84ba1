package kubectl

import (
	"fmt"
	"strconv"
	"strings"

	"kubeplay/core/api"
)

// The generators of kubectl create job|quota|priorityclass|service, as
// kubectl v1.35's pkg/cmd/create builds them.

// genJob is kubectl create job NAME --image=IMG [-- COMMAND ARGS...]: one
// container named after the Job, restartPolicy Never. --from=cronjob/NAME
// resolves the CronJob first, which kubeplay does not serve.
func genJob(inv *invocation, name string) (map[string]any, error) {
	image, from := inv.f.str("image"), inv.f.str("from")
	if (image == "" && from == "") || (image != "" && from != "") {
		return nil, fmt.Errorf("either --image or --from must be specified")
	}
	if len(inv.cmdArgs) > 0 && from != "" {
		return nil, fmt.Errorf("cannot specify --from and command")
	}
	if from != "" {
		return jobFromCronJob(inv, name, from)
	}
	c := map[string]any{"name": name, "image": image, "resources": map[string]any{}}
	if len(inv.cmdArgs) > 0 {
		c["command"] = stringsToAny(inv.cmdArgs)
	}
	return map[string]any{
		"apiVersion": "batch/v1",
		"kind":       "Job",
		"metadata":   meta(inv, name, true),
		"spec": map[string]any{
			"template": map[string]any{
				"metadata": map[string]any{},
				"spec": map[string]any{
					"containers":    []any{c},
					"restartPolicy": "Never",
				},
			},
		},
	}, nil
}

// resourceList parses "cpu=1,memory=1Gi" (populateResourceListV1).
func resourceList(spec string) (map[string]any, error) {
	if spec == "" {
		return nil, nil
	}
	out := map[string]any{}
	for _, stmt := range strings.Split(spec, ",") {
		parts := strings.Split(stmt, "=")
		if len(parts) != 2 {
			return nil, fmt.Errorf("Invalid argument syntax %v, expected <resource>=<value>", stmt)
		}
		q, err := api.ParseQuantity(parts[1])
		if err != nil {
			return nil, err
		}
		out[parts[0]] = q.String()
	}
	return out, nil
}

// genQuota is kubectl create quota NAME --hard=pods=2,requests.cpu=1
// [--scopes=BestEffort,...].
func genQuota(inv *invocation, name string) (map[string]any, error) {
	hard, err := resourceList(inv.f.str("hard"))
	if err != nil {
		return nil, err
	}
	spec := map[string]any{}
	if hard != nil {
		spec["hard"] = hard
	}
	if s := inv.f.str("scopes"); s != "" {
		var scopes []any
		for _, sc := range strings.Split(s, ",") {
			if sc == "" {
				return nil, fmt.Errorf("invalid resource quota scope \"\"")
			}
			scopes = append(scopes, sc)
		}
		spec["scopes"] = scopes
	}
	return map[string]any{"apiVersion": "v1", "kind": "ResourceQuota", "metadata": meta(inv, name, true), "spec": spec}, nil
}

// genPriorityClass is kubectl create priorityclass NAME --value=N
// [--global-default] [--description] [--preemption-policy].
func genPriorityClass(inv *invocation, name string) (map[string]any, error) {
	v := inv.f.str("value")
	value, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		return nil, fmt.Errorf("invalid argument %q for %q flag: strconv.ParseInt: parsing %q: invalid syntax", v, "--value", v)
	}
	out := map[string]any{
		"apiVersion":       "scheduling.k8s.io/v1",
		"kind":             "PriorityClass",
		"metadata":         map[string]any{"name": name},
		"value":            value,
		"preemptionPolicy": inv.f.str("preemption-policy"),
	}
	if inv.f.boolean("global-default") {
		out["globalDefault"] = true
	}
	if d := inv.f.str("description"); d != "" {
		out["description"] = d
	}
	return out, nil
}

// genService is kubectl create service clusterip|nodeport|loadbalancer|
// externalname NAME --tcp=PORT[:TARGET]: labels and selector app=NAME, one
// TCP port per --tcp named "PORT-TARGET".
func genService(typ string) func(inv *invocation, name string) (map[string]any, error) {
	return func(inv *invocation, name string) (map[string]any, error) {
		clusterIP := inv.f.str("clusterip")
		tcp := inv.f.strs("tcp")
		external := inv.f.str("external-name")
		if clusterIP == "None" && typ != "ClusterIP" {
			return nil, fmt.Errorf("ClusterIP=None can only be used with ClusterIP service type")
		}
		if clusterIP != "None" && len(tcp) == 0 && typ != "ExternalName" {
			return nil, fmt.Errorf("at least one tcp port specifier must be provided")
		}
		if typ == "ExternalName" && !isDNS1123Subdomain(external) {
			return nil, fmt.Errorf("invalid service external name %s", external)
		}
		nodePort, err := inv.f.integer("node-port")
		if err != nil {
			return nil, err
		}
		ports := []any{}
		for _, t := range tcp {
			port, target, err := parseServicePorts(t)
			if err != nil {
				return nil, err
			}
			p := map[string]any{"name": strings.ReplaceAll(t, ":", "-"), "port": port, "targetPort": target, "protocol": "TCP"}
			if nodePort != 0 {
				p["nodePort"] = nodePort
			}
			ports = append(ports, p)
		}
		m := meta(inv, name, true)
		m["labels"] = map[string]any{"app": name}
		spec := map[string]any{"type": typ, "selector": map[string]any{"app": name}, "ports": ports}
		if external != "" {
			spec["externalName"] = external
		}
		if clusterIP != "" {
			spec["clusterIP"] = clusterIP
		}
		return map[string]any{"apiVersion": "v1", "kind": "Service", "metadata": m, "spec": spec}, nil
	}
}

// parseServicePorts reads "80" or "80:8080" or "80:http".
func parseServicePorts(s string) (int, any, error) {
	parts := strings.Split(s, ":")
	port, err := parsePort(parts[0])
	if err != nil {
		return 0, nil, err
	}
	if len(parts) == 1 {
		return port, port, nil
	}
	if n, err := strconv.Atoi(parts[1]); err == nil {
		if n < 1 || n > 65535 {
			return 0, nil, fmt.Errorf("must be between 1 and 65535, inclusive")
		}
		return port, n, nil
	}
	if !isPortName(parts[1]) {
		return 0, nil, fmt.Errorf("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)")
	}
	return port, parts[1], nil
}

// parsePort is k8s.io/utils/net.ParsePort with allowZero.
func parsePort(s string) (int, error) {
	n, err := strconv.ParseUint(s, 10, 16)
	if err != nil {
		return 0, fmt.Errorf("strconv.ParseUint: parsing %q: invalid syntax", s)
	}
	return int(n), nil
}

// isPortName is a loose IsValidPortName: 1-15 lowercase alphanumerics and
// hyphens with at least one letter.
func isPortName(s string) bool {
	if len(s) == 0 || len(s) > 15 {
		return false
	}
	letter := false
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
			letter = true
		case r >= '0' && r <= '9', r == '-':
		default:
			return false
		}
	}
	return letter
}

func isDNS1123Subdomain(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
				return false
			}
		}
	}
	return true
}

// containerNameFor is create deployment's container name for an image: the
// last path element without tag or digest; "_" and "." become "-" and then
// get a random 5-character suffix (sanitizeAndUniquify).
func containerNameFor(inv *invocation, image string) string {
	name := image
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	if i := strings.IndexByte(name, ':'); i >= 0 {
		name = name[:i]
	}
	if i := strings.IndexByte(name, '@'); i >= 0 {
		name = name[:i]
	}
	if strings.ContainsAny(name, "_.") {
		name = strings.NewReplacer("_", "-", ".", "-").Replace(name)
		name += "-" + randomSuffix(inv, 5)
	}
	return name
}

// randomSuffix is utilrand.String on the sim's seeded source.
func randomSuffix(inv *invocation, n int) string {
	const alphabet = "bcdfghjklmnpqrstvwxz2456789"
	b := make([]byte, n)
	r := inv.sim().Rand()
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

func stringsToAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
