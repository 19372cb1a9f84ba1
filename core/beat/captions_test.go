package beat_test

import (
	"encoding/json"
	"os"
	"testing"

	"gopkg.in/yaml.v3"

	"kubeplay/core/beat"
	"kubeplay/core/internal/generated"
)

// TestCaptionsJSONIsCaptionsYAML: the embedded captions.json is
// captions.yaml (go test -run TestCaptionsJSONIsCaptionsYAML -update makes it
// again after an edit of the YAML).
func TestCaptionsJSONIsCaptionsYAML(t *testing.T) {
	src, err := os.ReadFile("captions.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]beat.Text
	if err := yaml.Unmarshal(src, &m); err != nil {
		t.Fatalf("captions.yaml: %v", err)
	}
	if len(m) != len(beat.Classes) {
		t.Fatalf("captions.yaml has %d captions for %d classes", len(m), len(beat.Classes))
	}
	want, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	generated.Check(t, "captions.json", append(want, '\n'), *update)
}
