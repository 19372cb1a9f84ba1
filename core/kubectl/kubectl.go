package kubectl

import (
	"errors"
	"fmt"
	"io"
	"kubeplay/core/kubectl/gotemplate"
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/client"
	"kubeplay/core/sim"
)

// Env is what kubectl runs against: the cluster, who the user is, and the
// few things a real kubectl takes from the machine (files, stdin, logs).
type Env struct {
	Sim    *sim.Sim
	Server Server
	// User is the kubeconfig user; default "kubernetes-admin".
	User string
	// Namespace is the kubeconfig context's namespace; default "default".
	Namespace string
	// ReadFile reads a file for -f; ReadDir lists a directory's entries (names).
	ReadFile func(path string) ([]byte, error)
	ReadDir  func(path string) ([]string, error)
	// ReadURL fetches an http(s) -f argument (kubectl -f https://...): the
	// cluster gives examples.Read, the documentation's examples. Its errors
	// examples.ErrOtherHost (and a nil ReadURL) answer that kubeplay has no
	// network; any other error is the server's 404.
	ReadURL func(url string) ([]byte, error)
	// Stdin is what -f - reads.
	Stdin []byte
	// Logs returns a container's log for kubectl logs.
	Logs func(ns, pod, container string, previous bool) (string, error)
	// Exec runs a command in a container (kubectl exec): its output and
	// exit code.
	Exec func(ns, pod, container string, command []string) (string, int32, error)
	// HTTPGet asks a Pod's port for a path (kubectl port-forward, then a
	// request to the forwarded local port): the body, or false when
	// nothing listens.
	HTTPGet func(ns, pod string, port int32, path string) (string, int, bool)
	// Version is the server's version; default "v1.35.0".
	Version string
	// Server URL shown by cluster-info; default "https://127.0.0.1:6443".
	ServerURL string
	// ClusterName is kind's cluster name (context kind-<name>); default "demo".
	ClusterName string
}

// Server is the kube-apiserver kubectl talks to: a client's two entry
// points, plus the answers kubectl auth whoami and kubectl auth can-i get
// (from SelfSubjectReview and SelfSubjectAccessReview in Kubernetes).
// *apiserver.Server implements it.
type Server interface {
	client.LocalServer
	UserFor(name string) (request.UserInfo, bool)
	Authorize(user request.UserInfo, verb, group, resource, subresource, ns, name string) (allowed bool, reason string)
	// RulesReview is a SelfSubjectRulesReview: the rules user has in ns.
	RulesReview(user request.UserInfo, ns string) []api.PolicyRule
	// ServerResources is discovery: every served resource, custom ones included.
	ServerResources() []*api.ResourceInfo
}

// ClientVersion is the kubectl version kubeplay plays.
const ClientVersion = "v1.35.0"

// KustomizeVersion is the kustomize built into kubectl v1.35.
const KustomizeVersion = "v5.7.1"

// Kubectl runs kubectl command lines against one cluster.
type Kubectl struct {
	env     Env
	client  *client.Client
	watches []func()
	// forwards are the running port-forwards (portforward.go).
	forwards []forward
	// proxies are the running kubectl proxies (proxy.go).
	proxies []proxyServer
	// edit is the kubectl edit open in the page's editor (edit.go).
	edit *editSession
	// editor, when set, opens kubectl edit's object (the page's editor).
	editor func(Edit)
	// discovery is the cached discovery (resources.go); nil until first needed.
	discovery []*api.ResourceInfo
	// writes counts the writes the client made (Invoke).
	writes *writeCounter
}

// New returns a kubectl for env.
func New(env Env) *Kubectl {
	if env.User == "" {
		env.User = request.UserAdmin
	}
	if env.Namespace == "" {
		env.Namespace = "default"
	}
	if env.Version == "" {
		env.Version = ClientVersion
	}
	if env.ClusterName == "" {
		env.ClusterName = "demo"
	}
	if env.ServerURL == "" {
		env.ServerURL = "https://127.0.0.1:6443"
	}
	k := &Kubectl{env: env}
	if env.Server != nil {
		user, ok := env.Server.UserFor(env.User)
		if !ok {
			user = request.UserInfo{Name: env.User}
		}
		if env.Sim == nil {
			k.env.Sim = env.Server.Sim()
		}
		k.writes = &writeCounter{LocalServer: env.Server}
		k.client = client.New(k.writes, user, "kubectl")
	}
	return k
}

