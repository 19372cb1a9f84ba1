package kubectl

import (
	"fmt"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/sim"
)

var logsFlags = []flagDef{
	{name: "container", short: "c"},
	{name: "previous", short: "p", isBool: true},
	{name: "follow", short: "f", isBool: true},
	{name: "tail", def: "-1"},
	{name: "timestamps", isBool: true},
	{name: "all-containers", isBool: true},
	{name: "selector", short: "l"},
	{name: "prefix", isBool: true},
	{name: "max-log-requests", def: "5"},
}

// runLogs is kubectl logs POD|TYPE/NAME [-c CONTAINER] [--previous]
// [--tail N] [--all-containers] [-l SELECTOR [--prefix]].
func runLogs(inv *invocation) error {
	args := inv.f.args
	tail, err := inv.f.integer("tail")
	if err != nil {
		return err
	}
	var pods []*api.Pod
	if sel := inv.f.str("selector"); sel != "" {
		if len(args) > 0 {
			return fmt.Errorf("only a selector (-l) or a POD name is allowed")
		}
		if !inv.f.changed("tail") {
			tail = 10 // kubectl logs -l shows the last 10 lines of each pod
		}
		l, err := inv.list(podsInfo(), inv.ns, sel, "")
		if err != nil {
			return err
		}
		max, _ := inv.f.integer("max-log-requests")
		if len(l.Items) > max && inv.f.boolean("follow") {
			return fmt.Errorf("you are attempting to follow %d log streams, but maximum allowed concurrency is %d, use --max-log-requests to increase the limit", len(l.Items), max)
		}
		for _, o := range l.Items {
			pods = append(pods, o.(*api.Pod))
		}
		if len(pods) == 0 {
			fmt.Fprintf(inv.errOut, "No resources found in %s namespace.\n", inv.ns)
			return nil
		}
	} else {
		if len(args) == 0 {
			return fmt.Errorf("expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command")
		}
		pod, err := inv.logsPod(args[0])
		if err != nil {
			return err
		}
		pods = []*api.Pod{pod}
	}
	container := inv.f.str("container")
	if len(args) > 1 && container == "" {
		container = args[1]
	}
	prefix := inv.f.boolean("prefix")
	for _, pod := range pods {
		containers, err := inv.logContainers(pod, container, len(pods) == 1)
		if err != nil {
			return err
		}
		if pod.Spec.NodeName == "" {
			// A Pod not yet scheduled has no kubelet to ask: the
			// apiserver's log location is empty (pkg/registry/core/pod
			// LogLocation "pod has not been assigned a host") and the
			// stream is empty, so kubectl prints nothing and exits 0.
			continue
		}
		for _, c := range containers {
			if inv.k.env.Logs == nil {
				return nil
			}
			out, err := inv.k.env.Logs(pod.Namespace, pod.Name, c, inv.f.boolean("previous"))
			if err != nil {
				return err
			}
			shown := out
			out = tailLines(out, tail)
			linePrefix := ""
			if prefix {
				linePrefix = fmt.Sprintf("[pod/%s/%s] ", pod.Name, c)
				out = prefixLines(out, linePrefix)
			}
			fmt.Fprint(inv.out, out)
			if inv.f.boolean("follow") {
				inv.follow(pod.Namespace, pod.Name, c, shown, linePrefix)
			}
		}
	}
	return nil
}

// followEvery is how often kubectl logs -f looks for new lines, in virtual
// time.
const followEvery = time.Second

// follow is kubectl logs -f: the lines the container prints later appear
// as virtual time advances, until the Pod is gone or Ctrl+C (StopWatches),
// as get -w does.
func (inv *invocation) follow(ns, pod, container, shown, linePrefix string) {
	k, out := inv.k, inv.out
	stopped := false
	var timer *sim.Timer
	var tick func()
	tick = func() {
		if stopped {
			return
		}
		text, err := k.env.Logs(ns, pod, container, false)
		if err != nil {
			stopped = true
			return
		}
		if strings.HasPrefix(text, shown) {
			fmt.Fprint(out, prefixLines(text[len(shown):], linePrefix))
		} else {
			fmt.Fprint(out, prefixLines(text, linePrefix)) // a new container instance
		}
		shown = text
		timer = k.env.Sim.AfterBackground(followEvery, "kubectl logs -f "+ns+"/"+pod, tick)
	}
	timer = k.env.Sim.AfterBackground(followEvery, "kubectl logs -f "+ns+"/"+pod, tick)
	k.watches = append(k.watches, func() {
		stopped = true
		timer.Stop()
	})
}

