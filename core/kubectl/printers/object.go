package printers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"kubeplay/core/api"
)

// InfoForObject finds the registry entry whose Go type is obj's type.
func InfoForObject(obj api.Object) (*api.ResourceInfo, bool) {
	info := api.ResourceOf(obj)
	return info, info != nil
}

// withTypeMeta returns obj with apiVersion and kind filled in (a copy when
// they had to be set), as objects read back from the server carry them.
func withTypeMeta(obj api.Object) api.Object {
	tm := obj.GetTypeMeta()
	if tm.Kind != "" && tm.APIVersion != "" {
		return obj
	}
	info, ok := InfoForObject(obj)
	if !ok {
		return obj
	}
	cp := api.DeepCopy(obj)
	cp.GetTypeMeta().Kind = info.Kind
	cp.GetTypeMeta().APIVersion = info.APIVersion()
	return cp
}

// ObjectName is the -o name form: "pod/nginx", "deployment.apps/nginx".
func ObjectName(obj api.Object) string {
	kind := obj.GetTypeMeta().Kind
	group := ""
	if info, ok := InfoForObject(obj); ok {
		kind, group = info.Kind, info.Group
	} else if gv := obj.GetTypeMeta().APIVersion; strings.Contains(gv, "/") {
		group = gv[:strings.Index(gv, "/")]
	}
	k := strings.ToLower(kind)
	if group != "" {
		k += "." + group
	}
	return k + "/" + obj.GetObjectMeta().Name
}

// jsonValue decodes the object's JSON into generic values (numbers kept
// verbatim), so that re-encoding sorts keys as kubectl's unstructured objects do.
func jsonValue(obj api.Object) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(api.EncodeJSON(withTypeMeta(obj))))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

func writeJSON(w io.Writer, v any) error {
	data, err := json.MarshalIndent(v, "", "    ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// PrintObject prints one object as kubectl -o yaml, -o json or -o name does.
// JSON is indented with four spaces and keys are sorted, as kubectl prints
// objects it got from the server.
func PrintObject(w io.Writer, obj api.Object, format string) error {
	switch format {
	case "yaml":
		_, err := w.Write(api.EncodeYAML(withTypeMeta(obj)))
		return err
	case "json":
		v, err := jsonValue(obj)
		if err != nil {
			return err
		}
		return writeJSON(w, v)
	case "kyaml":
		v, err := jsonValue(obj)
		if err != nil {
			return err
		}
		_, err = io.WriteString(w, KYAML(v))
		return err
	case "name":
		_, err := fmt.Fprintln(w, ObjectName(obj))
		return err
	}
	return fmt.Errorf("unable to match a printer suitable for the output format %q, allowed formats are: json,kyaml,name,wide,yaml", format)
}

// PrintList prints several objects the way kubectl get prints more than one
// object with -o yaml or -o json: wrapped in a v1 List whose metadata holds
// only resourceVersion (listRV, usually ""). -o name prints one line each.
func PrintList(w io.Writer, objs []api.Object, format, listRV string) error {
	switch format {
	case "json":
		items := make([]any, 0, len(objs))
		for _, o := range objs {
			v, err := jsonValue(o)
			if err != nil {
				return err
			}
			items = append(items, v)
		}
		return writeJSON(w, map[string]any{
			"apiVersion": "v1",
			"items":      items,
			"kind":       "List",
			"metadata":   map[string]any{"resourceVersion": listRV},
		})
	case "yaml", "kyaml":
		items := make([]any, 0, len(objs))
		for _, o := range objs {
			v, err := jsonValue(o)
			if err != nil {
				return err
			}
			items = append(items, v)
		}
		list := map[string]any{
			"apiVersion": "v1",
			"items":      items,
			"kind":       "List",
			"metadata":   map[string]any{"resourceVersion": listRV},
		}
		if format == "kyaml" {
			_, err := io.WriteString(w, KYAML(list))
			return err
		}
		_, err := w.Write(api.MarshalYAML(list))
		return err
	case "name":
		for _, o := range objs {
			if _, err := fmt.Fprintln(w, ObjectName(o)); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("unable to match a printer suitable for the output format %q, allowed formats are: json,kyaml,name,wide,yaml", format)
}
