package images

import (
	"strconv"
	"strings"
)

// Which tags a catalogued repository publishes: its Tags, and what its
// Versions and Variants make. Versions is a space-separated list of
// releases; a release whose last number is a range stands for each
// ("1.25.0-5" is 1.25.0, 1.25.1 ... 1.25.5; "2.1-57" is 2.1 ... 2.57).
// Registries publish each release under its full version and its shorter
// forms (docker-library's 1.25.5, 1.25 and 1), each also with a variant
// suffix (1.25-alpine, 1.25.5-perl).

// HasTag reports whether the repository publishes tag. A repository made
// by the pull rule, or catalogued without tags or versions, has any tag.
func (r *Repository) HasTag(tag string) bool {
	if r.Generated || len(r.Tags) == 0 && r.Versions == "" {
		return true
	}
	for _, t := range r.Tags {
		if t.Tag == tag {
			return true
		}
	}
	if r.isVersion(tag) {
		return true
	}
	for _, v := range r.Variants {
		if base, ok := strings.CutSuffix(tag, "-"+v); ok && (r.isVersion(base) || r.listed(base)) {
			return true
		}
	}
	return false
}

func (r *Repository) listed(tag string) bool {
	for _, t := range r.Tags {
		if t.Tag == tag {
			return true
		}
	}
	return false
}

// isVersion reports whether v is one of the releases of Versions or a
// shorter form of one (a prefix ending at a dot).
func (r *Repository) isVersion(v string) bool {
	if v == "" {
		return false
	}
	for _, tok := range strings.Fields(r.Versions) {
		lo, hi, prefix := versionRange(tok)
		if prefix == "" && lo < 0 {
			if tok == v || strings.HasPrefix(tok, v+".") {
				return true
			}
			continue
		}
		// prefix is "1.25.", the range lo..hi its last number.
		if strings.HasPrefix(prefix, v+".") {
			return true
		}
		last, ok := strings.CutPrefix(v, prefix)
		if !ok {
			continue
		}
		num, rest, _ := strings.Cut(last, ".")
		n, err := strconv.Atoi(num)
		if err != nil || strconv.Itoa(n) != num || n < lo || n > hi {
			continue
		}
		if rest == "" {
			return true
		}
	}
	return false
}

// versionRange reads "1.25.0-5" as the prefix "1.25." and the range 0..5;
// a token without a range gives lo -1.
func versionRange(tok string) (lo, hi int, prefix string) {
	dot := strings.LastIndexByte(tok, '.')
	dash := strings.LastIndexByte(tok, '-')
	if dot < 0 || dash < dot {
		return -1, -1, ""
	}
	a, err1 := strconv.Atoi(tok[dot+1 : dash])
	b, err2 := strconv.Atoi(tok[dash+1:])
	if err1 != nil || err2 != nil || b < a {
		return -1, -1, ""
	}
	return a, b, tok[:dot+1]
}
