package images

import (
	"strings"
	"testing"
	"time"
)

func TestParseReferenceNormalizesLikeContainerd(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"a bare name is an official Docker Hub image with the latest tag", "nginx", "docker.io/library/nginx:latest"},
		{"a tag is kept", "nginx:1.27", "docker.io/library/nginx:1.27"},
		{"a user repository stays under docker.io", "polinux/stress", "docker.io/polinux/stress:latest"},
		{"a registry host is recognised by its dot", "registry.k8s.io/pause:3.10", "registry.k8s.io/pause:3.10"},
		{"a host with a port is a registry", "localhost:5000/app:v1", "localhost:5000/app:v1"},
		{"docker.io/library is accepted as written", "docker.io/library/redis:7", "docker.io/library/redis:7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ref, err := ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := ref.String(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseReferenceRejectsWhatTheKubeletRejects(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"uppercase names must be lowercase", "Nginx", `couldn't parse image name "Nginx": invalid reference format: repository name (library/Nginx) must be lowercase`},
		{"a double slash is invalid", "docker.io/library//nginx", `couldn't parse image name "docker.io/library//nginx": invalid reference format`},
		{"an empty repository is invalid", ":latest", `couldn't parse image name ":latest": invalid reference format`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseReference(tt.in)
			if err == nil || err.Error() != tt.want {
				t.Errorf("got %v, want %q", err, tt.want)
			}
		})
	}
}

