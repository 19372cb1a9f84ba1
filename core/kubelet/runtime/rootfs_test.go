package runtime

import (
	"flag"
	"testing"

	"kubeplay/core/internal/generated"
)

var update = flag.Bool("update", false, "make rootfs.json again from rootfs.yaml")

// TestRootfsJSONIsRootfsYAML: the embedded rootfs.json is rootfs.yaml
// (go test -run TestRootfsJSONIsRootfsYAML -update makes it again).
func TestRootfsJSONIsRootfsYAML(t *testing.T) {
	var r RootFS
	want := generated.JSONOfYAML(t, "rootfs.yaml", &r)
	for name, e := range r.Images {
		if e.Base != "" && r.Images[e.Base] == nil {
			t.Errorf("%s: base %q is not in rootfs.yaml", name, e.Base)
		}
	}
	generated.Check(t, "rootfs.json", want, *update)
}
