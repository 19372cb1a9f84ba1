package kubectl

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"gopkg.in/yaml.v3"

	"kubeplay/core/api"
)

var editFlags = []flagDef{
	{name: "filename", short: "f"},
	{name: "output", short: "o"},
	{name: "output-patch", isBool: true},
	{name: "windows-line-endings", isBool: true},
	{name: "save-config", isBool: true},
	{name: "subresource"},
}

// editHeader is the comment kubectl edit puts above the object.
const editHeader = `# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
`

// editSession is one kubectl edit between opening the object in the editor
// and saving it.
type editSession struct {
	info     *api.ResourceInfo
	ns, name string
	original []byte // the object as shown, JSON
	shown    string // the YAML shown, without the header
}

// runEdit is kubectl edit in the terminal: the object is fetched, then no
// editor can run (kubeplay's terminal has none; the page opens the object
// in its editor through EditStart/EditSave instead).
func runEdit(inv *invocation) error {
	objs, errs, err := inv.objects(inv.f.args, builderOpts{fetch: true})
	if err != nil {
		return err
	}
	if len(objs) == 0 {
		return aggregate(errs)
	}
	return errors.New(`there was a problem with the editor "vi"`)
}

// EditStart is kubectl edit's first half for the page's editor: the live
// object as kubectl edit shows it, under its header comment.
func (k *Kubectl) EditStart(resource, namespace, name string) (string, error) {
	if k.client == nil {
		return "", errors.New("The connection to the server localhost:8080 was refused - did you specify the right host or port?")
	}
	info, err := k.resolve(resource)
	if err != nil {
		return "", errors.New(errorMessage(err))
	}
	if namespace == "" {
		namespace = k.env.Namespace
	}
	f, _ := parseFlags("edit", nil, editFlags)
	inv := &invocation{k: k, name: "edit", f: f, out: io.Discard, errOut: io.Discard, ns: namespace}
	obj, err := inv.get(info, nsFor(info, namespace), name)
	if err != nil {
		return "", errors.New(errorMessage(err))
	}
	shown := string(api.EncodeYAML(obj))
	k.edit = &editSession{info: info, ns: nsFor(info, namespace), name: name, original: api.EncodeJSON(obj), shown: shown}
	return editHeader + shown, nil
}

// EditSave is kubectl edit's second half: the edited text is applied as a
// patch ("<ref> edited"), or "Edit cancelled, no changes made." when it is
// empty or unchanged. On an invalid edit it prints kubectl's error and
// returns the text to reopen, with the error comment block under the
// header; reopen is "" once the edit is done.
func (k *Kubectl) EditSave(text string, stdout, stderr io.Writer) (code int, reopen string) {
	s := k.edit
	if s == nil {
		fmt.Fprintln(stderr, "error: no edit in progress")
		return 1, ""
	}
	var body []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			body = append(body, l)
		}
	}
	edited := strings.Join(body, "\n")
	if strings.TrimSpace(edited) == "" || strings.TrimSpace(edited) == strings.TrimSpace(s.shown) {
		k.edit = nil
		fmt.Fprintln(stdout, "Edit cancelled, no changes made.")
		return 0, ""
	}
	fail := func(msg string, causes []string) (int, string) {
		var b strings.Builder
		b.WriteString(editHeader)
		b.WriteString(fmt.Sprintf("# %s%s %q was not valid:\n", s.info.Resource, groupSuffix(s.info), s.name))
		for _, c := range causes {
			b.WriteString("# * " + c + "\n")
		}
		b.WriteString("#\n")
		b.WriteString(edited)
		fmt.Fprint(stderr, ensureNewline(msg))
		return 1, b.String()
	}
	var v any
	if err := yaml.Unmarshal([]byte(edited), &v); err != nil {
		return fail(fmt.Sprintf("error: %v", err), []string{err.Error()})
	}
	raw, err := toJSONMap(v)
	if err != nil || raw == nil {
		return fail("error: the edited file is not an object", []string{"the edited file is not an object"})
	}
	var orig map[string]any
	_ = json.Unmarshal(s.original, &orig)
	if raw["kind"] != orig["kind"] || raw["apiVersion"] != orig["apiVersion"] || docName(raw) != docName(orig) {
		msg := "At least one of apiVersion, kind and name was changed"
		return fail("error: "+msg, []string{msg})
	}
	if _, err := decodeTyped(s.info, raw); err != nil {
		return fail(errorMessage(err), []string{strings.TrimPrefix(errorMessage(err), "Error from server (BadRequest): ")})
	}
	f, _ := parseFlags("edit", nil, editFlags)
	inv := &invocation{k: k, name: "edit", f: f, out: stdout, errOut: stderr, ns: s.ns}
	cur, err := inv.get(s.info, s.ns, s.name)
	if err != nil {
		k.edit = nil
		fmt.Fprint(stderr, ensureNewline(errorMessage(err)))
		return 1, ""
	}
	editedJSON, _ := json.Marshal(raw)
	patch, patchType, err := threeWayPatch(s.info, s.original, editedJSON, api.EncodeJSON(cur))
	if err != nil {
		return fail("error: "+err.Error(), []string{err.Error()})
	}
	if _, err := inv.patch(s.info, s.ns, s.name, patchType, patch); err != nil {
		var se *api.StatusError
		var causes []string
		if errors.As(err, &se) && se.ErrStatus.Details != nil {
			for _, c := range se.ErrStatus.Details.Causes {
				m := c.Message
				if c.Field != "" {
					m = c.Field + ": " + m
				}
				causes = append(causes, m)
			}
		}
		if len(causes) == 0 {
			causes = []string{strings.TrimSuffix(errorMessage(err), "\n")}
		}
		return fail(errorMessage(err), causes)
	}
	k.edit = nil
	fmt.Fprintf(stdout, "%s edited\n", objRef(s.info, s.name))
	return 0, ""
}

func docName(raw map[string]any) string {
	if m, ok := raw["metadata"].(map[string]any); ok {
		n, _ := m["name"].(string)
		return n
	}
	return ""
}
