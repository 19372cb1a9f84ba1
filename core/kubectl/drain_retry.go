package kubectl

import (
	"fmt"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// evictionRetry is how long kubectl drain waits after a 429 before it asks
// again (drain.Helper's 5 s).
const evictionRetry = 5 * time.Second

// evictRetrying sends one eviction; a refusal by a PodDisruptionBudget
// (429) is printed and retried every 5 s, as kubectl drain does, until it
// passes or the drain's timeout ends the command.
func (inv *invocation) evictRetrying(req *request.Request, p *api.Pod) error {
	timeout, err := inv.parseTimeout(0)
	if err != nil {
		return err
	}
	if timeout <= 0 {
		timeout = maxWait
	}
	deadline := inv.sim().Now().Add(timeout)
	for {
		_, err := inv.do(req)
		switch {
		case err == nil || api.IsNotFound(err):
			return nil
		case api.IsTooManyRequests(err) && inv.sim().Now().Before(deadline):
			fmt.Fprintf(inv.errOut, "error when evicting pods/%q -n %q (will retry after 5s): %v\n", p.Name, p.Namespace, err)
			inv.sim().Advance(evictionRetry)
		case api.IsTooManyRequests(err):
			return fmt.Errorf("global timeout reached: %v", timeout.Round(time.Second))
		default:
			return fmt.Errorf("error when evicting pods/%q -n %q: %v", p.Name, p.Namespace, errorMessage(err))
		}
	}
}
