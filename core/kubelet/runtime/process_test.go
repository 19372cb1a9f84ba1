package runtime

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/kubelet/images"
)

var reg = images.NewRegistry()

func spec(t *testing.T, image string, command, args []string) Spec {
	t.Helper()
	img, ok := reg.Lookup(image)
	if !ok {
		t.Fatalf("no image %q", image)
	}
	return Spec{Image: img, Command: command, Args: args, PodName: "app", PodIP: "10.244.1.5"}
}

func TestStartDecidesWhatAContainerDoes(t *testing.T) {
	sh := func(s string) []string { return []string{"sh", "-c", s} }
	tests := []struct {
		name          string
		image         string
		command, args []string
		limit         int64
		env           map[string]string
		exits         bool
		after         time.Duration
		code          int32
		reason        string
		startError    string
	}{
		{name: "nginx keeps running", image: "nginx"},
		{name: "busybox's default sh exits 0 at once", image: "busybox", exits: true, reason: "Completed"},
		{name: "sh -c exit 3 exits 3", image: "busybox", command: sh("exit 3"), exits: true, code: 3, reason: "Error"},
		{name: "sleep 5 runs five seconds then completes", image: "busybox", command: []string{"sleep", "5"}, exits: true, after: 5 * time.Second, reason: "Completed"},
		{name: "echo and sleep in a script add up", image: "busybox", args: sh("echo hi; sleep 2; sleep 3; false"), exits: true, after: 5 * time.Second, code: 1, reason: "Error"},
		{name: "an unknown command in a shell exits 127", image: "alpine", command: sh("hello"), exits: true, code: 127, reason: "Error"},
		{name: "while true runs forever", image: "busybox", command: sh("i=0; while true; do echo \"$i: $(date)\"; i=$((i+1)); sleep 1; done")},
		{name: "sleep infinity runs forever", image: "busybox", command: []string{"sleep", "infinity"}},
		{name: "a memory limit below the working set is an OOM kill", image: "nginx", limit: 4 << 20, exits: true, after: OOMAfter, code: 137, reason: "OOMKilled"},
		{name: "stress allocating more than its limit is OOM killed", image: "polinux/stress", command: []string{"stress"}, args: []string{"--vm", "1", "--vm-bytes", "250M", "--vm-hang", "1"}, limit: 100 << 20, exits: true, after: OOMAfter, code: 137, reason: "OOMKilled"},
		{name: "stress within its limit keeps running", image: "polinux/stress", command: []string{"stress"}, args: []string{"--vm", "1", "--vm-bytes", "150M", "--vm-hang", "1"}, limit: 200 << 20},
		{name: "postgres without a password exits 1", image: "postgres:16", exits: true, after: MissingEnvExitAfter, code: 1, reason: "Error"},
		{name: "postgres with a password runs", image: "postgres:16", env: map[string]string{"POSTGRES_PASSWORD": "x"}},
		{name: "an executable missing from the image cannot start", image: "busybox", command: []string{"myapp"}, startError: `exec: "myapp": executable file not found in $PATH`},
		{name: "a distroless image has no shell", image: "gcr.io/google-samples/hello-app:1.0", command: sh("echo hi"), startError: `exec: "sh": executable file not found in $PATH`},
		{name: "the Job docs' perl pi computation completes", image: "perl:5.34.0", command: []string{"perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"}, exits: true, after: 5 * time.Second, reason: "Completed"},
		{name: "args replace the cmd but keep the entrypoint", image: "redis", args: []string{"redis-server", "--appendonly", "yes"}},
		// curlimages/curl's entrypoint.sh runs its arguments, or curl with them when the first is an option
		// (a container's own requests succeed quietly: the shell's wget and curl).
		{name: "curl's image given a URL requests it", image: "curlimages/curl", args: []string{"curl", "-s", "http://web/"}, exits: true, reason: "Completed"},
		{name: "curl's image given options runs curl with them", image: "curlimages/curl", args: []string{"-sI", "http://web/"}, exits: true, reason: "Completed"},
		{name: "curl's image without arguments prints its usage", image: "curlimages/curl", exits: true, code: 2, reason: "Error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := spec(t, tt.image, tt.command, tt.args)
			s.MemoryLimit, s.Env = tt.limit, tt.env
			p := Start(s)
			if tt.startError != "" {
				if !strings.Contains(p.StartError, tt.startError) {
					t.Fatalf("StartError = %q, want %q", p.StartError, tt.startError)
				}
				return
			}
			if p.StartError != "" {
				t.Fatalf("unexpected StartError %q", p.StartError)
			}
			if p.Exits != tt.exits || p.ExitAfter != tt.after || p.ExitCode != tt.code || p.Reason != tt.reason {
				t.Errorf("got exits=%v after=%v code=%d reason=%q, want %v %v %d %q",
					p.Exits, p.ExitAfter, p.ExitCode, p.Reason, tt.exits, tt.after, tt.code, tt.reason)
			}
		})
	}
}

