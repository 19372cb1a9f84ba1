package beat

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/trace"
)

// build turns one beat's records into a Beat. beatRevs collects the
// revisions heartbeats write, so that their deliveries are heartbeats too.
func build(recs []trace.Record, beatRevs map[int64]struct{}) Beat {
	last := &recs[len(recs)-1]
	b := Beat{To: []string{}, Records: make([]int, len(recs)), at: last.Time}
	for i := range recs {
		b.Records[i] = recs[i].Seq
	}
	b.T = ms(last.Time)
	b.Time = last.Time.UTC().Format("2006-01-02T15:04:05.000Z07:00")
	var req, resp, write, ev, act *trace.Record
	for i := range recs {
		r := &recs[i]
		switch r.Kind {
		case trace.Request:
			req = r
		case trace.Response:
			resp = r
		case trace.Write:
			write = r
		case trace.Event:
			ev = r
		case trace.Action, trace.Fault:
			if act == nil {
				act = r
			}
		}
	}
	switch {
	case ev != nil:
		eventBeat(&b, ev, req, act)
		stagesOf(&b, recs)
	case req != nil:
		requestBeat(&b, req, resp, write, recs)
		stagesOf(&b, recs)
		if b.Heartbeat && b.Revision != 0 {
			beatRevs[b.Revision] = struct{}{}
		}
	case recs[0].Kind == trace.Watch:
		watchBeat(&b, recs)
		if _, ok := beatRevs[b.Revision]; ok {
			b.Heartbeat = true
			delete(beatRevs, b.Revision)
		}
	default:
		actionBeat(&b, recs)
	}
	b.Caption = captions[b.Class]
	b.Text = describe(&b, recs)
	return b
}

func requestBeat(b *Beat, req, resp, write *trace.Record, recs []trace.Record) {
	b.Kind, b.Actor, b.From = Request, "kube-apiserver", req.From
	b.To = append(b.To, req.From)
	b.Verb, b.Resource, b.Namespace, b.Name = req.Verb, req.Resource, req.Namespace, req.Name
	if write != nil {
		b.Revision = write.Revision
		if b.Name == "" {
			b.Name = keyName(write.Message)
		}
	}
	if resp != nil {
		b.Code = resp.Code
	}
	b.Object = objectOf(b.Resource, b.Namespace, b.Name)
	notFound := readNotFound(b)
	b.Warning = b.Code >= 400 && !notFound
	b.Heartbeat = isHeartbeatRequest(req)
	switch {
	case b.Heartbeat:
		b.Class = "heartbeat"
	case (b.Code == 401 || b.Code == 403) && admissionRefuser(recs) == "":
		b.Class = "apiserver-denied"
	case notFound:
		b.Class = "apiserver-read"
	case b.Code >= 400:
		b.Class = "apiserver-rejected"
	case b.Resource == "pods/binding":
		b.Class = "scheduler-bind"
	case strings.HasPrefix(req.From, "kubelet/") && b.Resource == "pods/status":
		b.Class = "kubelet-status"
	case recs[0].Kind == trace.Action && strings.HasPrefix(req.From, "kube-controller-manager/"):
		b.Class = "controller"
	case isRead(b.Verb):
		b.Class = "apiserver-read"
	default:
		b.Class = "apiserver-write"
	}
}

// stagesOf notes the chain's stages a request went through and the one that refused it (its trace
// record says so: core/apiserver's stage messages).
func stagesOf(b *Beat, recs []trace.Record) {
	for i := range recs {
		r := &recs[i]
		if r.Kind != trace.Stage {
			continue
		}
		switch r.Stage {
		case "authn", "authz", "admission", "validation":
		default:
			continue
		}
		if !slices.Contains(b.Stages, r.Stage) {
			b.Stages = append(b.Stages, r.Stage)
		}
		if b.Refused == "" && refuses(r.Message) {
			b.Refused = r.Stage
		}
	}
}

// refuses reads a stage record's message: authentication failed, forbidden, an impersonation denied, an
// admission plugin's rejection, invalid.
func refuses(msg string) bool {
	return strings.HasPrefix(msg, "authentication failed") || strings.HasPrefix(msg, "forbidden: ") ||
		strings.Contains(msg, " may not impersonate ") || strings.HasPrefix(msg, "invalid: ") ||
		strings.Contains(msg, " admission") && strings.Contains(msg, ": rejected: ")
}

func isRead(verb string) bool { return verb == "get" || verb == "list" || verb == "watch" }

// readNotFound: a read that finds nothing (kubectl apply's first GET) is kube-apiserver answering, not
// refusing.
func readNotFound(b *Beat) bool { return b.Code == 404 && isRead(b.Verb) }

// isHeartbeatRequest: Lease renewals, node status updates and the
// node-lifecycle controller's periodic reads.
func isHeartbeatRequest(r *trace.Record) bool {
	switch {
	case r.Resource == "leases.coordination.k8s.io" && r.Namespace == "kube-node-lease":
		return true
	case r.Resource == "nodes/status" && (r.Verb == "patch" || r.Verb == "update"):
		return true
	case r.Resource == "nodes" && r.Verb == "get" && r.From == "kubelet/"+r.Name:
		// The kubelet reads its Node before each status update.
		return true
	case strings.HasSuffix(r.From, "/node-lifecycle-controller") && (r.Verb == "get" || r.Verb == "list"):
		return true
	}
	return false
}

