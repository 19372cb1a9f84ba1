package ctrlutil

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/fnv"

	"kubeplay/core/api"
	"kubeplay/core/api/jsonenc"
)

// alphanums is apimachinery's rand alphabet: no vowels (no bad words), no
// 0/1/3 (no confusion with o/l/e).
const alphanums = "bcdfghjklmnpqrstvwxz2456789"

// SafeEncodeString maps every byte of s into the rand alphabet
// (apimachinery util/rand.SafeEncodeString). Applied to the decimal digits
// of a uint32, it yields only 4 5 6 7 8 9 b c d f.
func SafeEncodeString(s string) string {
	r := make([]byte, len(s))
	for i, b := range []byte(s) {
		r[i] = alphanums[int(b)%len(alphanums)]
	}
	return string(r)
}

// ComputeHash returns the pod-template-hash of a template, as
// pkg/controller.ComputeHash does: FNV-32a over a dump of the template, then
// the collision count (4 bytes, little endian) when set, then
// SafeEncodeString of the decimal sum.
//
// The one deliberate difference: Kubernetes dumps the Go value with spew,
// whose byte-exact output we cannot reproduce; kubeplay hashes the
// template's canonical JSON (encoding/json's bytes, by core/api/jsonenc; map keys sorted). The alphabet,
// length and behaviour (same template, same hash; collisionCount changes it)
// are Kubernetes', the exact digits are not.
func ComputeHash(template *api.PodTemplateSpec, collisionCount *int32) string {
	h := fnv.New32a()
	b, err := jsonenc.Marshal(template)
	if err != nil {
		panic("ctrlutil.ComputeHash: " + err.Error())
	}
	h.Write(withNullCreationTimestamp(b))
	if collisionCount != nil {
		var cc [4]byte
		binary.LittleEndian.PutUint32(cc[:], uint32(*collisionCount))
		h.Write(cc[:])
	}
	return SafeEncodeString(fmt.Sprint(h.Sum32()))
}

// withNullCreationTimestamp puts back the `"creationTimestamp":null` that
// the JSON of a template carried before apimachinery v0.34 omitted a zero
// creationTimestamp. Kubernetes hashes the Go value, so the encoding change
// moved no hash there; kubeplay hashes JSON, and keeps its hashes (and every
// ReplicaSet and Pod name) the same by hashing the old bytes.
func withNullCreationTimestamp(b []byte) []byte {
	const open = `{"metadata":{`
	if !bytes.HasPrefix(b, []byte(open)) || bytes.Contains(b, []byte(`"creationTimestamp":`)) && !bytes.Contains(b, []byte(`"creationTimestamp":null`)) {
		return b
	}
	before := map[string]bool{"name": true, "generateName": true, "namespace": true, "selfLink": true, "uid": true, "resourceVersion": true, "generation": true}
	dec := json.NewDecoder(bytes.NewReader(b[len(open)-1:]))
	dec.Token() // {
	at := len(open)
	for dec.More() {
		key, _ := dec.Token()
		if k, _ := key.(string); !before[k] {
			break
		}
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return b
		}
		at = len(open) - 1 + int(dec.InputOffset())
	}
	insert := `"creationTimestamp":null`
	switch {
	case b[at] == ',':
		insert = "," + insert
	case b[at] != '}':
		insert += ","
	}
	out := make([]byte, 0, len(b)+len(insert))
	out = append(out, b[:at]...)
	out = append(out, insert...)
	return append(out, b[at:]...)
}
