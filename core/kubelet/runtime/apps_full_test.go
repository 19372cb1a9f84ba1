//go:build !lite

package runtime

import (
	"strings"
	"testing"
	"time"
)

// The programs the lite build leaves out (apt-get, mysql, dig).

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
