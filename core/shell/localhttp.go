package shell

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// localHTTP is curl or wget typed in the terminal: the terminal's machine
// reaches only localhost, where a running kubectl port-forward answers as
// the Pod behind it would. Cluster addresses are not routable from the
// machine (as from a laptop beside a kind cluster).
// A running kubectl proxy answers on its port as kube-apiserver does.
// The body goes to stdout; the port-forward's notice and the tool's
// messages reach the terminal (stderr), as they do through a pipe. The
// status is the tool's exit code.
func (s *Shell) localHTTP(tool string, args []string, stdout, stderr io.Writer) int {
	var url string
	quiet, fail := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-o" || a == "-O" || a == "-m" || a == "--max-time" || a == "-H" || a == "-X":
			if tool == "wget" && a == "-O" && i+1 < len(args) && args[i+1] == "-" {
				quiet = true
			}
			i++
		case strings.HasPrefix(a, "-"):
			if strings.Contains(a, "q") || strings.Contains(a, "s") {
				quiet = true
			}
			if tool == "curl" && !strings.HasPrefix(a, "--") && strings.Contains(a, "f") {
				fail = true
			}
		default:
			url = a
		}
	}
	if url == "" {
		if tool == "curl" {
			fmt.Fprintln(stderr, "curl: try 'curl --help' or 'curl --manual' for more information")
			return 2
		}
		fmt.Fprintln(stderr, "wget: missing URL")
		return 1
	}
	rest := strings.TrimPrefix(strings.TrimPrefix(url, "http://"), "https://")
	hostport, path, _ := strings.Cut(rest, "/")
	path = "/" + path
	host, portS, hasPort := strings.Cut(hostport, ":")
	port := 80
	if hasPort {
		port, _ = strconv.Atoi(portS)
	}
	notice := ""
	var body string
	var status int
	var ok bool
	switch {
	case s.C.IsNodeAddress(host):
		// kind's nodes are containers on the host's docker network: the terminal reaches a NodePort
		// at a node's address (the Basics tutorials' curl of $(minikube ip):$NODE_PORT).
		body, status, ok = s.C.NodeHTTP(host, int32(port), path)
	case host != "localhost" && host != "127.0.0.1":
		if tool == "curl" {
			fmt.Fprintf(stderr, "curl: (6) Could not resolve host: %s\n", host)
			return 6
		}
		fmt.Fprintf(stderr, "wget: unable to resolve host address '%s'\n", host)
		return 4
	default:
		k := s.C.Kubectl(s.out)
		body, status, ok = k.ProxyHTTP(port, path)
		if !ok {
			notice, body, status, ok = k.LocalHTTP(port, path)
		}
	}
	fmt.Fprint(stderr, notice)
	switch {
	case !ok && tool == "curl" && notice != "":
		fmt.Fprintf(stderr, "curl: (52) Empty reply from server\n")
		return 52
	case !ok && tool == "curl":
		fmt.Fprintf(stderr, "curl: (7) Failed to connect to %s port %d after 0 ms: Couldn't connect to server\n", host, port)
		return 7
	case !ok:
		fmt.Fprintf(stderr, "Connecting to %s:%d... failed: Connection refused.\n", host, port)
		return 4
	case tool == "curl" && fail && status >= 400:
		fmt.Fprintf(stderr, "curl: (22) The requested URL returned error: %d\n", status)
		return 22
	case tool == "wget" && status >= 400:
		fmt.Fprintf(stderr, "ERROR %d: Not Found.\n", status)
		return 8
	case tool == "wget" && !quiet:
		fmt.Fprintf(stderr, "Connecting to %s:%d... connected.\nHTTP request sent, awaiting response... %d OK\nSaving to: 'index.html'\n", host, port, status)
	default:
		fmt.Fprint(stdout, body)
	}
	return 0
}
