package runtime

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// The documentation's demo applications answer as their pages show.
func TestTheDemoAppsAnswerAsTheirPagesShow(t *testing.T) {
	now := time.Unix(1000, 0)
	get := func(image string, port int32) string {
		t.Helper()
		s := spec(t, image, nil, nil)
		s.PodName = "kubernetes-bootcamp-765bf4c7b4-lfg94"
		p := Start(s)
		body, status, ok := p.HTTPBody(port, "/", now)
		if !ok || status != 200 {
			t.Fatalf("%s:%d: status %d, listening %v", image, port, status, ok)
		}
		return body
	}
	for _, tt := range []struct{ image, want string }{
		// Kubernetes Basics, "Using a Service to Expose Your App": curl's output.
		{"gcr.io/google-samples/kubernetes-bootcamp:v1", "Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-765bf4c7b4-lfg94 | v=1\n"},
		// "Performing a Rolling Update": after the update to v2.
		{"docker.io/jocatalin/kubernetes-bootcamp:v2", "Hello Kubernetes bootcamp! | Running on: kubernetes-bootcamp-765bf4c7b4-lfg94 | v=2\n"},
		// hello-app's main.go.
		{"gcr.io/google-samples/hello-app:2.0", "Hello, world!\nVersion: 2.0.0\nHostname: kubernetes-bootcamp-765bf4c7b4-lfg94\n"},
	} {
		port := int32(8080)
		if got := get(tt.image, port); got != tt.want {
			t.Errorf("%s answers %q, want %q", tt.image, got, tt.want)
		}
	}
	// "Connect a Frontend to a Backend Using Services": the backend's reply.
	if got := get("gcr.io/google-samples/hello-go-gke:1.0", 80); got != `{"message":"Hello"}` {
		t.Errorf("hello-go-gke answers %q", got)
	}
	// HorizontalPodAutoscaler Walkthrough: "OK!" from php-apache.
	if got := get("registry.k8s.io/hpa-example", 80); got != "OK!" {
		t.Errorf("php-apache answers %q, want OK!", got)
	}
	// The bootcamp app's log (a real kubectl logs): its start line and the
	// empty line console.log's "\n" argument leaves.
	p := Start(spec(t, "gcr.io/google-samples/kubernetes-bootcamp:v1", nil, nil))
	logs := p.Logs(time.Date(2026, 10, 7, 11, 31, 14, 84e6, time.UTC), time.Second, false)
	if !slices.Equal(logs, []string{"Kubernetes Bootcamp App Started At: 2026-10-07T11:31:14.084Z | Running On:  app ", ""}) {
		t.Errorf("bootcamp logs = %q", logs)
	}
	// Its Dockerfile's shell-form CMD: PID 1 is /bin/sh, which ignores SIGTERM.
	if p.Graceful || !slices.Equal(p.Argv, []string{"/bin/sh", "-c", "node server.js"}) {
		t.Errorf("bootcamp argv %q graceful %v, want /bin/sh -c node server.js, not graceful", p.Argv, p.Graceful)
	}
}

// Which programs an image carries is catalog data: nginx's Debian has curl,
// busybox has wget and nslookup, redis has neither curl nor wget; a
// missing one is worded as the image's shell or the runtime words it.
func TestAnImageCarriesTheProgramsTheCatalogNames(t *testing.T) {
	ctx := ExecContext{Namespace: "default", Net: fakeNet{}, Elapsed: time.Second}
	for _, tt := range []struct {
		image   string
		command []string
		want    string // output, or the start error
	}{
		{"nginx:1.27", []string{"curl", "--version"}, ""},
		{"busybox:1.37", []string{"sh", "-c", "curl http://web"}, "sh: curl: not found\n"},
		{"redis", []string{"curl", "http://web"}, `OCI runtime exec failed: exec failed: unable to start container process: exec: "curl": executable file not found in $PATH: unknown`},
		{"nginx", []string{"bash", "-c", "echo in bash"}, "in bash\n"},
		{"gcr.io/google-samples/kubernetes-bootcamp:v1", []string{"curl", "-s", "http://localhost:8080"}, "Hello Kubernetes bootcamp! | Running on: app | v=1\n"},
	} {
		var command []string // the image's own program
		if !strings.Contains(tt.image, "bootcamp") {
			command = []string{"sleep", "3600"}
		}
		p := Start(spec(t, tt.image, command, nil))
		out, _, startErr := p.RunExec(tt.command, ctx)
		if startErr != "" {
			out = startErr
		}
		if tt.want != "" && out != tt.want || tt.want == "" && strings.Contains(out, "not found") {
			t.Errorf("%s %q: %q, want %q", tt.image, tt.command, out, tt.want)
		}
	}
}

// laterNet has no Service until it is told one exists.
type laterNet struct{ up bool }

func (n *laterNet) Lookup(name string) (string, string, bool) {
	if n.up && name == "myservice" {
		return "myservice.default.svc.cluster.local", "10.96.0.20", true
	}
	return "", "", false
}
func (n *laterNet) HTTP(string, int32, string) (string, int, bool) { return "", 0, true }
func (n *laterNet) Nameserver() string                             { return "10.96.0.10" }

// The init containers page's loop waits for its Service: once a poll finds
// it, the script's next turn resolves it and the container exits 0; its
// logs show the turns that failed before.
func TestAScriptWaitingForAServiceFinishesWhenItExists(t *testing.T) {
	net := &laterNet{}
	s := spec(t, "busybox:1.28", []string{"sh", "-c", "until nslookup myservice; do echo waiting for myservice; sleep 2; done"}, nil)
	s.Net = net
	p := Start(s)
	if p.Exits || !p.Polling() {
		t.Fatalf("before the Service: exits %v, polling %v", p.Exits, p.Polling())
	}
	if p.Repoll(3 * time.Second) {
		t.Errorf("a poll that finds nothing new changed the plan")
	}
	net.up = true
	if !p.Repoll(5 * time.Second) {
		t.Fatalf("the poll that finds the Service did not change the plan")
	}
	if !p.Exits || p.ExitCode != 0 || p.ExitAfter != 6*time.Second {
		t.Errorf("after the Service: exits %v code %d after %v, want 0 after 6s (the loop's turn at 6s)", p.Exits, p.ExitCode, p.ExitAfter)
	}
	logs := strings.Join(p.Logs(time.Unix(0, 0), 10*time.Second, false), "\n")
	if strings.Count(logs, "waiting for myservice") != 3 || !strings.HasSuffix(logs, "Address 1: 10.96.0.20 myservice.default.svc.cluster.local") {
		t.Errorf("logs:\n%s\nwant three failed turns, then the answer", logs)
	}
}
