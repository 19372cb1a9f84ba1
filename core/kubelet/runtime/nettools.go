package runtime

import (
	"fmt"
	"path"
	"strconv"
	"strings"
)

// The network as a container's commands reach it: wget, curl and nslookup
// (kubectl exec, and a container's own script) through the cluster's
// Network, with busybox's and curl's words.

// Network is the cluster as a container sees it.
type Network interface {
	// Lookup resolves a name with the pod's resolver (search domains of its
	// namespace): the fully qualified name and the address; ok is false for
	// NXDOMAIN.
	Lookup(name string) (fqdn, ip string, ok bool)
	// HTTP gets http://host:port/path from whoever serves that address: the
	// body and status, or refused when nothing listens there.
	HTTP(host string, port int32, path string) (body string, status int, refused bool)
	// Nameserver is the cluster DNS Service's address.
	Nameserver() string
}

// Record is one A record: the address and the name its PTR record gives
// (a Service's FQDN, a headless Service's web-0.nginx.default.svc.cluster.local).
type Record struct {
	IP, Name string
}

// Resolver is a Network that answers every A record of a name (a headless
// Service has one per ready endpoint), as nslookup prints them.
type Resolver interface {
	Records(name string) (fqdn string, recs []Record, ok bool)
}

// records asks net for every record of name, or for its one address when
// net answers only that.
func records(net Network, name string) (string, []Record, bool) {
	if r, ok := net.(Resolver); ok {
		return r.Records(name)
	}
	fqdn, ip, ok := net.Lookup(name)
	if !ok {
		return "", nil, false
	}
	return fqdn, []Record{{IP: ip, Name: fqdn}}, true
}

// parseURL reads [http://]host[:port][/path].
func parseURL(u string) (host string, port int32, path string) {
	u = strings.TrimPrefix(u, "http://")
	host, path, _ = strings.Cut(u, "/")
	path = "/" + path
	port = 80
	if h, p, ok := strings.Cut(host, ":"); ok {
		host = h
		if n, err := strconv.Atoi(p); err == nil {
			port = int32(n)
		}
	}
	return host, port, path
}

// get fetches a URL: the address it went to, body and status, or an error
// kind ("resolve", "refused"). On localhost the container's own server
// answers, else the pod's other containers' (Spec.Local).
func (t *tools) get(url string) (ip, body string, status int, fail string) {
	host, port, path := parseURL(url)
	if host == "localhost" || host == "127.0.0.1" || host == t.p.spec.PodIP {
		b, st, ok := t.p.HTTPBody(port, path, t.ctx.Now)
		if !ok && t.p.spec.Local != nil {
			b, st, ok = t.p.spec.Local(port, path, t.ctx.Now)
		}
		if !ok {
			return "127.0.0.1", "", 0, "refused"
		}
		return "127.0.0.1", b, st, ""
	}
	if page, ok := internet[host]; ok {
		if path == "/" || path == "/index.html" {
			return page.ip, page.body, 200, ""
		}
		return page.ip, "", 404, ""
	}
	if t.ctx.Net == nil {
		return "", "", 0, "resolve"
	}
	_, ip, ok := t.ctx.Net.Lookup(host)
	if !ok {
		return "", "", 0, "resolve"
	}
	body, status, refused := t.ctx.Net.HTTP(ip, port, path)
	if refused {
		return ip, "", 0, "refused"
	}
	return ip, body, status, ""
}

// internet holds the pages on the internet that documentation pages fetch
// from a container (the nodes reach the internet through kind's host).
var internet = map[string]struct{ ip, body string }{
	// kubernetes.io "Configure Pod Initialization": the init container's
	// wget of http://info.cern.ch (its 646-byte home page).
	"info.cern.ch": {"188.184.100.182", `<html><head></head><body><header>
<title>http://info.cern.ch</title>
</header>

<h1>http://info.cern.ch - home of the first website</h1>
<p>From here you can:</p>
<ul>
<li><a href="http://info.cern.ch/hypertext/WWW/TheProject.html">Browse the first website</a></li>
<li><a href="http://line-mode.cern.ch/www/hypertext/WWW/TheProject.html">Browse the first website using the line-mode browser simulator</a></li>
<li><a href="http://home.web.cern.ch/topics/birth-web">Learn about the birth of the web</a></li>
<li><a href="http://home.web.cern.ch/about">Learn about CERN, the physics laboratory where the web was born</a></li>
</ul>
</body></html>
`},
}

