package kubectl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"kubeplay/core/api"
	"kubeplay/core/api/strategicpatch"
)

// LastAppliedAnnotation holds the configuration kubectl apply last applied.
const LastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

var applyFlags = []flagDef{
	{name: "filename", short: "f"},
	{name: "recursive", short: "R", isBool: true},
	{name: "output", short: "o"},
	dryRunFlag,
	{name: "server-side", isBool: true},
	{name: "force", isBool: true},
	{name: "validate"},
	{name: "prune", isBool: true},
	{name: "selector", short: "l"},
}

// Diagnostic is an error of an applied file mapped to an editor line.
type Diagnostic struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

func runApply(inv *invocation) error {
	if !inv.f.changed("filename") {
		return fmt.Errorf("must specify one of -f and -k")
	}
	docs, err := inv.readManifests(inv.f.all("filename"))
	if err != nil {
		return err
	}
	if inv.dry == "client" && inv.f.boolean("server-side") {
		return fmt.Errorf("--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)")
	}
	errs := inv.applyDocs(docs, nil)
	if o := inv.f.str("output"); o != "" && o != "name" && len(inv.applied) > 0 {
		// kubectl apply -o prints what it applied once all are done: one
		// object, or a List of them (printObjects).
		obj := inv.applied[0]
		if len(inv.applied) > 1 {
			obj = &api.List{TypeMeta: api.TypeMeta{APIVersion: "v1", Kind: "List"}, Items: inv.applied}
		}
		if err := inv.printObj(obj, o); err != nil {
			errs = append(errs, err)
		}
	}
	return aggregate(errs)
}

// applied records an object apply has applied and prints its operation,
// unless -o asks for the objects (printed at the end).
func (inv *invocation) appliedOne(info *api.ResourceInfo, obj api.Object, op string) {
	inv.applied = append(inv.applied, obj)
	switch o := inv.f.str("output"); o {
	case "":
		inv.printOp(info, obj.GetObjectMeta().Name, op)
	case "name":
		fmt.Fprintln(inv.out, objRef(info, obj.GetObjectMeta().Name))
	}
}

// ApplyContent is the editor's Apply button: kubectl apply -f filename with
// content as the file. It returns the exit code and one Diagnostic per
// error, placed on the line the error is about.
func (k *Kubectl) ApplyContent(filename string, content []byte, stdout, stderr io.Writer) (int, []Diagnostic) {
	code, diags, _ := k.ApplyContentMerges(filename, content, stdout, stderr)
	return code, diags
}

// Merge is the three-way merge one kubectl apply of an existing object
// computed: the last-applied configuration it found on the live object
// (original), the live object (current), the file's object with its new
// last-applied annotation (modified), and the patch sent, as sent.
type Merge struct {
	Kind           string `json:"kind"`
	Namespace      string `json:"namespace,omitempty"`
	Name           string `json:"name"`
	LastApplied    string `json:"lastApplied"` // the annotation before ("" when it was missing)
	NewLastApplied string `json:"newLastApplied"`
	Live           string `json:"live"`  // the live object as JSON, before the patch
	Patch          string `json:"patch"` // "{}": nothing sent (unchanged)
	PatchType      string `json:"patchType"`
}

// ApplyContentMerges is ApplyContent that also returns the merge of every
// document that patched (or left unchanged) an existing object.
func (k *Kubectl) ApplyContentMerges(filename string, content []byte, stdout, stderr io.Writer) (int, []Diagnostic, []Merge) {
	if k.client == nil {
		fmt.Fprintln(stderr, "The connection to the server localhost:8080 was refused - did you specify the right host or port?")
		return 1, nil, nil
	}
	f, _ := parseFlags("apply", nil, applyFlags)
	merges := []Merge{}
	inv := &invocation{k: k, name: "apply", f: f, out: stdout, errOut: stderr, ns: k.env.Namespace, merges: &merges}
	docs, err := parseDocs(filename, content, k.kindFor)
	if err != nil {
		docs = append(docs, &doc{source: filename, err: err, line: failingDocStart(content)})
	}
	var diags []Diagnostic
	errs := inv.applyDocs(docs, &diags)
	if err := aggregate(errs); err != nil {
		return printError(stderr, err), diags, merges
	}
	return 0, diags, merges
}

var (
	yamlLine     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`yaml: line (\d+): (did not find expected )?`) })
	unknownField = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`unknown field "([^"]+)"`) })
)