func watchBeat(b *Beat, recs []trace.Record) {
	f := &recs[0]
	b.Kind, b.Actor, b.From = Watch, "kube-apiserver", "kube-apiserver"
	for i := range recs {
		b.To = append(b.To, recs[i].To)
	}
	b.Verb, b.Resource, b.Namespace, b.Name, b.Revision = f.Verb, f.Resource, f.Namespace, f.Name, f.Revision
	b.Object = objectOf(b.Resource, b.Namespace, b.Name)
	b.Warning = f.Verb == "ERROR"
	b.Heartbeat = f.Resource == "leases.coordination.k8s.io" && f.Namespace == "kube-node-lease"
	b.Class = "watch"
	if b.Heartbeat {
		b.Class = "heartbeat"
	}
}

func eventBeat(b *Beat, ev, req, act *trace.Record) {
	b.Kind, b.Actor, b.From = Event, ev.Component, ev.Component
	b.To = append(b.To, "kube-apiserver")
	b.Source = ev.From
	typ, rest, _ := strings.Cut(ev.Message, " ")
	reason, rest, _ := strings.Cut(rest, " ")
	b.Type, b.Reason = typ, reason
	b.Resource, b.Namespace = "events", ev.Namespace
	if kind, name, ok := eventObject(ev.Message); ok {
		b.Name = name
		b.Object = kindOf(kind) + " " + joinNS(ev.Namespace, name)
		if kind == "node" || kind == "namespace" {
			b.Object = kindOf(kind) + " " + name
		}
	}
	_ = rest
	if req != nil {
		b.Verb = req.Verb
	}
	b.Warning = typ == "Warning"
	b.Class = "event"
	_ = act
}

func actionBeat(b *Beat, recs []trace.Record) {
	f := &recs[0]
	b.Kind, b.Actor = Action, f.Component
	b.Verb, b.Resource, b.Namespace, b.Name = f.Verb, f.Resource, f.Namespace, f.Name
	if f.To != "" && f.Kind != trace.Write {
		b.To = append(b.To, f.To)
	}
	if f.Kind == trace.Write {
		b.Revision = f.Revision
	}
	if b.Name != "" {
		b.Object = objectOf(b.Resource, b.Namespace, b.Name)
	}
	msg := strings.ToLower(allMessages(recs))
	b.Warning = f.Kind == trace.Fault || strings.Contains(msg, "fail") || strings.Contains(msg, "error") ||
		strings.Contains(msg, "backoff") || strings.Contains(msg, "back-off") || strings.Contains(msg, "unable")
	switch {
	case f.Kind == trace.Fault:
		b.Class = "fault"
	case f.Component == "kube-scheduler":
		b.Class = "scheduler-decide"
	case strings.HasPrefix(f.Component, "kubelet/"):
		switch {
		case strings.Contains(msg, "pull"):
			b.Class = "kubelet-pull"
		case strings.Contains(msg, "status"):
			b.Class = "kubelet-status"
		default:
			b.Class = "kubelet-start"
		}
	case f.Component == "kube-controller-manager":
		b.Class = "controller"
	case f.Component == "etcd":
		b.Class = "etcd"
	default:
		b.Class = "component"
	}
}

func allMessages(recs []trace.Record) string {
	var sb strings.Builder
	for i := range recs {
		sb.WriteString(recs[i].Message)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// eventObject parses "Normal Scheduled pod/nginx-…: message" into the
// involved object's lower-case kind and name.
func eventObject(msg string) (kind, name string, ok bool) {
	_, rest, _ := strings.Cut(msg, " ")
	_, rest, _ = strings.Cut(rest, " ")
	obj, _, ok := strings.Cut(rest, ": ")
	if !ok {
		return "", "", false
	}
	kind, name, ok = strings.Cut(obj, "/")
	return kind, name, ok
}

// eventMessage is the Event's own message (what follows "kind/name: ").
func eventMessage(msg string) string {
	_, rest, _ := strings.Cut(msg, " ")
	_, rest, _ = strings.Cut(rest, " ")
	_, m, _ := strings.Cut(rest, ": ")
	return m
}

// keyName is the last segment of the etcd key in a write record's message
// ("create /registry/pods/default/nginx-… at revision 82").
func keyName(msg string) string {
	_, rest, _ := strings.Cut(msg, " ")
	key, _, _ := strings.Cut(rest, " ")
	if i := strings.LastIndexByte(key, '/'); i >= 0 {
		return key[i+1:]
	}
	return ""
}

// objectOf is "Kind namespace/name" for a resource as the trace spells it.
func objectOf(resource, ns, name string) string {
	res, _, _ := strings.Cut(resource, "/")
	k := kindOf(res)
	if name == "" {
		if ns != "" {
			return k + " in " + ns
		}
		return k
	}
	return k + " " + joinNS(ns, name)
}

func kindOf(resource string) string {
	if ri, ok := api.ResourceFor(resource); ok {
		return ri.Kind
	}
	return resource
}

func joinNS(ns, name string) string {
	if ns == "" {
		return name
	}
	return ns + "/" + name
}

func codeText(code int) string {
	if code == 0 {
		return ""
	}
	return strconv.Itoa(code) + " " + api.StatusText(code)
}

var _ = time.Second
