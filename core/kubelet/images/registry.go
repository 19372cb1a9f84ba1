package images

import (
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"sort"
	"strings"
	"sync"
	"time"

	"kubeplay/core/fmtscan"
)

// catalog.json is catalog.yaml (the catalog's source, with its comments) in
// JSON, made by TestCatalogJSONIsCatalogYAML: the catalog loads at start-up,
// and JSON decoding is faster than YAML's and runs code that start-up runs
// anyway.
//
//go:embed catalog.json
var catalogJSON []byte

// Pull speed of the simulated registries: a fixed round-trip latency
// (resolve, manifest, auth) plus the compressed size at a steady bandwidth.
// nginx:latest (62958873 bytes) takes about 1.7s.
const (
	PullLatency   = 300 * time.Millisecond
	PullBandwidth = 45_000_000 // bytes per second
)

// RepullLatency is how long pulling an image whose layers the node already
// holds takes (imagePullPolicy Always on a :latest tag): containerd still
// resolves the tag against the registry (token, manifest) and checks every
// layer. Re-pulls from Docker Hub take about that long on real clusters
// ("postgres:latest" in 759ms, "alpine/git" in 830ms), so a node's
// serialized re-pulls start its pods some 0.8s apart.
const RepullLatency = 800 * time.Millisecond

// Behaviour kinds of an image's default command.
const (
	KindServer = "server" // runs until stopped
	KindExit   = "exit"   // returns at once (a shell or REPL without a tty)
)

// Shell flavours: how /bin/sh reports an unknown command.
const (
	ShellBusybox = "busybox" // sh: foo: not found
	ShellDash    = "dash"    // sh: 1: foo: not found
	ShellBash    = "bash"    // sh: line 1: foo: command not found
	ShellNone    = "none"    // distroless: no /bin/sh
)

// Port is a port the default program listens on.
type Port struct {
	Port int32 `yaml:"port" json:"port,omitempty"`
	// HTTP: the port answers HTTP requests: 200 on every path, or, when
	// Paths is set, 200 on those paths and 404 on any other.
	HTTP  bool     `yaml:"http" json:"http,omitempty"`
	Paths []string `yaml:"paths" json:"paths,omitempty"`
}

// Repository is one image repository with its tags and the behaviour of its
// default command.
type Repository struct {
	Name       string   `yaml:"name" json:"name,omitempty"` // docker.io/library/nginx
	Kind       string   `yaml:"kind" json:"kind,omitempty"`
	Shell      string   `yaml:"shell" json:"shell,omitempty"`
	Entrypoint []string `yaml:"entrypoint" json:"entrypoint,omitempty"`
	// Env is the image's ENV (NAME=value), under the container's own env.
	Env []string `yaml:"env" json:"env,omitempty"`
	Cmd []string `yaml:"cmd" json:"cmd,omitempty"`
	// Binaries are argv[0] values that run the image's main program
	// (nginx, redis-server...), as opposed to shell utilities.
	Binaries []string `yaml:"binaries" json:"binaries,omitempty"`
	Ports    []Port   `yaml:"ports" json:"ports,omitempty"`
	// Memory is the working set once started, e.g. "12Mi".
	Memory string `yaml:"memory" json:"memory,omitempty"`
	// GracefulStop: the program exits promptly on SIGTERM (servers).
	// Otherwise it is PID 1 without a handler and waits for SIGKILL.
	GracefulStop bool     `yaml:"gracefulStop" json:"gracefulStop,omitempty"`
	Logs         []string `yaml:"logs" json:"logs,omitempty"`
	StopLogs     []string `yaml:"stopLogs" json:"stopLogs,omitempty"`
	// ExitCode of the default command when Kind is exit.
	ExitCode   int32    `yaml:"exitCode" json:"exitCode,omitempty"`
	RequireEnv []string `yaml:"requireEnv" json:"requireEnv,omitempty"`
	// RequireHosts are names the program resolves when it starts (an
	// nginx upstream): it exits 1 with ErrorLogs when one does not resolve.
	RequireHosts []string `yaml:"requireHosts" json:"requireHosts,omitempty"`
	ErrorLogs    []string `yaml:"errorLogs" json:"errorLogs,omitempty"`
	Private      bool     `yaml:"private" json:"private,omitempty"`
	Tags         []*Image `yaml:"tags" json:"tags,omitempty"`
	// Versions are the releases the repository publishes besides Tags,
	// compactly (tags.go): each is a tag, and so are its shorter forms and
	// each of them with "-" and one of Variants. A repository listing
	// neither tags nor versions is open: its tags are not catalogued.
	Versions string   `yaml:"versions" json:"versions,omitempty"`
	Variants []string `yaml:"variants" json:"variants,omitempty"`
	// Tools are the commands the image carries besides its shell's own
	// (curl, wget, ps, nslookup, redis-cli, mysql...): kubectl exec and a
	// container's scripts find them in $PATH.
	Tools []string `yaml:"tools" json:"tools,omitempty"`
	// App names the program of kubeplay's runtime that the image's main
	// binary is (core/kubelet/runtime/apps.go): bootcamp, hello-app,
	// php-apache, redis, mysql...; empty for a generic server.
	App string `yaml:"app" json:"app,omitempty"`
	// ReplicaOf is the "HOST PORT" a replica's start script follows (the
	// guestbook's Redis follower: redis-server --replicaof redis-leader 6379).
	ReplicaOf string `yaml:"replicaOf" json:"replicaOf,omitempty"`
	// Generated: the catalog does not describe this repository; it was made
	// by the pull rule (see rule.go). Its program listens on the ports the
	// container declares.
	Generated bool `yaml:"-" json:"-"`

	memoryBytes int64
}