// Client returns the client kubectl talks through.
func (k *Kubectl) Client() *client.Client { return k.client }

// StopWatches stops every watch started by get -w.
func (k *Kubectl) StopWatches() {
	for _, stop := range k.watches {
		stop()
	}
	k.watches = nil
	k.forwards = nil
	k.proxies = nil
}

// Watching reports how many get -w watches and port-forwards are running.
func (k *Kubectl) Watching() int { return len(k.watches) + len(k.forwards) + len(k.proxies) }

// RunLine runs one command line ("kubectl get pods", or "get pods").
func (k *Kubectl) RunLine(line string, stdout, stderr io.Writer) int {
	args, err := SplitLine(line)
	if err != nil {
		fmt.Fprintf(stderr, "error: %v\n", err)
		return 1
	}
	if len(args) > 0 && args[0] == "kubectl" {
		args = args[1:]
	}
	return k.Invoke(args, stdout, stderr)
}

// LineTime is the virtual time that passes after a kubectl command that wrote, before the next line:
// on kind, a kubectl process exits, the shell reads the next pasted line and a new kubectl loads its
// kubeconfig and discovery cache and dials the apiserver, tens of milliseconds in which the cluster
// goes on. So the components hear what a command did before the next command acts, as on a real
// cluster: a Pod run after a cordon avoids the cordoned node, a just-exposed Service has its
// Endpoints, a new namespace its default ServiceAccount, a scale's READY counts have moved. A command
// that only read (get, describe, logs…) changes nothing the cluster reacts to, and takes no time, so
// looking never moves the clock.
const LineTime = 50 * time.Millisecond

// Invoke runs one kubectl process as a shell starts it (args without "kubectl"), then lets LineTime
// pass on the cluster's clock when it wrote. Views that ask kubectl for a table call Run.
func (k *Kubectl) Invoke(args []string, stdout, stderr io.Writer) int {
	before := k.writes.n
	code := k.Run(args, stdout, stderr)
	if k.writes.n != before {
		k.env.Sim.Advance(LineTime)
	}
	return code
}

// writeCounter counts the writes kubectl's requests made (not dry runs, not refused ones).
type writeCounter struct {
	client.LocalServer
	n int
}

func (w *writeCounter) Do(req *request.Request) (api.Object, error) {
	obj, err := w.LocalServer.Do(req)
	switch req.Verb {
	case "get", "list", "watch":
	default:
		if err == nil && !req.DryRun {
			w.n++
		}
	}
	return obj, err
}

// command is one kubectl subcommand.
type command struct {
	flags []flagDef
	run   func(inv *invocation) error
}

var commands map[string]*command

