package kubectl

import (
	"strings"
	"testing"
)

// A dry run never writes: for every verb that takes --dry-run, etcd's
// revision is the same before and after, and kubectl prints its own
// "(dry run)" / "(server dry run)" words (kubectl v1.35:
// staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go
// PrintFlagsWithDryRunStrategy, cmd/delete/delete.go PrintObj,
// pkg/drain/drain.go "evicting pod %s/%s (server dry run)").
func TestDryRunsNeverWrite(t *testing.T) {
	c := newCluster(t)
	c.files["node.yaml"] = "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n"
	c.files["pod.yaml"] = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: bare\nspec:\n  nodeName: n1\n  containers:\n  - name: c\n    image: nginx\n"
	c.files["cm.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  a: b\n"
	c.files["cm2.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  a: changed\n"
	c.must("kubectl create -f node.yaml")
	c.must("kubectl create -f pod.yaml")
	c.must("kubectl create deployment web --image=nginx")
	c.must("kubectl apply -f cm.yaml")
	for _, tc := range []struct{ line, client, server string }{
		{"kubectl apply -f cm2.yaml", "configmap/applied configured (dry run)\n", "configmap/applied configured (server dry run)\n"},
		{"kubectl apply -f node.yaml", "node/n1 configured (dry run)\n", "node/n1 configured (server dry run)\n"},
		{"kubectl create configmap c --from-literal=a=b", "configmap/c created (dry run)\n", "configmap/c created (server dry run)\n"},
		{"kubectl create secret generic s --from-literal=a=b", "secret/s created (dry run)\n", "secret/s created (server dry run)\n"},
		{"kubectl create job j --image=busybox", "job.batch/j created (dry run)\n", "job.batch/j created (server dry run)\n"},
		{"kubectl create deployment d2 --image=nginx", "deployment.apps/d2 created (dry run)\n", "deployment.apps/d2 created (server dry run)\n"},
		{"kubectl create -f cm.yaml", "", "Error from server (AlreadyExists)"},
		{"kubectl run p --image=nginx", "pod/p created (dry run)\n", "pod/p created (server dry run)\n"},
		{"kubectl expose deployment web --port=80", "service/web exposed (dry run)\n", "service/web exposed (server dry run)\n"},
		{"kubectl label deployment web a=b", "deployment.apps/web labeled (dry run)\n", "deployment.apps/web labeled (server dry run)\n"},
		{"kubectl label ns --all pod-security.kubernetes.io/enforce=baseline", "namespace/default labeled (dry run)\n", "namespace/default labeled (server dry run)\n"},
		{"kubectl annotate deployment web a=b", "deployment.apps/web annotated (dry run)\n", "deployment.apps/web annotated (server dry run)\n"},
		{`kubectl patch deployment web -p '{"spec":{"replicas":5}}'`, "deployment.apps/web patched (dry run)\n", "deployment.apps/web patched (server dry run)\n"},
		{"kubectl apply --server-side -f cm2.yaml", "", "configmap/applied serverside-applied (server dry run)\n"},
		{`kubectl patch node n1 --subresource=status -p '{"status":{"capacity":{"cpu":"4"}}}'`, "node/n1 patched (dry run)\n", "node/n1 patched (server dry run)\n"},
		{"kubectl delete pods --all", `pod "bare" deleted from default namespace (dry run)` + "\n", `pod "bare" deleted from default namespace (server dry run)` + "\n"},
		{"kubectl replace -f cm2.yaml", "configmap/applied replaced (dry run)\n", "configmap/applied replaced (server dry run)\n"},
		{"kubectl scale deployment web --replicas=3", "deployment.apps/web scaled (dry run)\n", "deployment.apps/web scaled (server dry run)\n"},
		{"kubectl set image deployment/web nginx=nginx:1.27", "deployment.apps/web image updated (dry run)\n", "deployment.apps/web image updated (server dry run)\n"},
		{"kubectl set resources deployment/web --limits=cpu=200m", "deployment.apps/web resource requirements updated (dry run)\n", "deployment.apps/web resource requirements updated (server dry run)\n"},
		{"kubectl set serviceaccount deployment web builder", "deployment.apps/web serviceaccount updated (dry run)\n", "deployment.apps/web serviceaccount updated (server dry run)\n"},
		{"kubectl autoscale deployment web --max=3", "horizontalpodautoscaler.autoscaling/web created (dry run)\n", "horizontalpodautoscaler.autoscaling/web autoscaled (server dry run)\n"},
		{"kubectl cordon n1", "node/n1 cordoned (dry run)\n", "node/n1 cordoned (server dry run)\n"},
		{"kubectl uncordon n1", "node/n1 already uncordoned (dry run)\n", "node/n1 already uncordoned (server dry run)\n"},
		{"kubectl taint node n1 a=b:NoSchedule", "node/n1 tainted (dry run)\n", "node/n1 tainted (server dry run)\n"},
		{"kubectl drain n1 --force", "node/n1 cordoned (dry run)\nevicting pod default/bare (dry run)\nnode/n1 drained (dry run)\n", "node/n1 cordoned (server dry run)\nevicting pod default/bare (server dry run)\nnode/n1 drained (server dry run)\n"},
		{"kubectl delete deployment web", `deployment.apps "web" deleted from default namespace (dry run)` + "\n", `deployment.apps "web" deleted from default namespace (server dry run)` + "\n"},
		{"kubectl delete node n1", `node "n1" deleted (dry run)` + "\n", `node "n1" deleted (server dry run)` + "\n"},
		{"kubectl delete pod bare --grace-period=0 --force", `pod "bare" force deleted from default namespace (dry run)` + "\n", `pod "bare" force deleted from default namespace (server dry run)` + "\n"},
	} {
		for _, mode := range []string{"client", "server"} {
			want := tc.client
			if mode == "server" {
				want = tc.server
			}
			if want == "" {
				continue
			}
			before := c.etcd.Rev()
			line := tc.line + " --dry-run=" + mode
			out, errOut, _ := c.run(line)
			if !strings.Contains(out+errOut, want) {
				t.Errorf("%s:\n got %q\nwant %q", line, out+errOut, want)
			}
			if after := c.etcd.Rev(); after != before {
				t.Errorf("%s wrote to etcd: revision %d -> %d", line, before, after)
			}
		}
	}
	// The label preview of the Pod Security tutorial labels nothing.
	if out := c.must("kubectl get ns --show-labels"); strings.Contains(out, "pod-security") {
		t.Errorf("a dry run labelled namespaces:\n%s", out)
	}
	if out := c.must("kubectl get deployment web -o jsonpath={.spec.replicas}"); out != "1" {
		t.Errorf("replicas = %q after dry runs, want 1", out)
	}
}

// --dry-run alone is a client dry run (NoOptDefVal "unchanged"); an unknown
// value is refused in kubectl's words (cmdutil.GetDryRunStrategy).
func TestDryRunFlagValues(t *testing.T) {
	c := newCluster(t)
	if out := c.must("kubectl create configmap c --from-literal=a=b --dry-run"); out != "configmap/c created (dry run)\n" {
		t.Errorf("--dry-run alone: %q", out)
	}
	_, errOut, code := c.run("kubectl create configmap c --from-literal=a=b --dry-run=maybe")
	if want := "error: Invalid dry-run value (maybe). Must be \"none\", \"server\", or \"client\".\n"; errOut != want || code != 1 {
		t.Errorf("bad value: %q (exit %d), want %q", errOut, code, want)
	}
	if out := c.must("kubectl create configmap c --from-literal=a=b --dry-run=none"); out != "configmap/c created\n" {
		t.Errorf("--dry-run=none: %q", out)
	}
}

// -o with a server dry run prints the object as the apiserver would have
// stored it: defaulted, with a uid and creationTimestamp but no
// resourceVersion (nothing was stored); a client dry run prints kubectl's
// local object, without the server's defaults.
func TestDryRunOutputIsTheObject(t *testing.T) {
	c := newCluster(t)
	server := c.must("kubectl run p --image=nginx --dry-run=server -o yaml")
	for _, want := range []string{"dnsPolicy: ClusterFirst", "uid: ", "creationTimestamp: ", "terminationMessagePath: /dev/termination-log"} {
		if !strings.Contains(server, want) {
			t.Errorf("server dry run -o yaml lacks %q:\n%s", want, server)
		}
	}
	if strings.Contains(server, "resourceVersion") {
		t.Errorf("server dry run has a resourceVersion:\n%s", server)
	}
	client := c.must("kubectl run p --image=nginx --dry-run=client -o yaml")
	if strings.Contains(client, "terminationMessagePath") || strings.Contains(client, "uid:") {
		t.Errorf("client dry run has the server's fields:\n%s", client)
	}
	c.files["cm.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  a: b\n"
	c.must("kubectl apply -f cm.yaml")
	c.files["cm.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  a: new\n"
	// The case: apply --dry-run=client -o go-template prints and saves nothing.
	if out := c.must("kubectl apply -f cm.yaml --dry-run=server -o jsonpath={.data.a}"); out != "new" {
		t.Errorf("server dry run apply -o jsonpath = %q, want the patched object", out)
	}
	if out := c.must("kubectl apply -f cm.yaml --dry-run=client -o jsonpath={.data.a}"); out != "b" {
		t.Errorf("client dry run apply -o jsonpath = %q, want the live object (kubectl prints info.Object)", out)
	}
	if out := c.must("kubectl get cm applied -o jsonpath={.data.a}"); out != "b" {
		t.Errorf("a dry run apply saved its change: %q", out)
	}
	if out := c.must("kubectl label cm applied x=y --dry-run=client -o jsonpath={.metadata.labels.x}"); out != "y" {
		t.Errorf("client dry run label -o = %q", out)
	}
}
