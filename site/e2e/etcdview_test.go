package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// TestTheEtcdTreeListsAHundredKeysThenShowsTheRestOnRequest applies 130 ConfigMaps and expects the etcd
// view to list 100 of default's configmap keys with a "Show N more" button that brings the rest, and
// the keys to stay the same elements across refreshes (the tree is updated in place).
func TestTheEtcdTreeListsAHundredKeysThenShowsTheRestOnRequest(t *testing.T) {
	var docs []string
	for i := 0; i < 130; i++ {
		docs = append(docs, fmt.Sprintf("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-%03d\ndata:\n  i: %q\n", i, fmt.Sprint(i)))
	}
	p := openTab(t, 1400, 900)
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	out := eval[string](p, fmt.Sprintf(`kubeplay.apply(%q, 'many.yaml')`, strings.Join(docs, "---\n")))
	if !strings.Contains(out, "configmap/cm-129 created") {
		t.Fatalf("apply printed %q", out)
	}
	p.showPanel("etcd")
	// Open configmaps (closed by default), then its default namespace.
	p.poll(`[...document.querySelectorAll('.etcd-tree > details > summary')].some((s) => s.textContent.startsWith('configmaps'))`, 10*time.Second)
	eval[bool](p, `(() => { const d = [...document.querySelectorAll('.etcd-tree > details')].find((d) => d.firstChild.textContent.startsWith('configmaps')); d.open = true; return true; })()`)
	p.poll(`[...document.querySelectorAll('.etcd-tree details details > summary')].some((s) => s.textContent.startsWith('default'))`, 10*time.Second)
	eval[bool](p, `(() => { const d = [...document.querySelectorAll('.etcd-tree details details')].find((d) => d.firstChild.textContent.startsWith('default') && d.parentElement.firstChild.textContent.startsWith('configmaps')); d.open = true; window.__cmBox = d; return true; })()`)
	p.poll(`window.__cmBox.querySelectorAll('.etcd-key').length === 100`, 10*time.Second)
	more := eval[string](p, `window.__cmBox.querySelector('.etcd-more')?.textContent || ''`)
	if more != "Show 31 more" {
		t.Errorf("the more button says %q; want %q (131 keys: cm-000..cm-129 and kube-root-ca.crt)", more, "Show 31 more")
	}
	eval[bool](p, `(window.__firstKey = window.__cmBox.querySelector('.etcd-key'), true)`)
	eval[float64](p, `kubeplay.advance('5s')`)
	eval[bool](p, `(__kubeplayUI.etcd.lastRev = -1, __kubeplayUI.etcd.refresh()).then(() => true)`)
	if !eval[bool](p, `window.__cmBox.querySelector('.etcd-key') === window.__firstKey`) {
		t.Errorf("a refresh replaced the key buttons instead of keeping them")
	}
	p.click(".etcd-more")
	p.poll(`window.__cmBox.querySelectorAll('.etcd-key').length === 131 && !window.__cmBox.querySelector('.etcd-more')`, 5*time.Second)
	p.checkConsole()
}

