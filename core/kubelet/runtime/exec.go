package runtime

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// kubectl exec: a command run in a running container answers with what the
// container's image has (a shell flavour, its utilities, its files), and
// reaches the cluster's Services and Pods through Network.

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

// ExecContext is what an exec'd command sees beyond its container.
type ExecContext struct {
	Namespace string
	Net       Network
	// Elapsed since the container started (files its script made by then).
	Elapsed time.Duration
	// Now is the wall time in the container (date).
	Now time.Time
}

// RunExec runs command as kubectl exec does in this container: the output
// (stdout and stderr as the terminal shows them), the exit code, and a
// start error worded as containerd's when the binary does not exist.
func (p *Process) RunExec(command []string, ctx ExecContext) (out string, code int32, startErr string) {
	if len(command) == 0 {
		return "", 0, "OCI runtime exec failed: exec failed: unable to start container process: exec: no command specified: unknown"
	}
	bin := command[0]
	if i := strings.LastIndexByte(bin, '/'); i >= 0 {
		bin = bin[i+1:]
	}
	isShell := bin == "sh" || bin == "bash" || bin == "ash" || bin == "dash"
	if !p.repo.HasShell() && !contains(p.repo.Binaries, bin) || isShell && bin == "bash" && p.flavour != "bash" || !isShell && !p.hasTool(bin) && !contains(p.repo.Binaries, bin) {
		return "", 0, fmt.Sprintf("OCI runtime exec failed: exec failed: unable to start container process: exec: %q: executable file not found in $PATH: unknown", command[0])
	}
	script := scriptOf(command, isShell)
	sh := p.shell(time.Minute, 10000)
	sh.files, sh.contents = p.filesAt(ctx.Now.Add(-ctx.Elapsed), ctx.Elapsed)
	sh.start = ctx.Now.Add(-ctx.Elapsed)
	sh.elapsed = ctx.Elapsed
	sh.limit = ctx.Elapsed + time.Minute
	t := &tools{p: p, sh: sh, ctx: ctx}
	sh.tools = t.run
	code = sh.run(parseScript(script))
	if sh.exited {
		code = sh.code
	}
	var lines []string
	for _, l := range sh.out {
		lines = append(lines, l.Text)
	}
	if len(lines) > 0 {
		out = strings.Join(lines, "\n") + "\n"
	}
	return out, code, ""
}

// filesAt replays the container's script, started at start, to learn which
// files exist (and what it wrote in them) at elapsed after its start.
func (p *Process) filesAt(start time.Time, elapsed time.Duration) (map[string]bool, map[string][]string) {
	if p.script == nil {
		sh := p.shell(0, 0)
		return sh.files, sh.contents
	}
	sh := p.shell(elapsed, 0)
	sh.start = start
	sh.program = p.isServer
	sh.run(p.script)
	return sh.files, sh.contents
}

// scriptOf is the script a command runs: sh -c's argument, or the command
// itself quoted.
func scriptOf(command []string, isShell bool) string {
	if !isShell {
		return quoteArgv(command)
	}
	return shellScript(command)
}

// hasTool reports whether the image has a utility: busybox images have its
// applets; Debian- and Ubuntu-based images coreutils, and what their
// Dockerfiles install (nginx has curl; the full language images curl,
// wget and procps).
func (p *Process) hasTool(bin string) bool {
	if !p.repo.HasShell() {
		return false
	}
	name := p.repo.Name
	full := strings.Contains(name, "/library/python") || strings.Contains(name, "/library/node") || strings.Contains(name, "/library/golang") || strings.Contains(name, "/library/perl")
	switch bin {
	case "sh", "cat", "ls", "env", "printenv", "hostname", "echo", "date", "sleep", "true", "false", "uname", "id", "whoami", "touch", "rm", "mkdir", "printf", "tail", "head", "test", "[":
		return true
	case "curl":
		return strings.Contains(name, "curl") || strings.HasSuffix(name, "/library/nginx") || full
	case "wget":
		return p.flavour == "busybox" || full
	case "nslookup":
		return p.flavour == "busybox"
	case "ps":
		return p.flavour == "busybox" || full || strings.HasSuffix(name, "/library/ubuntu")
	case "bash":
		return p.flavour == "bash"
	}
	return false
}

// tools answers the utilities kubectl exec users type.
type tools struct {
	p   *Process
	sh  *shell
	ctx ExecContext
}

