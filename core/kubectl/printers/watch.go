package printers

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"

	"kubeplay/core/api"
)

// WatchPrinter prints the tables of kubectl get -w. kubectl's tabwriter
// (github.com/liggitt/tabwriter with RememberWidths) keeps the widest cell
// seen in each column across flushes, so a row printed later lines up
// with the header unless one of its cells is wider, which then widens that
// column for every later row.
type WatchPrinter struct {
	out    io.Writer
	widths []int
}

// NewWatchPrinter returns a printer that writes to out.
func NewWatchPrinter(out io.Writer) *WatchPrinter { return &WatchPrinter{out: out} }

// Print prints objs as PrintTable does, then flushes, remembering widths.
func (p *WatchPrinter) Print(info *api.ResourceInfo, objs []api.Object, o Options) error {
	var buf bytes.Buffer
	printTable(&buf, BuildTable(info, objs, o.Now), o)
	lines := strings.SplitAfter(buf.String(), "\n")
	// Widths first: a flush aligns its whole block.
	for _, line := range lines {
		cells := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		for i, c := range cells[:len(cells)-1] {
			w := max(utf8.RuneCountInString(c)+tabPadding, tabMinWidth)
			if i >= len(p.widths) {
				p.widths = append(p.widths, 0)
			}
			p.widths[i] = max(p.widths[i], w)
		}
	}
	var b strings.Builder
	for _, line := range lines {
		if line == "" {
			continue
		}
		nl := strings.HasSuffix(line, "\n")
		cells := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		for i, c := range cells {
			b.WriteString(c)
			if i < len(cells)-1 {
				b.WriteString(strings.Repeat(" ", p.widths[i]-utf8.RuneCountInString(c)))
			}
		}
		if nl {
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(p.out, b.String())
	return err
}

// kubectl's tabwriter settings (see NewTabWriter).
const (
	tabMinWidth = 6
	tabPadding  = 3
)
