package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

// JSONPathExpect: a field of an object, read with a JSONPath as
// `kubectl get -o jsonpath` reads it, compares as asked. Every object the
// name glob matches must hold (and at least one must exist); a path that
// gives several values (a [*]) needs each to hold.
type JSONPathExpect struct {
	// Object is kind/name, the kind as kubectl takes it (deployment,
	// deploy, pods, deployments.apps) and the name a glob: "deployment/web", "pod/web-*".
	Object string `yaml:"object" json:"object"`
	// Namespace of a namespaced object; default "default".
	Namespace string `yaml:"namespace,omitempty" json:"namespace,omitempty"`
	// Path is the JSONPath: "{.spec.template.spec.containers[0].resources.requests.cpu}" (braces optional).
	Path string `yaml:"path" json:"path"`
	// Equals: the value as kubectl prints it ("500m", "3", "true").
	Equals *string `yaml:"equals,omitempty" json:"equals,omitempty"`
	// Matches: a regular expression (RE2) the value matches.
	Matches string `yaml:"matches,omitempty" json:"matches,omitempty"`
	// AtMost (<=) and AtLeast (>=) compare numbers and Kubernetes quantities ("1" ≥ "500m", "1Gi" ≥ "512Mi").
	AtMost  string   `yaml:"<=,omitempty" json:"<=,omitempty"`
	AtLeast string   `yaml:">=,omitempty" json:">=,omitempty"`
	Within  Duration `yaml:"within,omitempty" json:"within,omitempty"`
}

// fieldPath is the path without braces, as printers.EvalPath takes it.
func fieldPath(p string) string {
	p = strings.TrimSpace(p)
	if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") {
		p = p[1 : len(p)-1]
	}
	return p
}

// checkJSONPath reports what is wrong with a jsonpath expectation.
func checkJSONPath(f *JSONPathExpect) []string {
	var msgs []string
	kind, name, ok := strings.Cut(f.Object, "/")
	switch {
	case !ok || kind == "" || name == "":
		msgs = append(msgs, fmt.Sprintf("object %q must be kind/name, e.g. deployment/web", f.Object))
	default:
		if _, known := api.ResourceFor(kind); !known {
			msgs = append(msgs, fmt.Sprintf("object %q: the server doesn't have a resource type %q", f.Object, kind))
		}
		if _, err := path.Match(name, ""); err != nil {
			msgs = append(msgs, fmt.Sprintf("object %q: bad glob", f.Object))
		}
	}
	if fieldPath(f.Path) == "" {
		msgs = append(msgs, "jsonpath needs path, e.g. {.spec.replicas}")
	} else if _, err := printers.EvalPath(fieldPath(f.Path), map[string]any{}, map[string]any{}); err != nil {
		msgs = append(msgs, fmt.Sprintf("path %q: %v", f.Path, err))
	}
	if f.Equals == nil && f.Matches == "" && f.AtMost == "" && f.AtLeast == "" {
		msgs = append(msgs, "jsonpath needs a comparison: equals, matches, <= or >=")
	}
	if f.Matches != "" {
		if _, err := regexp.Compile(f.Matches); err != nil {
			msgs = append(msgs, fmt.Sprintf("matches %q: %v", f.Matches, err))
		}
	}
	for _, q := range [][2]string{{"<=", f.AtMost}, {">=", f.AtLeast}} {
		if q[1] == "" {
			continue
		}
		if _, err := api.ParseQuantity(q[1]); err != nil {
			msgs = append(msgs, fmt.Sprintf("%s %q is not a number or a quantity (1, 500m, 1Gi)", q[0], q[1]))
		}
	}
	return msgs
}

type jsonPathCheck JSONPathExpect

func (c *jsonPathCheck) deadline() time.Duration { return c.Within.D() }
func (c *jsonPathCheck) holds() bool             { return false }

func (c *jsonPathCheck) ns() string {
	if c.Namespace == "" {
		return "default"
	}
	return c.Namespace
}

