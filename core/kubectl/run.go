package kubectl

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/api/strategicpatch"
)

var runFlags = []flagDef{
	{name: "image"},
	{name: "image-pull-policy"},
	{name: "rm", isBool: true},
	{name: "env"},
	{name: "port"},
	dryRunFlag,
	{name: "labels", short: "l"},
	{name: "stdin", short: "i", isBool: true},
	{name: "tty", short: "t", isBool: true},
	{name: "attach", isBool: true},
	{name: "leave-stdin-open", isBool: true},
	{name: "restart"},
	{name: "command", isBool: true},
	{name: "expose", isBool: true},
	{name: "quiet", short: "q", isBool: true},
	{name: "privileged", isBool: true},
	{name: "save-config", isBool: true},
	{name: "annotations"},
	{name: "overrides"},
	{name: "output", short: "o"},
	{name: "pod-running-timeout", def: "1m0s"},
	{name: "field-manager"},
}

// imageReference is a loose form of the docker reference grammar kubectl
// run checks images against: lowercase path components, an optional
// registry host[:port], tag and digest.
var imageReference = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:[a-zA-Z0-9.-]+(?::[0-9]+)?/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[\w][\w.-]{0,127})?(?:@[a-z0-9]+:[a-fA-F0-9]{32,})?$`)
})

// runOptions is what kubectl run was asked for.
type runOptions struct {
	name          string
	args          []string
	attach        bool
	restartPolicy string
}

// runRun is kubectl run NAME --image=IMG [--restart] [--labels] [--env]
// [--port] [--command] [-- ARGS...]: one Pod labelled run=NAME whose single
// container is named NAME. With -i/--attach kubeplay creates the Pod, waits
// for it as kubectl does and, having no container streams to attach to,
// falls back to the container's log exactly as kubectl does when attaching
// fails.
func runRun(inv *invocation) error {
	f := inv.f
	if !f.changed("image") {
		return fmt.Errorf("required flag(s) %q not set", "image")
	}
	o, err := inv.validateRun()
	if err != nil {
		return err
	}
	raw, err := inv.runPod(o)
	if err != nil {
		return err
	}
	if ov := f.str("overrides"); ov != "" {
		// --overrides is merged into the generated Pod (--override-type
		// merge, RFC 7386), as kubectl run does.
		base, _ := json.Marshal(raw)
		merged, err := strategicpatch.MergePatch(base, []byte(ov))
		if err != nil {
			return fmt.Errorf("error: Invalid JSON Patch: %v", err)
		}
		raw = map[string]any{}
		if err := json.Unmarshal(merged, &raw); err != nil {
			return err
		}
		if raw, err = toJSONMap(raw); err != nil {
			return err
		}
	}
	info, _ := api.ResourceFor("pods")
	obj, err := decodeTyped(info, raw)
	if err != nil {
		return err
	}
	if inv.dry == "client" {
		if f.boolean("expose") {
			if err := inv.runExposeService(o, raw, true); err != nil {
				return err
			}
		}
		return inv.printResult(info, obj, "created")
	}
	created, err := inv.create(info, inv.ns, obj)
	if err != nil {
		return err
	}
	var errs []error
	if f.boolean("expose") {
		if err := inv.runExposeService(o, raw, false); err != nil {
			errs = append(errs, err)
		}
	}
	if o.attach {
		err := inv.runAttach(o, created.(*api.Pod))
		if f.boolean("rm") {
			inv.runRemove(o.name)
		}
		return err
	}
	if err := inv.printResult(info, created, "created"); err != nil {
		return err
	}
	return aggregate(errs)
}

// validateRun is RunOptions.Validate.
func (inv *invocation) validateRun() (*runOptions, error) {
	f := inv.f
	args := f.args
	if len(args) == 0 || f.dash == 0 {
		return nil, fmt.Errorf("NAME is required for run")
	}
	image := f.str("image")
	if image == "" {
		return nil, fmt.Errorf("--image is required")
	}
	if !imageReference().MatchString(image) {
		return nil, fmt.Errorf("Invalid image name %q: invalid reference format", image)
	}
	interactive := f.boolean("stdin")
	if f.boolean("tty") && !interactive {
		return nil, fmt.Errorf("-i/--stdin is required for containers with -t/--tty=true")
	}
	if f.boolean("expose") && f.str("port") == "" {
		return nil, fmt.Errorf("--port must be set when exposing a service")
	}
	restart := f.str("restart")
	policy := "Always"
	switch restart {
	case "":
		if interactive {
			policy = "OnFailure"
		}
	case "Always", "OnFailure", "Never":
		policy = restart
	default:
		return nil, fmt.Errorf("invalid restart policy: %s", restart)
	}
	attach := f.boolean("attach") || (interactive && !f.changed("attach"))
	if !attach && f.boolean("rm") {
		return nil, fmt.Errorf("--rm should only be used for attached containers")
	}
	if attach && inv.dry != "" {
		return nil, fmt.Errorf("--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)")
	}
	switch p := f.str("image-pull-policy"); p {
	case "", "Always", "IfNotPresent", "Never":
	default:
		return nil, fmt.Errorf("invalid image pull policy: %s", p)
	}
	return &runOptions{name: args[0], args: args[1:], attach: attach, restartPolicy: policy}, nil
}

// runPod is the BasicPod generator (kubectl generate/versioned run.go).
func (inv *invocation) runPod(o *runOptions) (map[string]any, error) {
	f := inv.f
	labels := map[string]any{"run": o.name}
	if l := f.str("labels"); l != "" {
		labels = map[string]any{}
		for _, kv := range strings.Split(l, ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || k == "" {
				return nil, fmt.Errorf("invalid label spec: %v", kv)
			}
			labels[k] = v
		}
	}
	c := map[string]any{"name": o.name, "image": f.str("image"), "resources": map[string]any{}}
	if f.boolean("stdin") {
		c["stdin"] = true
		if !f.boolean("leave-stdin-open") {
			c["stdinOnce"] = true
		}
	}
	if f.boolean("tty") {
		c["tty"] = true
	}
	if len(o.args) > 0 {
		if f.boolean("command") {
			c["command"] = stringsToAny(o.args)
		} else {
			c["args"] = stringsToAny(o.args)
		}
	}
	var envs []any
	for _, e := range f.all("env") {
		name, value, ok := strings.Cut(e, "=")
		if !ok || name == "" || !isEnvVarName(name) {
			return nil, fmt.Errorf("invalid env: %v", e)
		}
		envs = append(envs, map[string]any{"name": name, "value": value})
	}
	if len(envs) > 0 {
		c["env"] = envs
	}
	if p := f.str("image-pull-policy"); p != "" {
		c["imagePullPolicy"] = p
	}
	if p := f.str("port"); p != "" {
		port, err := parsePort(p)
		if err != nil {
			return nil, err
		}
		c["ports"] = []any{map[string]any{"containerPort": port}}
	}
	if f.boolean("privileged") {
		c["securityContext"] = map[string]any{"privileged": true}
	}
	restart := f.str("restart")
	if restart == "" {
		restart = "Always"
	}
	m := meta(inv, o.name, true)
	m["labels"] = labels
	if anns := f.all("annotations"); len(anns) > 0 {
		am := map[string]any{}
		for _, a := range anns {
			k, v, ok := strings.Cut(a, "=")
			if !ok || k == "" {
				return nil, fmt.Errorf("invalid annotation spec: %v", a)
			}
			am[k] = v
		}
		m["annotations"] = am
	}
	return map[string]any{
		"apiVersion": "v1",
		"kind":       "Pod",
		"metadata":   m,
		"spec": map[string]any{
			"containers":    []any{c},
			"dnsPolicy":     "ClusterFirst",
			"restartPolicy": restart,
		},
	}, nil
}

func isEnvVarName(s string) bool {
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '_', r == '.', r == '-':
		case r >= '0' && r <= '9':
			if i == 0 {
				return false
			}
		default:
			return false
		}
	}
	return s != ""
}

// runExposeService is kubectl run --expose: a ClusterIP Service named after
// the pod, selecting its labels, printed before the pod.
func (inv *invocation) runExposeService(o *runOptions, pod map[string]any, dry bool) error {
	port, err := parsePort(inv.f.str("port"))
	if err != nil {
		return err
	}
	labels := pod["metadata"].(map[string]any)["labels"]
	svc := map[string]any{
		"apiVersion": "v1",
		"kind":       "Service",
		"metadata":   map[string]any{"name": o.name, "namespace": inv.ns},
		"spec": map[string]any{
			"selector": labels,
			"ports":    []any{map[string]any{"port": port, "protocol": "TCP", "targetPort": port}},
		},
	}
	info, _ := api.ResourceFor("services")
	obj, err := decodeTyped(info, svc)
	if err != nil {
		return err
	}
	if dry {
		return inv.printResult(info, obj, "created")
	}
	created, err := inv.create(info, inv.ns, obj)
	if err != nil {
		return err
	}
	return inv.printResult(info, created, "created")
}

// attachFailure is why kubeplay cannot attach: it simulates containers,
// not their terminals.
const attachFailure = "kubeplay simulates containers without their input/output streams (attach and exec are not available)"

// runAttach is the -i/--attach half of kubectl run: wait up to
// --pod-running-timeout for the pod to run (or finish), fail to attach,
// stream the log instead, and for restartPolicy Never/OnFailure wait for the
// exit code.
func (inv *invocation) runAttach(o *runOptions, pod *api.Pod) error {
	if inv.f.boolean("tty") {
		fmt.Fprintln(inv.errOut, "Unable to use a TTY - input is not a terminal or the right kind of file")
	}
	timeout, err := time.ParseDuration(inv.f.str("pod-running-timeout"))
	if err != nil || timeout <= 0 {
		timeout = time.Minute
	}
	info, _ := api.ResourceFor("pods")
	var latest *api.Pod
	completed := false
	met, err := inv.waitFor(info, pod.Namespace, pod.Name, timeout, func(obj api.Object) bool {
		p, ok := obj.(*api.Pod)
		if !ok {
			return true
		}
		latest = p
		switch p.Status.Phase {
		case api.PodSucceeded, api.PodFailed:
			completed = true
			return true
		case api.PodRunning:
			for _, c := range p.Status.Conditions {
				if c.Type == api.PodReady && c.Status == api.ConditionTrue {
					return true
				}
			}
		}
		return false
	})
	if err != nil {
		return err
	}
	if !met {
		return fmt.Errorf("timed out waiting for the condition")
	}
	if latest == nil {
		return api.NewNotFound(api.GroupResource{Resource: "pods"}, "")
	}
	if !completed {
		fmt.Fprintf(inv.errOut, "warning: couldn't attach to pod/%s, falling back to streaming logs: %s\n", o.name, attachFailure)
	}
	if inv.k.env.Logs != nil {
		out, err := inv.k.env.Logs(latest.Namespace, latest.Name, o.name, false)
		if err != nil {
			return err
		}
		fmt.Fprint(inv.out, out)
	}
	if inv.f.boolean("leave-stdin-open") || (o.restartPolicy != "Never" && o.restartPolicy != "OnFailure") {
		return nil
	}
	met, err = inv.waitFor(info, pod.Namespace, pod.Name, timeout, func(obj api.Object) bool {
		p, ok := obj.(*api.Pod)
		if !ok {
			return true
		}
		latest = p
		if o.restartPolicy == "OnFailure" {
			return p.Status.Phase == api.PodSucceeded
		}
		return p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed
	})
	if err != nil {
		return err
	}
	if !met {
		return fmt.Errorf("timed out waiting for the condition")
	}
	switch latest.Status.Phase {
	case api.PodSucceeded:
		return nil
	case api.PodFailed:
		unknown := fmt.Errorf("pod %s/%s failed with unknown exit code", latest.Namespace, latest.Name)
		if len(latest.Status.ContainerStatuses) == 0 || latest.Status.ContainerStatuses[0].State.Terminated == nil {
			return unknown
		}
		t := latest.Status.ContainerStatuses[0].State.Terminated
		if t.ExitCode == 0 {
			return unknown
		}
		return &exitError{code: int(t.ExitCode), msg: fmt.Sprintf("pod %s/%s terminated (%s)\n%s", latest.Namespace, latest.Name, t.Reason, t.Message)}
	}
	return fmt.Errorf("pod %s/%s left in phase %s", latest.Namespace, latest.Name, latest.Status.Phase)
}

// runRemove is --rm: delete the pod, printing what kubectl delete prints.
func (inv *invocation) runRemove(name string) {
	info, _ := api.ResourceFor("pods")
	req := &request.Request{Verb: "delete", Resource: info.Resource, Namespace: inv.ns, Name: name}
	if _, err := inv.do(req); err != nil {
		if !api.IsNotFound(err) {
			fmt.Fprint(inv.errOut, ensureNewline(errorMessage(err)))
		}
		return
	}
	fmt.Fprintf(inv.out, "pod %q deleted from %s namespace\n", name, inv.ns)
}
