package printers

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"kubeplay/core/api"
)

// Options are kubectl get's printing flags.
type Options struct {
	Wide          bool     // -o wide: also print priority-1 columns
	NoHeaders     bool     // --no-headers
	WithNamespace bool     // -A / --all-namespaces: a NAMESPACE column first
	ShowLabels    bool     // --show-labels: a LABELS column last
	LabelColumns  []string // -L key: one column per label key, before LABELS
	Now           time.Time
}

// Column is one server-side table column (metav1.TableColumnDefinition).
// Priority 0 columns are always shown, priority 1 only with -o wide.
type Column struct {
	Name     string
	Priority int
}

// Table is a server-side table (metav1.Table) before kubectl decorates it.
// Each row carries every cell, wide ones included, as the apiserver sends them.
type Table struct {
	Columns []Column
	Rows    []Row
}

// Row is one object's cells.
type Row struct {
	Cells  []string
	Object api.Object
}

// NewTabWriter returns kubectl's tabwriter (printers.GetNewTabWriter):
// minwidth 6, tabwidth 4, padding 3, padded with spaces.
func NewTabWriter(w io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(w, 6, 4, 3, ' ', 0)
}

// PrintTable prints objs (all of resource info) as kubectl get does. An empty
// objs prints nothing: the caller prints "No resources found ...".
func PrintTable(w io.Writer, info *api.ResourceInfo, objs []api.Object, o Options) error {
	t := BuildTable(info, objs, o.Now)
	tw := NewTabWriter(w)
	printTable(tw, t, o)
	return tw.Flush()
}

// BuildTable converts objs to the table the apiserver's TableConvertor for
// info's resource would return.
func BuildTable(info *api.ResourceInfo, objs []api.Object, now time.Time) *Table {
	h := handlerFor(info)
	t := &Table{Columns: h.columns}
	for _, obj := range objs {
		t.Rows = append(t.Rows, Row{Cells: h.row(obj, now), Object: obj})
	}
	return t
}

func printTable(w io.Writer, t *Table, o Options) {
	cols, rows := decorate(t, o)
	visible := func(i int) bool { return o.Wide || cols[i].Priority == 0 }
	if !o.NoHeaders {
		if len(rows) == 0 {
			return
		}
		var names []string
		for i, c := range cols {
			if visible(i) {
				names = append(names, strings.ToUpper(c.Name))
			}
		}
		fmt.Fprintln(w, strings.Join(names, "\t"))
	}
	for _, r := range rows {
		var cells []string
		for i, c := range r {
			if i >= len(cols) {
				break
			}
			if visible(i) {
				cells = append(cells, sanitizeCell(c))
			}
		}
		fmt.Fprintln(w, strings.Join(cells, "\t"))
	}
}

// decorate adds the NAMESPACE, -L label and LABELS columns (kubectl's decorateTable).
func decorate(t *Table, o Options) ([]Column, [][]string) {
	var cols []Column
	if o.WithNamespace {
		cols = append(cols, Column{Name: "Namespace"})
	}
	cols = append(cols, t.Columns...)
	for _, l := range o.LabelColumns {
		parts := strings.Split(l, "/")
		cols = append(cols, Column{Name: parts[len(parts)-1]})
	}
	if o.ShowLabels {
		cols = append(cols, Column{Name: "Labels"})
	}
	rows := make([][]string, 0, len(t.Rows))
	for _, r := range t.Rows {
		var cells []string
		var m *api.ObjectMeta
		if r.Object != nil {
			m = r.Object.GetObjectMeta()
		}
		if o.WithNamespace {
			ns := ""
			if m != nil {
				ns = m.Namespace
			}
			cells = append(cells, ns)
		}
		cells = append(cells, r.Cells...)
		// Pad short rows so label cells line up with their columns.
		for len(cells) < len(cols)-len(o.LabelColumns)-boolInt(o.ShowLabels) {
			cells = append(cells, "")
		}
		var labels map[string]string
		if m != nil {
			labels = m.Labels
		}
		for _, l := range o.LabelColumns {
			cells = append(cells, labels[l])
		}
		if o.ShowLabels {
			cells = append(cells, FormatLabels(labels))
		}
		rows = append(rows, cells)
	}
	return cols, rows
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sanitizeCell cuts a cell at its first line break and marks the cut with
// "...", as kubectl's table printer does.
func sanitizeCell(s string) string {
	if i := strings.IndexAny(s, "\f\n\r"); i >= 0 {
		return s[:i] + "..."
	}
	return s
}
