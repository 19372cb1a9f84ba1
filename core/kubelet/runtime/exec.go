package runtime

import (
	"fmt"
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
	if p.fs != nil {
		// What the container's own script has written by now is in its
		// file system; the exec'd command reads and writes there.
		if p.script != nil {
			p.SyncFiles(p.FilesAt(ctx.Now.Add(-ctx.Elapsed), ctx.Elapsed))
		}
		sh.fsys, sh.user, sh.cwd = p.fs, p.user, p.workdir
		sh.env["PWD"] = p.workdir
		sh.env["HOME"] = p.home()
	} else {
		sh.files, sh.contents = p.filesAt(ctx.Now.Add(-ctx.Elapsed), ctx.Elapsed)
	}
	if isShell {
		sh.execShell, sh.execPID = strings.Join(command, " "), p.nextPID
		if shellScript(command) == "" {
			sh.execShell = bin
		}
		p.nextPID++
	}
	sh.start = ctx.Now.Add(-ctx.Elapsed)
	sh.elapsed = ctx.Elapsed
	sh.limit = ctx.Elapsed + time.Minute
	t := &tools{p: p, sh: sh, ctx: ctx}
	sh.tools = t.run
	sh.read = t.readFile
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
	case "sh", "cat", "ls", "env", "printenv", "hostname", "echo", "date", "sleep", "true", "false", "uname", "id", "whoami", "touch", "rm", "mkdir", "printf", "tail", "head", "test", "[",
		"cp", "mv", "stat", "mount", "cd", "pwd", "grep", "wc", "sort", "uniq":
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
	case "cat", "ls", "ps", "wget", "curl", "nslookup", "uname", "whoami", "id", "sh", "bash",
		"touch", "mkdir", "rm", "cp", "mv", "stat", "mount", "cd", "pwd":
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
		return t.ps(args[1:]), true
	case "touch":
		return t.touch(args[1:]), true
	case "mkdir":
		return t.mkdir(args[1:]), true
	case "rm":
		return t.rm(args[1:]), true
	case "cp", "mv", "stat", "mount", "id", "whoami":
		return t.more(name, args[1:]), true
	case "cd":
		return t.cd(args[1:]), true
	case "pwd":
		t.print(t.sh.cwd)
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
		// nginx serves its html root: what the container's file system
		// holds there (a mounted volume's index.html), else its own 404.
		f, _, _ := strings.Cut(path, "?")
		if strings.HasSuffix(f, "/") {
			f += "index.html"
		}
		if data, ok := p.ReadServed("/usr/share/nginx/html", f); ok {
			return string(data), 200, true
		}
		if lines, ok := p.volumeFile("/usr/share/nginx/html"+f, now); ok {
			return strings.Join(lines, "\n") + "\n", 200, true
		}
		if p.fs == nil && (path == "/" || path == "/index.html") {
			return nginxWelcome, 200, true
		}
		return fmt.Sprintf("<html>\n<head><title>404 Not Found</title></head>\n<body>\n<center><h1>404 Not Found</h1></center>\n<hr><center>nginx/%s</center>\n</body>\n</html>\n", version), 404, true
	case strings.HasSuffix(name, "/library/httpd"):
		f, _, _ := strings.Cut(path, "?")
		if data, ok := p.ReadServed("/usr/local/apache2/htdocs", f); ok {
			return string(data), 200, true
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