// comparison says the comparisons: in the transcript's words (`equals "500m" and <= 1`), or in Japanese.
func (c *jsonPathCheck) comparison(ja bool) string {
	words := [...]string{"equals %q", "matches %q", ">= %s", "<= %s", " and "}
	if ja {
		words = [...]string{"%q に等しい", "正規表現 %q に合う", "%s 以上", "%s 以下", "、かつ "}
	}
	var parts []string
	if c.Equals != nil {
		parts = append(parts, fmt.Sprintf(words[0], *c.Equals))
	}
	if c.Matches != "" {
		parts = append(parts, fmt.Sprintf(words[1], c.Matches))
	}
	if c.AtLeast != "" {
		parts = append(parts, fmt.Sprintf(words[2], c.AtLeast))
	}
	if c.AtMost != "" {
		parts = append(parts, fmt.Sprintf(words[3], c.AtMost))
	}
	return strings.Join(parts, words[4])
}

func (c *jsonPathCheck) describe() string {
	return fmt.Sprintf("%s %s %s", c.Object, c.Path, c.comparison(false)) + withinText(c.Within)
}

// compare reports whether one value holds every comparison.
func (c *jsonPathCheck) compare(v string) bool {
	if c.Equals != nil && v != *c.Equals {
		return false
	}
	if c.Matches != "" {
		re, err := regexp.Compile(c.Matches)
		if err != nil || !re.MatchString(v) {
			return false
		}
	}
	for _, b := range []struct {
		limit string
		ok    func(int) bool
	}{{c.AtMost, func(n int) bool { return n <= 0 }}, {c.AtLeast, func(n int) bool { return n >= 0 }}} {
		if b.limit == "" {
			continue
		}
		got, err1 := api.ParseQuantity(strings.TrimSpace(v))
		limit, err2 := api.ParseQuantity(b.limit)
		if err1 != nil || err2 != nil || !b.ok(got.Cmp(limit)) {
			return false
		}
	}
	return true
}

func (c *jsonPathCheck) check(w world, _ window) (bool, Got) {
	kind, glob := splitObject(c.Object)
	r, _ := api.ResourceFor(kind)
	ns := ""
	if r != nil && r.Namespaced {
		ns = c.ns()
	}
	var objs []api.Object
	if r != nil {
		for _, o := range w.Objects(r.Group, r.Resource, ns) {
			if globMatch(glob, o.GetObjectMeta().Name) {
				objs = append(objs, o)
			}
		}
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].GetObjectMeta().Name < objs[j].GetObjectMeta().Name })
	where := ""
	if ns != "" {
		where = " in namespace " + ns
	}
	if len(objs) == 0 {
		return false, Got{EN: "no " + c.Object + where, JA: nsJA(ns) + c.Object + " がありません"}
	}
	var got []string
	ok := true
	for _, o := range objs {
		dec := json.NewDecoder(bytes.NewReader(api.EncodeJSON(o)))
		dec.UseNumber()
		var root any
		if dec.Decode(&root) != nil {
			continue
		}
		vals, err := printers.EvalPath(fieldPath(c.Path), root, root)
		name := strings.ToLower(kind) + "/" + o.GetObjectMeta().Name
		if err != nil || len(vals) == 0 {
			ok = false
			got = append(got, name+": <none>")
			continue
		}
		var shown []string
		for _, v := range vals {
			s := printers.FormatValue(v)
			ok = ok && c.compare(s)
			shown = append(shown, s)
		}
		got = append(got, fmt.Sprintf("%s: %s", name, strings.Join(shown, " ")))
	}
	if ok {
		return true, Got{}
	}
	list := strings.Join(firstParts(got, 6, "and %d more"), ", ")
	return false, Got{EN: list, JA: strings.Join(firstParts(got, 6, "ほか %d 個"), "、")}
}

// nsJA is "namespace NS の " for a namespaced object.
func nsJA(ns string) string {
	if ns == "" {
		return ""
	}
	return "namespace " + ns + " に "
}

func jsonPathSentence(c *JSONPathExpect, ja bool) string {
	jc := (*jsonPathCheck)(c)
	if !ja {
		return fmt.Sprintf("%s's %s %s", c.Object, c.Path, jc.comparison(false)) + withinText(c.Within)
	}
	s := fmt.Sprintf("%s の %s が %s", c.Object, c.Path, jc.comparison(true))
	if c.Within > 0 {
		s = jaDuration(c.Within.D()) + "以内に" + s
	}
	return s
}
