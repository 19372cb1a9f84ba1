package beat

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// captions.json is captions.yaml (their source) in JSON, made by
// TestCaptionsJSONIsCaptionsYAML: they load when the program starts, and
// decoding JSON runs code the start-up runs anyway.
//
//go:embed captions.json
var captionsJSON []byte

// Classes lists every beat class; captions.yaml holds one caption for each.
var Classes = []string{"apiserver-write", "apiserver-read", "apiserver-denied", "apiserver-rejected", "watch",
	"controller", "scheduler-decide", "scheduler-bind", "kubelet-start", "kubelet-pull", "kubelet-status",
	"event", "fault", "heartbeat", "etcd", "component"}

// captions maps a class to the article's sentence it illustrates.
var captions = loadCaptions()

func loadCaptions() map[string]Text {
	var m map[string]Text
	if err := json.Unmarshal(captionsJSON, &m); err != nil {
		panic(fmt.Sprintf("beat: captions.json: %v", err))
	}
	for _, c := range Classes {
		if t, ok := m[c]; !ok || t.En == "" || t.Ja == "" {
			panic(fmt.Sprintf("beat: captions.json has no caption for class %q", c))
		}
	}
	return m
}
