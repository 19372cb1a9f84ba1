package e2e

import (
	"strings"
	"testing"
	"time"
)

// blameJS plays each beat of the page's session through the diagram with its timers run at once, and notes
// which stage pills lit, which turned red and which boxes turned red, for the beats a test names.
const blameJS = `(() => {
	const d = __kubeplayUI.diagram;
	const out = [];
	for (const b of kubeplay.beats()) {
		if (b.heartbeat) continue;
		const lit = [], failed = [], warned = [];
		d.later = (ms, fn) => fn();
		d.light = (st, fail) => (fail ? failed : lit).push(st);
		d.warn = (id) => { if (id) warned.push(id); };
		try { d.playBeat(b, 10); } finally { delete d.later; delete d.light; delete d.warn; }
		out.push({ kind: b.kind, from: b.from || '', verb: b.verb || '', resource: b.resource || '', code: b.code || 0,
			reason: b.reason || '', type: b.type || '', stages: b.stages || [], message: (b.text && b.text.en) || '', lit, failed, warned });
	}
	return out;
})()`

type blamed struct {
	Kind     string   `json:"kind"`
	From     string   `json:"from"`
	Verb     string   `json:"verb"`
	Resource string   `json:"resource"`
	Code     int      `json:"code"`
	Reason   string   `json:"reason"`
	Type     string   `json:"type"`
	Stages   []string `json:"stages"`
	Message  string   `json:"message"`
	Lit      []string `json:"lit"`
	Failed   []string `json:"failed"`
	Warned   []string `json:"warned"`
}

// TestDiagramBlamesWhereItBelongs: a read lights authentication and authorization only, a write all four
// stages; kubectl apply's GET → 404 before its create turns nothing red; a request RBAC forbids turns only
// authorization red; the kubelet's Warnings (a wrong image) turn that node's kubelet red and the scheduler's
// FailedScheduling the scheduler, never kubectl.
func TestDiagramBlamesWhereItBelongs(t *testing.T) {
	p := openTab(t, 1366, 625)
	pausedApply(t, p)
	eval[bool](p, `(async () => {
		await kubeplay.advance('10s');
		await kubeplay.apply(`+"`"+deploymentYAML("typo", "ngnix:1.27", "")+"`"+`);
		await kubeplay.apply(`+"`"+deploymentYAML("big", "nginx:1.27", "100")+"`"+`);
		await kubeplay.advance('40s');
		await kubeplay.run('kubectl get pods --as=system:serviceaccount:default:default');
		return true;
	})()`)
	var got []blamed
	evalJSON(p, blameJS, &got)
	var get404, post, forbidden, pullWarn, schedWarn bool
	for _, b := range got {
		read := b.Verb == "get" || b.Verb == "list" || b.Verb == "watch"
		switch {
		case b.Kind == "request" && read && b.Code == 404:
			get404 = get404 || b.From == "kubectl"
			if strings.Join(b.Lit, ",") != "authn,authz" || len(b.Failed) > 0 || len(b.Warned) > 0 {
				t.Errorf("a GET → 404 lit %v, red %v, boxes %v; want authn,authz and nothing red: %s", b.Lit, b.Failed, b.Warned, b.Message)
			}
		case b.Kind == "request" && read && b.Code < 400:
			if strings.Join(b.Lit, ",") != "authn,authz" || len(b.Failed) > 0 {
				t.Errorf("a read lit %v, red %v; want authn,authz: %s", b.Lit, b.Failed, b.Message)
			}
		case b.Kind == "request" && b.Verb == "create" && b.Code == 201:
			// A create goes through admission; validation where the object is validated (a binding is not).
			post = post || b.From == "kubectl"
			want := "authn,authz,admission"
			if b.Resource != "pods/binding" {
				want += ",validation"
			}
			if strings.Join(b.Lit, ",") != want || len(b.Failed) > 0 {
				t.Errorf("a create of %s lit %v, red %v; want %s, none red: %s", b.Resource, b.Lit, b.Failed, want, b.Message)
			}
		case b.Kind == "request" && b.Code == 403:
			forbidden = true
			if strings.Join(b.Failed, ",") != "authz" || len(b.Warned) > 0 {
				t.Errorf("a forbidden request: red %v, boxes %v; want authz only: %s", b.Failed, b.Warned, b.Message)
			}
		case b.Kind == "event" && b.Type == "Normal":
			if len(b.Warned) > 0 {
				t.Errorf("a Normal Event turned %v red: %s", b.Warned, b.Message)
			}
		case b.Kind == "event" && b.Reason == "Failed" && strings.HasPrefix(b.From, "kubelet/"):
			pullWarn = true
			if strings.Join(b.Warned, ",") != "kubelet:"+strings.TrimPrefix(b.From, "kubelet/") {
				t.Errorf("the kubelet's %s Warning turned %v red, want its kubelet: %s", b.Reason, b.Warned, b.Message)
			}
		case b.Kind == "event" && b.Reason == "FailedScheduling":
			schedWarn = true
			if strings.Join(b.Warned, ",") != "sched" {
				t.Errorf("FailedScheduling turned %v red, want the scheduler: %s", b.Warned, b.Message)
			}
		}
		for _, w := range b.Warned {
			if w == "kubectl" {
				t.Errorf("kubectl blamed for %s %s %s: %s", b.Kind, b.Reason, b.From, b.Message)
			}
		}
	}
	if !get404 || !post || !forbidden || !pullWarn || !schedWarn {
		t.Errorf("seen: kubectl's GET 404 %v, its create %v, a 403 %v, a kubelet Warning %v, FailedScheduling %v", get404, post, forbidden, pullWarn, schedWarn)
	}
	// And on screen: after the healthy apply's beats play, no pill stays red and the kubectl box is not red.
	p.poll(`!document.querySelector('#diagram .dg-stage.fail') && !document.querySelector('#diagram .dg-node.dg-warn[data-component="kubectl"]')`, 10*time.Second)
	p.checkConsole()
}

// deploymentYAML is a one-replica Deployment of one container, with a CPU request if cpu is not empty.
func deploymentYAML(name, image, cpu string) string {
	res := ""
	if cpu != "" {
		res = `, resources: {requests: {cpu: "` + cpu + `"}}`
	}
	return `apiVersion: apps/v1
kind: Deployment
metadata: {name: ` + name + `}
spec:
  replicas: 1
  selector: {matchLabels: {app: ` + name + `}}
  template:
    metadata: {labels: {app: ` + name + `}}
    spec:
      containers: [{name: c, image: "` + image + `"` + res + `}]
`
}
