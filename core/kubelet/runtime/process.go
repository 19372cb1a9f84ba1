package runtime

import (
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"kubeplay/core/kubelet/images"
)

// Exit codes and reasons the kubelet reports for terminated containers.
const (
	ReasonCompleted  = "Completed"
	ReasonError      = "Error"
	ReasonOOMKilled  = "OOMKilled"
	ReasonStartError = "StartError"

	ExitCodeSIGKILL    = 137 // 128 + 9
	ExitCodeStartError = 128
)

// Timings of the simulated processes.
const (
	// OOMAfter is how long a process over its memory limit lives.
	OOMAfter = 500 * time.Millisecond
	// MissingEnvExitAfter is how long an entrypoint takes to notice a
	// missing required variable and exit 1.
	MissingEnvExitAfter = 100 * time.Millisecond
	// GracefulStopTime is how long a server takes to exit on SIGTERM.
	GracefulStopTime = 200 * time.Millisecond
)

// LogLine is one line a process prints, At its offset from the start.
type LogLine struct {
	At   time.Duration
	Text string
}

// FileEvent records a file created (Exists) or removed by a script.
type FileEvent struct {
	At     time.Duration
	Path   string
	Exists bool
}

// Spec is what the runtime is asked to run.
type Spec struct {
	Image   *images.Image
	Command []string
	Args    []string
	// Env holds the container's environment variables by name.
	Env map[string]string
	// MemoryLimit in bytes; 0 means none.
	MemoryLimit int64
	// Ports are the container's declared containerPorts: an image the
	// catalog does not describe listens there (on any port if none).
	Ports   []int32
	PodName string
	PodIP   string
	// Hostname is the container's hostname: the pod's spec.hostname (an
	// Indexed Job's <job>-<index>), or its name when empty.
	Hostname string
	// Files are the files the container finds in its volumes when it starts
	// (what earlier containers left in an emptyDir, downward API items), by
	// absolute path, as lines.
	Files map[string][]string
	// Peers, when set, reads the file at an absolute path of the
	// container as the pod's other containers that share its emptyDir have
	// written it by a given time (tail -f follows what they append).
	Peers func(path string, at time.Time) ([]string, bool)
	// Local, when set, is what the pod's other containers answer on
	// localhost at a given time (they share the pod's network namespace);
	// ok is false when none listens on the port.
	Local func(port int32, path string, at time.Time) (body string, status int, ok bool)
	// Resolves, when set, reports whether the cluster's DNS answers a name
	// for the container when it starts.
	Resolves func(name string) bool
	// TTY: the container has a terminal (kubectl run -t): programs print
	// as on one (mysql's boxed tables).
	TTY bool
	// Net, when set, is the cluster network the container's own commands
	// reach Services and Pods through (wget -qO- http://web). What it
	// answers is kept from the first time the process asks (netmemo.go).
	Net Network

	// The container's file system and user (userland.go): its volumes
	// mounted where the Pod says, who it runs as, and what the runtime
	// enforces.
	Mounts []Mount
	// RunAsUser and RunAsGroup are the securityContext's (nil: the image's
	// user, root here, and that user's group from /etc/passwd);
	// SupplementalGroups hold the Pod's supplementalGroups and fsGroup.
	RunAsUser, RunAsGroup *int64
	SupplementalGroups    []int64
	// StrictGroups: supplementalGroupsPolicy Strict (no groups from the
	// image's /etc/group).
	StrictGroups bool
	// CapAdd and CapDrop are the securityContext's capabilities.
	CapAdd, CapDrop []string
	// Namespace is the Pod's (its resolv.conf search path).
	Namespace string
	// ReadOnlyRoot: readOnlyRootFilesystem. NoNewPrivs: allowPrivilegeEscalation false.
	ReadOnlyRoot, NoNewPrivs bool
	// Clock is the virtual time (stamps the files the container writes).
	Clock func() time.Time
}

func (s Spec) hostname() string {
	if s.Hostname != "" {
		return s.Hostname
	}
	return s.PodName
}

