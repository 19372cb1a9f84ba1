package images

import (
	_ "embed"
	"encoding/binary"
	"strings"
	"sync"
)

// The pull rule: what the catalog does not list still pulls when a real
// registry would serve it.
//
//   - every tag of an official Docker Hub image (official.txt) pulls;
//   - every image under a user or organisation namespace on a public
//     registry (docker.io/NS/NAME, ghcr.io, quay.io, gcr.io, *.pkg.dev,
//     mcr.microsoft.com, public.ecr.aws, registry.istio.io, ...) pulls, and
//     registry.k8s.io serves its top-level names too;
//   - a tag the catalog does not list of a catalogued repository pulls
//     with the repository's behaviour;
//   - a digest pin (name:tag@sha256:..., name@sha256:...) is honoured: the
//     image reports that digest.
//
// What the rule makes has a plausible size, deterministic from its name
// (5-200 MB, or near the catalogued tags' sizes), and runs as a long-lived
// server listening on the ports its container declares (official images
// marked "exit" return at once, as an operating system or a language
// runtime without a tty does). A name that is neither official nor under a
// namespace (ngnix) is refused as Docker Hub refuses it, and the references
// listed under schema1 in catalog.yaml fail as containerd 2.x fails them, as
// do Windows-only images (windowsOnly) on the nodes' linux/amd64.

//go:embed official.txt
var officialTXT string

// msgSchema1 is containerd 2.1's refusal of a Docker schema 1 manifest
// (core/transfer/local/pull.go), after "failed to pull and unpack image".
const msgSchema1 = "schema 1 image manifests are no longer supported: invalid argument"

// msgNoPlatform is containerd's answer when an image's index lists no
// manifest for the node's platform (linux/amd64 on kind): a Windows-only
// image (images.Manifest, after "failed to pull and unpack image").
const msgNoPlatform = "no match for platform in manifest: not found"

// windowsRepos are Docker Hub repositories published for Windows only.
var windowsRepos = map[string]bool{
	"microsoft/iis": true, "microsoft/windowsservercore": true, "microsoft/nanoserver": true,
	"microsoft/dotnet-framework": true, "microsoft/aspnet": true, "microsoft/wcf": true,
	"microsoft/dotnet-framework-samples": true, "microsoft/mssql-server-windows": true,
	"microsoft/mssql-server-windows-developer": true, "microsoft/mssql-server-windows-express": true,
}

// windowsOnly reports whether ref names an image with Windows manifests
// only: the Windows repositories above, mcr.microsoft.com/windows/... and
// mcr.microsoft.com/dotnet/framework/..., and the windowsservercore and
// nanoserver tags of any repository (python:3.12-windowsservercore).
func windowsOnly(ref Reference) bool {
	if strings.Contains(ref.Tag, "windowsservercore") || strings.Contains(ref.Tag, "nanoserver") {
		return true
	}
	switch ref.Domain {
	case DefaultDomain:
		return windowsRepos[ref.Path]
	case "mcr.microsoft.com":
		return ref.Path == "windows" || strings.HasPrefix(ref.Path, "windows/") || strings.HasPrefix(ref.Path, "dotnet/framework/")
	}
	return false
}

// publicHosts are the registries the simulated nodes reach.
var publicHosts = map[string]bool{
	"docker.io": true, "registry.k8s.io": true, "k8s.gcr.io": true, "gcr.io": true, "ghcr.io": true,
	"quay.io": true, "mcr.microsoft.com": true, "public.ecr.aws": true, "registry.istio.io": true,
	"docker.elastic.co": true, "nvcr.io": true, "registry.gitlab.com": true, "cr.l5d.io": true,
}

// topLevelHosts serve repositories without a namespace (registry.k8s.io/pause).
var topLevelHosts = map[string]bool{"registry.k8s.io": true, "k8s.gcr.io": true}

var official struct {
	once sync.Once
	exit map[string]bool // name -> its default command exits
}

