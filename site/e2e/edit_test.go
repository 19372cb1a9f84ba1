package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestKubectlEditOpensTheObjectInTheEditor: `kubectl edit` typed in the terminal opens the live object in a
// tab of its own; Apply saves it with kubectl edit's words (an invalid edit reopens with its errors), and
// closing the tab cancels as kubectl edit does.
func TestKubectlEditOpensTheObjectInTheEditor(t *testing.T) {
	p := openTab(t, 1400, 900)
	eval[string](p, `kubeplay.run('kubectl create deployment web --image=nginx:1.27 --replicas=2')`)
	p.showPanel("terminal")
	edit := func() {
		p.showPanel("terminal") // an Apply brings the story into view
		p.do(chromedpSendKeys("#terminal-input", "kubectl edit deployment web\r"))
		p.poll(`[...document.querySelectorAll('.file-tab-name')].some(b => b.textContent === 'kubectl-edit-deployment.apps-web.yaml' && b.getAttribute('aria-selected') === 'true')`, 10*time.Second)
	}
	edit()
	if out := eval[string](p, `document.getElementById('terminal-output').textContent`); !strings.Contains(out, "deployment.apps/web is open in the editor") {
		t.Errorf("the terminal says %q", out)
	}
	// The whole document (CodeMirror draws only the lines in view).
	doc := func() string { return eval[string](p, `__kubeplayUI.editor.content()`) }
	text := doc()
	if !strings.HasPrefix(text, "# Please edit the object below.") || !strings.Contains(text, "replicas: 2") {
		t.Fatalf("the edit tab holds:\n%s", text)
	}
	// An invalid edit: kubectl's error, and the file reopened with it under the header.
	p.setEditor(strings.Replace(text, "replicas: 2", "replicas: -1", 1))
	p.click("#apply")
	p.until("kubectl's invalid-edit error", 10*time.Second, func() bool {
		return strings.Contains(eval[string](p, `document.getElementById('apply-output').textContent`), "is invalid")
	})
	p.poll(`__kubeplayUI.editor.content().includes('was not valid')`, 10*time.Second)
	// Fixed and saved: "edited", the tab closes, the Deployment has what was saved.
	p.setEditor(strings.Replace(doc(), "replicas: -1", "replicas: 3", 1))
	p.click("#apply")
	p.until("kubectl edit's answer", 10*time.Second, func() bool {
		out := eval[string](p, `document.getElementById('apply-output').textContent`)
		if out != "deployment.apps/web edited\n" {
			t.Logf("apply output: %q", out)
			return false
		}
		return true
	})
	p.poll(`![...document.querySelectorAll('.file-tab-name')].some(b => b.textContent.startsWith('kubectl-edit-'))`, 10*time.Second)
	if got := eval[string](p, `kubeplay.run('kubectl get deployment web -o jsonpath={.spec.replicas}')`); got != "3" {
		t.Errorf("after the edit, spec.replicas is %q, want 3", got)
	}
	if out := eval[string](p, `document.getElementById('terminal-output').textContent`); !strings.Contains(out, "deployment.apps/web edited\n") {
		t.Errorf("the terminal does not show the edit's answer: %q", out)
	}
	// The open edit is not one of the learner's files: it is not autosaved.
	edit()
	p.poll(`!(localStorage.getItem('kubeplay.files.v1') || '').includes('kubectl-edit-')`, 5*time.Second)
	// Closing its tab cancels.
	p.click(`.file-tab[aria-selected="true"] button[aria-label^="Close"]`)
	p.poll(`document.getElementById('apply-output').textContent === 'Edit cancelled, no changes made.\n'`, 10*time.Second)
	p.checkConsole()
}

// TestTheTerminalReadsAndWritesTheEditorsTabs: the documentation's `kubectl apply -f deploy.yaml` reads the
// editor's tab of that name, and `kubectl get … -o yaml > web.yaml` opens what it wrote as a tab, which
// `kubectl apply -f web.yaml` then reads back with the learner's change.
func TestTheTerminalReadsAndWritesTheEditorsTabs(t *testing.T) {
	p := openTab(t, 1400, 900)
	p.showPanel("terminal")
	p.do(chromedpSendKeys("#terminal-input", "kubectl apply -f deploy.yaml\r"))
	p.poll(`document.getElementById('terminal-output').textContent.includes('deployment.apps/nginx created')`, 10*time.Second)
	p.do(chromedpSendKeys("#terminal-input", "kubectl get deployment nginx -o yaml > web.yaml\r"))
	p.poll(`[...document.querySelectorAll('.file-tab-name')].some(b => b.textContent === 'web.yaml' && b.getAttribute('aria-selected') === 'true')`, 10*time.Second)
	text := eval[string](p, `__kubeplayUI.editor.content()`)
	if !strings.Contains(text, "kind: Deployment") || !strings.Contains(text, "replicas: 2") {
		t.Fatalf("web.yaml holds:\n%s", text)
	}
	p.setEditor(strings.Replace(text, "replicas: 2", "replicas: 4", 1))
	p.showPanel("terminal")
	p.do(chromedpSendKeys("#terminal-input", "kubectl apply -f web.yaml\r"))
	p.poll(`document.getElementById('terminal-output').textContent.includes('deployment.apps/nginx configured')`, 10*time.Second)
	if got := eval[string](p, `kubeplay.run('kubectl get deployment nginx -o jsonpath={.spec.replicas}')`); got != "4" {
		t.Errorf("after kubectl apply -f web.yaml, spec.replicas is %q, want 4", got)
	}
	p.screenshot("terminal-redirect-1400")
	p.checkConsole()
}
