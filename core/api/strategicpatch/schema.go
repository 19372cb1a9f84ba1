package strategicpatch

import (
	"reflect"
	"strings"

	"kubeplay/core/api"
)

// listStrategy says how a list field is patched.
type listStrategy struct {
	// merge is true for patchStrategy "merge"; false means atomic (replace).
	merge bool
	// key is the patchMergeKey of a list of objects; "" for a merged list of
	// primitives (metadata.finalizers).
	key string
}

// schema knows the patch strategy of the list fields of one kind.
type schema struct {
	kind string
	// atomicLists: every list is atomic (a JSON merge patch).
	atomicLists bool
}

func schemaFor(dataStruct api.Object) schema {
	if dataStruct == nil {
		return schema{}
	}
	kind := dataStruct.GetTypeMeta().Kind
	if kind == "" {
		t := reflect.TypeOf(dataStruct)
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		kind = t.Name()
	}
	return schema{kind: kind}
}

// podSpecFields are the merged lists of a PodSpec (k8s.io/api core/v1).
var podSpecFields = map[string]string{
	"containers":                "name",
	"initContainers":            "name",
	"ephemeralContainers":       "name",
	"volumes":                   "name",
	"imagePullSecrets":          "name",
	"hostAliases":               "ip",
	"topologySpreadConstraints": "topologyKey",
	"schedulingGates":           "name",
	"resourceClaims":            "name",
}

// containerFields are the merged lists of a Container.
var containerFields = map[string]string{
	"ports":         "containerPort",
	"env":           "name",
	"volumeMounts":  "mountPath",
	"volumeDevices": "devicePath",
}

// strategy returns the strategy of the list at path (field names from the
// root, list indices left out).
func (s schema) strategy(path []string) listStrategy {
	n := len(path)
	if n == 0 || s.atomicLists {
		return listStrategy{}
	}
	last := path[n-1]
	parent := path[:n-1]
	switch {
	case len(parent) > 0 && parent[len(parent)-1] == "metadata":
		switch last {
		case "ownerReferences":
			return listStrategy{merge: true, key: "uid"}
		case "finalizers":
			return listStrategy{merge: true}
		}
		return listStrategy{}
	case s.isPodSpec(parent):
		if key, ok := podSpecFields[last]; ok {
			return listStrategy{merge: true, key: key}
		}
	case len(parent) >= 1 && isContainerList(parent[len(parent)-1]) && s.isPodSpec(parent[:len(parent)-1]):
		if key, ok := containerFields[last]; ok {
			return listStrategy{merge: true, key: key}
		}
	case len(parent) == 1 && parent[0] == "status":
		switch last {
		case "conditions":
			return listStrategy{merge: true, key: "type"}
		case "addresses":
			if s.kind == "Node" {
				return listStrategy{merge: true, key: "type"}
			}
		case "podIPs", "hostIPs":
			if s.kind == "Pod" {
				return listStrategy{merge: true, key: "ip"}
			}
		}
	case len(parent) == 1 && parent[0] == "spec":
		switch {
		case s.kind == "Service" && last == "ports":
			return listStrategy{merge: true, key: "port"}
		case s.kind == "Node" && last == "podCIDRs":
			return listStrategy{merge: true}
		}
	}
	return listStrategy{}
}

func isContainerList(f string) bool {
	return f == "containers" || f == "initContainers" || f == "ephemeralContainers"
}

// isPodSpec reports whether path leads to a PodSpec: a Pod's spec, or the
// spec of any pod template (Deployment, ReplicaSet, DaemonSet, StatefulSet,
// Job, CronJob's jobTemplate, PodTemplate).
func (s schema) isPodSpec(path []string) bool {
	n := len(path)
	if n == 1 && path[0] == "spec" {
		return s.kind == "Pod" || s.kind == ""
	}
	return n >= 2 && path[n-1] == "spec" && path[n-2] == "template"
}

func join(path []string) string { return strings.Join(path, ".") }
