//go:build !lite

package seam

import (
	"bytes"

	"kubeplay/core/kubectl"
)

// kubectl edit in the page: `kubectl edit deploy nginx` in the terminal
// answers run() with `edit` (the object's file, kubectl's header comment
// then its YAML); the page opens it in its editor, and Apply there calls
// editSave, which answers as kubectl edit does when its editor closes:
//
//	run("kubectl edit …")                       → {output, code, edit?: {resource, namespace, name, ref, shown, text}}
//	editSave(resource, namespace, name, shown, text) → {stdout, stderr, code, reopen}
//
// reopen is the file to show again (kubectl's error block under the header)
// after an invalid edit, "" once the edit is done or cancelled. editSave is
// a journal entry carrying everything it needs, so a replay saves the same.
func init() {
	table["editSave"] = (*Core).editSave
}

type editResult struct {
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr"`
	Code   int    `json:"code"`
	Reopen string `json:"reopen"`
}

// runWithEditor runs one terminal line with kubectl's editor set: an edit it
// opens comes back for the answer.
func (k *Core) runWithEditor(line string) (ok bool, edit *kubectl.Edit) {
	kc := k.c.Kubectl(&k.out)
	kc.SetEditor(func(e kubectl.Edit) { edit = &e })
	defer kc.SetEditor(nil)
	return k.sh.Exec(line), edit
}

func (k *Core) editSave(a argList) (any, error) {
	k.stash()
	kc := k.c.Kubectl(&k.out)
	var stdout, stderr bytes.Buffer
	if err := kc.EditResume(kubectl.Edit{Resource: a.str(0), Namespace: a.str(1), Name: a.str(2), Shown: a.str(3)}); err != nil {
		return editResult{Stderr: err.Error() + "\n", Code: 1}, nil
	}
	code, reopen := kc.EditSave(a.str(4), &stdout, &stderr)
	return editResult{Stdout: stdout.String(), Stderr: stderr.String(), Code: code, Reopen: reopen}, nil
}