// Process is what one container start does on virtual time, decided when
// it starts. Offsets are relative to the start.
type Process struct {
	// net is Spec.Net, its answers kept (netmemo.go).
	net  *memoNet
	Argv []string
	// StartError is set when the runtime cannot start the process at all
	// (exec: "x": executable file not found in $PATH); nothing else applies.
	StartError string
	// Exits reports whether the process ends on its own, after ExitAfter,
	// with ExitCode and Reason (Completed, Error, OOMKilled).
	Exits     bool
	ExitAfter time.Duration
	ExitCode  int32
	Reason    string
	// Ports the process listens on.
	Ports []images.Port
	// Graceful: it exits promptly (GracefulStopTime) on SIGTERM; otherwise
	// it ignores SIGTERM and runs until SIGKILL at the end of the grace period.
	Graceful bool
	// WorkingSet is the memory the process uses, in bytes.
	WorkingSet int64

	spec Spec
	repo *images.Repository
	// left: the files the script leaves behind when it exits on its own.
	left    map[string][]string
	dev     map[string][]string // what the script wrote under /dev (the termination message file)
	flavour string
	script  shNode
	static  []LogLine
	// repoLogs are the image's own start-up lines (shared with the catalog).
	repoLogs []string
	stopLogs []string
	piDigits int
	// httpFailAfter > 0: HTTP probes answer 500 from that offset on
	// (agnhost liveness).
	httpFailAfter time.Duration
	// anyPort: the program listens on every port (an image the catalog
	// does not describe, in a container that declares no port).
	anyPort bool
	// redis is a redis-server's keys (apps.go), set by redis-cli.
	redis map[string]string
	// installed are the commands apt-get installed (apt.go), and
	// aptUpdated whether its package lists were fetched.
	installed  map[string]bool
	aptUpdated bool
	// mysql is a mysqld's databases (mysql.go).
	mysql *mysqlDB

	// The userland (userland.go): the container's file system, its
	// user, where kubectl exec starts, the next PID, and what of its
	// scripts' writes has been put in the tree.
	fs      *Tree
	user    User
	workdir string
	nextPID int
	synced  map[string]string
}

// Start decides what a container does. It never fails: a process that
// cannot start carries StartError.
func Start(spec Spec) *Process {
	repo := spec.Image.Repo
	p := &Process{spec: spec, repo: repo, flavour: repo.Shell, WorkingSet: repo.MemoryBytes()}
	p.userland()
	if spec.Net != nil {
		p.net = &memoNet{net: spec.Net}
	}
	argv := argvOf(repo, spec)
	p.Argv = argv
	p.plan(argv)
	if p.StartError != "" {
		return p
	}
	if spec.MemoryLimit > 0 && p.WorkingSet > spec.MemoryLimit && (!p.Exits || p.ExitAfter > OOMAfter) {
		p.Exits, p.ExitAfter, p.ExitCode, p.Reason = true, OOMAfter, ExitCodeSIGKILL, ReasonOOMKilled
	}
	if p.Exits && p.Reason == "" {
		p.Reason = ReasonCompleted
		if p.ExitCode != 0 {
			p.Reason = ReasonError
		}
	}
	return p
}

// argvOf applies Docker's rules: command replaces the entrypoint (and drops
// the image's cmd), args replace the cmd.
func argvOf(repo *images.Repository, spec Spec) []string {
	switch {
	case len(spec.Command) > 0:
		return append(append([]string(nil), spec.Command...), spec.Args...)
	case len(spec.Args) > 0:
		return append(append([]string(nil), repo.Entrypoint...), spec.Args...)
	}
	return append(append([]string(nil), repo.Entrypoint...), repo.Cmd...)
}

func isEntrypointScript(s string) bool {
	b := path.Base(s)
	return b == "docker-entrypoint.sh" || b == "entrypoint.sh"
}

