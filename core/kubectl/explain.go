package kubectl

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"kubeplay/core/api"
)

var explainFlags = []flagDef{
	{name: "recursive", isBool: true},
	{name: "api-version"},
	{name: "output", short: "o"},
}

// explainField is one field of a kind as kubectl explain lists it.
type explainField struct {
	name     string
	typ      reflect.Type
	required bool
}

// runExplain is kubectl explain RESOURCE[.FIELD...] [--recursive]. kubeplay
// serves no OpenAPI documents, so it prints explain's plaintext layout
// (KIND, VERSION, FIELD, FIELDS with types and -required-) built from its
// own API types, with the DESCRIPTION left <empty>.
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
	if info.Custom != nil && (len(parts) == 1 || !metaFields[parts[1]]) {
		return inv.explainCustom(inv.k.current(info), parts[1:])
	}
	t := reflect.TypeOf(info.New()).Elem()
	var field *explainField
	for _, p := range parts[1:] {
		f, ok := findExplainField(t, p)
		if !ok {
			return fmt.Errorf("field %q does not exist", p)
		}
		field = &f
		t = explainElem(f.typ)
	}
	var b strings.Builder
	explainHeader(&b, info)
	if field != nil {
		fmt.Fprintf(&b, "FIELD: %s <%s>\n\n", field.name, explainTypeName(field.typ))
	}
	b.WriteString("DESCRIPTION:\n    <empty>\n")
	if t.Kind() == reflect.Struct && !isLeafStruct(t) {
		b.WriteString("FIELDS:\n")
		writeExplainFields(&b, t, 1, inv.f.boolean("recursive"), map[reflect.Type]bool{})
	}
	b.WriteString("\n")
	fmt.Fprint(inv.out, b.String())
	return nil
}

// explainHeader writes GROUP (when there is one), KIND and VERSION.
func explainHeader(b *strings.Builder, info *api.ResourceInfo) {
	if info.Group != "" {
		fmt.Fprintf(b, "GROUP:      %s\n", info.Group)
	}
	fmt.Fprintf(b, "KIND:       %s\nVERSION:    %s\n\n", info.Kind, info.Version)
}

func writeExplainFields(b *strings.Builder, t reflect.Type, depth int, recursive bool, seen map[reflect.Type]bool) {
	indent := strings.Repeat("  ", depth)
	for _, f := range explainFields(t) {
		req := ""
		if f.required {
			req = " -required-"
		}
		fmt.Fprintf(b, "%s%s\t<%s>%s\n", indent, f.name, explainTypeName(f.typ), req)
		if recursive {
			et := explainElem(f.typ)
			if et.Kind() == reflect.Struct && !isLeafStruct(et) && !seen[et] {
				seen[et] = true
				writeExplainFields(b, et, depth+1, recursive, seen)
				delete(seen, et)
			}
		}
	}
}

// explainFields lists t's JSON fields, inlined structs flattened, sorted
// by name.
func explainFields(t reflect.Type) []explainField {
	var out []explainField
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if sf.Anonymous && name == "" {
			out = append(out, explainFields(sf.Type)...)
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		required := !strings.Contains(opts, "omitempty") && sf.Type.Kind() != reflect.Pointer &&
			name != "apiVersion" && name != "kind" && name != "metadata" && name != "status"
		out = append(out, explainField{name: name, typ: sf.Type, required: required})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

func findExplainField(t reflect.Type, name string) (explainField, bool) {
	if t.Kind() != reflect.Struct || isLeafStruct(t) {
		return explainField{}, false
	}
	for _, f := range explainFields(t) {
		if f.name == name {
			return f, true
		}
	}
	return explainField{}, false
}

// explainElem strips pointers, slices and maps down to the element type.
func explainElem(t reflect.Type) reflect.Type {
	for {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map:
			if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
				return t
			}
			t = t.Elem()
		default:
			return t
		}
	}
}

var (
	quantityType    = reflect.TypeOf(api.Quantity{})
	intOrStringType = reflect.TypeOf(api.IntOrString{})
	timeType        = reflect.TypeOf(api.Time{})
	microTimeType   = reflect.TypeOf(api.MicroTime{})
	durationType    = reflect.TypeOf(api.Duration{})
)

// isLeafStruct reports types that serialize as scalars.
func isLeafStruct(t reflect.Type) bool {
	switch t {
	case quantityType, intOrStringType, timeType, microTimeType, durationType:
		return true
	}
	return false
}

// explainTypeName is the type column of kubectl explain: string, integer,
// boolean, number, Quantity, IntOrString, []Container, map[string]string,
// or the struct's kind name.
func explainTypeName(t reflect.Type) string {
	switch t {
	case quantityType:
		return "Quantity"
	case intOrStringType:
		return "IntOrString"
	case timeType, microTimeType, durationType:
		return "string"
	}
	switch t.Kind() {
	case reflect.Pointer:
		return explainTypeName(t.Elem())
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return "string"
		}
		return "[]" + explainTypeName(t.Elem())
	case reflect.Map:
		return "map[string]" + explainTypeName(t.Elem())
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Struct:
		return t.Name()
	case reflect.Interface:
		return "Object"
	}
	return t.Name()
}