// TestTheEtcdTreeListsACustomResourcesKeys: a custom resource's keys (/registry/<group>/<resource>/…) are a
// group of their own, named <group>/<resource> as the core counts them; opening it lists them (the view asks
// the core for the keys of the groups it has open only). The CRD and its Shirts are the Kubernetes docs' own.
func TestTheEtcdTreeListsACustomResourcesKeys(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile("../../core/shell/testdata/docs-examples/customresourcedefinition/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	p := openTab(t, 1400, 900)
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	if out := eval[string](p, fmt.Sprintf(`kubeplay.apply(%q, 'crd.yaml')`, read("shirt-resource-definition.yaml"))); !strings.Contains(out, "created") {
		t.Fatalf("applying the CRD printed %q", out)
	}
	eval[float64](p, `kubeplay.advance('2s')`)
	if out := eval[string](p, fmt.Sprintf(`kubeplay.apply(%q, 'shirts.yaml')`, read("shirt-resources.yaml"))); !strings.Contains(out, "shirt.stable.example.com/example1 created") {
		t.Fatalf("applying the Shirts printed %q", out)
	}
	p.showPanel("etcd")
	const group = `[...document.querySelectorAll('.etcd-tree > details')].find((d) => d.firstChild.textContent.startsWith('stable.example.com/shirts'))`
	p.poll(group+` !== undefined`, 10*time.Second)
	eval[bool](p, `((d) => { d.open = true; return true; })(`+group+`)`)
	p.poll(`[...document.querySelectorAll('.etcd-tree .etcd-key')].some((b) => b.title.startsWith('/registry/stable.example.com/shirts/default/example1\n') && b.firstChild.textContent === 'example1')`, 10*time.Second)
	p.checkConsole()
}

// TestTheEtcdViewTellsSpecWritesFromStatusWrites: after a 2-replica Deployment runs, choosing a Pod's key
// lists its writes with who made each and what it changed (wasm/seam etcdHistory): the ReplicaSet
// controller's create wrote the desired state (spec), kube-scheduler's binding set spec.nodeName, and the
// kubelet's status patches wrote only the actual state (status); in ja and en, in the article's words.
func TestTheEtcdViewTellsSpecWritesFromStatusWrites(t *testing.T) {
	const deploy = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.27\n"
	want := map[string][3]string{
		"ja": {"望ましい状態(spec)", "実際の状態(status)", "kubelet の status パッチ"},
		"en": {"desired state (spec)", "actual state (status)", "the kubelet's status patch"},
	}
	for _, lang := range []string{"ja", "en"} {
		t.Run(lang, func(t *testing.T) {
			p := newTab(t, 1400, 900)
			p.navigate("/?lang=" + lang)
			p.waitReady()
			eval[bool](p, `kubeplay.pause().then(() => true)`)
			if out := eval[string](p, fmt.Sprintf(`kubeplay.apply(%q, 'web.yaml')`, deploy)); !strings.Contains(out, "deployment.apps/web created") {
				t.Fatalf("apply printed %q", out)
			}
			eval[float64](p, `kubeplay.advance('30s')`)
			p.showPanel("etcd")
			const key = `[...document.querySelectorAll('.etcd-tree .etcd-key')].find((b) => b.title.startsWith('/registry/pods/default/web-'))`
			p.poll(`(() => { for (const d of document.querySelectorAll('.etcd-tree details')) d.open = true; return `+key+` !== undefined; })()`, 10*time.Second)
			eval[bool](p, `(`+key+`.click(), true)`)
			p.poll(`document.querySelectorAll('.etcd-writes tr.etcd-write').length >= 3`, 10*time.Second)
			var rows []struct{ Parts, Writer, Text string }
			evalJSON(p, `[...document.querySelectorAll('.etcd-writes tr.etcd-write')].reverse().map((r) => ({parts: r.dataset.parts, writer: r.dataset.writer, text: r.textContent}))`, &rows)
			first := rows[0]
			if first.Writer != "kube-controller-manager/replicaset-controller" || !strings.Contains(first.Parts, "spec") || !strings.Contains(first.Text, want[lang][0]) {
				t.Errorf("the first write: %+v", first)
			}
			var bound, status bool
			for _, r := range rows[1:] {
				if strings.Contains(r.Text, "pods/binding") {
					bound = r.Writer == "kube-scheduler" && strings.Contains(r.Text, "spec.nodeName")
				}
				if strings.Contains(r.Text, "pods/status") && strings.HasPrefix(r.Writer, "kubelet/") {
					status = r.Parts == "status" && strings.Contains(r.Text, want[lang][1]) && strings.Contains(r.Text, want[lang][2])
				}
			}
			if !bound || !status {
				t.Errorf("binding row right: %v, kubelet status row right: %v; rows %+v", bound, status, rows)
			}
			if !strings.Contains(eval[string](p, `document.querySelector('.etcd-writes-intro').textContent`), want[lang][0]) {
				t.Errorf("the intro does not name the desired state in %s", lang)
			}
			eval[bool](p, `(document.querySelector('.etcd-writes-box table').scrollIntoView(), true)`)
			p.screenshot("etcd-writes-" + lang)
			p.checkConsole()
		})
	}
}
