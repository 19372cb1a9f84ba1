package kubectl

import (
	"fmt"
	"io"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/kubectl/printers"
)

// watch is kubectl get -w / --watch-only: print the current table (unless
// --watch-only), then one row per watch event, as virtual time advances.
// It returns at once; the watch runs until StopWatches.
func (inv *invocation) watch(ts []target, ns string, allNs bool, output string) error {
	if len(ts) != 1 {
		return fmt.Errorf("watch is only supported on individual resources and resource collections, but %d resources were found", len(ts))
	}
	t := ts[0]
	if len(t.names) > 1 {
		return fmt.Errorf("watch is only supported on individual resources and resource collections, but %d resources were found", len(t.names))
	}
	f := inv.f
	fieldSel := f.str("field-selector")
	if len(t.names) == 1 {
		fieldSel = "metadata.name=" + t.names[0]
	}
	var objs []api.Object
	rv := ""
	if len(t.names) == 1 {
		o, err := inv.get(t.info, nsFor(t.info, inv.ns), t.names[0])
		if err != nil {
			return err
		}
		objs, rv = []api.Object{o}, o.GetObjectMeta().ResourceVersion
	} else {
		l, err := inv.list(t.info, nsFor(t.info, ns), f.str("selector"), fieldSel)
		if err != nil {
			return err
		}
		objs, rv = l.Items, l.ResourceVersion
	}
	out := inv.out
	opts := inv.tableOptions(allNs)
	table := printers.NewWatchPrinter(out)
	tableInfo := inv.k.current(t.info)
	headerDone := false
	printRows := func(w io.Writer, objs []api.Object) {
		if len(objs) == 0 {
			return
		}
		switch {
		case output == "name":
			for _, o := range objs {
				fmt.Fprintln(w, objRef(t.info, o.GetObjectMeta().Name))
			}
		case output == "yaml" || output == "json" || len(output) > 9 && output[:9] == "jsonpath=":
			for _, o := range objs {
				if output == "yaml" && headerDone {
					fmt.Fprintln(w, "---")
				}
				_ = printObject(w, o, output)
				headerDone = true
			}
		default:
			o := opts
			o.Now = inv.sim().Now()
			o.NoHeaders = opts.NoHeaders || headerDone
			_ = table.Print(tableInfo, objs, o)
			headerDone = true
		}
	}
	if !f.boolean("watch-only") {
		printRows(out, objs)
	}
	req := &request.Request{Verb: "watch", Group: t.info.Group, Resource: t.info.Resource, Namespace: nsFor(t.info, ns),
		LabelSelector: f.str("selector"), FieldSelector: fieldSel, ResourceVersion: rv, Impersonate: inv.impersonate}
	name := ""
	if len(t.names) == 1 {
		name = t.names[0]
	}
	var stop func()
	stopped := false
	stop, err := inv.k.client.WatchRaw(req, func(ev request.WatchEvent) {
		if stopped {
			return
		}
		switch ev.Type {
		case request.Error:
			stopped = true
			if stop != nil {
				stop()
			}
			return
		case request.Bookmark:
			return
		}
		if ev.Object == nil || (name != "" && ev.Object.GetObjectMeta().Name != name) {
			return
		}
		printRows(out, []api.Object{ev.Object})
	})
	if err != nil {
		return err
	}
	inv.k.watches = append(inv.k.watches, func() {
		stopped = true
		stop()
	})
	return nil
}
