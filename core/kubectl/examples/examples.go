// Package examples is the Kubernetes documentation's example manifests (kubernetes/website
// content/en/examples, CC BY 4.0, © The Kubernetes Authors), which the pages apply by URL:
// `kubectl apply -f https://k8s.io/examples/application/deployment.yaml`, also written
// https://kubernetes.io/examples/... or https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/....
// Read answers such a URL with the file, as kubectl on kind fetches it (k8s.io redirects to kubernetes.io,
// which serves the repository's file).
//
// The files under files/ and their source commits (SOURCES.md) are made by ./gen from the copies the
// documentation corpus (core/shell/testdata/docs-examples) and the tutorial corpus
// (core/shell/testdata/tutorials/examples, the versions today's pages show) hold; a test keeps them equal.
//
// Natively the files are compiled in. The browser's wasm leaves them out of the first download: the page
// fetches the bundle (Bundle's JSON, built by `go run ./core/kubectl/examples/gen -bundle FILE`) the first
// time a call mentions one of these URLs, and hands it over with Provide, as it does explain's document.
package examples

import (
	"encoding/json"
	"errors"
	"sort"
	"strings"
)

// The errors Read returns.
var (
	// ErrOtherHost: the URL is not one of the documentation's; kubeplay has no network to fetch it.
	ErrOtherHost = errors.New("not a documentation example URL")
	// ErrNotFound: a documentation URL with no such file (the server's 404).
	ErrNotFound = errors.New("404 Not Found")
	// ErrNotLoaded: in the browser, the page has not provided the bundle yet.
	ErrNotLoaded = errors.New("the documentation's examples are not loaded")
)

// prefixes are where the documentation's examples are served, after the scheme.
var prefixes = []string{
	"k8s.io/examples/",
	"kubernetes.io/examples/",
	"www.kubernetes.io/examples/",
	"raw.githubusercontent.com/kubernetes/website/main/content/en/examples/",
}

// Path returns the file under content/en/examples that url names, and whether url is a documentation
// example URL at all (http or https; a query or fragment is not part of the path).
func Path(url string) (string, bool) {
	rest, ok := strings.CutPrefix(url, "https://")
	if !ok {
		if rest, ok = strings.CutPrefix(url, "http://"); !ok {
			return "", false
		}
	}
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	host, p, _ := strings.Cut(rest, "/")
	full := strings.ToLower(host) + "/" + p // host names are case-insensitive, paths are not
	for _, pre := range prefixes {
		if r, ok := strings.CutPrefix(full, pre); ok && r != "" {
			return r, true
		}
	}
	return "", false
}

var (
	loaded  map[string]string
	loadErr error
)

func files() (map[string]string, error) {
	if loaded != nil || loadErr != nil {
		return loaded, loadErr
	}
	m, err := source()
	if errors.Is(err, ErrNotLoaded) {
		return nil, err // the page may provide it later
	}
	if err != nil {
		loadErr = err
		return nil, err
	}
	loaded = m
	return loaded, nil
}

// Read returns the file a documentation example URL names: ErrOtherHost for any other URL, ErrNotFound for
// a file the documentation does not have, ErrNotLoaded before the browser provided the bundle.
func Read(url string) ([]byte, error) {
	p, ok := Path(url)
	if !ok {
		return nil, ErrOtherHost
	}
	m, err := files()
	if err != nil {
		return nil, err
	}
	s, ok := m[p]
	if !ok {
		return nil, ErrNotFound
	}
	return []byte(s), nil
}

// bundle is the JSON the page fetches: the paths under content/en/examples, sorted, and the files' contents
// in the same order (two lists of strings: decoding them needs no more of encoding/json than the wasm holds).
type bundle struct {
	Paths    []string `json:"paths"`
	Contents []string `json:"contents"`
}

func decode(data []byte) (map[string]string, error) {
	var b bundle
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, err
	}
	if len(b.Paths) == 0 || len(b.Paths) != len(b.Contents) {
		return nil, errors.New("the examples bundle holds no files, or not one per path")
	}
	m := make(map[string]string, len(b.Paths))
	for i, p := range b.Paths {
		m[p] = b.Contents[i]
	}
	return m, nil
}

// Bundle encodes files (path under content/en/examples → contents) as the page's bundle.
func Bundle(files map[string]string) ([]byte, error) {
	var b bundle
	for p := range files {
		b.Paths = append(b.Paths, p)
	}
	sort.Strings(b.Paths)
	for _, p := range b.Paths {
		b.Contents = append(b.Contents, files[p])
	}
	return json.Marshal(b)
}

// Paths lists the files, sorted (natively; in the browser once provided).
func Paths() []string {
	m, _ := files()
	out := make([]string, 0, len(m))
	for p := range m {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