func init() {
	commands = map[string]*command{
		"get":           {flags: getFlags, run: runGet},
		"apply":         {flags: applyFlags, run: runApply},
		"create":        {flags: createFlags, run: runCreate},
		"delete":        {flags: deleteFlags, run: runDelete},
		"describe":      {flags: describeFlags, run: runDescribe},
		"label":         {flags: labelFlags, run: runLabel},
		"annotate":      {flags: labelFlags, run: runAnnotate},
		"scale":         {flags: scaleFlags, run: runScale},
		"autoscale":     {flags: autoscaleFlags, run: full("autoscale")},
		"patch":         {flags: patchFlags, run: runPatch},
		"auth":          {flags: authFlags, run: runAuth},
		"version":       {flags: versionFlags, run: runVersion},
		"api-resources": {flags: apiResourcesFlags, run: runAPIResources},
		"cluster-info":  {flags: nil, run: runClusterInfo},
		"events":        {flags: eventsFlags, run: runEvents},
		"rollout":       {flags: rolloutFlags, run: runRollout},
		"set":           {flags: setFlags, run: runSet},
		"wait":          {flags: waitFlags, run: runWait},
		"logs":          {flags: logsFlags, run: runLogs},
		"cordon":        {flags: nodeFlags, run: runCordon},
		"uncordon":      {flags: nodeFlags, run: runUncordon},
		"drain":         {flags: drainFlags, run: full("drain")},
		"taint":         {flags: taintFlags, run: runTaint},
		"run":           {flags: runFlags, run: runRun},
		"expose":        {flags: exposeFlags, run: runExpose},
		"top":           {flags: topFlags, run: full("top")},
		"explain":       {flags: explainFlags, run: full("explain")},
		"api-versions":  {flags: nil, run: full("api-versions")},
		"config":        {flags: configFlags, run: full("config")},
		"exec":          {flags: execFlags, run: runExec},
		"port-forward":  {flags: portForwardFlags, run: full("port-forward")},
		"replace":       {flags: replaceFlags, run: full("replace")},
		"diff":          {flags: diffFlags, run: full("diff")},
		"edit":          {flags: editFlags, run: full("edit")},
	}
}

// invocation is one running command: its flags, streams and scope.
type invocation struct {
	k           *Kubectl
	name        string
	f           *flags
	out, errOut io.Writer
	ns          string
	explicitNs  bool
	impersonate string
	// cmdArgs are the arguments after a subcommand's NAME (after "--"):
	// the container command of create deployment/job and run.
	cmdArgs []string
	// warned are the API warnings already printed: kubectl prints each
	// once per run (rest.WarningWriter with Deduplicate).
	warned map[string]bool
	// tmpl is the Go template of get -o go-template.
	tmpl *gotemplate.Template
	// dry is the --dry-run strategy: "", "client" or "server". Every write
	// of a dry run goes through do, which never lets one persist.
	dry string
	// applied are the objects apply applied, for apply -o.
	applied []api.Object
	// merges, when set, collects the three-way merges apply computed (the page's apply-merge view).
	merges *[]Merge
}

// Run runs kubectl with args (without the leading "kubectl") and returns the
// exit code.
func (k *Kubectl) Run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stdout, "kubectl controls the Kubernetes cluster manager.")
		return 0
	}
	name := args[0]
	rest := args[1:]
	// Global flags may come before the command: kubectl -n kube-system get pods.
	var pre []string
	for strings.HasPrefix(name, "-") && len(rest) > 0 {
		pre = append(pre, name)
		if !strings.Contains(name, "=") && (name == "-n" || name == "--namespace" || name == "--as" || name == "--context" || name == "--kubeconfig") {
			pre = append(pre, rest[0])
			rest = rest[1:]
		}
		if len(rest) == 0 {
			break
		}
		name, rest = rest[0], rest[1:]
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "error: unknown command %q for %q\n", name, "kubectl")
		// cobra's "unknown command" error with its suggestions, printed by
		// kubectl's CheckErr: no usage line after it.
		if s := suggest(name); s != "" {
			fmt.Fprintf(stderr, "\nDid you mean this?\n\t%s\n", s)
		}
		return 1
	}
	f, err := parseFlags(name, append(pre, rest...), cmd.flags)
	if err != nil {
		fmt.Fprintf(stderr, "error: %v\nSee 'kubectl %s --help' for usage.\n", err, name)
		return 1
	}
	if k.client == nil {
		fmt.Fprintln(stderr, "The connection to the server localhost:8080 was refused - did you specify the right host or port?")
		return 1
	}
	inv := &invocation{k: k, name: name, f: f, out: stdout, errOut: stderr, ns: k.env.Namespace}
	if f.changed("namespace") {
		inv.ns, inv.explicitNs = f.str("namespace"), true
	}
	inv.impersonate = f.str("as")
	if inv.dry, err = dryRunStrategy(f); err != nil {
		return printError(stderr, err)
	}
	if err := cmd.run(inv); err != nil {
		return printError(stderr, err)
	}
	return 0
}

func suggest(name string) string {
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if levenshtein(n, name) <= 2 {
			return n
		}
	}
	return ""
}

