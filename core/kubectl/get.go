package kubectl

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

var getFlags = []flagDef{
	{name: "output", short: "o"},
	{name: "selector", short: "l"},
	{name: "field-selector"},
	{name: "all-namespaces", short: "A", isBool: true},
	{name: "watch", short: "w", isBool: true},
	{name: "watch-only", isBool: true},
	{name: "show-labels", isBool: true},
	{name: "show-kind", isBool: true},
	{name: "no-headers", isBool: true},
	{name: "label-columns", short: "L"},
	{name: "filename", short: "f"},
	{name: "recursive", short: "R", isBool: true},
	{name: "ignore-not-found", isBool: true},
	{name: "chunk-size"},
	{name: "sort-by"},
	{name: "raw"},
	{name: "template"},
	{name: "allow-missing-template-keys", isBool: true, def: "true"},
}

func runGet(inv *invocation) error {
	f := inv.f
	if f.changed("raw") {
		return inv.getRaw(f.str("raw"))
	}
	allNs := f.boolean("all-namespaces")
	output := f.str("output")
	tmpl, isTemplate, err := inv.goTemplate(output)
	if err != nil {
		return err
	}
	if isTemplate {
		inv.tmpl = tmpl
	} else if err := checkOutput(output); err != nil {
		return err
	}
	if len(f.args) == 0 && !f.changed("filename") {
		return &exitError{code: 1, msg: "You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse \"kubectl explain <resource>\" for a detailed description of that resource (e.g. kubectl explain pods).\nSee 'kubectl get -h' for help and examples\n"}
	}
	ns := inv.ns
	if allNs {
		ns = ""
	}
	if f.boolean("watch") || f.boolean("watch-only") {
		ts, err := inv.parseTargets(f.args)
		if err != nil {
			return err
		}
		return inv.watch(ts, ns, allNs, output)
	}
	b, err := inv.resources(f.args, builderOpts{selectors: true, fetch: true, listAll: true})
	if err != nil {
		return err
	}
	groups, errs := b.groups, b.errs
	if err := sortGroups(groups, f.str("sort-by")); err != nil {
		return err
	}
	total := 0
	for _, g := range groups {
		total += len(g.items)
	}
	if err := inv.printGroups(inv.out, groups, output, allNs); err != nil {
		return err
	}
	// kubectl's printGeneric (json, yaml, jsonpath, go-template) prints the
	// empty List and no notice.
	if total == 0 && len(errs) == 0 && !strings.HasPrefix(output, "json") && !strings.HasPrefix(output, "yaml") && output != "kyaml" && inv.tmpl == nil && !f.boolean("ignore-not-found") {
		var info *api.ResourceInfo
		if len(groups) == 1 {
			info = groups[0].info
		}
		fmt.Fprintln(inv.errOut, noResources(info, ns, allNs))
	}
	return aggregate(errs)
}

func isMethodOrForbidden(err error) bool {
	r := api.ReasonOf(err)
	return r == api.StatusReasonForbidden || r == api.StatusReasonMethodNotAllowed || r == api.StatusReasonNotFound
}

// aggregate prints several errors the way kubectl's CheckErr prints an
// aggregate: one per line.
func aggregate(errs []error) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	var b strings.Builder
	for _, e := range errs {
		b.WriteString(ensureNewline(errorMessage(e)))
	}
	return &exitError{code: 1, msg: b.String()}
}

func checkOutput(output string) error {
	switch {
	case output == "", output == "wide", output == "yaml", output == "kyaml", output == "json", output == "name",
		strings.HasPrefix(output, "jsonpath="), strings.HasPrefix(output, "jsonpath-as-json="),
		strings.HasPrefix(output, "custom-columns="):
		return nil
	}
	return fmt.Errorf("unable to match a printer suitable for the output format %q, allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,wide,yaml", output)
}

