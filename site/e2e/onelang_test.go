package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestJapaneseSaysEverythingInJapanese: in ja, what kubeplay writes is Japanese — the controller's decision in
// the story, the editor's fold tooltips — while a Kubernetes Event's message stays as kubectl prints it with its
// explanation chosen by the message (the kubelet's "Back-off pulling image" is ImagePullBackOff, never
// CrashLoopBackOff); and after Reset kubectl's output box no longer shows the last Apply's output.
func TestJapaneseSaysEverythingInJapanese(t *testing.T) {
	p := newTab(t, 1440, 760)
	p.navigate("/?lang=ja")
	p.waitReady()
	pausedApply(t, p)
	eval[bool](p, `(async () => {
		await kubeplay.apply(`+"`"+deploymentYAML("typo", "ngnix:1.27", "")+"`"+`);
		await kubeplay.advance('40s');
		return true;
	})()`)
	p.showPanel("events")
	p.poll(`[...document.querySelectorAll('#panel-events .story-row')].some((r) => r.dataset.reason === 'BackOff')`, 20*time.Second)
	var rows []struct {
		Reason  string `json:"reason"`
		Line    string `json:"line"`
		Explain string `json:"explain"`
	}
	evalJSON(p, `[...document.querySelectorAll('#panel-events .story-row')].map((r) => ({ reason: r.dataset.reason,
		line: r.querySelector('.story-line').textContent, explain: (r.querySelector('.story-explain') || {}).textContent || '' }))`, &rows)
	var backoff, decision int
	for _, r := range rows {
		if r.Reason == "BackOff" && strings.Contains(r.Line, "Back-off pulling image") {
			backoff++
			if !strings.Contains(r.Explain, "ImagePullBackOff") || strings.Contains(r.Explain, "CrashLoopBackOff") {
				t.Errorf("the explanation of %q: %q, want ImagePullBackOff", r.Line, r.Explain)
			}
		}
		if strings.Contains(r.Line, "deployment-controller の判断") {
			decision++
			if strings.Contains(r.Line, "creating ReplicaSet") || !strings.Contains(r.Line, "を作ります") {
				t.Errorf("the controller's decision is not in Japanese: %q", r.Line)
			}
		}
		if strings.Contains(r.Line, "untolerated taint") && !strings.Contains(r.Line, "許容されない taint") {
			t.Errorf("the scheduler's filter reason without its Japanese: %q", r.Line)
		}
	}
	if backoff == 0 || decision == 0 {
		t.Errorf("rows seen: %d Back-off pulling image, %d controller decisions", backoff, decision)
	}
	// The editor's fold markers say what they do in Japanese.
	p.poll(`[...document.querySelectorAll('#editor .cm-foldGutter [title]')].some((e) => e.title === '折りたたむ')`, 10*time.Second)
	// Reset: the cluster has applied nothing, and the output box says so.
	p.click("#reset")
	p.poll(`!document.getElementById('apply-output').textContent.includes('created') && document.getElementById('apply-output').textContent.includes('「適用」を押すと')`, 30*time.Second)
	p.checkConsole()
}
