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

// Explain prints the scheduler's last decision for a Pod (kubeplay explain
// pod NAME): every node's filter verdicts and plugin scores.
func (c *Cluster) Explain(ns, name string, out io.Writer) error {
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