func TestResolveAnswersLikeARegistry(t *testing.T) {
	r := NewRegistry()
	tests := []struct {
		name, image string
		creds       bool
		want        string // image ref or error text
	}{
		{"nginx resolves to its latest tag", "nginx", false, "docker.io/library/nginx:latest"},
		// Docker Hub's refusal has no errdefs kind: gRPC code Unknown, which the
		// kubelet's CRI client strips (issue 25; cri-client remote_image.go).
		{"a missing Docker Hub repository is access denied, without the gRPC status",
			"ngnix", false, `failed to pull and unpack image "docker.io/library/ngnix:latest": failed to resolve reference "docker.io/library/ngnix:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed`},
		{"any tag of an official image pulls", "postgres:15-alpine", false, "docker.io/library/postgres:15-alpine"},
		{"an official image the catalog does not describe pulls", "rabbitmq:3-management", false, "docker.io/library/rabbitmq:3-management"},
		{"an image under a Docker Hub namespace pulls", "dockersamples/examplevotingapp_vote", false, "docker.io/dockersamples/examplevotingapp_vote:latest"},
		{"an Artifact Registry image pulls", "us-central1-docker.pkg.dev/google-samples/microservices-demo/frontend:v0.10.3", false,
			"us-central1-docker.pkg.dev/google-samples/microservices-demo/frontend:v0.10.3"},
		{"Istio's registry serves Bookinfo", "registry.istio.io/release/examples-bookinfo-details-v1:1.20.3", false,
			"registry.istio.io/release/examples-bookinfo-details-v1:1.20.3"},
		{"a digest pin is honoured", "busybox:1.38.0@sha256:" + strings.Repeat("ab", 32), false, "docker.io/library/busybox:1.38.0"},
		{"a top-level name on a registry other than registry.k8s.io is not found",
			"ghcr.io/app:v1", false, `rpc error: code = NotFound desc = failed to pull and unpack image "ghcr.io/app:v1": failed to resolve reference "ghcr.io/app:v1": ghcr.io/app:v1: not found`},
		// kubernetes.io "Troubleshooting Applications"/Deployments pages: a tag
		// the repository does not publish is NotFound, and keeps the status.
		{"a tag nginx does not publish is not found (the troubleshooting typo)",
			"nginx:1.277", false, `rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.277": failed to resolve reference "docker.io/library/nginx:1.277": docker.io/library/nginx:1.277: not found`},
		{"the Deployments page's failed rollout image", "nginx:1.161", false, `docker.io/library/nginx:1.161: not found`},
		{"a misspelt latest", "nginx:lastest", false, `docker.io/library/nginx:lastest: not found`},
		{"the bootcamp tutorial's v10", "gcr.io/google-samples/kubernetes-bootcamp:v10", false,
			`rpc error: code = NotFound desc = failed to pull and unpack image "gcr.io/google-samples/kubernetes-bootcamp:v10": failed to resolve reference "gcr.io/google-samples/kubernetes-bootcamp:v10": gcr.io/google-samples/kubernetes-bootcamp:v10: not found`},
		{"the bootcamp tutorial's v2", "docker.io/jocatalin/kubernetes-bootcamp:v2", false, "docker.io/jocatalin/kubernetes-bootcamp:v2"},
		{"a published nginx release pulls", "nginx:1.9.2", false, "docker.io/library/nginx:1.9.2"},
		{"its minor tag pulls", "nginx:1.15", false, "docker.io/library/nginx:1.15"},
		{"its variant pulls", "nginx:1.25.3-alpine", false, "docker.io/library/nginx:1.25.3-alpine"},
		{"a release after the catalog's last is not found", "nginx:1.29.9", false, "nginx:1.29.9: not found"},
		{"mysql 5.7 pulls", "mysql:5.7", false, "docker.io/library/mysql:5.7"},
		{"redis 8.0.2 (Configuring Redis using a ConfigMap) pulls", "redis:8.0.2", false, "docker.io/library/redis:8.0.2"},
		{"etcd's build suffix", "registry.k8s.io/etcd:3.5.1-0", false, "registry.k8s.io/etcd:3.5.1-0"},
		{"agnhost 2.45", "registry.k8s.io/e2e-test-images/agnhost:2.45", false, "registry.k8s.io/e2e-test-images/agnhost:2.45"},
		{"a schema 1 image fails as containerd 2.x fails it",
			"registry.k8s.io/busybox", false, `rpc error: code = InvalidArgument desc = failed to pull and unpack image "registry.k8s.io/busybox:latest": schema 1 image manifests are no longer supported: invalid argument`},
		{"nginx-slim 0.8 is schema 1", "registry.k8s.io/nginx-slim:0.8", false, "schema 1 image manifests are no longer supported"},
		{"a Windows-only image has no manifest for kind's linux/amd64",
			"microsoft/iis", false, `rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/microsoft/iis:latest": no match for platform in manifest: not found`},
		{"nor has Windows Server Core on MCR", "mcr.microsoft.com/windows/servercore:ltsc2022", false,
			`failed to pull and unpack image "mcr.microsoft.com/windows/servercore:ltsc2022": no match for platform in manifest: not found`},
		{"nor a windowsservercore tag of an official image", "python:3.12-windowsservercore-ltsc2022", false, "no match for platform in manifest: not found"},
		{"nor a nanoserver tag", "mcr.microsoft.com/dotnet/aspnet:8.0-nanoserver-ltsc2022", false, "no match for platform in manifest: not found"},
		{"Microsoft's Linux images pull", "mcr.microsoft.com/dotnet/aspnet:8.0", false, "mcr.microsoft.com/dotnet/aspnet:8.0"},
		{"a repository the catalog lists as missing is access denied (the Job docs' ConfigIssue example)",
			"non-existing-repo/non-existing-image:example", false, `failed to resolve reference "docker.io/non-existing-repo/non-existing-image:example": pull access denied, repository does not exist or may require authorization`},
		{"a private repository without credentials is access denied", "kubeplay/private-app:1.0", false, "pull access denied"},
		{"a private repository with credentials resolves", "kubeplay/private-app:1.0", true, "docker.io/kubeplay/private-app:1.0"},
		{"an unknown registry host does not resolve", "myregistry.local/app", false, `dial tcp: lookup myregistry.local on 127.0.0.11:53: no such host`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ref, err := ParseReference(tt.image)
			if err != nil {
				t.Fatal(err)
			}
			img, err := r.Resolve(ref, tt.creds)
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				got = img.Ref()
			}
			if !strings.Contains(got, tt.want) {
				t.Errorf("got %q, want it to contain %q", got, tt.want)
			}
		})
	}
}

func TestCatalogHasRealSizesAndPullTimes(t *testing.T) {
	r := NewRegistry()
	if n := len(r.Repositories()); n < 30 {
		t.Errorf("catalog has %d repositories, want at least 30", n)
	}
	img, ok := r.Lookup("nginx")
	if !ok || img.Size != 62958873 {
		t.Fatalf("nginx:latest = %+v", img)
	}
	if d := img.PullTime().Truncate(time.Millisecond); d != 1699*time.Millisecond {
		t.Errorf("nginx pull time = %v, want 1.699s", d)
	}
	if !strings.HasPrefix(img.ID(), "docker.io/library/nginx@sha256:") || len(img.Digest) != 71 {
		t.Errorf("image ID = %q", img.ID())
	}
	if pause, ok := r.Lookup("registry.k8s.io/pause:3.10"); !ok || pause.Size != 320368 {
		t.Errorf("pause:3.10 = %+v", pause)
	}
	byDigest, ok := r.Lookup("nginx@" + img.Digest)
	if !ok || byDigest != img {
		t.Errorf("lookup by digest = %+v", byDigest)
	}
}

