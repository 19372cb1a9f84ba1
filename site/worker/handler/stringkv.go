package handler

import "context"

// StringKV adapts a string-valued KV API such as syumai/workers' kv.Namespace, whose GetString reads a
// missing key as the string "<null>" (JS null, stringified) rather than an error. StringKV turns that into
// "not found", so the API answers 404 and never the text "<null>". Values the handler stores start with
// "v1:" or are counters, so no stored value can be mistaken for it.
type StringKV struct {
	GetString func(key string) (string, error)
	PutString func(key, value string, ttlSeconds int) error
}

// missing are the strings a JS null or undefined value reads as through syscall/js.
var missing = map[string]bool{"<null>": true, "<undefined>": true}

// Get implements KV.
func (k StringKV) Get(_ context.Context, key string) (string, bool, error) {
	v, err := k.GetString(key)
	if err != nil {
		return "", false, err
	}
	if missing[v] {
		return "", false, nil
	}
	return v, true, nil
}

// Put implements KV.
func (k StringKV) Put(_ context.Context, key, value string, ttlSeconds int) error {
	return k.PutString(key, value, ttlSeconds)
}
