package kubectl

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"gopkg.in/yaml.v3"

	"kubeplay/core/api"
	"kubeplay/core/api/strategicpatch"
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

// Edit is one object kubectl edit opened in an editor outside the terminal
// (the page's): its temporary file, and what saving it needs.
type Edit struct {
	Resource  string `json:"resource"` // resource.group, as kubectl names it (deployments.apps)
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
	Ref       string `json:"ref"`   // deployment.apps/nginx
	Shown     string `json:"shown"` // the object's YAML as shown: what the edit is compared with
	Text      string `json:"text"`  // the file: kubectl's header comment, then Shown
}

// SetEditor gives kubectl edit an editor: the object goes to open instead
// of failing as it does without one, and saving goes through EditResume and
// EditSave.
func (k *Kubectl) SetEditor(open func(Edit)) { k.editor = open }

// runEdit is kubectl edit: the object is fetched and opened in the editor;
// without one (the terminal of `kubeplay shell`) none can run, as kubectl
// says when $EDITOR fails.
func runEdit(inv *invocation) error {
	objs, errs, err := inv.objects(inv.f.args, builderOpts{fetch: true})
	if err != nil {
		return err
	}
	if len(objs) == 0 {
		return aggregate(errs)
	}
	if inv.k.editor == nil {
		return errors.New(`there was a problem with the editor "vi"`)
	}
	if len(objs) > 1 {
		return errors.New("kubeplay's editor opens one object at a time: name one of them")
	}
	r := objs[0]
	shown := string(api.EncodeYAML(r.obj))
	inv.k.editor(Edit{Resource: r.info.Resource + groupSuffix(r.info), Namespace: r.ns, Name: r.name,
		Ref: objRef(r.info, r.name), Shown: shown, Text: editHeader + shown})
	return nil
}

// EditResume takes up an edit the editor kept open: the object as it was
// shown is the original the edited text is compared with, as kubectl edit
// compares with what it wrote to its temporary file.
func (k *Kubectl) EditResume(e Edit) error {
	info, err := k.resolve(e.Resource)
	if err != nil {
		return errors.New(errorMessage(err))
	}
	var v any
	if err := yaml.Unmarshal([]byte(e.Shown), &v); err != nil {
		return fmt.Errorf("error: the edit's original is not YAML: %v", err)
	}
	raw, err := toJSONMap(v)
	if err != nil || raw == nil {
		return errors.New("error: the edit's original is not an object")
	}
	original, _ := json.Marshal(raw)
	k.edit = &editSession{info: info, ns: nsFor(info, e.Namespace), name: e.Name, original: original, shown: e.Shown}
	return nil
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
	if _, err := inv.get(s.info, s.ns, s.name); err != nil {
		k.edit = nil
		fmt.Fprint(stderr, ensureNewline(errorMessage(err)))
		return 1, ""
	}
	// As kubectl edit: a two-way patch from what was shown to what was saved, so what the cluster changed
	// meanwhile (status, a scale) is kept, and only the learner's own changes are sent.
	editedJSON, _ := json.Marshal(raw)
	patchType, patch := strategicMergePatch, []byte(nil)
	if s.info.Custom != nil {
		// Custom resources have no patch strategies: a JSON merge patch.
		patchType = mergePatch
		patch, err = strategicpatch.CreateTwoWayJSONMergePatch(s.original, editedJSON)
	} else {
		patch, err = strategicpatch.CreateTwoWayMergePatch(s.original, editedJSON, s.info.New())
	}
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
