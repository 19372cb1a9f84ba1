package apiserver_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/apiserver"
)

// TestMergePatchObjectIsTheTextMerge checks api.MergePatchObject, the
// apiserver's route for JSON merge patches, against merging the object's
// JSON and decoding the result, and that it declines what it cannot match.
func TestMergePatchObjectIsTheTextMerge(t *testing.T) {
	at := time.Date(2025, 3, 1, 9, 1, 2, 500, time.UTC)
	pod := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "p", Namespace: "default", Labels: map[string]string{"a": "b"},
		CreationTimestamp: api.Time{Time: at}},
		Spec: api.PodSpec{NodeName: "n", Containers: []api.Container{{Name: "c", Image: "nginx",
			Resources: api.ResourceRequirements{Requests: api.ResourceList{api.ResourceCPU: api.MustParse("100m")}}}}},
		Status: api.PodStatus{Phase: api.PodPending, NominatedNodeName: "x", StartTime: &api.Time{Time: at},
			Conditions: []api.PodCondition{{Type: api.PodScheduled, Status: api.ConditionTrue}}}}
	patches := []struct {
		patch string
		typed bool
	}{
		{`{"status":{"phase":"Running","conditions":[{"type":"Ready","status":"True","lastProbeTime":null,"lastTransitionTime":"2025-03-01T09:01:03Z"}],"podIP":"10.0.0.1"}}`, true},
		{`{"status":{"startTime":null,"hostIPs":[{"ip":"1.2.3.4"}]}}`, true},
		{`{"metadata":{"labels":{"a":null,"c":"d"},"annotations":{"x":"y"}}}`, true},
		{`{"status":{"containerStatuses":[{"name":"c","state":{"running":{"startedAt":"2025-03-01T09:01:03Z"}},"ready":true,"restartCount":0,"image":"nginx","imageID":""}]}}`, true},
		{`{"spec":{"activeDeadlineSeconds":10}}`, true},
		{`{"spec":{"activeDeadlineSeconds":12345678901234567890}}`, false}, // does not decode
		{`{"status":{"Phase":"Running"}}`, false},                          // case-folded name
		{`{"status":{"phase":"Running","bogus":1}}`, false},                // unknown field
		{`{"status":{"conditions":[{"type":"Ready","bogus":1}]}}`, false},  // unknown field in an array
		{`{"status":{"phase":5}}`, false},                                  // wrong type
		{`[1]`, false},
		{`null`, false},
	}
	for _, tc := range patches {
		got, ok := api.MergePatchObject(pod, []byte(tc.patch))
		if ok != tc.typed {
			t.Errorf("%s: typed route taken %v, want %v", tc.patch, ok, tc.typed)
		}
		if !ok {
			continue
		}
		orig, _ := json.Marshal(pod)
		merged, err := apiserver.MergePatch(orig, []byte(tc.patch))
		if err != nil {
			t.Fatal(err)
		}
		want := &api.Pod{}
		dec := json.NewDecoder(bytes.NewReader(merged))
		dec.DisallowUnknownFields()
		if err := dec.Decode(want); err != nil {
			t.Fatalf("%s: %v", tc.patch, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: typed merge differs from the text merge\n%#v\n%#v", tc.patch, got, want)
		}
	}
}
