package kubectl

import (
	"fmt"
	"strings"

	"kubeplay/core/api"
)

var logsFlags = []flagDef{
	{name: "container", short: "c"},
	{name: "previous", short: "p", isBool: true},
	{name: "follow", short: "f", isBool: true},
	{name: "tail", def: "-1"},
	{name: "timestamps", isBool: true},
	{name: "all-containers", isBool: true},
	{name: "selector", short: "l"},
}

// runLogs is kubectl logs POD|TYPE/NAME [-c CONTAINER] [--previous].
func runLogs(inv *invocation) error {
	args := inv.f.args
	if len(args) == 0 {
		return fmt.Errorf("expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command")
	}
	container := inv.f.str("container")
	if len(args) > 1 && container == "" {
		container = args[1]
	}
	pod, err := inv.logsPod(args[0])
	if err != nil {
		return err
	}
	if container == "" {
		names := make([]string, 0, len(pod.Spec.Containers))
		for _, c := range pod.Spec.Containers {
			names = append(names, c.Name)
		}
		container = pod.Annotations["kubectl.kubernetes.io/default-container"]
		if container == "" && len(names) > 0 {
			container = names[0]
			if len(names) > 1 {
				fmt.Fprintf(inv.errOut, "Defaulted container %q out of: %s\n", container, strings.Join(names, ", "))
			}
		}
	} else {
		found := false
		for _, c := range append(append([]api.Container(nil), pod.Spec.InitContainers...), pod.Spec.Containers...) {
			if c.Name == container {
				found = true
			}
		}
		if !found {
			return api.NewBadRequest(fmt.Sprintf("container %s is not valid for pod %s", container, pod.Name))
		}
	}
	if inv.k.env.Logs == nil {
		return nil
	}
	out, err := inv.k.env.Logs(pod.Namespace, pod.Name, container, inv.f.boolean("previous"))
	if err != nil {
		return err
	}
	fmt.Fprint(inv.out, out)
	return nil
}

// logsPod resolves the pod of kubectl logs: a pod name, pod/NAME, or a
// workload whose first pod is used.
func (inv *invocation) logsPod(arg string) (*api.Pod, error) {
	typ, name, ok := strings.Cut(arg, "/")
	if !ok {
		typ, name = "pods", arg
	}
	info, err := resolve(typ)
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
