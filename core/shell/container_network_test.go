package shell

import (
	"regexp"
	"strings"
	"testing"
)

// A container's network as on kind, through the Service and Endpoints state
// kubectl shows: Service variables for the Services that exist when the
// container starts (kubernetes.io "Connecting Applications with Services":
// Pods created before the Service lack MY_NGINX_SERVICE_HOST, recreated
// ones have it), a ClusterIP without ready endpoints refuses (busybox
// wget's words), a NodePort answers on a node's address from a Pod, and
// the containers of one Pod reach each other on localhost.
func TestAContainersNetworkAsOnKind(t *testing.T) {
	out := transcript(t, `kubectl run early --image=busybox:1.37 -- sleep 1d
kubectl create deployment my-nginx --image=nginx:1.27 --replicas=2
sleep 20s
kubectl expose deployment my-nginx --port=80 --type=NodePort
sleep 30s
kubectl run late --image=busybox:1.37 -- sleep 1d
kubectl run nolinks --image=busybox:1.37 --overrides='{"spec":{"enableServiceLinks":false}}' -- sleep 1d
sleep 10s
kubectl exec early -- printenv MY_NGINX_SERVICE_HOST
kubectl exec late -- printenv MY_NGINX_SERVICE_HOST
kubectl exec late -- printenv MY_NGINX_PORT_80_TCP_PORT
kubectl exec nolinks -- printenv MY_NGINX_SERVICE_HOST
kubectl exec nolinks -- printenv KUBERNETES_SERVICE_HOST
kubectl get service my-nginx -o jsonpath='{.spec.ports[0].nodePort}'
kubectl get nodes demo-worker -o jsonpath='{.status.addresses[0].address}'
kubectl create service clusterip empty --tcp=80:80
sleep 2s
kubectl exec late -- wget -qO- http://empty
kubectl exec late -- wget -qO- http://my-nginx.default.svc.cluster.local
`, 1)
	after := func(cmd string) string {
		i := strings.Index(out, "$ "+cmd+"\n")
		if i < 0 {
			t.Fatalf("no %q in\n%s", cmd, out)
		}
		rest := out[i+len(cmd)+3:]
		if j := strings.Index(rest, "$ "); j >= 0 {
			rest = rest[:j] // jsonpath prints no newline
		}
		first, _, _ := strings.Cut(rest, "\n")
		return first
	}
	ip := regexp.MustCompile(`^10\.96\.\d+\.\d+$`)
	if got := after("kubectl exec early -- printenv MY_NGINX_SERVICE_HOST"); !strings.HasPrefix(got, "command terminated with exit code 1") {
		t.Errorf("a Pod started before the Service has its variable: %q", got)
	}
	if got := after("kubectl exec late -- printenv MY_NGINX_SERVICE_HOST"); !ip.MatchString(got) {
		t.Errorf("a Pod started after the Service: MY_NGINX_SERVICE_HOST = %q", got)
	}
	if got := after("kubectl exec late -- printenv MY_NGINX_PORT_80_TCP_PORT"); got != "80" {
		t.Errorf("MY_NGINX_PORT_80_TCP_PORT = %q", got)
	}
	if got := after("kubectl exec nolinks -- printenv MY_NGINX_SERVICE_HOST"); !strings.HasPrefix(got, "command terminated") {
		t.Errorf("enableServiceLinks: false still gives the namespace's Services: %q", got)
	}
	if got := after("kubectl exec nolinks -- printenv KUBERNETES_SERVICE_HOST"); got != "10.96.0.1" {
		t.Errorf("enableServiceLinks: false must keep the kubernetes Service's variables: %q", got)
	}
	if got := after("kubectl exec late -- wget -qO- http://empty"); !regexp.MustCompile(`^wget: can't connect to remote host \(10\.96\.\d+\.\d+\): Connection refused$`).MatchString(got) {
		t.Errorf("a Service without endpoints: %q", got)
	}
	if got := after("kubectl exec late -- wget -qO- http://my-nginx.default.svc.cluster.local"); got != "<!DOCTYPE html>" {
		t.Errorf("the Service's FQDN: %q", got)
	}
	out = transcript(t, `kubectl create deployment my-nginx --image=nginx:1.27
kubectl expose deployment my-nginx --port=80 --type=NodePort
kubectl run c --image=busybox:1.37 -- sleep 1d
sleep 30s
kubectl exec c -- wget -qO- http://$(kubectl get nodes demo-worker -o jsonpath='{.status.addresses[0].address}'):$(kubectl get service my-nginx -o jsonpath='{.spec.ports[0].nodePort}')
kubectl exec c -- wget -qO- http://172.18.0.3:31999
`, 1)
	if !strings.Contains(out, "<title>Welcome to nginx!</title>") {
		t.Errorf("a NodePort on a node's address from a Pod:\n%s", out)
	}
	if !strings.Contains(out, "wget: can't connect to remote host (172.18.0.3): Connection refused") {
		t.Errorf("a port no Service holds on a node:\n%s", out)
	}
}
