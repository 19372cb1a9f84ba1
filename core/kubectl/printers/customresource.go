package printers

import (
	"encoding/json"
	"strconv"
	"time"

	"kubeplay/core/api"
)

// defaultCustomColumns are what a CRD version without additionalPrinterColumns
// prints besides NAME (apiextensions' serveDefaultColumnsIfEmpty).
var defaultCustomColumns = []api.CustomResourceColumnDefinition{{Name: "Age", Type: "date", JSONPath: ".metadata.creationTimestamp"}}

// customHandler is the table apiextensions-apiserver's TableConvertor makes of
// a custom resource: NAME, then the version's additionalPrinterColumns, each
// cell read by its JSONPath and rendered by its type (a cell not found is empty).
func customHandler(v *api.CustomResourceDefinitionVersion) handler {
	cols := v.AdditionalPrinterColumns
	if len(cols) == 0 {
		cols = defaultCustomColumns
	}
	h := handler{columns: []Column{{Name: "Name"}}}
	for _, c := range cols {
		h.columns = append(h.columns, Column{Name: c.Name, Priority: int(c.Priority)})
	}
	h.row = func(obj api.Object, now time.Time) []string {
		cells := []string{obj.GetObjectMeta().Name}
		root, err := jsonValue(obj)
		for _, c := range cols {
			cell := ""
			if err == nil {
				if vals, perr := EvalPath(c.JSONPath, root, root); perr == nil && len(vals) > 0 {
					cell = customCell(c.Type, vals[0], now)
				}
			}
			cells = append(cells, cell)
		}
		return cells
	}
	return h
}

// customCell renders one value as its column type says (cellForJSONValue).
func customCell(typ string, v any, now time.Time) string {
	n, isNumber := v.(json.Number)
	switch typ {
	case "string":
		return FormatValue(v)
	case "integer":
		if i, err := n.Int64(); isNumber && err == nil {
			return strconv.FormatInt(i, 10)
		} else if f, err := n.Float64(); isNumber && err == nil {
			return strconv.FormatInt(int64(f), 10)
		}
	case "number":
		if f, err := n.Float64(); isNumber && err == nil {
			return strconv.FormatFloat(f, 'g', -1, 64)
		}
	case "boolean":
		if b, ok := v.(bool); ok {
			return strconv.FormatBool(b)
		}
	case "date":
		if s, ok := v.(string); ok {
			t, err := time.Parse(time.RFC3339, s)
			if err != nil {
				return "<invalid>"
			}
			return Since(t, now)
		}
	}
	return ""
}