func (p *Process) plan(argv []string) {
	repo := p.repo
	if len(argv) > 1 && isEntrypointScript(argv[0]) {
		argv = argv[1:] // the entrypoint script execs its arguments
		if strings.HasPrefix(argv[0], "-") && len(repo.Cmd) > 0 {
			// ...or gives them to the image's program when the first is an
			// option (`-- -sI http://web` runs curl -sI http://web).
			argv = append([]string{repo.Cmd[0]}, argv...)
		}
		p.Argv = argv // PID 1 is what the script exec'd (ps shows nginx, not the script)
	}
	if len(argv) == 0 || (len(argv) == 1 && isEntrypointScript(argv[0])) {
		argv = repo.Cmd
	}
	if len(argv) == 0 {
		p.StartError = "failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: no command specified: unknown"
		return
	}
	bin := path.Base(argv[0])
	isMain := contains(repo.Binaries, argv[0]) || contains(repo.Binaries, bin) || (len(repo.Cmd) > 0 && argv[0] == repo.Cmd[0]) ||
		repo.Generated && !shellUtility[bin]
	switch {
	case bin == "sh" || bin == "bash" || bin == "ash" || bin == "dash":
		if !repo.HasShell() {
			p.notFound(argv[0])
			return
		}
		p.runScript(shellScript(argv))
	case bin == "agnhost":
		p.agnhost(argv[1:])
	case bin == "stress":
		p.stress(argv[1:])
	case bin == "nginx" && isMain && nginxExits(argv[1:]):
		p.nginxTest(argv[1:])
	case (bin == "python" || bin == "python3") && isMain:
		p.python(argv[1:])
	case bin == "perl" || strings.HasPrefix(bin, "perl5"):
		p.perl(argv[1:])
	case isMain && len(argv) > 1 && (bin == "curl" || bin == "wget") && repo.HasShell():
		// An image whose program is curl (curlimages/curl), given a URL:
		// the request runs as the shell's curl does.
		p.runScript(quoteArgv(argv))
	case isMain:
		p.main()
	case (shellUtility[bin] || p.flavour == "busybox" && busyboxApplet[bin] || p.hasTool(bin)) && repo.HasShell():
		// A utility the image has (busybox's applets, coreutils, the
		// wget or curl its Dockerfile installs) run as the container's
		// command, as the docs' init containers run wget.
		p.runScript(quoteArgv(argv))
	default:
		p.notFound(argv[0])
	}
}

// shellScript is the script of `sh -c SCRIPT` (or -ec, -exc...): "" when
// the shell reads its standard input, which is empty.
func shellScript(argv []string) string {
	for i := 1; i+1 < len(argv); i++ {
		if a := argv[i]; strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "c") {
			return argv[i+1]
		}
	}
	return ""
}

// foreverLimit is how far ahead a script is run to learn whether it exits.
const foreverLimit = 100 * 365 * 24 * time.Hour

// shellUtility lists the busybox / coreutils commands images with a shell have.
var shellUtility = map[string]bool{
	"sleep": true, "echo": true, "true": true, "false": true, "cat": true, "tail": true, "env": true,
	"printenv": true, "date": true, "hostname": true, "touch": true, "ls": true, "printf": true,
}

// busyboxApplet lists the busybox applets the shell implements beyond
// shellUtility, which a busybox image runs as a container's command
// (the Indexed Job tutorial's `rev /input/data.txt`).
var busyboxApplet = map[string]bool{
	"rev": true, "sort": true, "uniq": true, "wc": true, "head": true, "grep": true, "awk": true, "seq": true,
}

func (p *Process) notFound(cmd string) {
	p.StartError = fmt.Sprintf("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: %q: executable file not found in $PATH: unknown", cmd)
}

// main runs the image's own program.
func (p *Process) main() {
	repo := p.repo
	missing := len(repo.RequireEnv) > 0 && !p.hasAnyEnv(repo.RequireEnv)
	for _, h := range repo.RequireHosts {
		missing = missing || p.spec.Resolves != nil && !p.spec.Resolves(h)
	}
	if missing {
		p.Exits, p.ExitAfter, p.ExitCode = true, MissingEnvExitAfter, 1
		p.static = lines(repo.ErrorLogs, 0)
		return
	}
	p.repoLogs = p.startLogs(repo.Logs)
	if repo.Kind == images.KindServer {
		p.Ports = repo.Ports
		if repo.Generated {
			p.declaredPorts()
		}
		p.Graceful = repo.GracefulStop
		p.stopLogs = repo.StopLogs
		return
	}
	p.Exits, p.ExitCode = true, repo.ExitCode
}

