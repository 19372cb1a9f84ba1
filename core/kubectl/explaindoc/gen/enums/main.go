// Command enums adds to openapi.json what kube-openapi's openapi-gen adds to
// every field whose Go type is marked +enum (pkg/generators/enum.go): the
// schema's "enum" (the type's string constants, sorted) and, after the
// field's description, a paragraph "Possible enum values:" with one line per
// value and its constant's comment. kubectl explain prints both (ENUM: and
// "enum: a, b" in its field lists). The types and constants are read from
// the Go sources of the k8s.io/api, k8s.io/apimachinery and
// k8s.io/apiextensions-apiserver v0.35.0 modules (Apache-2.0):
//
//	go run ./core/kubectl/explaindoc/gen/enums "$(go env GOMODCACHE)" < core/kubectl/explaindoc/openapi.json > /tmp/o.json
//	mv /tmp/o.json core/kubectl/explaindoc/openapi.json
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

var modules = []string{"k8s.io/apiextensions-apiserver", "k8s.io/apimachinery", "k8s.io/api"}

const version = "v0.35.0"

type enumValue struct{ name, value, comment string }

// pkg is one parsed Go package: its +enum types' values and its structs.
type pkg struct {
	path    string
	enums   map[string][]enumValue
	structs map[string]*ast.StructType
	imports map[*ast.StructType]map[string]string // file imports by local name
}

var (
	modCache string
	pkgs     = map[string]*pkg{}
	spaces   = regexp.MustCompile(`\s+`)
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: enums GOMODCACHE < openapi.json")
		os.Exit(2)
	}
	modCache = os.Args[1]
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail(err)
	}
	var doc struct {
		Kinds   map[string]string                     `json:"kinds"`
		Schemas map[string]map[string]json.RawMessage `json:"schemas"`
	}
	if err := json.Unmarshal(in, &doc); err != nil {
		fail(err)
	}
	names := make([]string, 0, len(doc.Schemas))
	for n := range doc.Schemas {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		s := doc.Schemas[n]
		raw, ok := s["properties"]
		if !ok {
			continue
		}
		i := strings.LastIndex(n, ".")
		p := load(importPath(n[:i]))
		if p == nil {
			continue
		}
		st := p.structs[n[i+1:]]
		if st == nil {
			continue
		}
		var props map[string]map[string]any
		if err := json.Unmarshal(raw, &props); err != nil {
			fail(err)
		}
		changed := false
		for field, values := range p.fieldEnums(st) {
			prop := props[field]
			if prop == nil || len(values) == 0 {
				continue
			}
			var vs, lines []string
			for _, v := range values {
				vs = append(vs, strconv.Quote(v.value))
				c := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v.comment), v.name))
				c = spaces.ReplaceAllString(c, " ")
				lines = append(lines, strings.TrimRight(fmt.Sprintf(" - `%q` %s", v.value, c), " "))
			}
			sort.Strings(vs)
			sort.Strings(lines)
			enum := make([]any, len(vs))
			for i, q := range vs {
				enum[i], _ = strconv.Unquote(q)
			}
			prop["enum"] = enum
			desc, _ := prop["description"].(string)
			extra := "Possible enum values:\n" + strings.Join(lines, "\n")
			if desc != "" {
				desc += "\n\n"
			}
			prop["description"] = desc + extra
			changed = true
		}
		if changed {
			b, _ := json.Marshal(props)
			s["properties"] = b
		}
	}
	out, err := json.Marshal(doc)
	if err != nil {
		fail(err)
	}
	os.Stdout.Write(append(out, '\n'))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "enums:", err)
	os.Exit(1)
}

// importPath turns "io.k8s.api.core.v1" into "k8s.io/api/core/v1".
func importPath(schemaPkg string) string {
	parts := strings.Split(strings.TrimPrefix(schemaPkg, "io."), ".")
	if len(parts) == 0 || parts[0] != "k8s" {
		return ""
	}
	return "k8s.io/" + strings.Join(parts[1:], "/")
}

