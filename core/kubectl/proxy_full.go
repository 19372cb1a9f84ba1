//go:build !lite

package kubectl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"kubeplay/core/api"
)

var proxyRun = runProxy

// runProxy is kubectl proxy [--port=8001]: it prints kubectl's line and
// keeps serving in the background (as port-forward does), so that curl
// localhost:8001/... on the next terminal lines reaches the API, the
// Pods' and the Services' proxy subresources.
func runProxy(inv *invocation) error {
	port, err := strconv.Atoi(inv.f.str("port"))
	if err != nil || port < 0 || port > 65535 {
		return fmt.Errorf("invalid argument %q for \"-p, --port\" flag: strconv.ParseInt: parsing %q: invalid syntax", inv.f.str("port"), inv.f.str("port"))
	}
	addr := inv.f.str("address")
	for _, p := range inv.k.proxies {
		if p.port == port {
			return fmt.Errorf("listen tcp %s:%d: bind: address already in use", addr, port)
		}
	}
	for _, f := range inv.k.forwards {
		if f.local == port {
			return fmt.Errorf("listen tcp %s:%d: bind: address already in use", addr, port)
		}
	}
	if port == 0 {
		port = 37000 + len(inv.k.proxies) // a random free port
	}
	inv.k.proxies = append(inv.k.proxies, proxyServer{address: addr, port: port})
	fmt.Fprintf(inv.out, "Starting to serve on %s:%d\n", addr, port)
	return nil
}

// ProxyHTTP is a GET to localhost:port: when a kubectl proxy listens
// there, kube-apiserver's answer (JSON pretty-printed as it does for curl),
// the body of a Pod or Service proxy subresource, and the status; ok is
// false when no proxy listens on the port.
func (k *Kubectl) ProxyHTTP(port int, path string) (body string, status int, ok bool) {
	found := false
	for _, p := range k.proxies {
		found = found || p.port == port
	}
	if !found {
		return "", 0, false
	}
	path, _, _ = strings.Cut(path, "?")
	body, status = k.apiGet(path)
	return body, status, true
}

// serverVersion is kube-apiserver v1.35.0's /version.
const serverVersion = `{
  "major": "1",
  "minor": "35",
  "emulationMajor": "1",
  "emulationMinor": "35",
  "minCompatibilityMajor": "1",
  "minCompatibilityMinor": "34",
  "gitVersion": "v1.35.0",
  "gitCommit": "66452049f3d692768c39c797b21b793dce80314e",
  "gitTreeState": "clean",
  "buildDate": "2025-12-17T12:32:07Z",
  "goVersion": "go1.25.5",
  "compiler": "gc",
  "platform": "linux/amd64"
}`

const apiVersions = `{
  "kind": "APIVersions",
  "versions": [
    "v1"
  ],
  "serverAddressByClientCIDRs": [
    {
      "clientCIDR": "0.0.0.0/0",
      "serverAddress": "172.18.0.2:6443"
    }
  ]
}`

// apiGet answers a GET of the API.
func (k *Kubectl) apiGet(path string) (string, int) {
	switch strings.TrimSuffix(path, "/") {
	case "/version":
		return serverVersion, 200
	case "/api":
		return apiVersions, 200
	case "/healthz", "/livez", "/readyz":
		return "ok", 200
	}
	seg := strings.Split(strings.Trim(path, "/"), "/")
	var group string
	switch {
	case len(seg) >= 2 && seg[0] == "api" && seg[1] == "v1":
		seg = seg[2:]
	case len(seg) >= 3 && seg[0] == "apis":
		group, seg = seg[1], seg[3:]
	default:
		return notFoundStatus("the server could not find the requested resource", "", ""), 404
	}
	ns := ""
	if len(seg) >= 2 && seg[0] == "namespaces" && len(seg) != 2 {
		ns, seg = seg[1], seg[2:]
	}
	if len(seg) == 0 {
		return notFoundStatus("the server could not find the requested resource", "", ""), 404
	}
	resource := seg[0]
	if len(seg) >= 3 && seg[2] == "proxy" && group == "" && (resource == "pods" || resource == "services") {
		return k.proxyTo(ns, resource, seg[1], "/"+strings.Join(seg[3:], "/"))
	}
	name := ""
	if len(seg) >= 2 {
		name = seg[1]
	}
	typ := resource
	if group != "" {
		typ += "." + group
	}
	args := []string{"get", typ, "-o", "json"}
	if name != "" {
		args = append(args, name)
	}
	switch {
	case ns != "":
		args = append(args, "-n", ns)
	case name == "":
		args = append(args, "-A")
	}
	var out, errOut bytes.Buffer
	if code := k.Run(args, &out, &errOut); code != 0 {
		msg := strings.TrimSpace(strings.TrimPrefix(errOut.String(), "Error from server (NotFound): "))
		return notFoundStatus(msg, name, resource), 404
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, out.Bytes()); err != nil {
		return out.String(), 200
	}
	var pretty bytes.Buffer
	json.Indent(&pretty, compact.Bytes(), "", "  ")
	text := pretty.String()
	if name == "" {
		if info, err := k.resolve(typ); err == nil {
			text = strings.Replace(text, `"kind": "List"`, `"kind": "`+info.Kind+`List"`, 1)
			if info.Group != "" {
				text = strings.Replace(text, `"apiVersion": "v1"`, `"apiVersion": "`+info.Group+"/"+info.Version+`"`, 1)
			}
		}
	}
	return text + "\n", 200
}

