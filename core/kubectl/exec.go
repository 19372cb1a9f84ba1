package kubectl

import (
	"fmt"
	"io"
	"strings"

	"kubeplay/core/api"
)

var execFlags = []flagDef{
	{name: "container", short: "c"},
	{name: "stdin", short: "i", isBool: true},
	{name: "tty", short: "t", isBool: true},
	{name: "quiet", short: "q", isBool: true},
	{name: "filename", short: "f"},
	{name: "pod-running-timeout", def: "1m0s"},
}

// ttyNotice is what kubectl prints for -t when its input is not a terminal:
// kubeplay's terminal sends no keystrokes to a container, so an
// interactive shell reads end-of-input and exits at once.
const ttyNotice = "Unable to use a TTY - input is not a terminal or the right kind of file"

// runExec is kubectl exec (POD | TYPE/NAME) [-c CONTAINER] [-it] --
// COMMAND [args...]: the command runs in the container (the kubelet's
// simulated shell and the image's utilities) and its output is printed; a
// non-zero exit is "command terminated with exit code N".
func runExec(inv *invocation) error {
	f := inv.f
	args := f.args
	if f.dash < 0 {
		if len(args) > 1 {
			return fmt.Errorf("exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\nSee 'kubectl exec -h' for help and examples")
		}
		if len(args) == 0 {
			return fmt.Errorf("expected 'exec (POD | TYPE/NAME) [-c CONTAINER] [flags] -- COMMAND [args...]'.\nPOD or TYPE/NAME is a required argument for the exec command\nSee 'kubectl exec -h' for help and examples")
		}
		return fmt.Errorf("you must specify at least one command for the container")
	}
	if f.dash == 0 {
		return fmt.Errorf("expected 'exec (POD | TYPE/NAME) [-c CONTAINER] [flags] -- COMMAND [args...]'.\nPOD or TYPE/NAME is a required argument for the exec command\nSee 'kubectl exec -h' for help and examples")
	}
	command := args[f.dash:]
	if len(command) == 0 {
		return fmt.Errorf("you must specify at least one command for the container")
	}
	pod, err := inv.podFor(args[0])
	if err != nil {
		return err
	}
	if pod.Status.Phase == api.PodSucceeded || pod.Status.Phase == api.PodFailed {
		return fmt.Errorf("cannot exec into a container in a completed pod; current phase is %s", pod.Status.Phase)
	}
	container := f.str("container")
	if container == "" {
		container = pod.Annotations["kubectl.kubernetes.io/default-container"]
	}
	if container == "" {
		container = pod.Spec.Containers[0].Name
		if len(pod.Spec.Containers) > 1 && !f.boolean("quiet") {
			var names []string
			for _, c := range pod.Spec.Containers {
				names = append(names, c.Name)
			}
			fmt.Fprintf(inv.errOut, "Defaulted container %q out of: %s\n", container, strings.Join(names, ", "))
		}
	}
	if f.boolean("tty") && !f.boolean("quiet") {
		fmt.Fprintln(inv.errOut, ttyNotice)
	}
	if inv.k.env.Exec == nil {
		return fmt.Errorf("unable to upgrade connection: exec is not served by this cluster")
	}
	out, code, err := inv.k.env.Exec(pod.Namespace, pod.Name, container, command)
	if err != nil {
		return err
	}
	fmt.Fprint(inv.out, out)
	if code != 0 {
		return &exitError{code: int(code), msg: fmt.Sprintf("command terminated with exit code %d", code)}
	}
	return nil
}

// podFor resolves POD or TYPE/NAME to a pod as kubectl's
// AttachablePodForObject does (a workload's first pod), quietly.
func (inv *invocation) podFor(arg string) (*api.Pod, error) {
	saved := inv.errOut
	inv.errOut = io.Discard
	defer func() { inv.errOut = saved }()
	return inv.logsPod(arg)
}
