package kubectl

import (
	"errors"
	"fmt"
	"path"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/kubectl/examples"
)

// This file is kubectl's resource builder (cli-runtime's resource.Builder):
// every command turns its arguments — -f files, directories and stdin,
// TYPE NAME..., TYPE/NAME..., TYPE1,TYPE2, -l/--field-selector/--all/-A —
// into resolved objects here, with kubectl's error texts.

// missingResource is the builder's error when nothing was named.
const missingResource = "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'"

// builderOpts say how a command uses the builder, as its Builder calls do.
type builderOpts struct {
	// selectors: the command's -l, --field-selector, --all and -A select
	// objects (LabelSelectorParam, FieldSelectorParam, SelectAllParam,
	// AllNamespaces).
	selectors bool
	// fetch reads each named object and each file's object from the server
	// (Latest); without it names and files resolve to references only.
	fetch bool
	// listAll: a TYPE without names lists every object (get, describe);
	// otherwise it is "resource(s) were provided, but no name was specified".
	listAll bool
	// prefixMatch: a name not found matches every object whose name starts
	// with it (describe's fallback).
	prefixMatch bool
	// missing replaces missingResource when nothing was named.
	missing string
}

// resolved is one object a command acts on. obj is nil when the builder was
// asked not to fetch.
type resolved struct {
	info   *api.ResourceInfo
	obj    api.Object
	name   string
	ns     string
	source string // the manifest file it came from, if any
}

// group is the objects of one resource type as asked for: a TYPE, a run of
// TYPE/NAME arguments, or consecutive documents of one kind.
type group struct {
	info  *api.ResourceInfo
	named bool
	items []resolved
}

// built is the builder's answer: the groups in argument order and the
// per-object errors (NotFound...), which kubectl prints after acting on the
// rest.
type built struct {
	groups []group
	errs   []error
}

// objects flattens the groups.
func (b *built) objects() []resolved {
	var out []resolved
	for _, g := range b.groups {
		out = append(out, g.items...)
	}
	return out
}

// target is one resource type with the names asked for ("" = all).
type target struct {
	info  *api.ResourceInfo
	names []string
	// tuple: named as TYPE/NAME.
	tuple bool
	// category: expanded from "all"; kinds the user may not list are skipped.
	category bool
}

// allResources are what "kubectl get all" lists (category "all"), in
// kubectl's order.
var allResources = []string{"pods", "services", "daemonsets", "deployments", "replicasets", "statefulsets", "horizontalpodautoscalers", "cronjobs", "jobs"}

const tupleMixed = "there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'"

// parseTargets reads kubectl's TYPE[,TYPE...] [NAME...] or TYPE/NAME...
// arguments.
func (inv *invocation) parseTargets(args []string) ([]target, error) {
	if len(args) == 0 {
		return nil, nil
	}
	if strings.Contains(args[0], "/") {
		var out []target
		for _, a := range args {
			typ, name, ok := strings.Cut(a, "/")
			if !ok || name == "" {
				return nil, fmt.Errorf("%s", tupleMixed)
			}
			info, err := inv.resolve(typ)
			if err != nil {
				return nil, err
			}
			if n := len(out); n > 0 && out[n-1].info == info {
				out[n-1].names = append(out[n-1].names, name)
				continue
			}
			out = append(out, target{info: info, names: []string{name}, tuple: true})
		}
		return out, nil
	}
	for _, a := range args[1:] {
		if strings.Contains(a, "/") {
			return nil, fmt.Errorf("%s", tupleMixed)
		}
	}
	var out []target
	seen := map[*api.ResourceInfo]bool{}
	for _, typ := range strings.Split(args[0], ",") {
		if typ == "" {
			continue
		}
		if typ == "all" {
			infos := []*api.ResourceInfo{}
			for _, r := range allResources {
				if info, ok := api.ResourceFor(r); ok {
					infos = append(infos, info)
				}
			}
			for _, info := range append(infos, inv.k.customInCategory("all")...) {
				if !seen[info] {
					seen[info] = true
					out = append(out, target{info: info, names: args[1:], category: true})
				}
			}
			continue
		}
		info, err := inv.resolve(typ)
		if err != nil {
			return nil, err
		}
		if seen[info] {
			continue
		}
		seen[info] = true
		out = append(out, target{info: info, names: args[1:]})
	}
	return out, nil
}

// objects is resources flattened: the objects, the per-object errors, and
// a fatal error.
func (inv *invocation) objects(args []string, o builderOpts) ([]resolved, []error, error) {
	b, err := inv.resources(args, o)
	if err != nil {
		return nil, nil, err
	}
	return b.objects(), b.errs, nil
}