// declaredPorts: an image the catalog does not describe serves HTTP (200
// on every path) on the ports its container declares, or on any port.
func (p *Process) declaredPorts() {
	p.Ports = nil
	for _, port := range p.spec.Ports {
		p.Ports = append(p.Ports, images.Port{Port: port, HTTP: true})
	}
	p.anyPort = len(p.Ports) == 0
}

func (p *Process) hasAnyEnv(names []string) bool {
	for _, n := range names {
		if v, ok := p.spec.Env[n]; ok && v != "" {
			return true
		}
	}
	return false
}

func (p *Process) runScript(script string) {
	p.script = parseScript(script)
	p.runPlan()
}

// runPlan runs the script ahead to learn whether and when it exits.
func (p *Process) runPlan() {
	sh := p.shell(foreverLimit, 0)
	sh.program = p.isServer
	p.reach(sh, time.Time{})
	code := sh.run(p.script)
	if sh.serving {
		p.main() // the script started the image's server
		return
	}
	if sh.stopped {
		return // runs until stopped (sleep infinity, while true, tail -f)
	}
	p.Exits, p.ExitAfter, p.ExitCode = true, sh.elapsed, code
	if sh.exited {
		p.ExitCode = sh.code
	}
	p.left = map[string][]string{}
	p.dev = map[string][]string{}
	for f, ok := range sh.files {
		if ok && strings.HasPrefix(f, "/") && !systemFile(f) {
			p.left[f] = sh.contents[f]
		}
		if ok && strings.HasPrefix(f, "/dev/") {
			p.dev[f] = sh.contents[f]
		}
	}
}

// DevFile returns what a script that exited on its own wrote to a file under /dev (the kubelet reads the
// container's terminationMessagePath, /dev/termination-log by default), one string per line.
func (p *Process) DevFile(path string) ([]string, bool) {
	lines, ok := p.dev[path]
	return lines, ok
}

// FilesAt returns the files a script started at startedAt has written (or
// found) elapsed later, by absolute path; nil for a program that is not a
// script.
func (p *Process) FilesAt(startedAt time.Time, elapsed time.Duration) map[string][]string {
	if p.script == nil {
		return nil
	}
	sh := p.shell(elapsed, 0)
	sh.program = p.isServer
	sh.start = startedAt
	p.reach(sh, startedAt) // what its wget fetched is what it wrote
	sh.run(p.script)
	out := map[string][]string{}
	for f, ok := range sh.files {
		if ok && strings.HasPrefix(f, "/") && !systemFile(f) {
			out[f] = sh.contents[f]
		}
	}
	return out
}

// Files returns the files a script that exits on its own leaves behind
// (written by redirections, touched, or there from the start), by absolute
// path: the kubelet keeps those in the pod's emptyDir volumes for the
// containers that start later. Nil for a program that is not a script.
func (p *Process) Files() map[string][]string { return p.left }

func (p *Process) shell(limit time.Duration, maxOut int) *shell {
	env := map[string]string{"HOSTNAME": p.spec.hostname(), "HOME": "/root", "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"}
	for _, kv := range p.repo.Env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = v // the image's ENV, which the container's own env overrides
		}
	}
	for k, v := range p.spec.Env {
		env[k] = v
	}
	files, contents := map[string]bool{}, map[string][]string{}
	for f, lines := range p.spec.Files {
		files[f], contents[f] = true, lines
	}
	return &shell{flavour: p.flavour, env: env, files: files, contents: contents, host: p.spec.hostname(), limit: limit, maxOut: maxOut}
}

// isServer reports whether a command a container's script runs is the
// image's own long-running program (a binary the catalog lists for a
// server image).
func (p *Process) isServer(name string) bool {
	return p.repo.Kind == images.KindServer && !shellUtility[name] && contains(p.repo.Binaries, name)
}

