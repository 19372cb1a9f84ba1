package kubectl

import (
	"errors"
	"fmt"
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
	if t, err = parseGoTemplate(text); err != nil {
		return nil, true, fmt.Errorf("error parsing template %s, %v", text, err)
	}
	t.MissingKeyError = !inv.f.boolean("allow-missing-template-keys")
	return t, true, nil
}
