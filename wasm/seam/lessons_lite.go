//go:build lite

package seam

import (
	_ "embed" // library.json

	"kubeplay/core/kubectl"
	"kubeplay/core/lite"
)

// The lite build (core/lite) leaves lessons and kubectl edit out. The lesson
// library's list stays, as the full build answers it (library.json, which
// TestTheLiteBuildListsTheLibraryAsTheFullOneDoes keeps true), and so do the
// answers of free play (no lesson is ever loaded here: loading one stops the
// call, and the page's core worker runs it again in the full build).

//go:embed library.json
var libraryJSON string

func init() {
	table["scenarios"] = func(*Core, argList) (any, error) { return rawJSON(libraryJSON), nil }
	table["scenarioState"] = func(k *Core, _ argList) (any, error) { return scenarioStatus{Seed: k.c.Sim.Seed()}, nil }
	table["runStep"] = func(*Core, argList) (any, error) { return nil, errFreePlay }
	table["checkStep"] = func(*Core, argList) (any, error) { return nil, errFreePlay }
	for _, name := range []string{"loadScenario", "checkScenarioText", "loadScenarioText"} {
		table[name] = func(k *Core, a argList) (any, error) { return k.loadScenario(a) }
	}
	table["editSave"] = func(*Core, argList) (any, error) {
		lite.Need("kubectl edit")
		return nil, nil
	}
}

func (k *Core) loadScenario(argList) (any, error) {
	lite.Need("lessons")
	return nil, nil
}

func checkBase(b journalBase) error {
	if b.Scenario != "" || b.Lesson != "" {
		lite.Need("lessons")
	}
	return nil
}

func (k *Core) openBase(journalBase) { lite.Need("lessons") }

// attempt: no lesson is loaded here, so no checkStep is an attempt.
func attempt(argList) bool { return false }

// runWithEditor runs one terminal line (kubectl edit, which would open the
// page's editor, stops the call first).
func (k *Core) runWithEditor(line string) (bool, *kubectl.Edit) { return k.sh.Exec(line), nil }
