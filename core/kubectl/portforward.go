package kubectl

import (
	"fmt"
	"strconv"
	"strings"

	"kubeplay/core/api"
)

var portForwardFlags = []flagDef{
	{name: "address", def: "localhost"},
	{name: "pod-running-timeout", def: "1m0s"},
}

// forward is one running kubectl port-forward: a local port to a Pod's
// port.
type forward struct {
	local   int
	ns, pod string
	port    int32
}

// runPortForward is kubectl port-forward (POD | TYPE/NAME)
// [LOCAL_PORT:]REMOTE_PORT...: it prints kubectl's Forwarding lines and
// keeps forwarding in the background until Ctrl+C (StopWatches), so that
// `curl localhost:LOCAL` on the next terminal line reaches the Pod, as it
// would from a second terminal beside a real kubectl port-forward.
func runPortForward(inv *invocation) error {
	args := inv.f.args
	if len(args) < 2 {
		return fmt.Errorf("TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples")
	}
	target := args[0]
	pod, err := inv.podFor(target)
	if err != nil {
		return err
	}
	if pod.Status.Phase != api.PodRunning {
		return fmt.Errorf("unable to forward port because pod is not running. Current status=%s", pod.Status.Phase)
	}
	var svc *api.Service
	if typ, name, ok := strings.Cut(target, "/"); ok {
		if info, err := inv.resolve(typ); err == nil && info.Resource == "services" {
			if o, err := inv.get(info, inv.ns, name); err == nil {
				svc, _ = o.(*api.Service)
			}
		}
	}
	var fws []forward
	for _, spec := range args[1:] {
		localS, remoteS, hasLocal := strings.Cut(spec, ":")
		if !hasLocal {
			remoteS = localS
		}
		remote, err := remotePort(pod, svc, remoteS)
		if err != nil {
			return err
		}
		local := int(remote)
		if hasLocal && localS != "" {
			if local, err = strconv.Atoi(localS); err != nil || local < 0 || local > 65535 {
				return fmt.Errorf("Error parsing local port '%s': strconv.ParseUint: parsing %q: invalid syntax", localS, localS)
			}
		}
		if hasLocal && localS == "" {
			local = 40000 + int(remote)%20000 // a random free port
		}
		for _, f := range inv.k.forwards {
			if f.local == local {
				return fmt.Errorf("unable to listen on any of the requested ports: [{%d %d}]", local, remote)
			}
		}
		fws = append(fws, forward{local: local, ns: pod.Namespace, pod: pod.Name, port: remote})
	}
	for _, f := range fws {
		fmt.Fprintf(inv.out, "Forwarding from 127.0.0.1:%d -> %d\n", f.local, f.port)
		fmt.Fprintf(inv.out, "Forwarding from [::1]:%d -> %d\n", f.local, f.port)
	}
	inv.k.forwards = append(inv.k.forwards, fws...)
	return nil
}

// remotePort resolves a port argument: a number or a named container port;
// through a Service, its port maps to the Pod's target port.
func remotePort(pod *api.Pod, svc *api.Service, s string) (int32, error) {
	n, err := strconv.Atoi(s)
	if svc != nil {
		for _, sp := range svc.Spec.Ports {
			if (err == nil && sp.Port == int32(n)) || sp.Name == s {
				if sp.TargetPort.Type == api.String {
					s, err = sp.TargetPort.StrVal, fmt.Errorf("named")
					break
				}
				if sp.TargetPort.IntVal != 0 {
					return sp.TargetPort.IntVal, nil
				}
				return sp.Port, nil
			}
		}
		if err == nil {
			return 0, fmt.Errorf("Service %s does not have a service port %d", svc.Name, n)
		}
	}
	if err == nil {
		if n <= 0 || n > 65535 {
			return 0, fmt.Errorf("Error parsing remote port '%s': port must be in range 1-65535", s)
		}
		return int32(n), nil
	}
	for _, c := range pod.Spec.Containers {
		for _, p := range c.Ports {
			if p.Name == s {
				return p.ContainerPort, nil
			}
		}
	}
	return 0, fmt.Errorf("Pod '%s' does not have a named port '%s'", pod.Name, s)
}

// Forwarding lists the running port-forwards' local ports.
func (k *Kubectl) Forwarding() []int {
	var out []int
	for _, f := range k.forwards {
		out = append(out, f.local)
	}
	return out
}

// LocalHTTP is a request from the terminal's machine to localhost:port: a
// running port-forward prints "Handling connection for PORT" and the Pod
// answers; ok is false when nothing listens on the port.
func (k *Kubectl) LocalHTTP(port int, path string) (notice, body string, status int, ok bool) {
	for _, f := range k.forwards {
		if f.local != port {
			continue
		}
		notice = fmt.Sprintf("Handling connection for %d\n", port)
		if k.env.HTTPGet == nil {
			return notice, "", 0, false
		}
		body, status, ok := k.env.HTTPGet(f.ns, f.pod, f.port, path)
		if !ok {
			return notice + fmt.Sprintf("E0105 09:01:02.000000   12345 portforward.go:424] \"Unhandled Error\" err=\"an error occurred forwarding %d -> %d: error forwarding port %d to pod %s, uid : failed to execute portforward in network namespace: failed to connect to localhost:%d inside namespace: connection refused\"\n", f.local, f.port, f.port, f.pod, f.port), "", 0, false
		}
		return notice, body, status, true
	}
	return "", "", 0, false
}