// resources resolves a command's arguments and -f/-l/--field-selector/
// --all/-A flags to objects, in the builder's order of precedence: files,
// then selectors, then TYPE/NAME, then TYPE NAME.
func (inv *invocation) resources(args []string, o builderOpts) (*built, error) {
	f := inv.f
	ns := inv.ns
	allNs := o.selectors && f.boolean("all-namespaces")
	if allNs {
		ns = ""
	}
	if f.changed("filename") {
		if len(args) > 0 {
			return nil, fmt.Errorf("when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well")
		}
		return inv.fromFiles(f.all("filename"), o)
	}
	labelSel, fieldSel := "", ""
	selecting := false
	if o.selectors {
		labelSel, fieldSel = f.str("selector"), f.str("field-selector")
		selecting = f.changed("selector") || f.changed("field-selector") || f.boolean("all")
		if f.boolean("all") && f.changed("selector") && inv.name != "delete" {
			return nil, fmt.Errorf("setting 'all' parameter but found a non empty selector. ")
		}
	}
	ts, err := inv.parseTargets(args)
	if err != nil {
		return nil, err
	}
	if len(ts) == 0 {
		msg := o.missing
		if msg == "" {
			msg = missingResource
		}
		return nil, fmt.Errorf("%s", msg)
	}
	b := &built{}
	for _, t := range ts {
		if selecting && len(t.names) > 0 {
			if t.tuple {
				return nil, fmt.Errorf("selectors and the all flag cannot be used when passing resource/name arguments")
			}
			return nil, fmt.Errorf("name cannot be provided when a selector is specified")
		}
		if len(t.names) > 0 && t.info.Namespaced && allNs {
			return nil, fmt.Errorf("a resource cannot be retrieved by name across all namespaces")
		}
	}
	for _, t := range ts {
		g := group{info: t.info, named: len(t.names) > 0}
		if len(t.names) == 0 {
			if !selecting && !o.listAll {
				return nil, fmt.Errorf("resource(s) were provided, but no name was specified")
			}
			l, err := inv.list(t.info, nsFor(t.info, ns), labelSel, fieldSel)
			if err != nil {
				if t.category && len(ts) > 1 && isMethodOrForbidden(err) {
					continue
				}
				return nil, listError(t.info, labelSel, fieldSel, err)
			}
			for _, obj := range l.Items {
				m := obj.GetObjectMeta()
				g.items = append(g.items, resolved{info: t.info, obj: obj, name: m.Name, ns: m.Namespace})
			}
			b.groups = append(b.groups, g)
			continue
		}
		for _, n := range t.names {
			if !o.fetch {
				g.items = append(g.items, resolved{info: t.info, name: n, ns: nsFor(t.info, inv.ns)})
				continue
			}
			obj, err := inv.get(t.info, nsFor(t.info, inv.ns), n)
			if err == nil {
				g.items = append(g.items, resolved{info: t.info, obj: obj, name: n, ns: obj.GetObjectMeta().Namespace})
				continue
			}
			if api.IsNotFound(err) && o.prefixMatch {
				if matched := inv.prefixMatches(t.info, n); len(matched) > 0 {
					g.items = append(g.items, matched...)
					continue
				}
			}
			if api.IsNotFound(err) && f.boolean("ignore-not-found") {
				continue
			}
			b.errs = append(b.errs, err)
		}
		b.groups = append(b.groups, g)
	}
	return b, nil
}

// prefixMatches is describe's fallback: every object whose name starts with
// prefix.
func (inv *invocation) prefixMatches(info *api.ResourceInfo, prefix string) []resolved {
	l, err := inv.list(info, nsFor(info, inv.ns), "", "")
	if err != nil {
		return nil
	}
	var out []resolved
	for _, obj := range l.Items {
		m := obj.GetObjectMeta()
		if strings.HasPrefix(m.Name, prefix) {
			out = append(out, resolved{info: info, obj: obj, name: m.Name, ns: m.Namespace})
		}
	}
	return out
}

// fromFiles resolves the objects the manifests name. A -l selector filters
// them by their labels in the file.
func (inv *invocation) fromFiles(filenames []string, o builderOpts) (*built, error) {
	docs, err := inv.readManifests(filenames)
	if err != nil {
		return nil, err
	}
	var sel labels.Selector
	if o.selectors && inv.f.changed("selector") {
		if sel, err = labels.Parse(inv.f.str("selector")); err != nil {
			return nil, fmt.Errorf("the provided selector %q is not valid: %v", inv.f.str("selector"), err)
		}
	}
	b := &built{}
	for _, d := range docs {
		if d.err != nil {
			b.errs = append(b.errs, d.err)
			continue
		}
		if sel != nil && !sel.Matches(docLabels(d)) {
			continue
		}
		r := resolved{info: d.info, name: d.name(), ns: d.namespace(inv), source: d.source}
		if o.fetch {
			obj, err := inv.get(d.info, r.ns, r.name)
			if err != nil {
				if !(api.IsNotFound(err) && inv.f.boolean("ignore-not-found")) {
					b.errs = append(b.errs, err)
				}
				continue
			}
			r.obj = obj
		}
		if n := len(b.groups); n > 0 && b.groups[n-1].info == d.info {
			b.groups[n-1].items = append(b.groups[n-1].items, r)
			continue
		}
		b.groups = append(b.groups, group{info: d.info, named: true, items: []resolved{r}})
	}
	return b, nil
}