// wget is busybox's: -q, -O- (or -O -), -O FILE, -T/--timeout.
func (t *tools) wget(args []string) int32 {
	quiet, stdout, headers := false, false, false
	var url, outFile string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-O" && i+1 < len(args):
			i++
			stdout = args[i] == "-"
			if !stdout {
				outFile = args[i]
			}
		case a == "-T" || a == "--timeout":
			i++
		case strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--"):
			quiet = quiet || strings.Contains(a, "q")
			stdout = stdout || strings.HasSuffix(a, "O-")
			headers = headers || strings.Contains(strings.TrimSuffix(a, "O-"), "S")
		case a == "--server-response":
			headers = true
		case strings.HasPrefix(a, "--"):
		default:
			url = a
		}
	}
	if url == "" {
		t.sh.eprint("BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: wget [-cqS] [--spider] [-O FILE] [-o LOGFILE] [--header STR]\n\t[--post-data STR | --post-file FILE] [-Y on/off]\n\t[-P DIR] [-U AGENT] [-T SEC] URL...")
		return 1
	}
	host, port, _ := parseURL(url)
	ip, body, status, fail := t.get(url)
	switch fail {
	case "resolve":
		t.sh.eprint("wget: bad address '" + host + "'")
		return 1
	case "refused":
		if !quiet {
			t.sh.eprint(fmt.Sprintf("Connecting to %s (%s:%d)", host, ip, port))
		}
		t.sh.eprint(fmt.Sprintf("wget: can't connect to remote host (%s): Connection refused", ip))
		return 1
	}
	if !quiet {
		t.sh.eprint(fmt.Sprintf("Connecting to %s (%s:%d)", host, ip, port))
	}
	if headers {
		// -S: the response's status line (busybox prints each header line indented).
		t.sh.eprint(fmt.Sprintf("  HTTP/1.1 %d %s", status, statusText(status)))
	}
	if status >= 400 {
		t.sh.eprint(fmt.Sprintf("wget: server returned error: HTTP/1.1 %d %s", status, statusText(status)))
		return 1
	}
	if stdout {
		if !quiet {
			t.sh.eprint("writing to stdout")
		}
		if body != "" {
			t.print(body)
		}
		if !quiet {
			t.sh.eprint(fmt.Sprintf("-                    100%% |********************************|   %3d  0:00:00 ETA", len(body)))
			t.sh.eprint("written to stdout")
		}
		return 0
	}
	if outFile == "" {
		outFile = "index.html"
	}
	if !quiet {
		t.sh.eprint("saving to '" + outFile + "'")
		t.sh.eprint(fmt.Sprintf("%-20s 100%% |********************************|   %3d  0:00:00 ETA", path.Base(outFile), len(body)))
		t.sh.eprint("'" + outFile + "' saved")
	}
	if t.sh.contents == nil {
		t.sh.contents = map[string][]string{}
	}
	t.sh.contents[outFile] = strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	t.sh.setFile(outFile, true)
	return 0
}

// curl prints the body whatever the status (without -f).
func (t *tools) curl(args []string) int32 {
	var url string
	fail := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-o" || a == "-m" || a == "--max-time" || a == "-H" || a == "-X" || a == "-w":
			i++
		case strings.HasPrefix(a, "-"):
			if !strings.HasPrefix(a, "--") && strings.Contains(a, "f") {
				fail = true
			}
		default:
			url = a
		}
	}
	if url == "" {
		t.sh.eprint("curl: try 'curl --help' or 'curl --manual' for more information")
		return 2
	}
	host, port, _ := parseURL(url)
	_, body, status, f := t.get(url)
	switch f {
	case "resolve":
		t.sh.eprint("curl: (6) Could not resolve host: " + host)
		return 6
	case "refused":
		t.sh.eprint(fmt.Sprintf("curl: (7) Failed to connect to %s port %d after 0 ms: Couldn't connect to server", host, port))
		return 7
	}
	if fail && status >= 400 {
		t.sh.eprint(fmt.Sprintf("curl: (22) The requested URL returned error: %d", status))
		return 22
	}
	if body != "" {
		t.print(body)
	}
	return 0
}