func TestLogsAreRenderedOnDemand(t *testing.T) {
	start := time.Date(2026, 1, 5, 9, 0, 2, 0, time.UTC)
	t.Run("nginx prints its entrypoint lines and version", func(t *testing.T) {
		p := Start(spec(t, "nginx:1.27", nil, nil))
		logs := strings.Join(p.Logs(start, time.Second, false), "\n")
		for _, want := range []string{"/docker-entrypoint.sh: Configuration complete; ready for start up", "2026/01/05 09:00:02 [notice] 1#1: nginx/1.27.5"} {
			if !strings.Contains(logs, want) {
				t.Errorf("logs lack %q:\n%s", want, logs)
			}
		}
	})
	t.Run("the counter script prints one line a second", func(t *testing.T) {
		p := Start(spec(t, "busybox", []string{"sh", "-c", `i=0; while true; do echo "$i: $(date)"; i=$((i+1)); sleep 1; done`}, nil))
		got := p.Logs(start, 2500*time.Millisecond, false)
		want := []string{"0: Mon Jan  5 09:00:02 UTC 2026", "1: Mon Jan  5 09:00:03 UTC 2026", "2: Mon Jan  5 09:00:04 UTC 2026"}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("got %q, want %q", got, want)
		}
	})
	t.Run("an unknown command prints the shell's complaint", func(t *testing.T) {
		p := Start(spec(t, "busybox", []string{"sh", "-c", "hello"}, nil))
		if got := p.Logs(start, time.Second, false); len(got) != 1 || got[0] != "sh: hello: not found" {
			t.Errorf("got %q", got)
		}
	})
	t.Run("the docs' countdown loop counts down", func(t *testing.T) {
		p := Start(spec(t, "busybox", []string{"/bin/sh", "-c", "for i in 9 8 7 6 5 4 3 2 1 ; do echo $i ; done"}, nil))
		if got := strings.Join(p.Logs(start, time.Second, false), ","); got != "9,8,7,6,5,4,3,2,1" {
			t.Errorf("got %q", got)
		}
	})
	t.Run("perl prints pi to the asked precision", func(t *testing.T) {
		p := Start(spec(t, "perl:5.34.0", []string{"perl", "-Mbignum=bpi", "-wle", "print bpi(50)"}, nil))
		got := p.Logs(start, time.Minute, false)
		if len(got) != 1 || got[0] != "3.14159265358979323846264338327950288419716939937511" {
			t.Errorf("got %q", got)
		}
	})
	t.Run("a stopped nginx prints its shutdown", func(t *testing.T) {
		p := Start(spec(t, "nginx", nil, nil))
		logs := p.Logs(start, time.Minute, true)
		if !strings.Contains(logs[len(logs)-5], "signal 3 (SIGQUIT) received, shutting down") {
			t.Errorf("got %q", logs)
		}
	})
}

