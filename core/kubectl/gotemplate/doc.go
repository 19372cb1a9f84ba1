// Package gotemplate runs the templates of kubectl -o go-template: the part
// of Go's text/template that documentation and tutorials use, without
// linking text/template itself (which costs the page about 250 KB).
//
// It reads text with {{actions}} and {{- trim markers -}}, comments,
// pipelines, fields (.a.b), variables ($x := ..., $x = ...), literals,
// parenthesized pipelines, if / else if / else, range (with $i, $e :=, and
// else), with, and the functions kubectl offers: and, or, not, len, index,
// print, printf, println, eq, ne, lt, le, gt, ge, exists and base64decode.
// Data are JSON values as kubectl decodes them (map[string]any, []any,
// int64 for whole numbers, float64, string, bool, nil); values print as
// text/template prints them (a missing key is "<no value>", a null
// "<nil>"), and errors read as text/template's ("template: output:1: ...").
// define, template, block, break and continue are refused at parse time.
package gotemplate
