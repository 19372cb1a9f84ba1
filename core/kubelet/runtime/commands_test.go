package runtime

import (
	"strings"
	"testing"
	"time"
)

// The commands of the Kubernetes docs' Pod and Job examples, as the docs
// write them, with what they do on a real node.
func TestTheDocsCommandsRunAsOnANode(t *testing.T) {
	sh := func(s string) []string { return []string{"sh", "-c", s} }
	py := func(s string) []string { return []string{"python3", "-c", s} }
	const perIndexExit = "import os, sys\nprint(\"Hello world\")\nif int(os.environ.get(\"JOB_COMPLETION_INDEX\")) % 2 == 0:\n  sys.exit(1)\n"
	const successPolicy = "import os, sys\nif os.environ.get(\"JOB_COMPLETION_INDEX\") == \"2\":\n  sys.exit(0)\nelse:\n  sys.exit(1)\n"
	tests := []struct {
		name    string
		image   string
		command []string
		args    []string
		env     map[string]string
		forever bool
		after   time.Duration
		code    int32
		logs    []string
	}{
		{name: "job-pod-failure-policy-example: echo, sleep 5, exit 42", image: "docker.io/library/bash:5",
			command: []string{"bash"}, args: []string{"-c", `echo "Hello world!" && sleep 5 && exit 42`},
			after: 5 * time.Second, code: 42, logs: []string{"Hello world!"}},
		{name: "job-backoff-limit-per-index-example: an even index exits 1", image: "python", command: py(perIndexExit),
			env: map[string]string{"JOB_COMPLETION_INDEX": "4"}, after: 50 * time.Millisecond, code: 1, logs: []string{"Hello world"}},
		{name: "job-backoff-limit-per-index-example: an odd index succeeds", image: "python", command: py(perIndexExit),
			env: map[string]string{"JOB_COMPLETION_INDEX": "3"}, after: 50 * time.Millisecond, code: 0, logs: []string{"Hello world"}},
		{name: "job-success-policy: index 2 succeeds", image: "python", command: py(successPolicy),
			env: map[string]string{"JOB_COMPLETION_INDEX": "2"}, after: 50 * time.Millisecond, code: 0},
		{name: "job-success-policy: other indexes fail", image: "python", command: py(successPolicy),
			env: map[string]string{"JOB_COMPLETION_INDEX": "0"}, after: 50 * time.Millisecond, code: 1},
		{name: "sys.exit with a message prints it and exits 1", image: "python:3.12", command: py(`import sys; sys.exit("bad config")`),
			after: 50 * time.Millisecond, code: 1, logs: []string{"bad config"}},
		{name: "a redirection writes a file cat reads back", image: "busybox", command: sh("echo hi > /tmp/x; cat /tmp/x"),
			logs: []string{"hi"}},
		{name: "appending redirections accumulate", image: "busybox:1.36", command: sh("echo a >> /tmp/log; echo b >> /tmp/log; cat /tmp/log; exit 3"),
			code: 3, logs: []string{"a", "b"}},
		{name: "the logging docs' counter writes to files and tail -F follows them (count-pod-streaming-sidecar)", image: "busybox:1.28",
			args: []string{"/bin/sh", "-c", `i=0; while true; do echo "$i: $(date)" >> /var/log/1.log; i=$((i+1)); sleep 1; done`}, forever: true},
		{name: "tail -F after other options runs forever", image: "busybox:1.28", args: []string{"/bin/sh", "-c", "tail -n+1 -F /var/log/1.log"}, forever: true},
		{name: "a pipe into rev reverses the line", image: "busybox", command: sh("echo hello | rev"), logs: []string{"olleh"}},
		{name: "wget to a Service succeeds", image: "busybox:1.28", command: sh("wget -q -O- http://my-service:8080 && echo ok"), logs: []string{"ok"}},
		{name: "|| runs when the left side fails", image: "alpine:3", command: sh("cat /missing || echo fallback"),
			logs: []string{"cat: can't open '/missing': No such file or directory", "fallback"}},
		{name: "2>/dev/null silences the error", image: "alpine", command: sh("cat /missing 2>/dev/null; echo $?"), logs: []string{"1"}},
		{name: "if [ ] chooses the branch", image: "busybox", command: sh(`if [ "$MODE" = "fail" ]; then exit 1; else echo fine; fi`),
			env: map[string]string{"MODE": "ok"}, logs: []string{"fine"}},
		{name: "if [ ] takes the failing branch", image: "busybox", command: sh(`if [ "$MODE" = "fail" ]; then exit 1; else echo fine; fi`),
			env: map[string]string{"MODE": "fail"}, code: 1},
		{name: "the docs' while loop with sleep 5 runs forever", image: "busybox:1.27.2",
			command: sh("while true; do echo hello; sleep 5; done"), forever: true},
		{name: "the Job docs' perl pi finishes", image: "perl:5.34.0", command: []string{"perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"},
			after: 5 * time.Second},
		{name: "registry.k8s.io/busybox:1.27.2 runs the docs' init container until", image: "registry.k8s.io/busybox:1.27.2",
			command: sh("until nslookup myservice; do echo waiting for myservice; sleep 2; done"), after: 0},
		{name: "Online Boutique's loadgenerator init container finds the frontend", image: "busybox:latest",
			command: []string{"/bin/sh", "-exc", "echo \"Init container pinging frontend: ${FRONTEND_ADDR}...\"\nSTATUSCODE=$(wget --server-response http://${FRONTEND_ADDR} 2>&1 | awk '/^  HTTP/{print $2}')\nif test $STATUSCODE -ne 200; then\n    echo \"Error: Could not reach frontend - Status code: ${STATUSCODE}\"\n    exit 1\nfi\n"},
			env:     map[string]string{"FRONTEND_ADDR": "frontend:80"}, logs: []string{"Init container pinging frontend: frontend:80..."}},
		{name: "command substitution runs seq in a for loop", image: "busybox", command: sh("for i in $(seq 1 3); do echo \"n=$i\"; done"),
			logs: []string{"n=1", "n=2", "n=3"}},
		{name: "init-containers: busybox's wget as the container's command fetches the page", image: "busybox:1.28",
			command: []string{"wget", "-O", "/work-dir/index.html", "http://info.cern.ch"}},
		{name: "commands.yaml: printenv NAME... prints the values and fails on an unset one", image: "debian",
			command: []string{"printenv"}, args: []string{"HOSTNAME", "KUBERNETES_PORT"}, code: 1, logs: []string{"app"}},
		{name: "dapi-envars-pod: busybox's echo -en '\\n' prints an empty line", image: "registry.k8s.io/busybox:1.27.2",
			command: sh(`echo -en '\n'; printenv HOSTNAME; exit 0`), logs: []string{"", "app"}},
		{name: "bash's echo -e reads escapes, plain echo does not", image: "bash:5",
			command: []string{"bash", "-c", `echo -e 'a\tb'; echo 'c\nd'; echo -n e`}, logs: []string{"a\tb", `c\nd`, "e"}},
		{name: "dash's echo takes only -n and always reads escapes", image: "debian",
			command: sh(`echo -e 'a\nb'`), logs: []string{"-e a", "b"}},
		{name: "replication-nginx-1.16.1: nginx -T tests and dumps its configuration, then exits", image: "nginx:1.16.1",
			args: []string{"nginx", "-T"}, logs: []string{"nginx: the configuration file /etc/nginx/nginx.conf syntax is ok",
				"nginx: configuration file /etc/nginx/nginx.conf test is successful", "# configuration file /etc/nginx/nginx.conf:", "",
				"user  nginx;", "worker_processes  auto;"}},
		{name: "nginx -v prints its version", image: "nginx:1.14.2", command: []string{"nginx", "-v"}, logs: []string{"nginx version: nginx/1.14.2"}},
		{name: "http-echo 0.2.3 serves its -text", image: "hashicorp/http-echo:0.2.3", args: []string{"-text=bar"}, forever: true,
			logs: []string{"{time:2006/01/02 15:04:05} [INFO] server is listening on :5678"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := spec(t, tt.image, tt.command, tt.args)
			s.Env = tt.env
			p := Start(s)
			if p.StartError != "" {
				t.Fatalf("start error: %s", p.StartError)
			}
			if p.Exits == tt.forever {
				t.Fatalf("exits=%v after %v, want forever=%v", p.Exits, p.ExitAfter, tt.forever)
			}
			if !tt.forever && (p.ExitAfter != tt.after || p.ExitCode != tt.code) {
				t.Errorf("exits with %d after %v, want %d after %v", p.ExitCode, p.ExitAfter, tt.code, tt.after)
			}
			if tt.logs != nil {
				got := p.Logs(time.Unix(0, 0), time.Hour, false)
				if strings.HasPrefix(tt.logs[0], "{time") {
					got = p.repoLogs
				}
				if strings.Join(got, "\n") != strings.Join(tt.logs, "\n") {
					t.Errorf("logs = %q, want %q", got, tt.logs)
				}
			}
		})
	}
}

