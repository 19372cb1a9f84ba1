//go:build !lite

package kubectl

import (
	"encoding/json"
	"fmt"
	"io"

	"kubeplay/core/kubectl/gotemplate"
)

// parseGoTemplate parses -o go-template's text (the lite build leaves the
// template engine out: gotemplate_lite.go).
func parseGoTemplate(text string) (*gotemplate.Template, error) { return gotemplate.Parse(text) }

// printGoTemplate runs t on an object's (or a List's) JSON as kubectl's
// GoTemplatePrinter does; when the template fails it prints what it had to
// stdout before returning the error.
func printGoTemplate(w io.Writer, t *gotemplate.Template, data []byte) error {
	text := t.Text()
	obj, err := gotemplate.DecodeJSON(data)
	if err != nil {
		return err
	}
	if err := t.Execute(w, obj); err != nil {
		raw, _ := json.Marshal(obj)
		fmt.Fprintf(w, "Error executing template: %v. Printing more information for debugging the template:\n", err)
		fmt.Fprintf(w, "\ttemplate was:\n\t\t%v\n", text)
		fmt.Fprintf(w, "\traw data was:\n\t\t%v\n", string(raw))
		fmt.Fprintf(w, "\tobject given to template engine was:\n\t\t%+v\n\n", obj)
		return fmt.Errorf("error executing template %q: %v", text, err)
	}
	return nil
}