// proxyTo is the proxy subresource: NAME[:PORT] of a Pod or a Service,
// reaching the Pod's HTTP answer as port-forward does.
func (k *Kubectl) proxyTo(ns, resource, target, path string) (string, int) {
	if ns == "" {
		ns = "default"
	}
	name, port, _ := strings.Cut(target, ":")
	if scheme, rest, ok := strings.Cut(target, ":"); ok && (scheme == "http" || scheme == "https") {
		name, port, _ = strings.Cut(rest, ":")
	}
	inv := &invocation{k: k, name: "proxy", ns: ns, explicitNs: true}
	pod, err := inv.logsPodQuiet(resource + "/" + name)
	if err != nil {
		if resource == "services" {
			if _, gerr := k.client.Resource("services").Namespace(ns).Get(name); gerr == nil {
				return serviceUnavailable(fmt.Sprintf("no endpoints available for service \"%s\"", name)), 503
			}
		}
		return notFoundStatus(fmt.Sprintf("%s \"%s\" not found", resource, name), name, resource), 404
	}
	var svc *api.Service
	if resource == "services" {
		if o, err := k.client.Resource("services").Namespace(ns).Get(name); err == nil {
			svc, _ = o.(*api.Service)
		}
	}
	if port == "" {
		port = "80"
		if svc != nil && len(svc.Spec.Ports) > 0 {
			port = strconv.Itoa(int(svc.Spec.Ports[0].Port))
		}
	}
	remote, err := remotePort(pod, svc, port)
	if err != nil {
		return serviceUnavailable(err.Error()), 503
	}
	if k.env.HTTPGet == nil {
		return serviceUnavailable("error trying to reach service: connection refused"), 503
	}
	body, status, ok := k.env.HTTPGet(pod.Namespace, pod.Name, remote, path)
	if !ok {
		return serviceUnavailable(fmt.Sprintf("error trying to reach service: dial tcp %s:%d: connect: connection refused", pod.Status.PodIP, remote)), 503
	}
	return body, status
}

// logsPodQuiet resolves TYPE/NAME to a Pod as kubectl's attach does.
func (inv *invocation) logsPodQuiet(arg string) (pod *api.Pod, err error) {
	var sink bytes.Buffer
	inv.out, inv.errOut = &sink, &sink
	if inv.f == nil {
		inv.f, _ = parseFlags("proxy", nil, proxyFlags)
	}
	return inv.podFor(arg)
}

func notFoundStatus(msg, name, kind string) string {
	details := ""
	if name != "" {
		details = fmt.Sprintf(`,
  "details": {
    "name": %q,
    "kind": %q
  }`, name, kind)
	}
	return failureStatus(msg, "NotFound", details, 404)
}

func serviceUnavailable(msg string) string {
	return failureStatus(msg, "ServiceUnavailable", "", 503)
}

// failureStatus is a Status the apiserver answers a failed request with,
// pretty-printed as for curl.
func failureStatus(msg, reason, details string, code int) string {
	return fmt.Sprintf(`{
  "kind": "Status",
  "apiVersion": "v1",
  "metadata": {},
  "status": "Failure",
  "message": %q,
  "reason": %q%s,
  "code": %d
}`, msg, reason, details, code)
}
