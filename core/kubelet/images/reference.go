package images

import (
	"fmt"
	"strings"
)

// Docker Hub's canonical names.
const (
	DefaultDomain = "docker.io"
	officialRepo  = "library/"
	DefaultTag    = "latest"
)

// Reference is a parsed image reference: "nginx" is
// {Domain: docker.io, Path: library/nginx, Tag: latest}.
type Reference struct {
	Domain string // docker.io, registry.k8s.io, ...
	Path   string // library/nginx
	Tag    string // latest when neither tag nor digest is given
	Digest string // sha256:... (may be set with or without a tag)
}

// Repository returns "docker.io/library/nginx".
func (r Reference) Repository() string { return r.Domain + "/" + r.Path }

// String returns the fully qualified reference containerd pulls:
// "docker.io/library/nginx:latest" or "...@sha256:...".
func (r Reference) String() string {
	s := r.Repository()
	if r.Tag != "" {
		s += ":" + r.Tag
	}
	if r.Digest != "" {
		s += "@" + r.Digest
	}
	return s
}

// InvalidReferenceError is the error for an unparsable image name, worded
// as the kubelet's applyDefaultImageTag reports it.
type InvalidReferenceError struct {
	Image  string
	Reason string // "invalid reference format", "invalid reference format: repository name (library/Nginx) must be lowercase"
}

func (e *InvalidReferenceError) Error() string {
	return fmt.Sprintf("couldn't parse image name %q: %s", e.Image, e.Reason)
}

// ParseReference normalizes an image name the way containerd and the
// kubelet do (docker/distribution's ParseNormalizedNamed followed by the
// default "latest" tag): a bare name is an official Docker Hub image, a
// first component with a dot, a colon or "localhost" is a registry host.
func ParseReference(image string) (Reference, error) {
	bad := func(reason string) (Reference, error) {
		if reason == "" {
			reason = "invalid reference format"
		} else {
			reason = "invalid reference format: " + reason
		}
		return Reference{}, &InvalidReferenceError{Image: image, Reason: reason}
	}
	if image == "" || strings.TrimSpace(image) != image {
		return bad("")
	}
	var ref Reference
	name := image
	if i := strings.IndexByte(name, '@'); i >= 0 {
		ref.Digest = name[i+1:]
		name = name[:i]
		if !validDigest(ref.Digest) {
			return bad("")
		}
	}
	if i := strings.LastIndexByte(name, ':'); i >= 0 && !strings.Contains(name[i+1:], "/") {
		ref.Tag = name[i+1:]
		name = name[:i]
		if !validTag(ref.Tag) {
			return bad("")
		}
	}
	domain, rest := DefaultDomain, name
	if i := strings.IndexByte(name, '/'); i >= 0 {
		first := name[:i]
		if strings.ContainsAny(first, ".:") || first == "localhost" || strings.ToLower(first) != first {
			domain, rest = first, name[i+1:]
		}
	}
	if domain == "index.docker.io" {
		domain = DefaultDomain
	}
	if domain == DefaultDomain && !strings.Contains(rest, "/") {
		rest = officialRepo + rest
	}
	if rest == "" {
		return bad("")
	}
	if strings.ToLower(rest) != rest {
		if validPath(strings.ToLower(rest)) {
			return bad(fmt.Sprintf("repository name (%s) must be lowercase", rest))
		}
		return bad("")
	}
	if !validPath(rest) || !validDomain(domain) {
		return bad("")
	}
	ref.Domain, ref.Path = domain, rest
	if ref.Tag == "" && ref.Digest == "" {
		ref.Tag = DefaultTag
	}
	return ref, nil
}

// validPath checks path components: [a-z0-9]+ joined by '.', '_', '__' or runs of '-'.
func validPath(p string) bool {
	for _, comp := range strings.Split(p, "/") {
		if comp == "" {
			return false
		}
		prevSep := true
		for i := 0; i < len(comp); i++ {
			c := comp[i]
			switch {
			case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
				prevSep = false
			case c == '.' || c == '_' || c == '-':
				if prevSep && !(c == '-' && i > 0 && comp[i-1] == '-') && !(c == '_' && i > 0 && comp[i-1] == '_') {
					return false
				}
				prevSep = true
			default:
				return false
			}
		}
		if prevSep {
			return false
		}
	}
	return true
}

func validDomain(d string) bool {
	if d == "" {
		return false
	}
	for i := 0; i < len(d); i++ {
		c := d[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == ':') {
			return false
		}
	}
	return true
}

func validTag(t string) bool {
	if t == "" || len(t) > 128 {
		return false
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		word := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
		if !word && (i == 0 || (c != '.' && c != '-')) {
			return false
		}
	}
	return true
}

func validDigest(d string) bool {
	algo, hex, ok := strings.Cut(d, ":")
	if !ok || algo == "" || len(hex) < 32 {
		return false
	}
	for i := 0; i < len(hex); i++ {
		c := hex[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
