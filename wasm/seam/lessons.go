package seam

import "errors"

// What the lesson functions (scenario.go; the lite build's stand-ins in
// lessons_lite.go) answer alike.

type scenarioStatus struct {
	Name  string `json:"name"`
	Seed  uint64 `json:"seed"`
	Next  int    `json:"next"`
	Steps int    `json:"steps"`
	Done  bool   `json:"done"`
}

// errFreePlay answers a lesson step's call when no lesson is loaded.
var errFreePlay = errors.New("no scenario is loaded (free play)")
