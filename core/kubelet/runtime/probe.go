package runtime

import (
	"fmt"
	"strings"
	"time"

	"kubeplay/core/kubelet/images"
)

// ProbeResult is the outcome of one probe, with the text the kubelet puts
// after "Liveness probe failed: ".
type ProbeResult struct {
	OK     bool
	Output string
}

func (p *Process) port(port int32) (pp images.Port, listening bool) {
	for _, pp := range p.Ports {
		if pp.Port == port {
			return pp, true
		}
	}
	if p.anyPort {
		return images.Port{Port: port, HTTP: true}, true
	}
	return images.Port{}, false
}

// serves reports whether an HTTP port answers path with 200 (else 404).
func serves(pp images.Port, path string) bool {
	if len(pp.Paths) == 0 {
		return true
	}
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	for _, p := range pp.Paths {
		if p == path {
			return true
		}
	}
	return false
}

// HTTPGet probes http://podIP:port/path at elapsed after the start. An HTTP
// port answers as the image's server does (nginx: 200 on / and
// /index.html, 404 elsewhere; an image the catalog does not describe: 200
// on every path); a non-HTTP port resets the connection.
func (p *Process) HTTPGet(host string, port int32, path, scheme string, elapsed time.Duration) ProbeResult {
	if path == "" {
		path = "/"
	} else if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	if scheme == "" {
		scheme = "http"
	}
	url := fmt.Sprintf("%s://%s:%d%s", strings.ToLower(scheme), host, port, path)
	pp, listening := p.port(port)
	isHTTP := pp.HTTP
	switch {
	case !listening:
		return ProbeResult{Output: fmt.Sprintf("Get %q: dial tcp %s:%d: connect: connection refused", url, host, port)}
	case !isHTTP:
		return ProbeResult{Output: fmt.Sprintf("Get %q: read tcp %s:%d->%s:%d: read: connection reset by peer", url, gatewayOf(host), 40000+port%20000, host, port)}
	case !serves(pp, path):
		return ProbeResult{Output: "HTTP probe failed with statuscode: 404"}
	case p.httpFailAfter > 0 && elapsed >= p.httpFailAfter:
		return ProbeResult{Output: "HTTP probe failed with statuscode: 500"}
	}
	return ProbeResult{OK: true}
}

// TCPSocket probes a TCP connect to host:port.
func (p *Process) TCPSocket(host string, port int32) ProbeResult {
	if _, listening := p.port(port); listening {
		return ProbeResult{OK: true}
	}
	return ProbeResult{Output: fmt.Sprintf("dial tcp %s:%d: connect: connection refused", host, port)}
}

// Exec runs a probe command inside the container at elapsed after the start:
// files the container's script created or removed by then are seen. Unknown
// commands in an image's own toolset (redis-cli, pg_isready...) succeed.
func (p *Process) Exec(command []string, elapsed time.Duration) ProbeResult {
	if len(command) == 0 {
		return ProbeResult{Output: "OCI runtime exec failed: exec failed: unable to start container process: exec: no command specified: unknown"}
	}
	bin := command[0]
	if i := strings.LastIndexByte(bin, '/'); i >= 0 {
		bin = bin[i+1:]
	}
	isShell := bin == "sh" || bin == "bash" || bin == "ash"
	if !p.repo.HasShell() && (isShell || shellUtility[bin]) {
		return ProbeResult{Output: fmt.Sprintf("OCI runtime exec failed: exec failed: unable to start container process: exec: %q: executable file not found in $PATH: unknown", command[0])}
	}
	// Replay the container's script to learn which files exist now.
	script := scriptOf(command, isShell)
	sh := p.shell(time.Second, 100)
	sh.files, sh.contents = p.filesAt(time.Time{}, elapsed)
	sh.lenient = p.flavour != "busybox" || len(p.repo.Binaries) > 0
	code := sh.run(parseScript(script))
	if sh.exited {
		code = sh.code
	}
	var out []string
	for _, l := range sh.out {
		out = append(out, l.Text)
	}
	text := strings.Join(out, "\n")
	if code != 0 {
		return ProbeResult{Output: text}
	}
	return ProbeResult{OK: true, Output: text}
}

// gatewayOf returns the x.y.z.1 address of an IPv4 address's /24, where
// the kubelet's probes come from.
func gatewayOf(ip string) string {
	if i := strings.LastIndexByte(ip, '.'); i >= 0 {
		return ip[:i] + ".1"
	}
	return ip
}
