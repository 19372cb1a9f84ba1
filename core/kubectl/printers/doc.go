// Package printers plays kubectl's output printers: the server-side table
// columns of kube-apiserver's TableConvertor (pkg/printers/internalversion),
// laid out the way kubectl's HumanReadablePrinter and tabwriter lay them out,
// plus the -o yaml / -o json / -o name printers.
//
// Every function here is pure: time comes in through Options.Now, never from
// the wall clock.
package printers
