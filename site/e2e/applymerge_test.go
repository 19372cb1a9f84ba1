package e2e

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestTheApplyMergeViewShowsWhatKubectlSent: the page's Deployment applied, then applied again with
// replicas 2 → 3, the apply bar offers kubectl apply's merge; its dialog shows the live replicas (2), the
// patch sent ({"spec":{"replicas":3}} with the annotation's change) and the old and new last-applied, in ja and en.
func TestTheApplyMergeViewShowsWhatKubectlSent(t *testing.T) {
	title := map[string]string{"ja": "kubectl apply のマージ", "en": "kubectl apply's merge"}
	for _, lang := range []string{"ja", "en"} {
		t.Run(lang, func(t *testing.T) {
			p := newTab(t, 1400, 900)
			p.navigate("/?lang=" + lang)
			p.waitReady()
			p.click("#apply")
			p.poll(`document.getElementById('apply-output').textContent.includes('created')`, 30*time.Second)
			if !eval[bool](p, `document.getElementById('apply-merge').hidden`) {
				t.Errorf("the merge button shows after a create")
			}
			text := p.editorText()
			if !strings.Contains(text, "replicas: 2") {
				t.Fatalf("the page's manifest has no replicas: 2:\n%s", text)
			}
			p.setEditor(strings.Replace(text, "replicas: 2", "replicas: 3", 1))
			p.click("#apply")
			p.poll(`document.getElementById('apply-output').textContent.includes('configured')`, 30*time.Second)
			p.poll(`!document.getElementById('apply-merge').hidden`, 10*time.Second)
			p.click("#apply-merge")
			p.poll(`document.getElementById('apply-merge-dialog')?.open === true`, 10*time.Second)
			if got := eval[string](p, `document.getElementById('apply-merge-dialog-title').textContent`); !strings.Contains(got, title[lang]) {
				t.Errorf("the dialog's title %q, want %q", got, title[lang])
			}
			var rows [][]string
			evalJSON(p, `[...document.querySelectorAll('#apply-merge-dialog .merge-fields tbody tr')].map((r) => [...r.cells].map((c) => c.textContent))`, &rows)
			if len(rows) != 1 || rows[0][0] != "spec.replicas" || rows[0][1] != "2" || rows[0][2] != "3" {
				t.Errorf("the fields the patch touches: %v, want [[spec.replicas 2 3]]", rows)
			}
			patch := eval[string](p, `document.querySelector('#apply-merge-dialog .merge-patch pre').textContent`)
			lines := strings.SplitN(patch, "\n", 2)
			var sent struct {
				Metadata struct {
					Annotations map[string]string `json:"annotations"`
				} `json:"metadata"`
				Spec map[string]any `json:"spec"`
			}
			if len(lines) != 2 || lines[0] != "application/strategic-merge-patch+json" || json.Unmarshal([]byte(lines[1]), &sent) != nil ||
				!strings.Contains(lines[1], `"spec":{"replicas":3}`) || len(sent.Spec) != 1 ||
				!strings.Contains(sent.Metadata.Annotations["kubectl.kubernetes.io/last-applied-configuration"], `"replicas":3`) {
				t.Errorf("the patch shown: %q", patch)
			}
			old := eval[string](p, `document.querySelector('#apply-merge-dialog .merge-old pre').textContent`)
			nu := eval[string](p, `document.querySelector('#apply-merge-dialog .merge-new pre').textContent`)
			if !strings.Contains(old, `"replicas": 2`) || !strings.Contains(nu, `"replicas": 3`) {
				t.Errorf("last-applied before %q, after %q", old, nu)
			}
			p.screenshot("apply-merge-" + lang)
			p.checkConsole()
		})
	}
}
