package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestOneClickOnAPodShowsSelfHealing: after the page's 2-replica Deployment runs, the object lane's delete
// button on a Pod (a click in en, Enter on the focused button in ja) runs `kubectl delete pod` through the
// journal, and within virtual time the relay replaces the Pod: the story shows a new Pod Scheduled and Started.
func TestOneClickOnAPodShowsSelfHealing(t *testing.T) {
	for _, lang := range []string{"en", "ja"} {
		t.Run(lang, func(t *testing.T) {
			p := newTab(t, 1400, 900)
			p.navigate("/?lang=" + lang)
			p.waitReady()
			p.click("#apply")
			p.poll(`document.getElementById('apply-output').textContent.includes('created')`, 30*time.Second)
			eval[float64](p, `kubeplay.advance('60s')`)
			p.poll(`document.querySelectorAll('.relay-objects .obj-kill').length === 2`, 30*time.Second)
			var before []string
			evalJSON(p, `[...document.querySelectorAll('.relay-objects .obj-kill')].map((b) => b.dataset.pod)`, &before)
			label := eval[string](p, `document.querySelector('.relay-objects .obj-kill').getAttribute('aria-label')`)
			if want := map[string]string{"en": "self-healing", "ja": "自己修復"}[lang]; !strings.Contains(label, before[0]) || !strings.Contains(label, want) {
				t.Errorf("the delete button's label %q does not name the Pod %s and %q", label, before[0], want)
			}
			if lang == "en" {
				p.click(".relay-objects .obj-kill")
			} else {
				eval[bool](p, `(document.querySelector('.relay-objects .obj-kill').focus(), document.activeElement.classList.contains('obj-kill'))`)
				p.do(chromedp.KeyEvent("\r"))
			}
			// The delete went through kubectl: its request is in the trace.
			p.poll(fmt.Sprintf(`kubeplay.trace().some((r) => r.kind === 'request' && r.from === 'kubectl' && r.verb === 'delete' && r.name === %q)`, before[0]), 30*time.Second)
			eval[float64](p, `kubeplay.advance('60s')`)
			var started []string
			p.poll(`kubeplay.events().filter((e) => e.reason === 'Started' && e.object.startsWith('pod/nginx-')).length >= 3`, 60*time.Second)
			evalJSON(p, `kubeplay.events().filter((e) => e.reason === 'Started' && e.object.startsWith('pod/nginx-')).map((e) => e.object.slice(4))`, &started)
			var fresh string
			for _, s := range started {
				if !slices.Contains(before, s) {
					fresh = s
				}
			}
			if fresh == "" {
				t.Fatalf("no new Pod Started after deleting %s: %v", before[0], started)
			}
			for _, reason := range []string{"Scheduled", "Started"} {
				p.poll(fmt.Sprintf(`[...document.querySelectorAll('#story .story-row[data-reason=%q]')].some((r) => r.textContent.includes(%q))`, reason, fresh), 20*time.Second)
			}
			p.poll(fmt.Sprintf(`[...document.querySelectorAll('.relay-objects .obj-kill')].some((b) => b.dataset.pod === %q)`, fresh), 20*time.Second)
			p.screenshot("selfheal-" + lang)
			p.checkConsole()
		})
	}
}