func (t *tools) run(args []string) (int32, bool) {
	name := args[0]
	switch name {
	case "cat", "ls", "ps", "wget", "curl", "nslookup", "uname", "whoami", "id", "sh", "bash":
	default:
		return 0, false
	}
	if !t.p.hasTool(name) {
		return t.sh.notFound(name), true
	}
	switch name {
	case "cat":
		return t.cat(args[1:]), true
	case "ls":
		return t.ls(args[1:]), true
	case "ps":
		t.ps()
	case "wget":
		return t.wget(args[1:]), true
	case "curl":
		return t.curl(args[1:]), true
	case "nslookup":
		return t.nslookup(args[1:]), true
	case "uname":
		if len(args) > 1 && args[1] == "-a" {
			t.print("Linux " + t.p.spec.hostname() + " 6.8.0-51-generic #52-Ubuntu SMP PREEMPT_DYNAMIC x86_64 GNU/Linux")
		} else {
			t.print("Linux")
		}
	case "whoami":
		t.print("root")
	case "id":
		t.print("uid=0(root) gid=0(root) groups=0(root)")
	case "sh", "bash":
		// An interactive shell without a terminal reads no input and exits.
	}
	return 0, true
}

func (t *tools) print(s string) {
	for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		t.sh.print(l)
	}
}

// files is what a path holds in the container, "" when it does not exist.
func (t *tools) file(path string) (string, bool) {
	p := t.p
	if lines, ok := p.spec.Files[path]; ok && (path == "/etc/hosts" || path == "/etc/resolv.conf") {
		// What the kubelet wrote for the pod (hostAliases, dnsConfig).
		return strings.Join(lines, "\n") + "\n", true
	}
	switch path {
	case "/etc/hostname":
		return p.spec.hostname() + "\n", true
	case "/etc/hosts":
		return "# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n" + p.spec.PodIP + "\t" + p.spec.hostname() + "\n", true
	case "/etc/resolv.conf":
		ns := "10.96.0.10"
		if t.ctx.Net != nil {
			ns = t.ctx.Net.Nameserver()
		}
		return fmt.Sprintf("search %s.svc.cluster.local svc.cluster.local cluster.local\nnameserver %s\noptions ndots:5\n", t.ctx.Namespace, ns), true
	case "/var/run/secrets/kubernetes.io/serviceaccount/namespace":
		return t.ctx.Namespace, true
	case "/etc/os-release":
		if p.flavour == "busybox" {
			return "", false
		}
		return "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nVERSION=\"12 (bookworm)\"\nVERSION_CODENAME=bookworm\nID=debian\n", true
	}
	if strings.HasSuffix(p.repo.Name, "/library/nginx") {
		switch path {
		case "/usr/share/nginx/html/index.html":
			return nginxWelcome, true
		case "/etc/nginx/conf.d/default.conf":
			return nginxDefaultConf, true
		}
	}
	if t.sh.files[path] {
		// What the container's script wrote there (echo ... >> file).
		if lines := t.sh.contents[path]; len(lines) > 0 {
			return strings.Join(lines, "\n") + "\n", true
		}
		return "", true
	}
	return "", false
}

func (t *tools) cat(args []string) int32 {
	var code int32
	for _, f := range args {
		if strings.HasPrefix(f, "-") {
			continue
		}
		body, ok := t.file(f)
		if !ok {
			if t.p.flavour == "busybox" {
				t.print("cat: can't open '" + f + "': No such file or directory")
			} else {
				t.print("cat: " + f + ": No such file or directory")
			}
			code = 1
			continue
		}
		if body != "" {
			t.print(body)
		}
	}
	return code
}

// rootDirs are what / holds in a Debian-based image.
var rootDirs = []string{"bin", "boot", "dev", "etc", "home", "lib", "lib64", "media", "mnt", "opt", "proc", "root", "run", "sbin", "srv", "sys", "tmp", "usr", "var"}

