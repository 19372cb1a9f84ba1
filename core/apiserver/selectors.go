package apiserver

import (
	"strings"

	"kubeplay/core/api/labels"
)

// labelSelector is a parsed label selector; nil selects everything.
type labelSelector = labels.Selector

func parseLabelSelector(s string) (labelSelector, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	return labels.Parse(s)
}

func matchLabels(sel labelSelector, l map[string]string) bool {
	if sel == nil {
		return true
	}
	return sel.Matches(labels.Set(l))
}
