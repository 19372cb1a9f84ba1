package main

import (
	"fmt"
	"io"
)

func runScenario(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "kubeplay run: scenarios are not built yet")
	return 2
}

func checkScenarios(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "kubeplay check: scenarios are not built yet")
	return 2
}