func TestProbesAnswerLikeTheProcess(t *testing.T) {
	liveness := []string{"sh", "-c", "touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600"}
	tests := []struct {
		name  string
		image string
		cmd   []string
		probe func(p *Process) ProbeResult
		ok    bool
		out   string
	}{
		{"nginx answers 200 on /", "nginx", nil, func(p *Process) ProbeResult { return p.HTTPGet("10.244.1.5", 80, "/", "", 0) }, true, ""},
		{"nginx answers 200 on /index.html", "nginx:1.16.1", nil, func(p *Process) ProbeResult { return p.HTTPGet("10.244.1.5", 80, "/index.html", "", 0) }, true, ""},
		{"nginx answers 404 on an unknown path", "nginx", nil, func(p *Process) ProbeResult { return p.HTTPGet("10.244.1.5", 80, "/healthz", "", 0) }, false,
			"HTTP probe failed with statuscode: 404"},
		{"httpd answers 404 on an unknown path", "httpd", nil, func(p *Process) ProbeResult { return p.HTTPGet("10.244.1.5", 80, "/ready", "", 0) }, false,
			"HTTP probe failed with statuscode: 404"},
		{"agnhost liveness answers 200 on /healthz for 10s", "registry.k8s.io/e2e-test-images/agnhost:2.40", []string{"/agnhost", "liveness"},
			func(p *Process) ProbeResult { return p.HTTPGet("10.244.1.5", 8080, "/healthz", "HTTP", 9*time.Second) }, true, ""},
		{"agnhost netexec listens on its --http-port", "registry.k8s.io/e2e-test-images/agnhost:2.40", []string{"/agnhost", "netexec", "--http-port=8090"},
			func(p *Process) ProbeResult { return p.HTTPGet("10.244.1.5", 8090, "/hostname", "HTTP", 0) }, true, ""},
		{"agnhost netexec answers 404 off its endpoints", "registry.k8s.io/e2e-test-images/agnhost:2.40", []string{"/agnhost", "netexec"},
			func(p *Process) ProbeResult { return p.HTTPGet("10.244.1.5", 8080, "/nope", "HTTP", 0) }, false, "HTTP probe failed with statuscode: 404"},
		{"an image the catalog does not describe answers 200 on any path of any port when it declares none", "dockersamples/examplevotingapp_vote", nil,
			func(p *Process) ProbeResult { return p.HTTPGet("10.244.1.5", 8080, "/anything", "", 0) }, true, ""},
		{"nothing listens on 8080 in nginx", "nginx", nil, func(p *Process) ProbeResult { return p.HTTPGet("10.244.1.5", 8080, "/healthz", "", 0) }, false,
			`Get "http://10.244.1.5:8080/healthz": dial tcp 10.244.1.5:8080: connect: connection refused`},
		{"redis accepts TCP on 6379", "redis", nil, func(p *Process) ProbeResult { return p.TCPSocket("10.244.1.5", 6379) }, true, ""},
		{"redis refuses 6380", "redis", nil, func(p *Process) ProbeResult { return p.TCPSocket("10.244.1.5", 6380) }, false, "dial tcp 10.244.1.5:6380: connect: connection refused"},
		{"cat /tmp/healthy succeeds while the file exists", "busybox", liveness, func(p *Process) ProbeResult { return p.Exec([]string{"cat", "/tmp/healthy"}, 10*time.Second) }, true, ""},
		{"cat /tmp/healthy fails once it is removed", "busybox", liveness, func(p *Process) ProbeResult { return p.Exec([]string{"cat", "/tmp/healthy"}, 31*time.Second) }, false,
			"cat: can't open '/tmp/healthy': No such file or directory"},
		{"an exec probe running false fails", "busybox", liveness, func(p *Process) ProbeResult { return p.Exec([]string{"false"}, 0) }, false, ""},
		{"redis-cli ping is one of redis's own tools", "redis", nil, func(p *Process) ProbeResult { return p.Exec([]string{"redis-cli", "ping"}, 0) }, true, ""},
		{"agnhost liveness fails with 500 after 10s", "registry.k8s.io/e2e-test-images/agnhost:2.40", []string{"/agnhost", "liveness"},
			func(p *Process) ProbeResult { return p.HTTPGet("10.244.1.5", 8080, "/healthz", "HTTP", 11*time.Second) }, false, "HTTP probe failed with statuscode: 500"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var command, args []string
			if tt.cmd != nil {
				if tt.cmd[0] == "/agnhost" {
					args = tt.cmd[1:]
				} else {
					command = tt.cmd
				}
			}
			r := tt.probe(Start(spec(t, tt.image, command, args)))
			if r.OK != tt.ok || r.Output != tt.out {
				t.Errorf("got %+v, want ok=%v output %q", r, tt.ok, tt.out)
			}
		})
	}
}