func (p *Process) agnhost(args []string) {
	mode := ""
	if len(args) > 0 {
		mode = args[0]
	}
	switch mode {
	case "liveness":
		p.Ports, p.Graceful, p.httpFailAfter = []images.Port{{Port: 8080, HTTP: true, Paths: agnhostLivenessPaths}}, true, 10*time.Second
		p.static = []LogLine{{Text: klog + "Started HTTP server on port 8080"}}
	case "netexec":
		http, udp := flagPort(args, "--http-port", 8080), flagPort(args, "--udp-port", 8081)
		p.Ports, p.Graceful = []images.Port{{Port: http, HTTP: true, Paths: agnhostNetexecPaths}, {Port: udp}}, true
		p.static = []LogLine{{Text: fmt.Sprintf(klog+"Started HTTP server on port %d", http)}, {At: 189 * time.Microsecond, Text: fmt.Sprintf(klog+"Started UDP server on port  %d", udp)}}
	case "serve-hostname":
		port := flagPort(args, "--port", 9376)
		p.Ports, p.Graceful = []images.Port{{Port: port, HTTP: true}}, true
		p.static = []LogLine{{Text: fmt.Sprintf("Serving on port %d.", port)}}
	case "test-webserver":
		port := flagPort(args, "--port", 80)
		p.Ports, p.Graceful = []images.Port{{Port: port, HTTP: true}}, true
		p.static = []LogLine{{Text: fmt.Sprintf("Serving on port %d.", port)}}
	case "pause":
		p.Graceful = true
		p.static = []LogLine{{Text: "Paused"}}
	default:
		p.main()
	}
}

// klog is the header agnhost's log lines carry (klog: severity, date,
// time, thread, file:line), as the Hello Minikube page's kubectl logs shows:
// "I0911 09:19:26.677397       1 log.go:195] Started HTTP server on port 8080".
const klog = "I{time:0102 15:04:05.000000}       1 log.go:195] "

// flagPort reads --name=N or --name N from agnhost's arguments.
func flagPort(args []string, name string, def int32) int32 {
	for i, a := range args {
		v, ok := strings.CutPrefix(a, name+"=")
		if !ok && a == name && i+1 < len(args) {
			v, ok = args[i+1], true
		}
		if n, err := strconv.Atoi(v); ok && err == nil && n > 0 && n < 65536 {
			return int32(n)
		}
	}
	return def
}

// The paths agnhost's HTTP servers handle (test/images/agnhost liveness
// and netexec); others answer 404.
var (
	agnhostLivenessPaths = []string{"/healthz", "/started", "/redirect"}
	agnhostNetexecPaths  = []string{"/", "/clientip", "/dial", "/echo", "/exit", "/header", "/healthz", "/hostname",
		"/hostName", "/readyz", "/redirect", "/shell", "/shutdown", "/upload"}
)

// nginxExits reports whether nginx's flags make it print and exit
// instead of serving: -t and -T test the configuration, -v and -V print
// the version, -h and -? the usage.
func nginxExits(args []string) bool {
	for _, a := range args {
		switch a {
		case "-t", "-T", "-v", "-V", "-h", "-?":
			return true
		}
	}
	return false
}

// nginxTest is nginx -t / -T (the configuration test, -T also dumps the
// configuration) or -v / -V as the container's command: it prints and exits 0.
func (p *Process) nginxTest(args []string) {
	p.Exits = true
	p.static = nil
	for _, l := range nginxInfo(p.spec.Image.Version, args) {
		p.static = append(p.static, LogLine{Text: l})
	}
}

// nginxInfo is what nginx -t / -T / -v / -V / -h print (on stderr), for the
// container's command and for kubectl exec.
func nginxInfo(version string, args []string) []string {
	v := "nginx version: nginx/" + version
	for _, a := range args {
		switch a {
		case "-v", "-V":
			return []string{v}
		case "-h", "-?":
			return []string{v, "Usage: nginx [-?hvVtTq] [-s signal] [-p prefix]"}
		}
	}
	out := []string{"nginx: the configuration file /etc/nginx/nginx.conf syntax is ok",
		"nginx: configuration file /etc/nginx/nginx.conf test is successful"}
	if contains(args, "-T") {
		out = append(out, "# configuration file /etc/nginx/nginx.conf:", "", "user  nginx;", "worker_processes  auto;")
	}
	return out
}

