package scenario

import (
	"strings"

	"kubeplay/scenarios"
)

// Library loads the built-in scenarios (the repository's scenarios/
// directory, embedded), in file-name order: 01-hands-on first.
func Library() ([]*Scenario, error) {
	// embed.FS's own methods, not io/fs's Glob and ReadFile: those bring the
	// os file system's code into the wasm.
	entries, err := scenarios.FS.ReadDir(".") // sorted by name
	if err != nil {
		return nil, err
	}
	out := make([]*Scenario, 0, len(entries))
	for _, e := range entries {
		n := e.Name()
		if !strings.HasSuffix(n, ".yaml") {
			continue
		}
		data, err := scenarios.FS.ReadFile(n)
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
