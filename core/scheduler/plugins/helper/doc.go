// Package helper holds what several scheduler plugins share
// (kube-scheduler's plugins/helper and component-helpers/scheduling):
// toleration matching and node selector matching.
package helper
