// Command kubeplay is core's native entry point: the terminal front end.
//
//	kubeplay shell [--seed N] [--trace]   a kubectl prompt on a fresh default cluster
//	kubeplay shell --lesson FILE|NAME     the same prompt, playing a lesson's steps (next, hint, lesson)
//	kubeplay run FILE                     print a scenario's transcript
//	kubeplay check [FILES|DIRS]           play scenarios headlessly and verify their expectations
package main

import (
	"fmt"
	"os"
)

const usage = `usage:
  kubeplay shell [--seed N] [--trace]   kubectl prompt on a fresh kind-like cluster (reads stdin when piped)
  kubeplay shell --lesson FILE|NAME [--lang ja|en]   the prompt plays a lesson: next, hint, lesson
  kubeplay run FILE [--seed N]          print a scenario's transcript
  kubeplay check [FILES|DIRS]           play scenarios headlessly and verify every expectation
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	var code int
	switch os.Args[1] {
	case "shell":
		code = runShell(os.Args[2:], os.Stdin, os.Stdout, os.Stderr)
	case "run":
		code = runScenario(os.Args[2:], os.Stdout, os.Stderr)
	case "check":
		code = checkScenarios(os.Args[2:], os.Stdout, os.Stderr)
	case "-h", "--help", "help":
		fmt.Print(usage)
	default:
		fmt.Fprintf(os.Stderr, "kubeplay: unknown command %q\n%s", os.Args[1], usage)
		code = 2
	}
	os.Exit(code)
}
