package kubectl

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/api/request"
)

// The create subcommands for CronJob, Ingress, PodDisruptionBudget, the
// tls and docker-registry Secrets, and ServiceAccount tokens. They build
// the object as kubectl v1.35 does; whether the kind is served is the
// server's answer.

var createMoreFlags = []flagDef{
	{name: "schedule"},
	{name: "restart"},
	{name: "rule"},
	{name: "class"},
	{name: "default-backend"},
	{name: "annotation"},
	{name: "selector"},
	{name: "min-available"},
	{name: "max-unavailable"},
	{name: "cert"},
	{name: "key"},
	{name: "docker-server", def: "https://index.docker.io/v1/"},
	{name: "docker-username"},
	{name: "docker-password"},
	{name: "docker-email"},
	{name: "duration"},
	{name: "audience"},
	{name: "bound-object-kind"},
	{name: "bound-object-name"},
	{name: "type"},
}

func init() {
	createGenerators["cronjob"] = fullGen("cronjob")
	createGenerators["ingress"] = fullGen("ingress")
	createGenerators["poddisruptionbudget"] = fullGen("poddisruptionbudget")
	createGenerators["secret tls"] = fullGen("secret tls")
	createGenerators["secret docker-registry"] = fullGen("secret docker-registry")
	createAliases["cj"] = "cronjob"
	createAliases["ing"] = "ingress"
	createAliases["pdb"] = "poddisruptionbudget"
	createRequired["cronjob"] = []string{"image", "schedule"}
	createRequired["secret tls"] = []string{"cert", "key"}
	createRequired["secret docker-registry"] = []string{"docker-username", "docker-password"}
	createFailure["cronjob"] = "failed to create cronjob"
	createFailure["ingress"] = "failed to create ingress"
	createFailure["poddisruptionbudget"] = "failed to create poddisruptionbudgets"
}

func genCronJob(inv *invocation, name string) (map[string]any, error) {
	restart := inv.f.str("restart")
	if restart == "" {
		restart = "OnFailure"
	}
	if restart != "OnFailure" && restart != "Never" {
		return nil, fmt.Errorf("restart must be either OnFailure or Never")
	}
	c := map[string]any{"name": name, "image": inv.f.str("image"), "resources": map[string]any{}}
	if len(inv.cmdArgs) > 0 {
		c["command"] = stringsToAny(inv.cmdArgs)
	}
	return map[string]any{
		"apiVersion": "batch/v1",
		"kind":       "CronJob",
		"metadata":   meta(inv, name, true),
		"spec": map[string]any{
			"schedule": inv.f.str("schedule"),
			"jobTemplate": map[string]any{
				"metadata": map[string]any{"name": name},
				"spec": map[string]any{
					"template": map[string]any{
						"metadata": map[string]any{},
						"spec":     map[string]any{"containers": []any{c}, "restartPolicy": restart},
					},
				},
			},
		},
		"status": map[string]any{},
	}, nil
}

// ingressBackend reads "service:port" (a number or a port name).
func ingressBackend(s string) (map[string]any, error) {
	svc, port, ok := strings.Cut(s, ":")
	if !ok || svc == "" || port == "" {
		return nil, fmt.Errorf("backend is in wrong format: %s", s)
	}
	p := map[string]any{"name": port}
	if n, err := strconv.Atoi(port); err == nil {
		p = map[string]any{"number": n}
	}
	return map[string]any{"service": map[string]any{"name": svc, "port": p}}, nil
}

