package seam

import (
	"encoding/json"
	"strings"
	"testing"
)

// The terminal reads the editor's files with -f and writes `> FILE` back as
// a file for the editor, as a learner following the documentation types it.
func TestTheTerminalReadsAndWritesTheEditorsFiles(t *testing.T) {
	k := started(t)
	files, _ := json.Marshal(map[string]string{"deploy.yaml": nginx})
	var r runResult
	call(t, k, &r, "run", "kubectl apply -f deploy.yaml", string(files))
	if r.Output != "deployment.apps/nginx created\n" || r.Code != 0 {
		t.Fatalf("kubectl apply -f deploy.yaml printed %q (code %d)", r.Output, r.Code)
	}
	call(t, k, &r, "run", "kubectl apply -f ./missing.yaml", string(files))
	if r.Output != "error: the path \"./missing.yaml\" does not exist\n" {
		t.Errorf("a file the editor does not have: %q", r.Output)
	}
	// A directory is the editor's top level: every manifest in it.
	call(t, k, &r, "run", "kubectl apply -f .", string(files))
	if r.Output != "deployment.apps/nginx unchanged\n" {
		t.Errorf("kubectl apply -f . printed %q", r.Output)
	}

	call(t, k, &r, "run", "kubectl get deployment nginx -o yaml > web.yaml", string(files))
	if r.Output != "" || !strings.Contains(r.Files["web.yaml"], "kind: Deployment") || !strings.Contains(r.Files["web.yaml"], "replicas: 2") {
		t.Fatalf("the redirection printed %q and wrote %v", r.Output, r.Files)
	}
	// The written file is read back by the next line, before the page sends its tabs again.
	edited := strings.Replace(r.Files["web.yaml"], "replicas: 2", "replicas: 3", 1)
	files, _ = json.Marshal(map[string]string{"deploy.yaml": nginx, "web.yaml": edited})
	call(t, k, &r, "run", "kubectl replace -f web.yaml", string(files))
	if r.Output != "deployment.apps/nginx replaced\n" {
		t.Errorf("kubectl replace -f web.yaml printed %q", r.Output)
	}
	call(t, k, &r, "run", "kubectl get deployment nginx -o name >> names.txt")
	call(t, k, &r, "run", "kubectl get deployment -o name >> names.txt")
	if got := r.Files["names.txt"]; got != "deployment.apps/nginx\ndeployment.apps/nginx\n" {
		t.Errorf(">> appends: %q", got)
	}
	// Errors still reach the terminal; 2>/dev/null drops them.
	call(t, k, &r, "run", "kubectl get pod nope > out.txt")
	if r.Output != "Error from server (NotFound): pods \"nope\" not found\n" || r.Files["out.txt"] != "" {
		t.Errorf("an error with a redirected output: %q, file %q", r.Output, r.Files["out.txt"])
	}
	call(t, k, &r, "run", "kubectl get pod nope 2>/dev/null")
	if r.Output != "" {
		t.Errorf("2>/dev/null still printed %q", r.Output)
	}
	call(t, k, &r, "run", "kubectl get pods >")
	if !strings.Contains(r.Output, "syntax error near unexpected token `newline'") {
		t.Errorf("a redirection without a file: %q", r.Output)
	}
}

// A link's journal carries the files a line read: replayed, it reads the same ones.
func TestAReplayedJournalReadsTheFilesItsLinesRead(t *testing.T) {
	k := started(t)
	files, _ := json.Marshal(map[string]string{"deploy.yaml": nginx})
	call(t, k, nil, "run", "kubectl apply -f deploy.yaml", string(files))
	call(t, k, nil, "advance", 30000.0, 30000.0)
	want := call(t, k, nil, "run", "kubectl get pods")
	js := call(t, k, nil, "journal")

	k2 := New()
	var r map[string]any
	call(t, k2, &r, "replay", js)
	if r["error"] != nil {
		t.Fatalf("replay: %v", r["error"])
	}
	if got := call(t, k2, nil, "run", "kubectl get pods"); got != want || !strings.Contains(got, "nginx-") {
		t.Errorf("replayed: %s\nwant %s", got, want)
	}
}
