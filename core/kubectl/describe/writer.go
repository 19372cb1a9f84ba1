package describe

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"kubeplay/core/kubectl/printers"
)

// Indentation levels of kubectl's PrefixWriter: two spaces each.
const (
	level0 = iota
	level1
	level2
	level3
)

// prefixWriter writes formatted text indented by level, into kubectl's
// describe tabwriter.
type prefixWriter struct{ out io.Writer }

func (w prefixWriter) Write(level int, format string, a ...any) {
	prefix := strings.Repeat("  ", level)
	if len(a) == 0 {
		io.WriteString(w.out, prefix+format)
		return
	}
	fmt.Fprintf(w.out, prefix+format, a...)
}

// WriteLine writes its operands and a newline, with no indentation.
func (w prefixWriter) WriteLine(a ...any) { fmt.Fprintln(w.out, a...) }

// tabbedString runs f against kubectl describe's tabwriter (minwidth 0,
// tabwidth 8, padding 2, spaces) and returns the aligned text.
func tabbedString(f func(w prefixWriter)) string {
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 8, 2, ' ', 0)
	f(prefixWriter{tw})
	tw.Flush()
	return buf.String()
}

// rfc1123z formats a timestamp as describe prints times ("Mon, 05 Jan 2026 09:00:00 +0000").
func rfc1123z(t time.Time) string { return t.Format(time.RFC1123Z) }

func since(t, now time.Time) string { return printers.Since(t, now) }