// genIngress is kubectl create ingress NAME --rule=host/path=svc:port[,tls[=secret]]
// [--class] [--default-backend] [--annotation].
func genIngress(inv *invocation, name string) (map[string]any, error) {
	rules := inv.f.all("rule")
	if len(rules) == 0 && !inv.f.changed("default-backend") {
		return nil, fmt.Errorf("not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)")
	}
	spec := map[string]any{}
	if c := inv.f.str("class"); c != "" {
		spec["ingressClassName"] = c
	}
	if b := inv.f.str("default-backend"); b != "" {
		be, err := ingressBackend(b)
		if err != nil {
			return nil, err
		}
		spec["defaultBackend"] = be
	}
	var ruleList, tls []any
	for _, r := range rules {
		r, tlsPart, hasTLS := strings.Cut(r, ",")
		hostPath, backend, ok := strings.Cut(r, "=")
		if !ok {
			return nil, fmt.Errorf("rule %s is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]", r)
		}
		be, err := ingressBackend(backend)
		if err != nil {
			return nil, err
		}
		host, path, _ := strings.Cut(hostPath, "/")
		path = "/" + path
		pathType := "Exact"
		if strings.HasSuffix(path, "*") {
			path, pathType = strings.TrimSuffix(path, "*"), "Prefix"
		}
		p := map[string]any{"backend": be, "path": path, "pathType": pathType}
		merged := false
		for _, r := range ruleList {
			if rm := r.(map[string]any); rm["host"] == host || (host == "" && rm["host"] == nil) {
				http := rm["http"].(map[string]any)
				http["paths"] = append(http["paths"].([]any), p)
				merged = true
			}
		}
		if !merged {
			rule := map[string]any{"http": map[string]any{"paths": []any{p}}}
			if host != "" {
				rule["host"] = host
			}
			ruleList = append(ruleList, rule)
		}
		if hasTLS {
			t := map[string]any{}
			if host != "" {
				t["hosts"] = []any{host}
			}
			if _, secret, ok := strings.Cut(tlsPart, "="); ok {
				t["secretName"] = secret
			}
			tls = append(tls, t)
		}
	}
	if len(ruleList) > 0 {
		spec["rules"] = ruleList
	}
	if len(tls) > 0 {
		spec["tls"] = tls
	}
	m := meta(inv, name, true)
	if as := inv.f.all("annotation"); len(as) > 0 {
		am := map[string]any{}
		for _, a := range as {
			k, v, _ := strings.Cut(a, "=")
			am[k] = v
		}
		m["annotations"] = am
	}
	return map[string]any{"apiVersion": "networking.k8s.io/v1", "kind": "Ingress", "metadata": m, "spec": spec, "status": map[string]any{"loadBalancer": map[string]any{}}}, nil
}

func genPDB(inv *invocation, name string) (map[string]any, error) {
	minA, maxU := inv.f.str("min-available"), inv.f.str("max-unavailable")
	switch {
	case minA == "" && maxU == "":
		return nil, fmt.Errorf("one of min-available or max-unavailable must be specified")
	case minA != "" && maxU != "":
		return nil, fmt.Errorf("min-available and max-unavailable cannot be both specified")
	}
	sel := inv.f.str("selector")
	if sel == "" {
		return nil, fmt.Errorf("a selector must be specified")
	}
	if _, err := labels.Parse(sel); err != nil {
		return nil, err
	}
	ml := map[string]any{}
	for _, part := range strings.Split(sel, ",") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("invalid selector %q: kubeplay reads key=value selectors here", sel)
		}
		ml[strings.TrimSpace(k)] = strings.TrimPrefix(strings.TrimSpace(v), "=")
	}
	intOrString := func(s string) any {
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
		return s
	}
	spec := map[string]any{"selector": map[string]any{"matchLabels": ml}}
	if minA != "" {
		spec["minAvailable"] = intOrString(minA)
	} else {
		spec["maxUnavailable"] = intOrString(maxU)
	}
	return map[string]any{"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": meta(inv, name, true), "spec": spec, "status": map[string]any{"currentHealthy": 0, "desiredHealthy": 0, "disruptionsAllowed": 0, "expectedPods": 0}}, nil
}

