package images

import (
	"encoding/json"
	"flag"
	"os"
	"testing"

	"gopkg.in/yaml.v3"

	"kubeplay/core/internal/generated"
)

var update = flag.Bool("update", false, "make catalog.json again from catalog.yaml")

// TestCatalogJSONIsCatalogYAML: the embedded catalog.json is catalog.yaml,
// field for field (go test -run TestCatalogJSONIsCatalogYAML -update makes
// it again after an edit of the YAML).
func TestCatalogJSONIsCatalogYAML(t *testing.T) {
	src, err := os.ReadFile("catalog.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var cat Catalog
	if err := yaml.Unmarshal(src, &cat); err != nil {
		t.Fatalf("catalog.yaml: %v", err)
	}
	if len(cat.Repositories) < 30 {
		t.Fatalf("catalog.yaml lists %d repositories", len(cat.Repositories))
	}
	want, err := json.Marshal(cat)
	if err != nil {
		t.Fatal(err)
	}
	generated.Check(t, "catalog.json", append(want, '\n'), *update)
	r, err := LoadRegistry(want)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.repos) != len(cat.Repositories) {
		t.Fatalf("the registry has %d repositories, the catalog %d", len(r.repos), len(cat.Repositories))
	}
}
