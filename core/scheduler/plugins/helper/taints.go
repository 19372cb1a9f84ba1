package helper

import "kubeplay/core/api"

// TolerationTolerates reports whether t tolerates taint (Toleration.ToleratesTaint):
// effects must match unless the toleration's effect is empty; an empty key
// with Exists matches every key; Exists ignores the value, Equal (or empty
// operator) compares it.
func TolerationTolerates(t *api.Toleration, taint *api.Taint) bool {
	if t.Effect != "" && t.Effect != taint.Effect {
		return false
	}
	if t.Key != "" && t.Key != taint.Key {
		return false
	}
	switch t.Operator {
	case "", api.TolerationOpEqual:
		return t.Value == taint.Value
	case api.TolerationOpExists:
		return true
	}
	return false
}

// TolerationsTolerateTaint reports whether any toleration tolerates taint.
func TolerationsTolerateTaint(ts []api.Toleration, taint *api.Taint) bool {
	for i := range ts {
		if TolerationTolerates(&ts[i], taint) {
			return true
		}
	}
	return false
}

// FindUntoleratedTaint returns the first taint with an effect accepted by
// include that no toleration tolerates.
func FindUntoleratedTaint(taints []api.Taint, ts []api.Toleration, include func(*api.Taint) bool) (*api.Taint, bool) {
	for i := range taints {
		t := &taints[i]
		if include != nil && !include(t) {
			continue
		}
		if !TolerationsTolerateTaint(ts, t) {
			return t, true
		}
	}
	return nil, false
}