// MemoryBytes is the working set in bytes.
func (r *Repository) MemoryBytes() int64 { return r.memoryBytes }

// HasShell reports whether the image has /bin/sh.
func (r *Repository) HasShell() bool { return r.Shell != "" && r.Shell != ShellNone }

// Image is one tag of a repository.
type Image struct {
	Tag     string `yaml:"tag" json:"tag,omitempty"`
	Size    int64  `yaml:"size" json:"size,omitempty"`
	Version string `yaml:"version" json:"version,omitempty"`

	Repo   *Repository `yaml:"-" json:"-"`
	Digest string      `yaml:"-" json:"-"` // sha256:<hex of name:tag>
}

// Ref returns "docker.io/library/nginx:latest" ("name@sha256:..." for an
// image pulled by digest alone).
func (i *Image) Ref() string {
	if i.Tag == "" {
		return i.Repo.Name + "@" + i.Digest
	}
	return i.Repo.Name + ":" + i.Tag
}

// ID returns the repo digest "docker.io/library/nginx@sha256:...", the
// imageID a container status reports.
func (i *Image) ID() string { return i.Repo.Name + "@" + i.Digest }

// PullTime is how long pulling the image takes from its registry.
func (i *Image) PullTime() time.Duration {
	return PullLatency + time.Duration(float64(i.Size)/PullBandwidth*float64(time.Second))
}