// stress is polinux/stress: --vm-bytes sets the memory it allocates.
func (p *Process) stress(args []string) {
	p.static = []LogLine{{Text: "stress: info: [1] dispatching hogs: 0 cpu, 0 io, 1 vm, 0 hdd"}}
	vmBytes := int64(256 << 20)
	for i := 0; i+1 < len(args); i++ {
		switch args[i] {
		case "--vm-bytes":
			if n, ok := parseSize(args[i+1]); ok {
				vmBytes = n
			}
		case "--timeout", "-t":
			if d, ok := parseSleep(args[i+1]); ok {
				p.Exits, p.ExitAfter = true, d
			}
		}
	}
	p.WorkingSet = vmBytes + 1<<20
}

func (p *Process) python(args []string) {
	for i, a := range args {
		if a == "-m" && i+1 < len(args) && args[i+1] == "http.server" {
			port := int32(8000)
			if i+2 < len(args) {
				if n, err := strconv.Atoi(args[i+2]); err == nil {
					port = int32(n)
				}
			}
			p.Ports, p.Graceful = []images.Port{{Port: port, HTTP: true}}, false
			p.static = []LogLine{{Text: fmt.Sprintf("Serving HTTP on 0.0.0.0 port %d (http://0.0.0.0:%d/) ...", port, port)}}
			return
		}
		if a == "-c" && i+1 < len(args) {
			// The interpreter starts in about 50ms, then runs the program.
			const startup = 50 * time.Millisecond
			res := runPython(args[i+1], p.shell(0, 0).env)
			for _, l := range res.out {
				p.static = append(p.static, LogLine{At: startup + l.At, Text: l.Text})
			}
			if res.forever {
				return
			}
			p.Exits, p.ExitAfter, p.ExitCode = true, startup+res.elapsed, res.code
			return
		}
	}
	p.Exits = true // the REPL reads EOF from a missing stdin and exits 0
}

func (p *Process) perl(args []string) {
	code := strings.Join(args, " ")
	if i := strings.Index(code, "bpi("); i >= 0 {
		n, _ := strconv.Atoi(strings.TrimRight(code[i+4:], ") \"'"))
		if n <= 0 || n > 20000 {
			n = 2000
		}
		p.piDigits = n
		p.Exits, p.ExitAfter = true, time.Duration(n)*2*time.Millisecond+time.Second
		return
	}
	p.Exits = true
	for _, m := range quotedPrints(code) {
		p.static = append(p.static, LogLine{Text: m})
	}
}

// quotedPrints extracts the string literals of print("...") calls.
func quotedPrints(code string) []string {
	var out []string
	for {
		i := strings.Index(code, "print")
		if i < 0 {
			return out
		}
		code = code[i+5:]
		j := strings.IndexAny(code, `"'`)
		if j < 0 || j > 3 {
			continue
		}
		q := code[j]
		k := strings.IndexByte(code[j+1:], q)
		if k < 0 {
			return out
		}
		out = append(out, code[j+1:j+1+k])
		code = code[j+1+k:]
	}
}

func lines(texts []string, at time.Duration) []LogLine {
	out := make([]LogLine, len(texts))
	for i, t := range texts {
		out[i] = LogLine{At: at, Text: t}
	}
	return out
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func quoteArgv(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// parseSize reads stress's sizes: 150M, 1G, 512K, 100000.
func parseSize(s string) (int64, bool) {
	mul := int64(1)
	switch {
	case strings.HasSuffix(s, "K") || strings.HasSuffix(s, "k"):
		mul, s = 1<<10, s[:len(s)-1]
	case strings.HasSuffix(s, "M") || strings.HasSuffix(s, "m"):
		mul, s = 1<<20, s[:len(s)-1]
	case strings.HasSuffix(s, "G") || strings.HasSuffix(s, "g"):
		mul, s = 1<<30, s[:len(s)-1]
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n * mul, err == nil
}