func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// exitError carries a specific exit code and an already printed message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// silentError is an error whose message was already printed.
var errSilent = &exitError{code: 1}

// printError prints err as kubectl's CheckErr does and returns the exit code.
func printError(w io.Writer, err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprint(w, ensureNewline(ee.msg))
		}
		return ee.code
	}
	fmt.Fprint(w, ensureNewline(errorMessage(err)))
	return 1
}

func ensureNewline(s string) string {
	if !strings.HasSuffix(s, "\n") {
		return s + "\n"
	}
	return s
}

// errorMessage renders err as kubectl prints it (cmdutil.CheckErr).
func errorMessage(err error) string {
	var se *api.StatusError
	if errors.As(err, &se) {
		st := se.ErrStatus
		if st.Reason == api.StatusReasonInvalid && st.Details != nil {
			return invalidMessage(st)
		}
		if st.Reason == "" {
			return "Error from server: " + st.Message
		}
		return fmt.Sprintf("Error from server (%s): %s", st.Reason, st.Message)
	}
	msg := err.Error()
	if strings.HasPrefix(msg, "error: ") {
		return msg
	}
	return "error: " + msg
}

// invalidMessage is kubectl's rendering of a 422 Invalid: one cause inline,
// several as a bulleted list under a header ending in ": ".
func invalidMessage(st api.Status) string {
	d := st.Details
	prefix := "The request is invalid"
	if d.Kind != "" || d.Name != "" {
		prefix = fmt.Sprintf("The %s %q is invalid", d.Kind, d.Name)
	}
	if len(d.Causes) == 0 {
		return fmt.Sprintf("Error from server (%s): %s", st.Reason, st.Message)
	}
	var msgs []string
	seen := map[string]bool{}
	for _, c := range d.Causes {
		m := c.Message
		if c.Field != "" {
			m = c.Field + ": " + c.Message
		}
		if !seen[m] {
			seen[m] = true
			msgs = append(msgs, m)
		}
	}
	if len(msgs) == 1 {
		return prefix + ": " + msgs[0] + "\n"
	}
	var b strings.Builder
	b.WriteString(prefix + ": \n")
	for _, m := range msgs {
		b.WriteString("* " + m + "\n")
	}
	return b.String()
}

// withSource is cmdutil.AddSourceToErr: API errors gain
// `error when <verb> "<file>": ` in their message.
func withSource(verb, source string, err error) error {
	if source == "" {
		return err
	}
	var se *api.StatusError
	if errors.As(err, &se) {
		st := se.ErrStatus
		st.Message = fmt.Sprintf("error when %s %q: %s", verb, source, st.Message)
		return &api.StatusError{ErrStatus: st}
	}
	return fmt.Errorf("error when %s %q: %v", verb, source, err)
}

// do sends a request as kubectl (with --as applied).
func (inv *invocation) do(req *request.Request) (api.Object, error) {
	if inv.impersonate != "" {
		req.Impersonate = inv.impersonate
	}
	if req.Component == "" {
		req.Component = "kubectl"
	}
	if inv.dry != "" && isWrite(req.Verb) {
		if inv.dry == "client" {
			return inv.clientDryRun(req)
		}
		req.DryRun = true
	}
	obj, err := inv.k.client.Do(req)
	for _, w := range req.Warnings {
		if !inv.warned[w] {
			if inv.warned == nil {
				inv.warned = map[string]bool{}
			}
			inv.warned[w] = true
			fmt.Fprintf(inv.errOut, "Warning: %s\n", w)
		}
	}
	if err != nil && api.IsNotFound(err) && inv.k.isCustom(req.Group, req.Resource) {
		return nil, resourceGone(req, err)
	}
	return obj, err
}

// sim returns the simulation.
func (inv *invocation) sim() *sim.Sim { return inv.k.env.Sim }

// scopeNs returns the namespace for info: "" for cluster-scoped kinds.
func (inv *invocation) scopeNs(info *api.ResourceInfo) string {
	if !info.Namespaced {
		return ""
	}
	return inv.ns
}