// dirs are the directories ls knows, per image family.
func (t *tools) dir(path string) ([]string, bool) {
	path = strings.TrimSuffix(path, "/")
	switch path {
	case "", ".":
		path = "/"
		fallthrough
	case "/":
		if t.p.flavour == "busybox" {
			return []string{"bin", "dev", "etc", "home", "lib", "lib64", "proc", "root", "sys", "tmp", "usr", "var"}, true
		}
		out := slices.Clone(rootDirs)
		if strings.HasSuffix(t.p.repo.Name, "/library/nginx") {
			out = append(out, "docker-entrypoint.d", "docker-entrypoint.sh")
			sort.Strings(out)
		}
		return out, true
	case "/var/run/secrets/kubernetes.io/serviceaccount":
		return []string{"ca.crt", "namespace", "token"}, true
	case "/usr/share/nginx/html":
		if strings.HasSuffix(t.p.repo.Name, "/library/nginx") {
			return []string{"50x.html", "index.html"}, true
		}
	case "/tmp", "/home", "/mnt", "/opt", "/srv":
		var out []string
		for f, ok := range t.sh.files {
			if ok && strings.HasPrefix(f, path+"/") && !strings.Contains(f[len(path)+1:], "/") {
				out = append(out, f[len(path)+1:])
			}
		}
		sort.Strings(out)
		return out, true
	}
	// A directory the kubelet mounted files under (a volume's items), not
	// one of the image's own.
	if slices.Contains(rootDirs, strings.TrimPrefix(path, "/")) {
		return nil, false
	}
	var out []string
	for f := range t.p.spec.Files {
		if rest, ok := strings.CutPrefix(f, path+"/"); ok {
			rest, _, _ = strings.Cut(rest, "/")
			if !slices.Contains(out, rest) {
				out = append(out, rest)
			}
		}
	}
	sort.Strings(out)
	return out, out != nil
}

func (t *tools) ls(args []string) int32 {
	var paths []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			paths = append(paths, a)
		}
	}
	if len(paths) == 0 {
		paths = []string{"/"}
	}
	var code int32
	for i, p := range paths {
		entries, ok := t.dir(p)
		if !ok {
			if _, isFile := t.file(p); isFile {
				t.print(p)
				continue
			}
			if t.p.flavour == "busybox" {
				t.print("ls: " + p + ": No such file or directory")
			} else {
				t.print("ls: cannot access '" + p + "': No such file or directory")
			}
			code = 2
			if t.p.flavour == "busybox" {
				code = 1
			}
			continue
		}
		if len(paths) > 1 {
			if i > 0 {
				t.print("")
			}
			t.print(p + ":")
		}
		for _, e := range entries {
			t.print(e)
		}
	}
	return code
}

func (t *tools) ps() {
	main := strings.Join(t.p.Argv, " ")
	if t.p.flavour == "busybox" {
		t.print("PID   USER     TIME  COMMAND")
		t.print(fmt.Sprintf("%5d %-8s %5s %s", 1, "root", "0:00", main))
		t.print(fmt.Sprintf("%5d %-8s %5s %s", 7, "root", "0:00", "ps"))
		return
	}
	t.print("    PID TTY          TIME CMD")
	t.print(fmt.Sprintf("%7d %-8s %8s %s", 1, "?", "00:00:00", baseName(t.p.Argv)))
	t.print(fmt.Sprintf("%7d %-8s %8s %s", 7, "?", "00:00:00", "ps"))
}