// DigestOf returns the deterministic digest kubeplay gives name:tag.
func DigestOf(ref string) string {
	sum := Sum256(ref)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Registry is every registry the simulated nodes can pull from.
type Registry struct {
	repos map[string]*Repository
	hosts map[string]bool
	// schema1 holds the references whose manifests are Docker schema 1,
	// which containerd 2.x refuses.
	schema1 map[string]bool
	// missing holds repositories no registry serves although the pull
	// rule would make them (a namespace on Docker Hub that does not exist).
	missing map[string]bool
	// made holds what the pull rule made: repositories and images the
	// catalog does not list, by name and by reference.
	madeRepos  map[string]*Repository
	madeImages map[string]*Image
}

// catalog is the embedded catalog, parsed once; every registry starts as a
// copy of it (parsing the YAML was a fifth of building a cluster).
var catalog struct {
	once sync.Once
	r    *Registry
}

// NewRegistry returns a registry with the embedded catalog, its own copy:
// what is added to it stays in it.
func NewRegistry() *Registry {
	catalog.once.Do(func() {
		r, err := LoadRegistry(catalogJSON)
		if err != nil {
			panic("images: bad embedded catalog: " + err.Error())
		}
		catalog.r = r
	})
	return catalog.r.clone()
}

// clone copies the registry deeply enough that Add and AddImage on the copy
// leave r unchanged (repositories and their tags are copied; the string
// slices, which nothing modifies in place, are shared).
func (r *Registry) clone() *Registry {
	c := &Registry{repos: make(map[string]*Repository, len(r.repos)), hosts: maps.Clone(r.hosts), schema1: r.schema1,
		missing: r.missing, madeRepos: map[string]*Repository{}, madeImages: map[string]*Image{}}
	for name, repo := range r.repos {
		cp := *repo
		cp.Tags = make([]*Image, len(repo.Tags))
		for i, img := range repo.Tags {
			ci := *img
			ci.Repo = &cp
			cp.Tags[i] = &ci
		}
		c.repos[name] = &cp
	}
	return c
}

// Catalog is the catalog's document: catalog.yaml, or its JSON form.
type Catalog struct {
	Repositories []*Repository `yaml:"repositories" json:"repositories,omitempty"`
	Schema1      []string      `yaml:"schema1" json:"schema1,omitempty"`
	Missing      []string      `yaml:"missing" json:"missing,omitempty"`
}

// LoadRegistry builds a registry from a catalog in JSON.
func LoadRegistry(doc []byte) (*Registry, error) {
	var cat Catalog
	if err := json.Unmarshal(doc, &cat); err != nil {
		return nil, err
	}
	r := &Registry{repos: map[string]*Repository{}, hosts: map[string]bool{}, schema1: map[string]bool{},
		missing: map[string]bool{}, madeRepos: map[string]*Repository{}, madeImages: map[string]*Image{}}
	for h := range publicHosts {
		r.hosts[h] = true
	}
	for _, s := range cat.Schema1 {
		ref, err := ParseReference(s)
		if err != nil {
			return nil, err
		}
		r.schema1[ref.String()] = true
	}
	for _, s := range cat.Missing {
		ref, err := ParseReference(s)
		if err != nil {
			return nil, err
		}
		r.missing[ref.Repository()] = true
	}
	for _, repo := range cat.Repositories {
		if err := r.Add(repo); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Add adds (or replaces) a repository: scenarios add their own images.
// Its name is normalized ("myapp" becomes docker.io/library/myapp).
func (r *Registry) Add(repo *Repository) error {
	ref, err := ParseReference(repo.Name)
	if err != nil {
		return err
	}
	repo.Name = ref.Repository()
	if repo.Kind == "" {
		repo.Kind = KindServer
	}
	if repo.Shell == "" {
		repo.Shell = ShellNone
	}
	mem, err := parseBytes(repo.Memory)
	if err != nil {
		return fmt.Errorf("image %s: memory: %v", repo.Name, err)
	}
	repo.memoryBytes = mem
	for _, img := range repo.Tags {
		img.Repo = repo
		img.Digest = DigestOf(img.Ref())
	}
	r.repos[repo.Name] = repo
	r.hosts[ref.Domain] = true
	return nil
}

// AddImage adds one tag to a repository, creating the repository (a
// long-running server without ports) if needed.
func (r *Registry) AddImage(image string, size int64) (*Image, error) {
	ref, err := ParseReference(image)
	if err != nil {
		return nil, err
	}
	repo := r.repos[ref.Repository()]
	if repo == nil {
		repo = &Repository{Name: ref.Repository(), Kind: KindServer, Memory: "8Mi", GracefulStop: true}
		if err := r.Add(repo); err != nil {
			return nil, err
		}
	}
	img := &Image{Tag: ref.Tag, Size: size, Repo: repo}
	img.Digest = DigestOf(img.Ref())
	for i, t := range repo.Tags {
		if t.Tag == ref.Tag {
			repo.Tags[i] = img
			return img, nil
		}
	}
	repo.Tags = append(repo.Tags, img)
	return img, nil
}

// Repository returns the repository named name ("nginx" works).
func (r *Registry) Repository(name string) (*Repository, bool) {
	ref, err := ParseReference(name)
	if err != nil {
		return nil, false
	}
	repo, ok := r.repos[ref.Repository()]
	return repo, ok
}

// Repositories returns every repository, sorted by name.
func (r *Registry) Repositories() []*Repository {
	out := make([]*Repository, 0, len(r.repos))
	for _, repo := range r.repos {
		out = append(out, repo)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup finds the image a reference names, ignoring credentials: for
// showing catalog data, not for pulling (see Resolve).
func (r *Registry) Lookup(image string) (*Image, bool) {
	ref, err := ParseReference(image)
	if err != nil {
		return nil, false
	}
	img, err := r.find(ref)
	return img, err == nil
}

// Resolve is a pull's first step: it finds the image ref names, as the
// registry answers a client with (withCredentials) or without credentials.
// The error is a *PullError worded like containerd's.
func (r *Registry) Resolve(ref Reference, withCredentials bool) (*Image, error) {
	repo := r.repos[ref.Repository()]
	if repo != nil && repo.Private && !withCredentials {
		return nil, r.denied(ref)
	}
	return r.find(ref)
}

func (r *Registry) find(ref Reference) (*Image, error) {
	if !r.knownHost(ref.Domain) {
		return nil, &PullError{Code: "Unknown", Ref: ref.String(), Detail: fmt.Sprintf(
			"failed to resolve reference %q: failed to do request: Head %q: dial tcp: lookup %s on 127.0.0.11:53: no such host",
			ref.String(), manifestURL(ref), hostOnly(ref.Domain))}
	}
	if r.schema1[ref.Repository()+":"+ref.Tag] {
		return nil, &PullError{Code: "InvalidArgument", Ref: ref.String(), Detail: msgSchema1}
	}
	if windowsOnly(ref) {
		return nil, &PullError{Code: "NotFound", Ref: ref.String(), Detail: msgNoPlatform}
	}
	repo := r.repos[ref.Repository()]
	if repo == nil && !r.missing[ref.Repository()] {
		repo = r.madeRepo(ref)
	}
	if repo == nil {
		if ref.Domain == DefaultDomain {
			return nil, r.denied(ref)
		}
		return nil, r.notFound(ref)
	}
	var img *Image
	for _, t := range repo.Tags {
		if ref.Tag != "" && t.Tag == ref.Tag || ref.Tag == "" && ref.Digest != "" && t.Digest == ref.Digest {
			img = t
			break
		}
	}
	if img == nil && ref.Tag != "" {
		if ref.Digest == "" && !repo.HasTag(ref.Tag) {
			// containerd resolves the tag against the registry: a tag the
			// repository does not publish is not found (a digest pin
			// pulls by digest, whatever the tag says).
			return nil, r.notFound(ref)
		}
		img = r.madeTag(repo, ref.Tag)
	}
	if ref.Digest != "" && (img == nil || img.Digest != ref.Digest) {
		img = r.pinned(repo, img, ref)
	}
	return img, nil
}

// denied is Docker Hub's answer for a repository that does not exist (or
// is private): containerd wraps it in no errdefs kind, so the CRI's gRPC
// code is Unknown and the kubelet shows the message alone.
func (r *Registry) denied(ref Reference) error {
	return &PullError{Code: "Unknown", Ref: ref.String(), Detail: fmt.Sprintf(
		"failed to resolve reference %q: pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed",
		ref.String())}
}

func (r *Registry) notFound(ref Reference) error {
	return &PullError{Code: "NotFound", Ref: ref.String(), Detail: fmt.Sprintf(
		"failed to resolve reference %q: %s: not found", ref.String(), ref.String())}
}

func manifestURL(ref Reference) string {
	ver := ref.Tag
	if ref.Digest != "" {
		ver = ref.Digest
	}
	return "https://" + ref.Domain + "/v2/" + ref.Path + "/manifests/" + ver
}

func hostOnly(domain string) string {
	if i := strings.IndexByte(domain, ':'); i >= 0 {
		return domain[:i]
	}
	return domain
}

// PullError is a failed pull as the CRI reports it: a gRPC status whose
// description is containerd's "failed to pull and unpack image" chain.
type PullError struct {
	Code   string // NotFound, Unknown
	Ref    string // docker.io/library/ngnix:latest
	Detail string // failed to resolve reference ...
}

// Error is the error the kubelet holds: the CRI client (cri-client
// remote_image.go pullImageV1) strips the gRPC status of an Unknown code,
// "since they add no value", and keeps it for the others (NotFound for a
// missing tag: "rpc error: code = NotFound desc = ...").
func (e *PullError) Error() string {
	msg := fmt.Sprintf("failed to pull and unpack image %q: %s", e.Ref, e.Detail)
	if e.Code == "Unknown" {
		return msg
	}
	return fmt.Sprintf("rpc error: code = %s desc = %s", e.Code, msg)
}

// parseBytes reads "12Mi", "1Gi", "500M", "1024".
func parseBytes(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	units := []struct {
		suf string
		mul int64
	}{{"Ki", 1 << 10}, {"Mi", 1 << 20}, {"Gi", 1 << 30}, {"K", 1e3}, {"M", 1e6}, {"G", 1e9}}
	mul := int64(1)
	for _, u := range units {
		if strings.HasSuffix(s, u.suf) {
			mul, s = u.mul, strings.TrimSuffix(s, u.suf)
			break
		}
	}
	n, ok := fmtscan.Int(s, 10)
	if !ok {
		return 0, fmt.Errorf("bad size %q", s)
	}
	return n * mul, nil
}

// Default returns a fresh registry holding the embedded catalog: each
// cluster gets its own, so what a scenario adds stays in its cluster.
func Default() *Registry { return NewRegistry() }