// applyDocs applies each document, printing "<kind>/<name> created|
// configured|unchanged"; the errors are returned for printing after all
// documents, as kubectl does. With diags, each error is also mapped to a line.
func (inv *invocation) applyDocs(docs []*doc, diags *[]Diagnostic) []error {
	var errs []error
	fail := func(d *doc, err error) {
		errs = append(errs, err)
		if diags == nil {
			return
		}
		line := d.line
		if m := yamlLine().FindStringSubmatch(err.Error()); m != nil {
			// YAML errors count lines from the start of their document;
			// the parser's (did not find expected ...) count them from 0.
			n, _ := strconv.Atoi(m[1])
			if m[2] != "" {
				n++
			}
			line = n
			if d.line > 1 {
				line = d.line + n - 1
			}
		}
		if ms := unknownField().FindAllStringSubmatch(err.Error(), -1); ms != nil && d.node != nil {
			// A strict decoding error: one marker on each unknown field.
			for _, m := range ms {
				*diags = append(*diags, Diagnostic{Line: lineOf(d.node, m[1]), Message: "unknown field \"" + m[1] + "\""})
			}
			return
		}
		var se *api.StatusError
		if errors.As(err, &se) && se.ErrStatus.Reason == api.StatusReasonInvalid && se.ErrStatus.Details != nil && len(se.ErrStatus.Details.Causes) > 0 {
			for _, c := range se.ErrStatus.Details.Causes {
				msg := c.Message
				if c.Field != "" {
					msg = c.Field + ": " + c.Message
				}
				*diags = append(*diags, Diagnostic{Line: lineOf(d.node, c.Field), Message: msg})
			}
			return
		}
		if line == 0 {
			line = 1
		}
		*diags = append(*diags, Diagnostic{Line: line, Message: trimErrorPrefix(errorMessage(err))})
	}
	for _, d := range docs {
		if d.err != nil {
			fail(d, d.err)
			continue
		}
		if err := inv.applyOne(d); err != nil {
			fail(d, err)
		}
	}
	return errs
}

func trimErrorPrefix(s string) string {
	for _, p := range []string{"error: "} {
		if len(s) > len(p) && s[:len(p)] == p {
			s = s[len(p):]
		}
	}
	for len(s) > 0 && s[len(s)-1] == '\n' {
		s = s[:len(s)-1]
	}
	return s
}

// applyOne is client-side apply of one document.
func (inv *invocation) applyOne(d *doc) error {
	info := d.info
	if d.name() == "" {
		return fmt.Errorf("error when retrieving current configuration of:\nResource: %q, GroupVersionKind: %q\nName: \"\", Namespace: %q\nfrom server for: %q: resource name may not be empty", info.Resource+"."+info.Version+"."+info.Group, info.APIVersion()+", Kind="+info.Kind, d.namespace(inv), d.source)
	}
	if err := inv.checkNamespace(d); err != nil {
		return err
	}
	ns := d.namespace(inv)
	if inv.f.boolean("server-side") {
		return inv.applyServerSide(d, ns)
	}
	original, modified, err := modifiedConfiguration(d.raw, info, ns)
	if err != nil {
		return err
	}
	for attempt := 0; ; attempt++ {
		current, err := inv.get(info, ns, d.name())
		if err != nil && !api.IsNotFound(err) {
			return withSource("retrieving current configuration of", d.source, err)
		}
		if err != nil {
			obj, derr := decodeTyped(info, modified)
			if derr != nil {
				return withSource("creating", d.source, derr)
			}
			created, err := inv.create(info, ns, obj)
			if err != nil {
				return withSource("creating", d.source, err)
			}
			inv.appliedOne(info, created, "created")
			return nil
		}
		if inv.dry == "client" {
			// A client dry run of an existing object sends nothing and
			// prints the live object as "configured".
			inv.appliedOne(info, current, "configured")
			return nil
		}
		if _, derr := decodeTyped(info, modified); derr != nil {
			return withSource("patching", d.source, derr)
		}
		last, found := current.GetObjectMeta().Annotations[LastAppliedAnnotation]
		if !found && attempt == 0 {
			fmt.Fprintf(inv.errOut, "Warning: resource %s/%s is missing the %s annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n",
				info.Resource, d.name(), LastAppliedAnnotation)
		}
		modJSON, _ := json.Marshal(modified)
		patch, patchType, err := threeWayPatch(info, []byte(last), modJSON, api.EncodeJSON(current))
		if err != nil {
			return withSource("patching", d.source, err)
		}
		merge := func() {
			if inv.merges != nil {
				var live bytes.Buffer
				_ = json.Compact(&live, api.EncodeJSON(current))
				*inv.merges = append(*inv.merges, Merge{Kind: info.Kind, Namespace: ns, Name: d.name(), LastApplied: last,
					NewLastApplied: string(original), Live: live.String(), Patch: string(patch), PatchType: patchType})
			}
		}
		if string(patch) == "{}" {
			merge()
			if o := inv.f.str("output"); o == "" || o == "name" {
				inv.appliedOne(info, current, "unchanged")
			} else {
				inv.appliedOne(info, current, "configured")
			}
			return nil
		}
		patched, err := inv.patch(info, ns, d.name(), patchType, patch)
		if err != nil {
			if api.IsConflict(err) && attempt < 4 {
				continue
			}
			return withSource("patching", d.source, err)
		}
		merge()
		inv.appliedOne(info, patched, "configured")
		return nil
	}
}

