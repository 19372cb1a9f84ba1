package runtime

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
)

// kubectl exec: a command run in a running container answers with what the
// container's image has (a shell flavour, its utilities, its files), and
// reaches the cluster's Services and Pods through Network.

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
	if !p.repo.HasShell() && !contains(p.repo.Binaries, bin) || isShell && bin == "bash" && !p.hasTool("bash") || !isShell && !p.hasTool(bin) && !contains(p.repo.Binaries, bin) {
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

// hasTool reports whether the image has a utility: every image with a
// shell has the coreutils (or busybox's applets) that docs pages use;
// busybox images also have busybox's wget, nslookup and ps; the rest is
// what the catalog says the image carries (its tools: the curl of nginx's
// Debian, the full language images' curl, wget and procps, redis-cli...).
func (p *Process) hasTool(bin string) bool {
	if !p.repo.HasShell() {
		return false
	}
	switch bin {
	case "sh", "cat", "ls", "env", "printenv", "hostname", "echo", "date", "sleep", "true", "false", "uname", "id", "whoami", "touch", "rm", "mkdir", "printf", "tail", "head", "test", "[":
		return true
	case "wget", "nslookup", "ps":
		if p.flavour == "busybox" {
			return true
		}
	case "bash":
		if p.flavour == "bash" {
			return true
		}
	case "apt":
		bin = "apt-get" // both come with Debian's apt
	}
	return contains(p.repo.Tools, bin) || p.installed[bin]
}

// tools answers the utilities kubectl exec users type.
type tools struct {
	p   *Process
	sh  *shell
	ctx ExecContext
}

func (t *tools) run(args []string) (int32, bool) {
	name := args[0]
	if code, ok := t.appTool(args); ok {
		return code, true
	}
	if name == "nginx" && contains(t.p.repo.Binaries, name) && nginxExits(args[1:]) {
		for _, l := range nginxInfo(t.p.spec.Image.Version, args[1:]) {
			t.sh.eprint(l)
		}
		return 0, true
	}
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
	if body, status, ok := p.appHTTP(path, now); ok {
		return body, status, true
	}
	name := p.repo.Name
	version := p.spec.Image.Version
	switch {
	case p.repo.App == "nginx":
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