// load parses the package at an import path of the three modules.
func load(path string) *pkg {
	if p, ok := pkgs[path]; ok {
		return p
	}
	pkgs[path] = nil
	var dir string
	for _, m := range modules {
		if path == m || strings.HasPrefix(path, m+"/") {
			dir = filepath.Join(modCache, m+"@"+version, strings.TrimPrefix(path, m))
			break
		}
	}
	if dir == "" {
		return nil
	}
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	p := &pkg{path: path, enums: map[string][]enumValue{}, structs: map[string]*ast.StructType{}, imports: map[*ast.StructType]map[string]string{}}
	var files []*ast.File
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments)
		if err != nil {
			fail(err)
		}
		files = append(files, f)
	}
	enumTypes := map[string]bool{}
	for _, f := range files {
		imps := map[string]string{}
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			name := ip[strings.LastIndex(ip, "/")+1:]
			if im.Name != nil {
				name = im.Name.Name
			}
			imps[name] = ip
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, sp := range g.Specs {
				ts := sp.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && len(g.Specs) == 1 {
					doc = g.Doc
				}
				if id, ok := ts.Type.(*ast.Ident); ok && id.Name == "string" && hasEnumTag(doc) {
					enumTypes[ts.Name.Name] = true
				}
				if st, ok := ts.Type.(*ast.StructType); ok {
					p.structs[ts.Name.Name] = st
					p.imports[st] = imps
				}
			}
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, sp := range g.Specs {
				vs := sp.(*ast.ValueSpec)
				id, ok := vs.Type.(*ast.Ident)
				if !ok || !enumTypes[id.Name] {
					continue
				}
				doc := vs.Doc
				if doc == nil && len(g.Specs) == 1 {
					doc = g.Doc
				}
				comment := ""
				if doc != nil {
					comment = strings.Join(strings.Split(strings.TrimRight(doc.Text(), "\n"), "\n"), " ")
				}
				for i, n := range vs.Names {
					if i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					v, _ := strconv.Unquote(lit.Value)
					p.add(id.Name, enumValue{name: n.Name, value: v, comment: comment})
				}
			}
		}
	}
	pkgs[path] = p
	return p
}

// add keeps one value per string, the longer comment winning (enum.go
// addIfNotPresent).
func (p *pkg) add(typ string, v enumValue) {
	for i, e := range p.enums[typ] {
		if e.value == v.value {
			if len(e.comment) < len(v.comment) || len(e.comment) == len(v.comment) && e.comment > v.comment {
				p.enums[typ][i] = v
			}
			return
		}
	}
	p.enums[typ] = append(p.enums[typ], v)
}

func hasEnumTag(doc *ast.CommentGroup) bool {
	if doc == nil {
		return false
	}
	for _, l := range strings.Split(doc.Text(), "\n") {
		if strings.TrimSpace(l) == "+enum" {
			return true
		}
	}
	return false
}

// fieldEnums maps each JSON field of a struct (inline members included)
// whose type, or pointed-to type, is an enum to that enum's values.
func (p *pkg) fieldEnums(st *ast.StructType) map[string][]enumValue {
	out := map[string][]enumValue{}
	for _, f := range st.Fields.List {
		tag := ""
		if f.Tag != nil {
			s, _ := strconv.Unquote(f.Tag.Value)
			tag = reflect.StructTag(s).Get("json")
		}
		name, opts, _ := strings.Cut(tag, ",")
		t := f.Type
		if s, ok := t.(*ast.StarExpr); ok {
			t = s.X
		}
		if len(f.Names) == 0 && strings.Contains(opts, "inline") {
			if id, ok := t.(*ast.Ident); ok && p.structs[id.Name] != nil {
				for k, v := range p.fieldEnums(p.structs[id.Name]) {
					out[k] = v
				}
			}
			continue
		}
		if name == "" || name == "-" {
			continue
		}
		switch x := t.(type) {
		case *ast.Ident:
			if vs := p.enums[x.Name]; len(vs) > 0 {
				out[name] = vs
			}
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				if q := load(p.imports[st][id.Name]); q != nil {
					if vs := q.enums[x.Sel.Name]; len(vs) > 0 {
						out[name] = vs
					}
				}
			}
		}
	}
	return out
}
