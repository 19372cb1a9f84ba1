package kubectl

import (
	"fmt"
	"strings"

	"kubeplay/core/kubectl/explaindoc"
)

var explainFlags = []flagDef{
	{name: "recursive", isBool: true},
	{name: "api-version"},
	{name: "output", short: "o"},
}

// runExplain is kubectl explain RESOURCE[.FIELD...] [--recursive]: from Kubernetes v1.35's OpenAPI v3
// schemas (explaindoc) for a built-in kind, from its CRD's schema for a custom resource.
func runExplain(inv *invocation) error {
	if len(inv.f.args) == 0 {
		return fmt.Errorf("You must specify the type of resource to explain. Use \"kubectl api-resources\" for a complete list of supported resources.\n")
	}
	if len(inv.f.args) > 1 {
		return fmt.Errorf("We accept only this format: explain RESOURCE\n")
	}
	if o := inv.f.str("output"); o != "" && o != "plaintext" && o != "plaintext-openapiv2" {
		return fmt.Errorf("unsupported output format: %s", o)
	}
	parts := strings.Split(inv.f.args[0], ".")
	info, err := inv.resolve(parts[0])
	if err != nil {
		return err
	}
	doc, err := explaindoc.Get()
	if err != nil {
		return fmt.Errorf("couldn't get the OpenAPI schema: %v", err)
	}
	var out string
	if info.Custom != nil {
		info = inv.k.current(info)
		out, err = doc.Render(info.Group, info.Version, info.Kind, customSchema(doc, info), parts[1:], inv.f.boolean("recursive"))
	} else {
		out, err = doc.Explain(info.Group, info.Version, info.Kind, parts[1:], inv.f.boolean("recursive"))
	}
	if err != nil {
		return err
	}
	fmt.Fprint(inv.out, out)
	return nil
}
