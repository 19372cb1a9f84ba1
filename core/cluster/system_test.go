package cluster

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

func TestKindsSystemWorkloadsRunAsOnKind(t *testing.T) {
	opts := Default()
	opts.SystemWorkloads = true
	c := New(opts)
	run := func(line string) string {
		t.Helper()
		var out bytes.Buffer
		if code := c.Kubectl(io.Discard).RunLine(line, &out, &out); code != 0 {
			t.Fatalf("%s: exit %d: %s", line, code, out.String())
		}
		return out.String()
	}
	pods := run("kubectl get pods -A")
	t.Log("\n" + pods)
	for _, want := range []string{
		"kube-system          etcd-demo-control-plane ", "kube-system          kube-apiserver-demo-control-plane ",
		"kube-system          kube-controller-manager-demo-control-plane ", "kube-system          kube-scheduler-demo-control-plane ",
		"local-path-storage   local-path-provisioner-",
	} {
		if !strings.Contains(pods, want) {
			t.Errorf("no %q in kubectl get pods -A", want)
		}
	}
	if n := strings.Count(pods, "Running"); n != 13 {
		t.Errorf("%d pods Running, want 13 (4 static, 2 coredns, 3 kindnet, 3 kube-proxy, 1 provisioner)", n)
	}
	for _, line := range strings.Split(pods, "\n")[1:] {
		if line != "" && !strings.Contains(line, "1/1     Running") {
			t.Errorf("not ready: %s", line)
		}
	}
	node := run("kubectl describe node demo-control-plane")
	for _, want := range []string{"cpu                950m (23%)  100m (2%)", "memory             290Mi (3%)  390Mi (4%)"} {
		if !strings.Contains(node, want) {
			t.Errorf("no %q in describe node:\n%s", want, node[strings.Index(node, "Allocated resources"):])
		}
	}
	if svc := run("kubectl get svc -n kube-system"); !strings.Contains(svc, "10.96.0.10") {
		t.Errorf("kube-dns: %s", svc)
	}
}