// Official reports whether docker.io/library/name is an official image, and
// whether its default command returns at once.
func Official(name string) (ok, exits bool) {
	official.once.Do(func() {
		official.exit = map[string]bool{}
		for _, line := range strings.Split(officialTXT, "\n") {
			f := strings.Fields(line)
			if len(f) == 0 || strings.HasPrefix(f[0], "#") {
				continue
			}
			official.exit[f[0]] = len(f) > 1 && f[1] == "exit"
		}
	})
	exits, ok = official.exit[name]
	return ok, exits
}

func (r *Registry) knownHost(domain string) bool {
	return r.hosts[domain] || strings.HasSuffix(domain, ".pkg.dev") || strings.HasSuffix(domain, ".gcr.io")
}

// madeRepo is the repository the rule makes for ref, or nil when no
// registry serves it.
func (r *Registry) madeRepo(ref Reference) *Repository {
	name := ref.Repository()
	if repo := r.madeRepos[name]; repo != nil {
		return repo
	}
	exits := false
	switch {
	case ref.Domain == DefaultDomain && strings.HasPrefix(ref.Path, officialRepo):
		var ok bool
		if ok, exits = Official(strings.TrimPrefix(ref.Path, officialRepo)); !ok {
			return nil
		}
	case ref.Domain == DefaultDomain || strings.Contains(ref.Path, "/") || topLevelHosts[ref.Domain]:
	default:
		return nil
	}
	base := ref.Path[strings.LastIndexByte(ref.Path, '/')+1:]
	repo := &Repository{Name: name, Kind: KindServer, Shell: ShellDash, Cmd: []string{base}, Memory: "16Mi",
		memoryBytes: 16 << 20, GracefulStop: true, Generated: true}
	if exits {
		repo.Kind, repo.GracefulStop = KindExit, false
	}
	r.madeRepos[name] = repo
	return repo
}

// madeTag is a tag the catalog does not list: near the sizes of the
// repository's catalogued tags (its alpine or slim variant for such a
// tag), else 5-200 MB from a hash of its name.
func (r *Registry) madeTag(repo *Repository, tag string) *Image {
	ref := repo.Name + ":" + tag
	if img := r.madeImages[ref]; img != nil {
		return img
	}
	h := hashOf(ref)
	img := &Image{Tag: tag, Repo: repo, Version: versionOf(tag), Digest: DigestOf(ref)}
	var like *Image
	for _, t := range repo.Tags {
		for _, variant := range []string{"alpine", "slim"} {
			if like == nil && strings.Contains(tag, variant) && strings.Contains(t.Tag, variant) {
				like = t
			}
		}
	}
	if like == nil && len(repo.Tags) > 0 {
		like = repo.Tags[0]
	}
	if like != nil {
		img.Size = like.Size * int64(90+h%21) / 100
		if img.Version == "" {
			img.Version = like.Version
		}
	} else {
		img.Size = 5_000_000 + int64(h%195_000_000)
	}
	if img.Version == "" {
		img.Version = tag
	}
	r.madeImages[ref] = img
	return img
}

// pinned is img pulled by digest: the same image reporting the pinned
// digest (img is nil when only a digest names it).
func (r *Registry) pinned(repo *Repository, img *Image, ref Reference) *Image {
	key := ref.String()
	if p := r.madeImages[key]; p != nil {
		return p
	}
	var p Image
	if img != nil {
		p = *img
	} else {
		p = *r.madeTag(repo, DefaultTag)
	}
	p.Tag, p.Digest = ref.Tag, ref.Digest
	r.madeImages[key] = &p
	return &p
}

// versionOf reads the version a tag names: "15-alpine" is 15, "v1.2.3" is
// v1.2.3, "latest" names none.
func versionOf(tag string) string {
	v, _, _ := strings.Cut(tag, "-")
	if v != "" && (v[0] >= '0' && v[0] <= '9' || len(v) > 1 && v[0] == 'v' && v[1] >= '0' && v[1] <= '9') {
		return v
	}
	return ""
}

func hashOf(s string) uint64 {
	sum := Sum256(s)
	return binary.BigEndian.Uint64(sum[:8])
}
