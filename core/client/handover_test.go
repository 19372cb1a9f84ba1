package client

import (
	"encoding/json"
	"reflect"
	"testing"

	"kubeplay/core/api"
)

// TestCreateHandOverStoresWhatCreateStores: a pod given to the server
// (CreateHandOver) is kept as the server's object, uncopied, while Create
// leaves the caller's pod alone and answers with a copy; both store the same
// object, byte for byte, and both are read back equal.
func TestCreateHandOverStoresWhatCreateStores(t *testing.T) {
	var stored [2][]byte
	for i, handOver := range []bool{false, true} {
		_, _, c := newRealCluster(t)
		pods := c.Resource("pods").Namespace("default")
		pod := realPod("web")
		before, _ := json.Marshal(pod)
		var got api.Object
		var err error
		if handOver {
			got, err = pods.CreateHandOver(pod)
		} else {
			got, err = pods.Create(pod)
		}
		if err != nil {
			t.Fatal(err)
		}
		after, _ := json.Marshal(pod)
		switch {
		case handOver && got != api.Object(pod):
			t.Errorf("CreateHandOver answered with a copy; the server should keep and answer with the pod given")
		case !handOver && got == api.Object(pod):
			t.Errorf("Create answered with the caller's own pod")
		case !handOver && string(before) != string(after):
			t.Errorf("Create modified the caller's pod:\n%s\n%s", before, after)
		}
		read, err := pods.Get("web")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(read, got) {
			t.Errorf("handOver=%v: read back %+v, created %+v", handOver, read, got)
		}
		stored[i], _ = json.Marshal(read)
	}
	if string(stored[0]) != string(stored[1]) {
		t.Errorf("Create and CreateHandOver stored different pods:\n%s\n%s", stored[0], stored[1])
	}
}