// logContainers is which containers' logs to print: -c, --all-containers,
// the default-container annotation or the first container.
func (inv *invocation) logContainers(pod *api.Pod, container string, notice bool) ([]string, error) {
	if inv.f.boolean("all-containers") {
		var out []string
		for _, c := range append(append([]api.Container(nil), pod.Spec.InitContainers...), pod.Spec.Containers...) {
			out = append(out, c.Name)
		}
		return out, nil
	}
	if container != "" {
		for _, c := range append(append([]api.Container(nil), pod.Spec.InitContainers...), pod.Spec.Containers...) {
			if c.Name == container {
				return []string{container}, nil
			}
		}
		return nil, api.NewBadRequest(fmt.Sprintf("container %s is not valid for pod %s", container, pod.Name))
	}
	names := make([]string, 0, len(pod.Spec.Containers))
	for _, c := range pod.Spec.Containers {
		names = append(names, c.Name)
	}
	container = pod.Annotations["kubectl.kubernetes.io/default-container"]
	if container == "" && len(names) > 0 {
		container = names[0]
		if len(names) > 1 && notice {
			fmt.Fprintf(inv.errOut, "Defaulted container %q out of: %s\n", container, strings.Join(names, ", "))
		}
	}
	return []string{container}, nil
}

// tailLines keeps the last n lines of a log (n < 0: all of it).
func tailLines(s string, n int) string {
	if n < 0 || s == "" {
		return s
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if n < len(lines) {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "")
}

func prefixLines(s, p string) string {
	if s == "" {
		return s
	}
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = p + l
		}
	}
	return strings.Join(lines, "")
}

// logsPod resolves the pod of kubectl logs: a pod name, pod/NAME, or a
// workload whose first pod is used.
func (inv *invocation) logsPod(arg string) (*api.Pod, error) {
	typ, name, ok := strings.Cut(arg, "/")
	if !ok {
		typ, name = "pods", arg
	}
	info, err := inv.resolve(typ)
	if err != nil {
		return nil, err
	}
	obj, err := inv.get(info, inv.scopeNs(info), name)
	if err != nil {
		return nil, err
	}
	if p, ok := obj.(*api.Pod); ok {
		return p, nil
	}
	var sel *api.LabelSelector
	switch o := obj.(type) {
	case *api.Deployment:
		sel = o.Spec.Selector
	case *api.ReplicaSet:
		sel = o.Spec.Selector
	case *api.DaemonSet:
		sel = o.Spec.Selector
	case *api.Job:
		sel = o.Spec.Selector
	case *api.Service:
		if len(o.Spec.Selector) == 0 {
			return nil, fmt.Errorf("invalid service '%s': Service is defined without a selector", o.Name)
		}
		sel = &api.LabelSelector{MatchLabels: o.Spec.Selector}
	default:
		return nil, fmt.Errorf("cannot get the logs from %s", info.GroupKind())
	}
	pods := inv.podsMatching(obj.GetObjectMeta().Namespace, sel)
	if sel == nil {
		// The apiserver always defaults a selector; without one, the pods
		// this object controls are the ones its selector would match.
		pods = inv.podsControlledBy(obj.GetObjectMeta())
	}
	if len(pods) == 0 {
		return nil, fmt.Errorf("timed out waiting for the condition")
	}
	if len(pods) > 1 {
		fmt.Fprintf(inv.errOut, "Found %d pods, using pod/%s\n", len(pods), pods[0].Name)
	}
	return pods[0], nil
}

// podsControlledBy lists the pods whose controller is owner.
func (inv *invocation) podsControlledBy(owner *api.ObjectMeta) []*api.Pod {
	l, err := inv.list(podsInfo(), owner.Namespace, "", "")
	if err != nil {
		return nil
	}
	var out []*api.Pod
	for _, o := range l.Items {
		if p, ok := o.(*api.Pod); ok && controlledBy(p.ObjectMeta, owner.UID) {
			out = append(out, p)
		}
	}
	return out
}
