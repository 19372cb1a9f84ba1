// Package scenarios holds kubeplay's built-in scenarios: one YAML lesson per
// file (format: README.md, loader and player: kubeplay/core/scenario),
// embedded so the browser and the CLI carry the same library.
package scenarios

import "embed"

// FS holds every built-in scenario file (*.yaml), named NN-slug.yaml.
//
//go:embed *.yaml
var FS embed.FS
