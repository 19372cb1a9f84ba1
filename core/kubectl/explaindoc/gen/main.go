// Command gen writes core/kubectl/explaindoc/openapi.json: the parts of Kubernetes v1.35's OpenAPI v3
// documents that kubectl explain shows for the kinds kubeplay serves (each schema reachable from a served
// kind, with only its description, type, references, properties, required fields and enum values; none of
// the served schemas has externalDocs).
//
// The documents come with the k8s.io/kubernetes module (api/openapi-spec/v3), Apache-2.0:
//
//	GOFLAGS=-mod=mod go mod download -json k8s.io/kubernetes@v1.35.0   # prints its Dir
//	go run ./core/kubectl/explaindoc/gen <Dir>/api/openapi-spec/v3 > core/kubectl/explaindoc/openapi.json
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"kubeplay/core/api"
)

// kept are the schema keys kubectl explain's plaintext output reads.
var kept = map[string]bool{"description": true, "type": true, "$ref": true, "allOf": true, "items": true,
	"additionalProperties": true, "properties": true, "required": true, "enum": true}

const refPrefix = "#/components/schemas/"

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gen <k8s.io/kubernetes>/api/openapi-spec/v3")
		os.Exit(2)
	}
	dir := os.Args[1]
	schemas := map[string]map[string]any{}
	kinds := map[string]string{} // "apps/v1/Deployment" -> schema name
	docs := map[string]map[string]any{}
	for _, info := range api.Resources() {
		if info.Custom != nil {
			continue
		}
		file := "api__v1_openapi.json"
		if info.Group != "" {
			file = "apis__" + info.Group + "__" + info.Version + "_openapi.json"
		}
		doc, ok := docs[file]
		if !ok {
			b, err := os.ReadFile(filepath.Join(dir, file))
			if err != nil {
				fmt.Fprintln(os.Stderr, "gen:", err)
				os.Exit(1)
			}
			if err := json.Unmarshal(b, &doc); err != nil {
				fmt.Fprintln(os.Stderr, "gen:", file, err)
				os.Exit(1)
			}
			docs[file] = doc
		}
		all := doc["components"].(map[string]any)["schemas"].(map[string]any)
		name := findKind(all, info.Group, info.Version, info.Kind)
		if name == "" {
			fmt.Fprintf(os.Stderr, "gen: %s/%s %s is not in %s\n", info.Group, info.Version, info.Kind, file)
			continue
		}
		kinds[info.APIVersion()+"/"+info.Kind] = name
		collect(all, name, schemas)
	}
	out, err := json.Marshal(map[string]any{"kinds": kinds, "schemas": schemas})
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	os.Stdout.Write(append(out, '\n'))
}

// findKind returns the name of the schema whose x-kubernetes-group-version-kind lists group/version/kind.
func findKind(all map[string]any, group, version, kind string) string {
	names := make([]string, 0, len(all))
	for n := range all {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		s := all[n].(map[string]any)
		gvks, _ := s["x-kubernetes-group-version-kind"].([]any)
		for _, g := range gvks {
			m := g.(map[string]any)
			if m["group"] == group && m["version"] == version && m["kind"] == kind {
				return n
			}
		}
	}
	return ""
}

// collect adds schema name and every schema it references, pruned, to out.
func collect(all map[string]any, name string, out map[string]map[string]any) {
	if _, done := out[name]; done {
		return
	}
	s, ok := all[name].(map[string]any)
	if !ok {
		return
	}
	var refs []string
	p := prune(s, &refs).(map[string]any)
	out[name] = p
	for _, r := range refs {
		collect(all, strings.TrimPrefix(r, refPrefix), out)
	}
}

func prune(v any, refs *[]string) any {
	switch t := v.(type) {
	case map[string]any:
		o := map[string]any{}
		for k, x := range t {
			if !kept[k] {
				continue
			}
			switch k {
			case "$ref":
				*refs = append(*refs, x.(string))
				o[k] = x
			case "properties":
				props := map[string]any{}
				for pk, pv := range x.(map[string]any) {
					props[pk] = prune(pv, refs)
				}
				o[k] = props
			case "description", "type", "required", "enum":
				o[k] = x
			default:
				o[k] = prune(x, refs)
			}
		}
		return o
	case []any:
		o := make([]any, len(t))
		for i, x := range t {
			o[i] = prune(x, refs)
		}
		return o
	}
	return v
}
