package kubectl

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"kubeplay/core/kubectl/gotemplate"
)

// templateFormats are the -o values that take a Go template (cli-runtime
// GoTemplatePrintFlags): inline, or read from a file.
var templateFormats = []string{"go-template", "go-template-file", "template", "templatefile"}

// goTemplate reads -o go-template=..., -o go-template --template=...,
// --template alone and the file forms; ok is false for other outputs.
func (inv *invocation) goTemplate(output string) (t *gotemplate.Template, ok bool, err error) {
	arg := inv.f.str("template")
	if output == "" && arg == "" {
		return nil, false, nil
	}
	if output == "" {
		output = "go-template"
	}
	format, text := output, arg
	if arg == "" {
		for _, f := range templateFormats {
			if v, cut := strings.CutPrefix(output, f+"="); cut {
				format, text = f, v
				break
			}
		}
	}
	known := false
	for _, f := range templateFormats {
		known = known || f == format
	}
	if !known {
		return nil, false, nil
	}
	if text == "" {
		return nil, true, errors.New("template format specified but no template given")
	}
	if format == "go-template-file" || format == "templatefile" {
		data, rerr := inv.k.env.ReadFile(text)
		if rerr != nil {
			return nil, true, fmt.Errorf("error reading --template %s, open %s: no such file or directory", text, text)
		}
		text = string(data)
	}
	if t, err = gotemplate.Parse(text); err != nil {
		return nil, true, fmt.Errorf("error parsing template %s, %v", text, err)
	}
	t.MissingKeyError = !inv.f.boolean("allow-missing-template-keys")
	return t, true, nil
}

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