// nslookup is busybox's, asking the cluster DNS.
func (t *tools) nslookup(args []string) int32 {
	var name string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			name = a
			break
		}
	}
	if name == "" {
		t.print("BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]")
		return 1
	}
	server := "10.96.0.10"
	if t.ctx.Net != nil {
		server = t.ctx.Net.Nameserver()
	}
	var fqdn string
	var recs []Record
	ok := false
	if t.ctx.Net != nil {
		fqdn, recs, ok = records(t.ctx.Net, name)
	}
	bind := t.p.flavour != "busybox" || contains(t.p.repo.Tools, "nslookup")
	if !bind && oldBusybox(t.p.spec.Image.Version) {
		return t.nslookupOld(name, server, recs, ok)
	}
	if !bind {
		return t.nslookupBusybox(name, server)
	}
	// BIND's nslookup (bind9-dnsutils, Alpine's bind-tools) names the
	// server's port after a #.
	t.print("Server:\t\t" + server)
	t.print("Address:\t" + server + "#53")
	t.print("")
	if !ok {
		t.print("** server can't find " + name + ": NXDOMAIN")
		t.print("")
		return 1
	}
	for _, r := range recs {
		t.print("Name:\t" + fqdn)
		t.print("Address: " + r.IP)
	}
	t.print("")
	return 0
}

// nslookupBusybox is busybox 1.29+'s own resolver (networking/nslookup.c):
// a name without a dot is asked in each search domain of the pod's
// resolv.conf (never bare), a name with one only as it is (so
// `nslookup web-0.nginx` is NXDOMAIN: the StatefulSet tutorial pins
// busybox 1.28); an A and an AAAA query each, every reply printed with a
// blank line after it (a Service has no AAAA record: an empty reply), the
// failed ones as "** server can't find NAME: NXDOMAIN"; it exits 1 when one
// failed. Replies print in arrival order; kubeplay's is the A replies in
// search order, the failed AAAA ones, then the empty ones.
func (t *tools) nslookupBusybox(name, server string) int32 {
	t.print("Server:\t\t" + server)
	t.print("Address:\t" + server + ":53")
	t.print("")
	names := []string{strings.TrimSuffix(name, ".")}
	if !strings.Contains(name, ".") {
		names = nil
		for _, d := range searchOf(t.ctx.Net) {
			names = append(names, name+"."+d)
		}
	}
	var code int32
	var failedAAAA, emptyAAAA []string
	for _, n := range names {
		var recs []Record
		ok := false
		if t.ctx.Net != nil {
			_, recs, ok = records(t.ctx.Net, n+".")
		}
		if !ok {
			t.print("** server can't find " + n + ": NXDOMAIN")
			t.print("")
			failedAAAA = append(failedAAAA, n)
			code = 1
			continue
		}
		for _, r := range recs {
			t.print("Name:\t" + n)
			t.print("Address: " + r.IP)
		}
		t.print("")
		emptyAAAA = append(emptyAAAA, n)
	}
	for _, n := range failedAAAA {
		t.print("** server can't find " + n + ": NXDOMAIN")
		t.print("")
	}
	for range emptyAAAA {
		t.print("")
	}
	return code
}

// searchOf is the pod's DNS search list (its resolv.conf), from the network
// when it knows the pod's namespace.
func searchOf(net Network) []string {
	if s, ok := net.(interface{ Search() []string }); ok {
		return s.Search()
	}
	return []string{"default.svc.cluster.local", "svc.cluster.local", "cluster.local"}
}

// oldBusybox reports whether a busybox version predates 1.29, whose
// nslookup was rewritten: 1.28 (the DNS debugging docs' image) and
// registry.k8s.io/busybox 1.27.2 print the older format.
func oldBusybox(version string) bool {
	major, rest, _ := strings.Cut(version, ".")
	minor, _, _ := strings.Cut(rest, ".")
	ma, err1 := strconv.Atoi(major)
	mi, err2 := strconv.Atoi(minor)
	return err1 == nil && err2 == nil && (ma < 1 || ma == 1 && mi < 29)
}

// nslookupOld is busybox 1.28's nslookup: the server and each address with
// its reverse name, "can't resolve" and exit 1 for an unknown name.
func (t *tools) nslookupOld(name, server string, recs []Record, ok bool) int32 {
	t.print("Server:    " + server)
	t.print("Address 1: " + server + " kube-dns.kube-system.svc.cluster.local")
	t.print("")
	if !ok {
		t.print("nslookup: can't resolve '" + name + "'")
		return 1
	}
	t.print("Name:      " + name)
	for i, r := range recs {
		line := fmt.Sprintf("Address %d: %s", i+1, r.IP)
		if r.Name != "" {
			line += " " + r.Name
		}
		t.print(line)
	}
	return 0
}

func statusText(code int) string {
	switch code {
	case 200:
		return "OK"
	case 404:
		return "Not Found"
	case 500:
		return "Internal Server Error"
	}
	return ""
}
