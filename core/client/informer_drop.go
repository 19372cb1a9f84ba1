package client

import (
	"fmt"

	"kubeplay/core/trace"
)

// DropWatch ends the informer's watch the way a dropped connection or an
// expired watch timeout does (kube-apiserver closes every watch after a
// while; client-go's reflector asks for 5 to 10 minutes). Like the
// reflector, the informer at once watches again from its last
// resourceVersion, without re-listing and without telling its handlers. If
// that revision has left the watch cache (etcd compacted it away, or too
// much happened since), the new watch gets 410 Expired and the reflector
// re-lists after its back-off. It reports whether there was a watch to
// drop: there is none unless the informer runs, has synced and is not
// waiting to re-list.
func (i *Informer) DropWatch() bool {
	if !i.running || !i.synced || i.stopWatch == nil {
		return false
	}
	i.gen++
	i.stopWatch()
	i.stopWatch = nil
	i.s.Trace.Add(trace.Record{
		Kind:      trace.Action,
		Component: i.c.component,
		Verb:      "watch",
		Resource:  i.grString(),
		Namespace: i.namespace,
		Message:   fmt.Sprintf("reflector: watch of %s closed; watching again from resourceVersion %s", i.resource, i.lastRV),
	})
	i.watch()
	return true
}
