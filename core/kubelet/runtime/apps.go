package runtime

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// The programs images carry, written once; the catalog's `app` names which
// image runs which (core/kubelet/images/catalog.yaml). Each answers on its
// ports as the real program does (appHTTP) and, where the image ships a
// client (redis-cli), to kubectl exec (appTool).

// appHTTP is what the image's program answers on an HTTP port it listens
// on; ok is false for an image whose program is not one of these (exec.go
// HTTPBody answers for the others).
func (p *Process) appHTTP(path string, now time.Time) (body string, status int, ok bool) {
	version := p.spec.Image.Version
	switch p.repo.App {
	case "bootcamp":
		// server.js: every path, text/plain (kubernetes.io Kubernetes Basics
		// "Using a Service to Expose Your App" shows the reply).
		return fmt.Sprintf("Hello Kubernetes bootcamp! | Running on: %s | v=%s\n", p.spec.hostname(), version), 200, true
	case "hello-app":
		// hello-app's main.go: "Hello, world!\nVersion: 1.0.0\nHostname: <pod>\n".
		return fmt.Sprintf("Hello, world!\nVersion: %s\nHostname: %s\n", version, p.spec.hostname()), 200, true
	case "php-apache":
		// The HorizontalPodAutoscaler walkthrough's index.php: a CPU loop, then "OK!".
		return "OK!", 200, true
	case "hello-go":
		// "Connect a Frontend to a Backend Using Services": the backend's reply.
		return `{"message":"Hello"}`, 200, true
	case "hello-frontend":
		// nginx proxying / to http://hello (frontend.conf's upstream).
		return p.proxy("hello", 80, path)
	case "echoserver":
		return p.echoserver(path), 200, true
	case "guestbook":
		return p.guestbook(path), 200, true
	}
	return "", 0, false
}

// startLogs are the image's start-up lines as its program's arguments
// change them: redis-server given a configuration file loads it instead of
// warning that none was specified.
func (p *Process) startLogs(logs []string) []string {
	if p.repo.App != "redis" || !slices.ContainsFunc(p.Argv, func(a string) bool { return strings.HasSuffix(a, ".conf") }) {
		return logs
	}
	out := make([]string, 0, len(logs))
	for _, l := range logs {
		if strings.Contains(l, "no config file specified") {
			l = "1:C {time:02 Jan 2006 15:04:05.000} * Configuration loaded"
		}
		out = append(out, l)
	}
	return out
}

// proxy is nginx's proxy_pass to http://host:port: the upstream's answer,
// or nginx's 502 page when it cannot connect.
func (p *Process) proxy(host string, port int32, path string) (string, int, bool) {
	if p.spec.Net != nil {
		if _, ip, ok := p.spec.Net.Lookup(host); ok {
			if body, status, refused := p.spec.Net.HTTP(ip, port, path); !refused {
				return body, status, true
			}
		}
	}
	return "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.17.10</center>\r\n</body>\r\n</html>\r\n", 502, true
}

// send carries a request from the process's own program to host:port in
// the cluster (the guestbook's PHP to Redis).
func (p *Process) send(host string, port int32, req []string) ([]string, bool) {
	conn, ok := p.spec.Net.(Conn)
	if !ok {
		return nil, false
	}
	_, ip, found := p.spec.Net.Lookup(host)
	if !found {
		return nil, false
	}
	reply, refused := conn.Send(ip, port, req)
	return reply, !refused
}

// appTool runs a client program the image carries; ok is false for
// another command.
func (t *tools) appTool(args []string) (int32, bool) {
	switch args[0] {
	case "apt-get", "apt":
		if !t.p.hasTool(args[0]) {
			return 0, false
		}
		return t.apt(args[0], args[1:]), true
	case "dig":
		if !t.p.hasTool("dig") {
			return 0, false
		}
		return t.dig(args[1:]), true
	case "mysql":
		if !t.p.hasTool("mysql") {
			return 0, false
		}
		return t.mysqlClient(args[1:], t.ctx.Now), true
	case "redis-cli":
		if !t.p.hasTool("redis-cli") {
			return 0, false
		}
		return t.redisCLI(args[1:]), true
	}
	return 0, false
}

// runsRedis reports whether the container's program is redis-server.
func (p *Process) runsRedis() bool {
	return p.repo.App == "redis" && len(p.Ports) > 0
}
