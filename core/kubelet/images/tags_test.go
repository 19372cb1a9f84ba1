package images

import "testing"

// The tags a repository publishes, from its versions and variants
// (docker-library's tags: 1.25.5, 1.25, 1, each with -alpine...).
func TestHasTagFollowsTheRegistrysTagScheme(t *testing.T) {
	r := NewRegistry()
	nginx, _ := r.Repository("nginx")
	for tag, want := range map[string]bool{
		"latest": true, "1.14.2": true, "1.14": true, "1": true, "1.25.5": true, "1.25.6": false,
		"1.25.05": false, "1.2": false, "1.277": false, "1.161": false, "lastest": false, "1.27-alpine": true,
		"1.27.5-perl": true, "1.27-ubuntu": false, "alpine": true, "": false,
	} {
		if got := nginx.HasTag(tag); got != want {
			t.Errorf("nginx:%s: published %v, want %v", tag, got, want)
		}
	}
	agnhost, _ := r.Repository("registry.k8s.io/e2e-test-images/agnhost")
	for tag, want := range map[string]bool{"2.1": true, "2.45": true, "2.57": true, "2.58": false, "2.0": false} {
		if got := agnhost.HasTag(tag); got != want {
			t.Errorf("agnhost:%s: published %v, want %v", tag, got, want)
		}
	}
	// A repository the catalog lists without tags, and one the pull rule
	// makes, take any tag: their tags are not catalogued.
	zk, _ := r.Repository("registry.k8s.io/kubernetes-zookeeper")
	if !zk.HasTag("1.0-3.4.10") {
		t.Errorf("kubernetes-zookeeper lists no tags and should take any")
	}
	if !(&Repository{Generated: true}).HasTag("anything") {
		t.Errorf("a generated repository should take any tag")
	}
}