// printGroups prints the result of a get in the chosen output format.
func (inv *invocation) printGroups(w io.Writer, groups []group, output string, allNs bool) error {
	var all []api.Object
	for _, g := range groups {
		for _, r := range g.items {
			all = append(all, r.obj)
		}
	}
	single := len(groups) == 1 && groups[0].named && len(groups[0].items) == 1
	// kubectl get wraps every multi-object result in a fresh v1 List whose
	// ListMeta is empty, so the list resourceVersion always prints "".
	rv := ""
	switch {
	case output == "yaml" || output == "json" || output == "kyaml":
		if single {
			return printers.PrintObject(w, all[0], output)
		}
		return printers.PrintList(w, all, output, rv)
	case output == "name":
		for _, g := range groups {
			for _, r := range g.items {
				fmt.Fprintln(w, objRef(g.info, r.name))
			}
		}
		return nil
	case inv.tmpl != nil, strings.HasPrefix(output, "jsonpath="), strings.HasPrefix(output, "jsonpath-as-json="):
		var data []byte
		if single {
			data = api.EncodeJSON(all[0])
		} else {
			var buf bytes.Buffer
			if err := printers.PrintList(&buf, all, "json", rv); err != nil {
				return err
			}
			data = buf.Bytes()
		}
		if inv.tmpl != nil {
			return printGoTemplate(w, inv.tmpl, data)
		}
		out, err := evalJSONPath(output[strings.IndexByte(output, '=')+1:], data)
		if err != nil {
			return err
		}
		fmt.Fprint(w, out)
		return nil
	case strings.HasPrefix(output, "custom-columns="):
		return printCustomColumns(w, strings.TrimPrefix(output, "custom-columns="), all, inv.f.boolean("no-headers"))
	}
	withKind := inv.f.boolean("show-kind")
	// multipleGVKsRequested: kubectl prefixes names as soon as more than one
	// kind was asked for, even if only one of them has objects (a fresh
	// cluster's "kubectl get all" prints service/kubernetes).
	kinds := map[*api.ResourceInfo]bool{}
	for _, g := range groups {
		kinds[g.info] = true
	}
	if len(kinds) > 1 {
		withKind = true
	}
	first := true
	for _, g := range groups {
		if len(g.items) == 0 {
			continue
		}
		if !first {
			fmt.Fprintln(w)
		}
		first = false
		objs := make([]api.Object, len(g.items))
		for i, r := range g.items {
			objs[i] = r.obj
		}
		if withKind {
			objs = prefixNames(g.info, objs)
		}
		if err := printers.PrintTable(w, inv.k.current(g.info), objs, inv.tableOptions(allNs)); err != nil {
			return err
		}
	}
	return nil
}

// prefixNames returns copies of objs named "kind.group/name" for the NAME
// column of a multi-kind table.
func prefixNames(info *api.ResourceInfo, objs []api.Object) []api.Object {
	out := make([]api.Object, len(objs))
	for i, o := range objs {
		c := api.DeepCopy(o)
		m := c.GetObjectMeta()
		m.Name = objRef(info, m.Name)
		out[i] = c
	}
	return out
}

func (inv *invocation) tableOptions(allNs bool) printers.Options {
	return printers.Options{
		Wide:          inv.f.str("output") == "wide",
		NoHeaders:     inv.f.boolean("no-headers"),
		WithNamespace: allNs,
		ShowLabels:    inv.f.boolean("show-labels"),
		LabelColumns:  inv.f.strs("label-columns"),
		Now:           inv.sim().Now(),
	}
}

// getRaw is kubectl get --raw PATH for the apiserver's health endpoints
// (/healthz, /livez, /readyz answer "ok"); other paths are not served here.
func (inv *invocation) getRaw(path string) error {
	if len(inv.f.args) > 0 {
		return fmt.Errorf("arguments may not be passed when --raw is specified")
	}
	switch strings.TrimSuffix(path, "/") {
	case "/healthz", "/livez", "/readyz":
		_, err := fmt.Fprintln(inv.out, "ok")
		return err
	}
	return api.NewNotFoundResource()
}