func TestAnImageTheCatalogDoesNotDescribeListensOnItsDeclaredPorts(t *testing.T) {
	s := spec(t, "docker.io/istio/examples-bookinfo-details-v1:1.20.3", nil, nil)
	s.Ports = []int32{9080}
	p := Start(s)
	if p.Exits || p.StartError != "" {
		t.Fatalf("exits=%v start error %q, want a long-running server", p.Exits, p.StartError)
	}
	if r := p.HTTPGet("10.244.1.7", 9080, "/details/0", "", 0); !r.OK {
		t.Errorf("HTTP on the declared port: %+v, want 200 on any path", r)
	}
	if r := p.TCPSocket("10.244.1.7", 9080); !r.OK {
		t.Errorf("TCP on the declared port: %+v", r)
	}
	want := "dial tcp 10.244.1.7:8080: connect: connection refused"
	if r := p.TCPSocket("10.244.1.7", 8080); r.OK || r.Output != want {
		t.Errorf("TCP elsewhere: %+v, want %q", r, want)
	}
}

// The StatefulSet tutorial's ZooKeeper starts from sh -c: the script hands
// over to the image's server, which listens on its ports until stopped.
func TestAScriptThatRunsTheImagesServerServes(t *testing.T) {
	s := spec(t, "registry.k8s.io/kubernetes-zookeeper:1.0-3.4.10", []string{"sh", "-c", "start-zookeeper --servers=3 --client_port=2181"}, nil)
	p := Start(s)
	if p.StartError != "" || p.Exits {
		t.Fatalf("start error %q, exits=%v: want a running server", p.StartError, p.Exits)
	}
	if r := p.TCPSocket("10.244.1.5", 2181); !r.OK {
		t.Errorf("TCP on the client port: %+v", r)
	}
	// A command the image does not have still fails as dash says.
	p = Start(spec(t, "registry.k8s.io/kubernetes-zookeeper:1.0-3.4.10", []string{"sh", "-c", "start-zookeper"}, nil))
	if !p.Exits || p.ExitCode != 127 {
		t.Errorf("a typo: exits=%v code %d, want 127", p.Exits, p.ExitCode)
	}
}