// applyServerSide is kubectl apply --server-side for one document: the
// object is created, or the file's fields are merged into the live object
// (one field manager, so no conflicts), without the last-applied
// annotation; kubectl prints "serverside-applied".
func (inv *invocation) applyServerSide(d *doc, ns string) error {
	info := d.info
	obj := api.CopyJSONValue(d.raw).(map[string]any)
	if m, ok := obj["metadata"].(map[string]any); ok && info.Namespaced && ns != "" {
		m["namespace"] = ns
	}
	typed, err := decodeTyped(info, obj)
	if err != nil {
		return withSource("applying", d.source, err)
	}
	var result api.Object
	if _, err := inv.get(info, ns, d.name()); api.IsNotFound(err) {
		if result, err = inv.create(info, ns, typed); err != nil {
			return withSource("applying", d.source, err)
		}
	} else if err != nil {
		return withSource("applying", d.source, err)
	} else {
		patch, _ := json.Marshal(obj)
		patchType := strategicMergePatch
		if info.Custom != nil {
			patchType = mergePatch
		}
		if result, err = inv.patch(info, ns, d.name(), patchType, patch); err != nil {
			return withSource("applying", d.source, err)
		}
	}
	inv.appliedOne(info, result, "serverside-applied")
	return nil
}

// threeWayPatch is the patch apply, edit and diff send to turn current into
// modified: a strategic merge patch for built-in kinds, a JSON merge patch for
// custom resources, which have no patch strategies (kubectl's jsonmergepatch).
func threeWayPatch(info *api.ResourceInfo, original, modified, current []byte) ([]byte, string, error) {
	if info.Custom != nil {
		p, err := strategicpatch.CreateThreeWayJSONMergePatch(original, modified, current)
		return p, mergePatch, err
	}
	p, err := strategicpatch.CreateThreeWayMergePatch(original, modified, current, info.New())
	return p, strategicMergePatch, err
}

// checkNamespace is kubectl's refusal to apply an object of namespace a
// with -n b.
func (inv *invocation) checkNamespace(d *doc) error {
	if d.info == nil || !d.info.Namespaced || !inv.explicitNs {
		return nil
	}
	if ns := d.rawNamespace(); ns != "" && ns != inv.ns {
		return fmt.Errorf("the namespace from the provided object %q does not match the namespace %q. You must pass '--namespace=%s' to perform this operation.", ns, inv.ns, ns)
	}
	return nil
}

// modifiedConfiguration is kubectl's GetModifiedConfiguration: the file's
// object with its namespace set, and with the last-applied annotation
// holding the compact JSON of that object (annotations emptied of it).
func modifiedConfiguration(raw map[string]any, info *api.ResourceInfo, ns string) (original []byte, modified map[string]any, err error) {
	obj := api.CopyJSONValue(raw).(map[string]any)
	meta, _ := obj["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
		obj["metadata"] = meta
	}
	if info.Namespaced && ns != "" {
		meta["namespace"] = ns
	}
	annots, _ := meta["annotations"].(map[string]any)
	if annots == nil {
		annots = map[string]any{}
	}
	delete(annots, LastAppliedAnnotation)
	meta["annotations"] = annots
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(obj); err != nil {
		return nil, nil, err
	}
	original = buf.Bytes()
	mod := api.CopyJSONValue(obj).(map[string]any)
	mod["metadata"].(map[string]any)["annotations"].(map[string]any)[LastAppliedAnnotation] = string(original)
	return original, mod, nil
}

// failingDocStart returns the first line of the first document of content
// that does not parse as YAML (1 if none is found).
func failingDocStart(content []byte) int {
	start, _, _ := failingDoc(content)
	return start
}

// failingDoc finds the first document of content, split on "---" lines,
// that does not parse as YAML: its first line (1 if none is found), and
// its syntax error, whose lines count from the document's start as
// kubectl counts them.
func failingDoc(content []byte) (int, []byte, error) {
	lines := strings.Split(string(content), "\n")
	start := 0
	for i := 0; i <= len(lines); i++ {
		if i < len(lines) && strings.TrimRight(lines[i], " \t\r") != "---" {
			continue
		}
		doc := []byte(strings.Join(lines[start:i], "\n"))
		var n yaml.Node
		if err := yaml.Unmarshal(doc, &n); err != nil {
			return start + 1, doc, err
		}
		start = i + 1
	}
	return 1, nil, nil
}