func baseName(argv []string) string {
	if len(argv) == 0 {
		return ""
	}
	b := argv[0]
	if i := strings.LastIndexByte(b, '/'); i >= 0 {
		b = b[i+1:]
	}
	return b
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

// wget is busybox's: -q, -O- (or -O -), -O FILE, -T/--timeout.
func (t *tools) wget(args []string) int32 {
	quiet, stdout, headers := false, false, false
	var url string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-O" && i+1 < len(args):
			i++
			stdout = args[i] == "-"
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
	if !quiet {
		t.sh.eprint("saving to 'index.html'")
		t.sh.eprint(fmt.Sprintf("index.html           100%% |********************************|   %3d  0:00:00 ETA", len(body)))
		t.sh.eprint("'index.html' saved")
	}
	t.sh.setFile("index.html", true)
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
	var fqdn, ip string
	ok := false
	if t.ctx.Net != nil {
		fqdn, ip, ok = t.ctx.Net.Lookup(name)
	}
	if oldBusybox(t.p.spec.Image.Version) {
		return t.nslookupOld(name, server, fqdn, ip, ok)
	}
	t.print("Server:\t\t" + server)
	t.print("Address:\t" + server + ":53")
	t.print("")
	if !ok {
		t.print("** server can't find " + name + ": NXDOMAIN")
		t.print("")
		return 1
	}
	t.print("Name:\t" + fqdn)
	t.print("Address: " + ip)
	t.print("")
	return 0
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
func (t *tools) nslookupOld(name, server, fqdn, ip string, ok bool) int32 {
	t.print("Server:    " + server)
	t.print("Address 1: " + server + " kube-dns.kube-system.svc.cluster.local")
	t.print("")
	if !ok {
		t.print("nslookup: can't resolve '" + name + "'")
		return 1
	}
	t.print("Name:      " + name)
	t.print("Address 1: " + ip + " " + fqdn)
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

// volumeFile is a file of the container's volumes as it reads it at now:
// what the pod's other containers have written there, or what it found
// when it started.
func (p *Process) volumeFile(f string, now time.Time) ([]string, bool) {
	if p.spec.Peers != nil {
		if lines, ok := p.spec.Peers(f, now); ok {
			return lines, true
		}
	}
	lines, ok := p.spec.Files[f]
	return lines, ok
}

// HTTPBody is what the container's server answers on port and path: the
// body and status; ok is false when nothing listens on the port.
func (p *Process) HTTPBody(port int32, path string, now time.Time) (body string, status int, ok bool) {
	pp, listening := p.port(port)
	if !listening || !pp.HTTP {
		return "", 0, false
	}
	name := p.repo.Name
	version := p.spec.Image.Version
	switch {
	case strings.HasSuffix(name, "/library/nginx"):
		f := path
		if strings.HasSuffix(f, "/") {
			f += "index.html"
		}
		if lines, ok := p.volumeFile("/usr/share/nginx/html"+f, now); ok {
			return strings.Join(lines, "\n") + "\n", 200, true
		}
		if path == "/" || path == "/index.html" {
			return nginxWelcome, 200, true
		}
		return fmt.Sprintf("<html>\n<head><title>404 Not Found</title></head>\n<body>\n<center><h1>404 Not Found</h1></center>\n<hr><center>nginx/%s</center>\n</body>\n</html>\n", version), 404, true
	case strings.HasSuffix(name, "/library/httpd"):
		if path == "/" || path == "/index.html" {
			return "<html><body><h1>It works!</h1></body></html>\n", 200, true
		}
		return "<!DOCTYPE HTML PUBLIC \"-//IETF//DTD HTML 2.0//EN\">\n<html><head>\n<title>404 Not Found</title>\n</head><body>\n<h1>Not Found</h1>\n<p>The requested URL was not found on this server.</p>\n</body></html>\n", 404, true
	case strings.HasSuffix(name, "hashicorp/http-echo"):
		return httpEchoText(p.Argv) + "\n", 200, true
	case strings.HasSuffix(name, "agnhost"):
		mode := ""
		if len(p.Argv) > 1 {
			mode = p.Argv[1]
		}
		switch {
		case mode == "serve-hostname" || path == "/hostname":
			return p.spec.hostname(), 200, true
		case strings.HasPrefix(path, "/echo?msg="):
			return strings.TrimPrefix(path, "/echo?msg="), 200, true
		}
		if !serves(pp, path) {
			return "404 page not found\n", 404, true
		}
		return "NOW: " + now.UTC().Format("2006-01-02 15:04:05.000000000 -0700 MST"), 200, true
	case strings.HasSuffix(name, "google-samples/hello-app"):
		return fmt.Sprintf("Hello, world!\nVersion: %s\nHostname: %s\n", version, p.spec.hostname()), 200, true
	case strings.HasSuffix(name, "kicbase/echo-server"):
		return fmt.Sprintf("Request served by %s\n\nHTTP/1.1 GET %s\n\nHost: %s\nAccept: */*\nUser-Agent: Wget\n", p.spec.hostname(), path, p.spec.PodIP), 200, true
	}
	if !serves(pp, path) {
		return "404 page not found\n", 404, true
	}
	return "", 200, true
}

// httpEchoText is http-echo's -text argument.
func httpEchoText(argv []string) string {
	for i, a := range argv {
		switch {
		case strings.HasPrefix(a, "-text="), strings.HasPrefix(a, "--text="):
			return strings.Trim(a[strings.IndexByte(a, '=')+1:], `"'`)
		case (a == "-text" || a == "--text") && i+1 < len(argv):
			return argv[i+1]
		}
	}
	return ""
}

const nginxWelcome = `<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
`

const nginxDefaultConf = `server {
    listen       80;
    listen  [::]:80;
    server_name  localhost;

    location / {
        root   /usr/share/nginx/html;
        index  index.html index.htm;
    }

    error_page   500 502 503 504  /50x.html;
    location = /50x.html {
        root   /usr/share/nginx/html;
    }
}
`