// fakeNet is the cluster as the DNS docs' busybox Pod sees it.
type fakeNet struct{}

func (fakeNet) Lookup(name string) (string, string, bool) {
	if name == "kubernetes.default" {
		return "kubernetes.default.svc.cluster.local", "10.96.0.1", true
	}
	return "", "", false
}
func (fakeNet) HTTP(string, int32, string) (string, int, bool) { return "", 0, true }
func (fakeNet) Nameserver() string                             { return "10.96.0.10" }

// busybox 1.28's nslookup (the DNS debugging docs' image) prints the older
// format, with reverse names; 1.36's prints the rewritten one.
func TestNslookupPrintsItsBusyboxVersionsFormat(t *testing.T) {
	run := func(image, name string) (string, int32) {
		p := Start(spec(t, image, []string{"sleep", "3600"}, nil))
		out, code, startErr := p.RunExec([]string{"nslookup", name}, ExecContext{Namespace: "default", Net: fakeNet{}, Elapsed: time.Second})
		if startErr != "" {
			t.Fatal(startErr)
		}
		return out, code
	}
	out, code := run("busybox:1.28", "kubernetes.default")
	want := "Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\nName:      kubernetes.default\nAddress 1: 10.96.0.1 kubernetes.default.svc.cluster.local\n"
	if out != want || code != 0 {
		t.Errorf("busybox 1.28: %d %q, want %q", code, out, want)
	}
	out, code = run("busybox:1.28", "nosuchservice")
	if !strings.HasSuffix(out, "nslookup: can't resolve 'nosuchservice'\n") || code != 1 {
		t.Errorf("busybox 1.28, unknown name: %d %q", code, out)
	}
	out, _ = run("busybox:1.36", "kubernetes.default")
	if !strings.HasPrefix(out, "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n") {
		t.Errorf("busybox 1.36: %q", out)
	}
}

// kubectl exec cat reads what the container's script appended to a file
// (the logging docs' two-files counter).
func TestExecCatReadsWhatTheScriptWrote(t *testing.T) {
	p := Start(spec(t, "busybox:1.28", []string{"/bin/sh", "-c", `i=0; while true; do echo "$i: tick" >> /var/log/1.log; i=$((i+1)); sleep 1; done`}, nil))
	out, code, startErr := p.RunExec([]string{"cat", "/var/log/1.log"}, ExecContext{Namespace: "default", Net: fakeNet{}, Elapsed: 2500 * time.Millisecond})
	if startErr != "" || code != 0 || out != "0: tick\n1: tick\n2: tick\n" {
		t.Errorf("cat: %q %d %q, want the three lines written by then", out, code, startErr)
	}
}
