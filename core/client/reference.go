package client

import (
	"fmt"
	"reflect"

	"kubeplay/core/api"
)

// GetReference returns an ObjectReference to obj (client-go
// tools/reference.GetReference): kind and apiVersion from the object's
// TypeMeta, else from the api registry by its Go type name; namespace, name,
// uid and resourceVersion from its metadata.
func GetReference(obj api.Object) (*api.ObjectReference, error) {
	if obj == nil || reflect.ValueOf(obj).IsNil() {
		return nil, fmt.Errorf("cannot construct a reference to a nil object")
	}
	kind, apiVersion := KindOf(obj)
	m := obj.GetObjectMeta()
	return &api.ObjectReference{
		Kind:            kind,
		APIVersion:      apiVersion,
		Namespace:       m.Namespace,
		Name:            m.Name,
		UID:             m.UID,
		ResourceVersion: m.ResourceVersion,
	}, nil
}

// KindOf returns obj's kind and apiVersion: from its Go type through the
// api registry, else from its TypeMeta.
func KindOf(obj api.Object) (kind, apiVersion string) {
	if r := api.ResourceOf(obj); r != nil {
		return r.Kind, r.APIVersion()
	}
	tm := obj.GetTypeMeta()
	kind, apiVersion = tm.Kind, tm.APIVersion
	if kind == "" {
		t := reflect.TypeOf(obj)
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		kind = t.Name()
	}
	return kind, apiVersion
}
