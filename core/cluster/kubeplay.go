package cluster

import (
	"fmt"
	"io"

	"kubeplay/core/api/request"
	"kubeplay/core/client"
	"kubeplay/core/scheduler"
)

func (c *Cluster) admin() *client.Client {
	return c.clientFor(request.UserInfo{Name: request.UserAdmin, Groups: []string{request.GroupMasters, request.GroupAuthenticated}}, "kubeplay")
}

func clientDeleteNow() client.DeleteOptions {
	zero := int64(0)
	return client.DeleteOptions{GracePeriodSeconds: &zero}
}

// KubeplayCommand runs a `kubeplay ...` line (without the leading "kubeplay"):
// `explain pod NAME [-n NAMESPACE]` prints the scheduler's last decision for a Pod.
func (c *Cluster) KubeplayCommand(args []string, out io.Writer) error {
	if len(args) < 3 || args[0] != "explain" || (args[1] != "pod" && args[1] != "pods" && args[1] != "po") {
		return fmt.Errorf("usage: kubeplay explain pod NAME [-n NAMESPACE]")
	}
	name, ns := args[2], "default"
	for i := 3; i < len(args); i++ {
		switch {
		case (args[i] == "-n" || args[i] == "--namespace") && i+1 < len(args):
			ns = args[i+1]
			i++
		default:
			return fmt.Errorf("usage: kubeplay explain pod NAME [-n NAMESPACE]")
		}
	}
	if c.Scheduler == nil {
		return fmt.Errorf("this cluster has no scheduler")
	}
	a, ok := c.Scheduler.Explain(ns, name)
	if !ok {
		return fmt.Errorf("the scheduler has not tried to schedule pod %s/%s (yet)", ns, name)
	}
	fmt.Fprint(out, scheduler.FormatExplain(a))
	return nil
}
