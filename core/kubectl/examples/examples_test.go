package examples

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"kubeplay/core/kubectl/examples/internal/corpus"
)

// TestTheDataSetEqualsItsSources: files/ and SOURCES.md are what the generator makes from the documentation
// and tutorial corpora (run `go run ./core/kubectl/examples/gen` from the repository's root when this fails).
func TestTheDataSetEqualsItsSources(t *testing.T) {
	want, sources, err := corpus.Want("../../..")
	if err != nil {
		t.Fatal(err)
	}
	got := Paths()
	if len(got) != len(want) {
		t.Errorf("the data set holds %d files, its sources %d", len(got), len(want))
	}
	for _, p := range got {
		b, err := Read("https://k8s.io/examples/" + p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if w, ok := want[p]; !ok {
			t.Errorf("%s is in the data set but in neither corpus", p)
		} else if !bytes.Equal(b, w) {
			t.Errorf("%s differs from its source", p)
		}
	}
	for p := range want {
		if _, err := Read("https://k8s.io/examples/" + p); err != nil {
			t.Errorf("%s of the corpora is missing from the data set: %v", p, err)
		}
	}
	if b, err := os.ReadFile("SOURCES.md"); err != nil || !bytes.Equal(b, sources) {
		t.Errorf("SOURCES.md is not what the generator writes (err %v)", err)
	}
}

// TestEveryURLFormReadsTheFile: the forms the documentation writes (and kubectl follows to the same file)
// read the file; other URLs say which kind of failure they are.
func TestEveryURLFormReadsTheFile(t *testing.T) {
	for _, url := range []string{
		"https://k8s.io/examples/application/deployment.yaml",
		"https://kubernetes.io/examples/application/deployment.yaml",
		"https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/application/deployment.yaml",
		"http://k8s.io/examples/application/deployment.yaml",
		"https://K8S.io/examples/application/deployment.yaml",
		"https://k8s.io/examples/application/deployment.yaml?raw=true",
	} {
		b, err := Read(url)
		if err != nil || !strings.Contains(string(b), "name: nginx-deployment") {
			t.Errorf("%s: err %v, read %q", url, err, b)
		}
	}
	for url, want := range map[string]error{
		"https://k8s.io/examples/application/nope.yaml":                     ErrNotFound,
		"https://k8s.io/examples/Application/deployment.yaml":               ErrNotFound,
		"https://k8s.io/examples/":                                          ErrOtherHost,
		"https://example.com/examples/application/deployment.yaml":          ErrOtherHost,
		"https://k8s.io/application/deployment.yaml":                        ErrOtherHost,
		"https://raw.githubusercontent.com/other/repo/main/deployment.yaml": ErrOtherHost,
		"ftp://k8s.io/examples/application/deployment.yaml":                 ErrOtherHost,
	} {
		if _, err := Read(url); !errors.Is(err, want) {
			t.Errorf("%s: err %v, want %v", url, err, want)
		}
	}
}

// TestTheBundleRoundTrips: what the browser fetches decodes to the same files.
func TestTheBundleRoundTrips(t *testing.T) {
	m, err := files()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bundle(m)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decode(b)
	if err != nil || len(back) != len(m) || back["application/deployment.yaml"] != m["application/deployment.yaml"] {
		t.Errorf("the bundle decodes to %d files (err %v), want %d", len(back), err, len(m))
	}
	if _, err := decode([]byte(`{}`)); err == nil {
		t.Errorf("an empty bundle decoded")
	}
}
