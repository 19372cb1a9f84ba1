package beat

import (
	_ "embed"
	"fmt"

	"gopkg.in/yaml.v3"
)

//go:embed captions.yaml
var captionsYAML []byte

// Classes lists every beat class; captions.yaml holds one caption for each.
var Classes = []string{"apiserver-write", "apiserver-read", "apiserver-denied", "apiserver-rejected", "watch",
	"controller", "scheduler-decide", "scheduler-bind", "kubelet-start", "kubelet-pull", "kubelet-status",
	"event", "fault", "heartbeat", "etcd", "component"}

// captions maps a class to the article's sentence it illustrates.
var captions = loadCaptions()

func loadCaptions() map[string]Text {
	var m map[string]Text
	if err := yaml.Unmarshal(captionsYAML, &m); err != nil {
		panic(fmt.Sprintf("beat: captions.yaml: %v", err))
	}
	for _, c := range Classes {
		if t, ok := m[c]; !ok || t.En == "" || t.Ja == "" {
			panic(fmt.Sprintf("beat: captions.yaml has no caption for class %q", c))
		}
	}
	return m
}