func genSecretTLS(inv *invocation, name string) (map[string]any, error) {
	read := func(p string) ([]byte, error) {
		if inv.k.env.ReadFile == nil {
			return nil, fmt.Errorf("open %s: no such file or directory", p)
		}
		b, err := inv.k.env.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("open %s: no such file or directory", p)
		}
		return b, nil
	}
	cert, err := read(inv.f.str("cert"))
	if err != nil {
		return nil, err
	}
	key, err := read(inv.f.str("key"))
	if err != nil {
		return nil, err
	}
	if !strings.Contains(string(cert), "-----BEGIN CERTIFICATE-----") {
		return nil, fmt.Errorf("failed to load key pair tls: failed to find any PEM data in certificate input")
	}
	if !strings.Contains(string(key), "PRIVATE KEY-----") {
		return nil, fmt.Errorf("failed to load key pair tls: failed to find any PEM data in key input")
	}
	return map[string]any{"apiVersion": "v1", "kind": "Secret", "metadata": meta(inv, name, true), "type": "kubernetes.io/tls",
		"data": map[string]any{"tls.crt": base64.StdEncoding.EncodeToString(cert), "tls.key": base64.StdEncoding.EncodeToString(key)}}, nil
}

func genSecretDockerRegistry(inv *invocation, name string) (map[string]any, error) {
	user, pass := inv.f.str("docker-username"), inv.f.str("docker-password")
	entry := map[string]any{"username": user, "password": pass, "auth": base64.StdEncoding.EncodeToString([]byte(user + ":" + pass))}
	if e := inv.f.str("docker-email"); e != "" {
		entry["email"] = e
	}
	cfg, _ := json.Marshal(map[string]any{"auths": map[string]any{inv.f.str("docker-server"): entry}})
	return map[string]any{"apiVersion": "v1", "kind": "Secret", "metadata": meta(inv, name, true), "type": "kubernetes.io/dockerconfigjson",
		"data": map[string]any{".dockerconfigjson": base64.StdEncoding.EncodeToString(cfg)}}, nil
}

// printUnservedDryRun prints a generated object of a kind this cluster does
// not serve, for --dry-run=client -o yaml|json (no server is asked).
func printUnservedDryRun(w io.Writer, raw map[string]any, output, ref string) error {
	switch output {
	case "yaml":
		_, err := w.Write(api.MarshalYAML(raw))
		return err
	case "json":
		b, _ := json.MarshalIndent(raw, "", "    ")
		_, err := fmt.Fprintln(w, string(b))
		return err
	case "name":
		_, err := fmt.Fprintln(w, ref)
		return err
	}
	_, err := fmt.Fprintln(w, ref+" created (dry run)")
	return err
}

// createToken is kubectl create token SERVICEACCOUNT: a TokenRequest to the
// serviceaccounts/token subresource; the token is printed.
func (inv *invocation) createToken(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("exactly one NAME is required, got %d\nSee 'kubectl create token -h' for help and examples", len(args))
	}
	body := &api.TokenRequest{TypeMeta: api.TypeMeta{APIVersion: "authentication.k8s.io/v1", Kind: "TokenRequest"},
		Spec: api.TokenRequestSpec{Audiences: inv.f.strs("audience")}}
	if d := inv.f.str("duration"); d != "" {
		dur, err := time.ParseDuration(d)
		if err != nil {
			return fmt.Errorf("invalid argument %q for \"--duration\" flag: time: invalid duration %q", d, d)
		}
		switch {
		case dur < 0:
			return errors.New("--duration must be greater than or equal to 0")
		case dur%time.Second != 0:
			return errors.New("--duration cannot be expressed in units less than seconds")
		case dur > 0:
			secs := int64(dur / time.Second)
			body.Spec.ExpirationSeconds = &secs
		}
	}
	obj, err := inv.do(&request.Request{Verb: "create", Resource: "serviceaccounts", Subresource: "token", Namespace: inv.ns, Name: args[0], Body: body})
	if err != nil {
		return fmt.Errorf("failed to create token: %v", err)
	}
	tr, ok := obj.(*api.TokenRequest)
	if !ok || tr.Status.Token == "" {
		return errors.New("failed to create token: no token in server response")
	}
	fmt.Fprintln(inv.out, tr.Status.Token)
	return nil
}
