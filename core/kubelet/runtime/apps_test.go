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

// redis-server reads the configuration file its command names (Configuring
// Redis using a ConfigMap: maxmemory 2mb shows as 2097152), and redis-cli
// without a terminal prints raw replies.
func TestRedisServesItsConfigurationAndKeys(t *testing.T) {
	s := spec(t, "redis:8.0.2", []string{"redis-server", "/redis-master/redis.conf"}, nil)
	s.Files = map[string][]string{"/redis-master/redis.conf": {"maxmemory 2mb", "maxmemory-policy allkeys-lru"}}
	p := Start(s)
	if p.Exits || p.StartError != "" {
		t.Fatalf("redis-server with the tutorial's command: exits %v, start error %q", p.Exits, p.StartError)
	}
	exec := func(args ...string) string {
		out, code, startErr := p.RunExec(args, ExecContext{Namespace: "default", Net: fakeNet{}, Elapsed: time.Second})
		if startErr != "" {
			t.Fatalf("%q: %s", args, startErr)
		}
		_ = code
		return out
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"redis-cli", "CONFIG", "GET", "maxmemory"}, "maxmemory\n2097152\n"},
		{[]string{"redis-cli", "CONFIG", "GET", "maxmemory-policy"}, "maxmemory-policy\nallkeys-lru\n"},
		{[]string{"redis-cli", "PING"}, "PONG\n"},
		{[]string{"redis-cli", "SET", "k", "v"}, "OK\n"},
		{[]string{"redis-cli", "GET", "k"}, "v\n"},
		{[]string{"redis-cli", "-h", "nosuch", "PING"}, "Could not connect to Redis at nosuch:6379: Name or service not known\n"},
	} {
		if got := exec(tt.args...); got != tt.want {
			t.Errorf("%q printed %q, want %q", tt.args, got, tt.want)
		}
	}
	// args keep the image's ENTRYPOINT: docker-entrypoint.sh execs them.
	p = Start(spec(t, "redis", nil, []string{"redis-server", "/redis-master/redis.conf"}))
	if p.Exits || p.StartError != "" || len(p.Ports) == 0 {
		t.Errorf("redis with args: exits %v, start error %q, ports %v", p.Exits, p.StartError, p.Ports)
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

// apt-get in nginx (Configure Pod Initialization, Communicate Between
// Containers in the Same Pod): nothing to install before apt-get update,
// then the package's commands are in $PATH for the container's life.
func TestAptGetInstallsIntoARunningContainer(t *testing.T) {
	p := Start(spec(t, "nginx", nil, nil))
	ctx := ExecContext{Namespace: "default", Net: fakeNet{}, Elapsed: time.Second}
	run := func(args ...string) (string, int32, string) { return p.RunExec(args, ctx) }
	if _, _, startErr := run("ps"); !strings.Contains(startErr, `exec: "ps": executable file not found in $PATH`) {
		t.Errorf("nginx has ps before procps is installed: %q", startErr)
	}
	if out, code, _ := run("apt-get", "install", "-y", "procps"); code != 100 || !strings.Contains(out, "E: Unable to locate package procps") {
		t.Errorf("install before update: %d %q", code, out)
	}
	if _, code, _ := run("apt-get", "update"); code != 0 {
		t.Errorf("apt-get update: %d", code)
	}
	if out, code, _ := run("apt-get", "install", "-y", "procps"); code != 0 || !strings.Contains(out, "Setting up procps (2:4.0.2-3) ...") {
		t.Errorf("install after update: %d %q", code, out)
	}
	if out, _, startErr := run("ps"); startErr != "" || !strings.Contains(out, "PID") {
		t.Errorf("ps after installing procps: %q %q", out, startErr)
	}
}

// mysqld and the mysql client, as the MySQL tutorials run them: the
// statements, mysql's boxed table on a terminal (-t) and its batch output
// otherwise, the server-id the replicated tutorial's init container writes,
// a replica's read-only refusal and its copy of the primary's data.
func TestMysqlAnswersTheTutorialsStatements(t *testing.T) {
	s := spec(t, "mysql:5.7", nil, nil)
	s.Env = map[string]string{"MYSQL_ALLOW_EMPTY_PASSWORD": "1"}
	s.Files = map[string][]string{"/etc/mysql/conf.d/server-id.cnf": {"[mysqld]", "server-id=100"}}
	primary := Start(s)
	ctx := ExecContext{Namespace: "default", Net: fakeNet{}, Elapsed: time.Second, Now: time.Date(2006, 1, 2, 15, 4, 5, 0, time.UTC)}
	run := func(p *Process, args ...string) (string, int32) {
		out, code, startErr := p.RunExec(args, ctx)
		if startErr != "" {
			t.Fatalf("%q: %s", args, startErr)
		}
		return out, code
	}
	if out, code := run(primary, "mysql", "-e", "CREATE DATABASE test; CREATE TABLE test.messages (message VARCHAR(250)); INSERT INTO test.messages VALUES ('hello');"); code != 0 || out != "" {
		t.Fatalf("the writes: %d %q", code, out)
	}
	if out, _ := run(primary, "mysql", "-t", "-e", "SELECT * FROM test.messages"); out != "+---------+\n| message |\n+---------+\n| hello   |\n+---------+\n" {
		t.Errorf("SELECT with -t:\n%s", out)
	}
	if out, _ := run(primary, "mysql", "-e", "SELECT * FROM test.messages"); out != "message\nhello\n" {
		t.Errorf("SELECT in batch mode: %q", out)
	}
	want := "+-------------+---------------------+\n| @@server_id | NOW()               |\n+-------------+---------------------+\n|         100 | 2006-01-02 15:04:05 |\n+-------------+---------------------+\n"
	if out, _ := run(primary, "mysql", "-t", "-e", "SELECT @@server_id,NOW()"); out != want {
		t.Errorf("SELECT @@server_id,NOW():\n%s\nwant\n%s", out, want)
	}
	if out, code := run(primary, "mysql", "-e", "SELECT * FROM test.nothere"); code != 1 || out != "ERROR 1146 (42S02) at line 1: Table 'test.nothere' doesn't exist\n" {
		t.Errorf("a missing table: %d %q", code, out)
	}
	s.Files = map[string][]string{"/etc/mysql/conf.d/server-id.cnf": {"[mysqld]", "server-id=101"}, "/etc/mysql/conf.d/replica.cnf": {"[mysqld]", "super-read-only"}}
	replica := Start(s)
	replica.ReplicateFrom(primary)
	if out, _ := run(replica, "mysql", "-N", "-e", "SELECT message FROM test.messages"); out != "hello\n" {
		t.Errorf("the replica's copy: %q", out)
	}
	if out, code := run(replica, "mysql", "-e", "INSERT INTO test.messages VALUES ('x')"); code != 1 || !strings.Contains(out, "--super-read-only option") {
		t.Errorf("a write to the replica: %d %q", code, out)
	}
}

// The DNS debugging page's dnsutils Pod (agnhost, with Alpine's bind-tools):
// BIND's nslookup names the server's port after a #, and dig +short prints
// the address; dig does not search (kubernetes.default is NXDOMAIN to it).
func TestBindsNslookupAndDigInAgnhost(t *testing.T) {
	p := Start(spec(t, "registry.k8s.io/e2e-test-images/agnhost:2.39", []string{"sleep", "infinity"}, nil))
	ctx := ExecContext{Namespace: "default", Net: fakeNet{}, Elapsed: time.Second}
	out, code, _ := p.RunExec([]string{"nslookup", "kubernetes.default"}, ctx)
	if want := "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\nName:\tkubernetes.default.svc.cluster.local\nAddress: 10.96.0.1\n\n"; out != want || code != 0 {
		t.Errorf("nslookup: %d %q, want %q", code, out, want)
	}
	out, _, _ = p.RunExec([]string{"dig", "+short", "kubernetes.default"}, ctx)
	if out != "" {
		t.Errorf("dig +short of a name outside the zone printed %q, want nothing", out)
	}
	out, _, _ = p.RunExec([]string{"dig", "kubernetes.default"}, ctx)
	if !strings.Contains(out, "status: NXDOMAIN") {
		t.Errorf("dig kubernetes.default:\n%s", out)
	}
}
