package scenario

import (
	"io/fs"
	"sort"

	"kubeplay/scenarios"
)

// Library loads the built-in scenarios (the repository's scenarios/
// directory, embedded), in file-name order: 01-hands-on first.
func Library() ([]*Scenario, error) {
	return LoadFS(scenarios.FS)
}

// LoadFS loads every *.yaml file at the root of fsys, in name order.
func LoadFS(fsys fs.FS) ([]*Scenario, error) {
	names, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := make([]*Scenario, 0, len(names))
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		sc, err := Parse(n, data)
		if err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	return out, nil
}
