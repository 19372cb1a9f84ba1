package cluster

import (
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/internal/generated"
)

var update = flag.Bool("update", false, "make system.json again from system.yaml")

// TestSystemJSONIsSystemYAML: the embedded system.json holds system.yaml's
// objects, one a line, as kubectl would read the YAML (go test -run
// TestSystemJSONIsSystemYAML -update makes it again after an edit of the YAML).
func TestSystemJSONIsSystemYAML(t *testing.T) {
	src, err := os.ReadFile("system.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// {{node}} and {{ip}} stand for the control plane's name and address,
	// put in at start-up; YAML reads them as plain words of their own here.
	words := strings.NewReplacer("{{node}}", "kubeplaycontrolplanenode", "{{ip}}", "kubeplaycontrolplaneip")
	back := strings.NewReplacer("kubeplaycontrolplanenode", "{{node}}", "kubeplaycontrolplaneip", "{{ip}}")
	manifests, err := api.ParseManifests("system.yaml", []byte(words.Replace(string(src))))
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	for _, m := range manifests {
		if m.Err != nil {
			t.Fatalf("system.yaml: %s %s: %v", m.GVK.Kind, m.Name, m.Err)
		}
		if bytes.ContainsRune(m.JSON, '\n') {
			t.Fatalf("system.yaml: %s %s: its JSON spans lines", m.GVK.Kind, m.Name)
		}
		want.WriteString(back.Replace(string(m.JSON)))
		want.WriteByte('\n')
	}
	if len(manifests) < 10 {
		t.Fatalf("system.yaml holds %d objects", len(manifests))
	}
	generated.Check(t, "system.json", want.Bytes(), *update)
}
