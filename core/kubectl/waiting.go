package kubectl

import (
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// maxWait caps how much virtual time a waiting command may run the
// simulation for when it has no --timeout (kubectl would wait a week; a
// learner would press Ctrl-C long before).
const maxWait = 10 * time.Minute

// waitFor runs the simulation until cond holds for the named object, the
// way kubectl waits: one GET, then a watch from its resourceVersion. cond
// sees the latest object, or nil once it is gone. It reports whether cond
// was met before timeout.
func (inv *invocation) waitFor(info *api.ResourceInfo, ns, name string, timeout time.Duration, cond func(obj api.Object) bool) (bool, error) {
	obj, err := inv.get(info, ns, name)
	if err != nil && !api.IsNotFound(err) {
		return false, err
	}
	if err != nil {
		obj = nil
	}
	if cond(obj) {
		return true, nil
	}
	if obj == nil {
		return false, nil
	}
	uid := obj.GetObjectMeta().UID
	met := false
	req := &request.Request{Verb: "watch", Group: info.Group, Resource: info.Resource, Namespace: nsFor(info, ns),
		FieldSelector: "metadata.name=" + name, ResourceVersion: obj.GetObjectMeta().ResourceVersion, Impersonate: inv.impersonate}
	handler := func(ev request.WatchEvent) {
		if met || ev.Object == nil || ev.Object.GetObjectMeta().Name != name {
			return
		}
		switch ev.Type {
		case request.Deleted:
			if ev.Object.GetObjectMeta().UID == uid {
				met = cond(nil)
			}
		case request.Added, request.Modified:
			if ev.Object.GetObjectMeta().UID != uid {
				met = cond(nil)
				return
			}
			met = cond(ev.Object)
		}
	}
	stop, err := inv.k.client.WatchRaw(req, handler)
	if err != nil {
		req.FieldSelector = ""
		if stop, err = inv.k.client.WatchRaw(req, handler); err != nil {
			return false, err
		}
	}
	defer stop()
	if timeout <= 0 {
		timeout = maxWait
	}
	inv.sim().RunWhile(timeout, func() bool { return !met })
	return met, nil
}

// parseTimeout parses a --timeout value ("30s", "5m", "0" = default).
func (inv *invocation) parseTimeout(def time.Duration) (time.Duration, error) {
	v := inv.f.str("timeout")
	if v == "" {
		return def, nil
	}
	if v == "0" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, err
	}
	return d, nil
}
