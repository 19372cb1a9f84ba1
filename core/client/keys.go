package client

import (
	"fmt"

	"kubeplay/core/api"
)

// KeyFunc returns an object's cache key: "namespace/name", or "name" for
// cluster-scoped objects (client-go's MetaNamespaceKeyFunc).
func KeyFunc(obj api.Object) string {
	m := obj.GetObjectMeta()
	if m.Namespace == "" {
		return m.Name
	}
	return m.Namespace + "/" + m.Name
}

// Key builds a cache key from a namespace and a name.
func Key(namespace, name string) string {
	if namespace == "" {
		return name
	}
	return namespace + "/" + name
}

// SplitKey splits a cache key into namespace and name.
func SplitKey(key string) (namespace, name string) {
	for i := 0; i < len(key); i++ {
		if key[i] == '/' {
			return key[:i], key[i+1:]
		}
	}
	return "", key
}

func errUnexpected(verb string, obj api.Object) error {
	return fmt.Errorf("unexpected %T in response to %s", obj, verb)
}
