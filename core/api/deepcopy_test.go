package api

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// TestDeepCopyIsAJSONRoundTrip checks the plan copy against marshalling and
// decoding, on the values where the two could part: empty and nil, wire
// precision of times, pointers to values that encode as null, re-parsed
// quantities, unexported fields, invalid UTF-8.
func TestDeepCopyIsAJSONRoundTrip(t *testing.T) {
	at := time.Date(2025, 3, 1, 9, 1, 2, 123456789, time.FixedZone("x", 3600))
	grace := int64(30)
	zero := Time{}
	objs := []Object{
		&Pod{ObjectMeta: ObjectMeta{Name: "a", Labels: map[string]string{}, Annotations: map[string]string{"k": ""},
			CreationTimestamp: Time{at}, DeletionTimestamp: &zero, Finalizers: []string{},
			DeletionGracePeriodSeconds: &grace},
			Spec: PodSpec{Containers: []Container{{Name: "c", Args: []string{}, Command: nil,
				Resources: ResourceRequirements{Requests: ResourceList{ResourceCPU: MustParse("0.5"), ResourceMemory: MustParse("1024Mi")}},
				Ports:     []ContainerPort{{ContainerPort: 80}}}},
				Tolerations: []Toleration{}},
			Status: PodStatus{StartTime: &Time{at}, Conditions: []PodCondition{{Type: PodReady, LastTransitionTime: Time{at}}}}},
		&Event{ObjectMeta: ObjectMeta{Name: "e"}, EventTime: MicroTime{at}, Series: &EventSeries{Count: 2, LastObservedTime: MicroTime{at}}},
		&Event{ObjectMeta: ObjectMeta{Name: "bad\xffutf8"}},
		&Deployment{Spec: DeploymentSpec{Strategy: DeploymentStrategy{RollingUpdate: &RollingUpdateDeployment{
			MaxSurge: &IntOrString{Type: String, StrVal: "25%", IntVal: 3}, MaxUnavailable: &IntOrString{IntVal: 1, StrVal: "x"}}}}},
		&ConfigMap{Data: map[string]string{"a": "b"}, BinaryData: map[string][]byte{"x": {}, "y": nil, "z": {1, 2}}},
		&CustomObject{Content: map[string]any{"apiVersion": "x/v1", "kind": "X", "spec": map[string]any{"n": 1.5}}},
	}
	for _, obj := range objs {
		got, ok := deepCopyFast(obj)
		want := deepCopyJSON(obj, reflect.TypeOf(obj))
		if !ok {
			if _, isCustom := obj.(*CustomObject); !isCustom && obj.GetObjectMeta().Name != "bad\xffutf8" {
				t.Errorf("%T: no plan copy", obj)
			}
			continue
		}
		if !reflect.DeepEqual(got, want) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(want)
			t.Errorf("%T: plan copy differs from the JSON round trip\n%s\n%s\n%#v\n%#v", obj, g, w, got, want)
		}
		if reflect.DeepEqual(DeepCopy(obj), obj) && obj.GetObjectMeta().Name == "a" {
			t.Errorf("%T: copy should have dropped the empty slices and sub-second times", obj)
		}
	}
	if _, ok := deepCopyFast(&PodDisruptionBudget{}); !ok {
		t.Error("PodDisruptionBudget: no plan copy")
	}
}
