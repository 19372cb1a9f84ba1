package shell

import (
	"strings"
	"testing"

	"kubeplay/core/cluster"
)

// TestKubectlProxyAnswersAsTheAPIServer: while kubectl proxy runs, curl to
// its port reaches the API (objects as pretty JSON, a Status for what does
// not exist) and the Pods' and Services' proxy subresources; after kill
// the port refuses.
func TestKubectlProxyAnswersAsTheAPIServer(t *testing.T) {
	var out strings.Builder
	sh := New(cluster.New(cluster.Default()), &out)
	sh.Echo = false
	run := func(line string) string {
		t.Helper()
		out.Reset()
		sh.Exec(line)
		return out.String()
	}
	run("kubectl create deployment web --image=nginx:1.27")
	run("kubectl expose deployment web --port=80")
	run("sleep 30")
	if got := run("kubectl proxy --port=8011 &"); got != "[1] 4301\nStarting to serve on 127.0.0.1:8011\n" {
		t.Fatalf("kubectl proxy: %q", got)
	}
	if got := run("kubectl proxy --port=8011"); got != "error: listen tcp 127.0.0.1:8011: bind: address already in use\n" {
		t.Errorf("a second proxy on the port: %q", got)
	}
	for _, c := range []struct{ line, want string }{
		{"curl -s localhost:8011/api", `"kind": "APIVersions",`},
		{"curl -s localhost:8011/api/v1/namespaces/default/services/web", `"kind": "Service",`},
		{"curl -s localhost:8011/api/v1/namespaces/default/pods", `"kind": "PodList",`},
		{"curl -s localhost:8011/apis/apps/v1/namespaces/default/deployments", `"apiVersion": "apps/v1",`},
		{"curl -s localhost:8011/api/v1/namespaces/default/pods/nope", `"message": "pods \"nope\" not found",`},
		{"curl -s localhost:8011/api/v1/namespaces/default/services/web:80/proxy/", "Welcome to nginx!"},
		{"curl -s localhost:8011/api/v1/namespaces/default/services/nope/proxy/", `"reason": "NotFound",`},
		{"curl -s localhost:8011/healthz", "ok"},
	} {
		if got := run(c.line); !strings.Contains(got, c.want) {
			t.Errorf("%s:\n%s\nwant it to contain %q", c.line, got, c.want)
		}
	}
	pod := strings.TrimSpace(run("kubectl get pods -o name | head -n 1 | cut -d/ -f2"))
	if got := run("curl -s localhost:8011/api/v1/namespaces/default/pods/" + pod + ":80/proxy/"); !strings.Contains(got, "Welcome to nginx!") {
		t.Errorf("the Pod's proxy subresource answered %q", got)
	}
	run("kill %1")
	if got := run("curl localhost:8011/version"); got != "curl: (7) Failed to connect to localhost port 8011 after 0 ms: Couldn't connect to server\n" {
		t.Errorf("after kill: %q", got)
	}
}

// TestInteractiveExecKeepsTheContainersShellState: lines typed after
// kubectl exec -ti run in the container with the variables and directory
// earlier lines set; exit returns to the terminal; a pod that does not
// exist answers kubectl's error and stays outside.
func TestInteractiveExecKeepsTheContainersShellState(t *testing.T) {
	var out strings.Builder
	sh := New(cluster.New(cluster.Default()), &out)
	for _, l := range []string{"kubectl run box --image=busybox:1.36 -- sleep 3600", "sleep 30", "kubectl exec -ti nope -- sh",
		"kubectl exec -it box -- sh", "A=42", "B=x", "echo $A$B", "cd /tmp", "exit 3", "echo back $A"} {
		sh.Exec(l)
	}
	got := out.String()
	for _, want := range []string{"$ kubectl exec -ti nope -- sh\nError from server (NotFound): pods \"nope\" not found\n",
		"/ # A=42\n/ # B=x\n/ # echo $A$B\n42x\n/ # cd /tmp\n/tmp # exit 3\ncommand terminated with exit code 3\n$ echo back $A\nback\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("transcript\n%s\nwant it to contain\n%s", got, want)
		}
	}
	if sh.Prompt() != "$ " {
		t.Errorf("after exit the prompt is %q", sh.Prompt())
	}
}