func TestThePullRuleMakesPlausibleImages(t *testing.T) {
	r := NewRegistry()
	resolve := func(image string) *Image {
		t.Helper()
		ref, err := ParseReference(image)
		if err != nil {
			t.Fatal(err)
		}
		img, err := r.Resolve(ref, false)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	vote := resolve("dockersamples/examplevotingapp_vote")
	if vote.Size < 5_000_000 || vote.Size > 200_000_000 || !vote.Repo.Generated || vote.Repo.Kind != KindServer {
		t.Errorf("a namespaced image: size %d, generated %v, kind %s; want 5-200 MB, a generated server", vote.Size, vote.Repo.Generated, vote.Repo.Kind)
	}
	if again := NewRegistry(); again.madeRepo(Reference{Domain: "docker.io", Path: "dockersamples/examplevotingapp_vote"}) == nil {
		t.Fatal("another registry does not make the same repository")
	}
	if resolve("dockersamples/examplevotingapp_vote").Size != vote.Size {
		t.Errorf("the size is not stable")
	}
	pg := resolve("postgres:15-alpine")
	alpine := resolve("postgres:alpine")
	if pg.Repo.Generated || pg.Repo.Name != "docker.io/library/postgres" || pg.Version != "15" {
		t.Errorf("postgres:15-alpine: %+v, want the catalogued postgres, version 15", pg)
	}
	if pg.Size < alpine.Size*9/10 || pg.Size > alpine.Size*11/10 {
		t.Errorf("postgres:15-alpine is %d bytes, want near the alpine tag's %d", pg.Size, alpine.Size)
	}
	if img := resolve("fedora:41"); img.Repo.Kind != KindExit {
		t.Errorf("fedora's default command should return at once, kind %s", img.Repo.Kind)
	}
	digest := "sha256:" + strings.Repeat("0123456789abcdef", 4)
	pinned := resolve("busybox:1.38.0@" + digest)
	if pinned.ID() != "docker.io/library/busybox@"+digest || pinned.Ref() != "docker.io/library/busybox:1.38.0" {
		t.Errorf("pinned busybox: ID %s, Ref %s", pinned.ID(), pinned.Ref())
	}
	bare := resolve("nginx@" + digest)
	if bare.ID() != "docker.io/library/nginx@"+digest || bare.Ref() != "docker.io/library/nginx@"+digest {
		t.Errorf("nginx by digest: ID %s, Ref %s", bare.ID(), bare.Ref())
	}
	if ok, _ := Official("ngnix"); ok {
		t.Errorf("ngnix is not an official image")
	}
	n := 0
	for _, line := range strings.Split(officialTXT, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			n++
		}
	}
	if n < 170 {
		t.Errorf("official.txt lists %d repositories, want the full list (170+)", n)
	}
}

func TestAddImageLetsScenariosExtendTheRegistry(t *testing.T) {
	r := NewRegistry()
	if _, err := r.AddImage("example.com/team/app:v2", 12_000_000); err != nil {
		t.Fatal(err)
	}
	ref, _ := ParseReference("example.com/team/app:v2")
	img, err := r.Resolve(ref, false)
	if err != nil || img.Size != 12_000_000 {
		t.Fatalf("img=%+v err=%v", img, err)
	}
}

func TestEachRegistryIsItsOwnCopyOfTheCatalog(t *testing.T) {
	a, b := NewRegistry(), NewRegistry()
	if _, err := a.AddImage("nginx:9.9-kubeplay", 1<<20); err != nil {
		t.Fatal(err)
	}
	if _, err := a.AddImage("example.com/team/app:v1", 1<<20); err != nil {
		t.Fatal(err)
	}
	if _, ok := a.Lookup("nginx:9.9-kubeplay"); !ok {
		t.Fatalf("the registry that was extended does not find nginx:9.9-kubeplay")
	}
	if img, ok := b.Lookup("nginx:9.9-kubeplay"); ok && img.Size == 1<<20 {
		t.Errorf("a tag added to one registry shows in another")
	}
	if _, ok := b.Lookup("example.com/team/app:v1"); ok {
		t.Errorf("a repository added to one registry shows in another")
	}
	na, _ := a.Repository("nginx")
	nb, _ := b.Repository("nginx")
	if na == nb || len(na.Tags) != len(nb.Tags)+1 {
		t.Errorf("nginx repositories: shared=%v, tags %d and %d", na == nb, len(na.Tags), len(nb.Tags))
	}
	for _, img := range nb.Tags {
		if img.Repo != nb {
			t.Errorf("image %s of the copy points at another repository", img.Tag)
		}
	}
	if img, ok := NewRegistry().Lookup("nginx"); !ok || img.Size == 0 || img.Repo.MemoryBytes() == 0 {
		t.Errorf("a fresh copy lost the catalog's sizes or memory: %+v", img)
	}
}