func docLabels(d *doc) labels.Set {
	out := labels.Set{}
	if m, ok := d.raw["metadata"].(map[string]any); ok {
		if ls, ok := m["labels"].(map[string]any); ok {
			for k, v := range ls {
				out[k] = fmt.Sprint(v)
			}
		}
	}
	return out
}

// readManifests reads every -f argument: files, directories (their .yaml,
// .yml and .json files; with -R their subdirectories too) and "-" for
// stdin. A YAML syntax error stops the reading of that file; the documents
// before it are returned along with the error as a last doc.
func (inv *invocation) readManifests(filenames []string) ([]*doc, error) {
	if len(filenames) == 0 {
		return nil, fmt.Errorf("must specify one of -f and -k")
	}
	var docs []*doc
	for _, fn := range filenames {
		if fn == "-" {
			ds, err := parseDocs("STDIN", inv.k.env.Stdin, inv.k.kindFor)
			docs = append(docs, ds...)
			if err != nil {
				docs = append(docs, &doc{source: "STDIN", err: err})
			}
			continue
		}
		if strings.HasPrefix(fn, "http://") || strings.HasPrefix(fn, "https://") {
			data, err := inv.readURL(fn)
			if err != nil {
				return nil, err
			}
			ds, err := parseDocs(fn, data, inv.k.kindFor)
			docs = append(docs, ds...)
			if err != nil {
				docs = append(docs, &doc{source: fn, err: err})
			}
			continue
		}
		files, err := inv.expandPath(fn, inv.f.boolean("recursive"))
		if err != nil {
			return nil, err
		}
		for _, file := range files {
			data, err := inv.k.env.ReadFile(file)
			if err != nil {
				return nil, fmt.Errorf("the path %q does not exist", file)
			}
			ds, err := parseDocs(file, data, inv.k.kindFor)
			docs = append(docs, ds...)
			if err != nil {
				docs = append(docs, &doc{source: file, err: err})
			}
		}
	}
	return docs, nil
}

// expandPath lists a directory's manifests (sorted, as filepath.Walk
// visits them), descending into subdirectories with -R; a file is itself.
func (inv *invocation) expandPath(p string, recursive bool) ([]string, error) {
	if inv.k.env.ReadDir != nil {
		if entries, err := inv.k.env.ReadDir(p); err == nil {
			sort.Strings(entries)
			var out []string
			for _, e := range entries {
				full := path.Join(p, e)
				switch path.Ext(e) {
				case ".yaml", ".yml", ".json":
					out = append(out, full)
					continue
				}
				if recursive {
					if _, err := inv.k.env.ReadDir(full); err == nil {
						sub, err := inv.expandPath(full, true)
						if err != nil {
							return nil, err
						}
						out = append(out, sub...)
					}
				}
			}
			return out, nil
		}
	}
	if inv.k.env.ReadFile == nil {
		return nil, fmt.Errorf("the path %q does not exist", p)
	}
	return []string{p}, nil
}

// readURL reads an http(s) -f argument through Env.ReadURL (the documentation's examples, core/kubectl/examples).
func (inv *invocation) readURL(fn string) ([]byte, error) {
	var err error = examples.ErrOtherHost
	var data []byte
	if inv.k.env.ReadURL != nil {
		data, err = inv.k.env.ReadURL(fn)
	}
	switch {
	case err == nil:
		return data, nil
	case errors.Is(err, examples.ErrOtherHost):
		// kubeplay's cluster has no network: say so in kubectl's words for
		// a URL it could not read, and how to give the manifest instead.
		return nil, fmt.Errorf("unable to read URL %q, kubeplay has no network access: paste the manifest into a file (or kubectl apply -f - <<EOF)", fn)
	case errors.Is(err, examples.ErrNotLoaded):
		// In the browser, a URL the page did not see coming (built in a variable, say).
		return nil, fmt.Errorf("unable to read URL %q: the documentation's examples are not loaded yet; run the command again", fn)
	}
	// cli-runtime's words for a URL that answered without the file.
	return nil, fmt.Errorf("unable to read URL %q, server reported 404 Not Found, status code=404", fn)
}
