package kubectl

import (
	"fmt"
	"io"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/kubectl/printers"
)

var eventsFlags = []flagDef{
	{name: "all-namespaces", short: "A", isBool: true},
	{name: "for"},
	{name: "types"},
	{name: "watch", short: "w", isBool: true},
	{name: "no-headers", isBool: true},
	{name: "output", short: "o"},
}

// runEvents is the kubectl events command: events sorted by time, OBJECT
// as Kind/name, LAST SEEN with "(xN over M)".
func runEvents(inv *invocation) error {
	info, ok := api.ResourceFor("events")
	if !ok {
		return fmt.Errorf("the server doesn't have a resource type %q", "events")
	}
	allNs := inv.f.boolean("all-namespaces")
	ns := inv.ns
	if allNs {
		ns = ""
	}
	var fieldSel []string
	if forArg := inv.f.str("for"); forArg != "" {
		typ, name, ok := strings.Cut(forArg, "/")
		if !ok {
			return fmt.Errorf("--for must be in resource/name form")
		}
		ri, err := inv.resolve(typ)
		if err != nil {
			return err
		}
		fieldSel = append(fieldSel, "involvedObject.kind="+ri.Kind, "involvedObject.name="+name)
	}
	types := inv.f.strs("types")
	for _, t := range types {
		if t != "Normal" && t != "Warning" {
			return fmt.Errorf("valid --types are Normal or Warning")
		}
	}
	keep := func(e *api.Event) bool {
		if len(types) == 0 {
			return true
		}
		for _, t := range types {
			if strings.EqualFold(t, e.Type) {
				return true
			}
		}
		return false
	}
	l, err := inv.list(info, ns, "", strings.Join(fieldSel, ","))
	if err != nil {
		return err
	}
	var events []*api.Event
	for _, o := range l.Items {
		if e, ok := o.(*api.Event); ok && keep(e) {
			events = append(events, e)
		}
	}
	printers.SortEvents(events)
	headers := !inv.f.boolean("no-headers")
	if len(events) == 0 && !inv.f.boolean("watch") {
		if allNs {
			fmt.Fprintln(inv.errOut, "No events found.")
		} else {
			fmt.Fprintf(inv.errOut, "No events found in %s namespace.\n", ns)
		}
		return nil
	}
	printEventRows(inv.out, events, allNs, headers, inv)
	if !inv.f.boolean("watch") {
		return nil
	}
	headerDone := len(events) > 0 || !headers
	req := &request.Request{Verb: "watch", Group: info.Group, Resource: info.Resource, Namespace: ns,
		FieldSelector: strings.Join(fieldSel, ","), ResourceVersion: l.ResourceVersion, Impersonate: inv.impersonate}
	stopped := false
	out := inv.out
	stop, err := inv.k.client.WatchRaw(req, func(ev request.WatchEvent) {
		if stopped || ev.Type == request.Deleted || ev.Type == request.Bookmark || ev.Type == request.Error {
			return
		}
		e, ok := ev.Object.(*api.Event)
		if !ok || !keep(e) {
			return
		}
		printEventRows(out, []*api.Event{e}, allNs, !headerDone, inv)
		headerDone = true
	})
	if err != nil {
		return err
	}
	inv.k.watches = append(inv.k.watches, func() { stopped = true; stop() })
	return nil
}

func printEventRows(w io.Writer, events []*api.Event, allNs, headers bool, inv *invocation) {
	tw := printers.NewTabWriter(w)
	now := inv.sim().Now()
	if headers {
		h := "LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE"
		if allNs {
			h = "NAMESPACE\t" + h
		}
		fmt.Fprintln(tw, h)
	}
	for _, e := range events {
		obj := e.InvolvedObject.Kind + "/" + e.InvolvedObject.Name
		row := fmt.Sprintf("%s\t%s\t%s\t%s\t%s", printers.EventAge(e, now), e.Type, e.Reason, obj, strings.TrimSpace(e.Message))
		if allNs {
			row = e.Namespace + "\t" + row
		}
		fmt.Fprintln(tw, row)
	}
	tw.Flush()
}
