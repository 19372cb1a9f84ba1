package api

import (
	"encoding/json"
	"testing"
)

func TestAutoscalingV1HPAConvertsToV2(t *testing.T) {
	var raw map[string]any
	if err := json.Unmarshal([]byte(`{"apiVersion":"autoscaling/v1","kind":"HorizontalPodAutoscaler","metadata":{"name":"web"},
		"spec":{"scaleTargetRef":{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"web"},"minReplicas":3,"maxReplicas":10,"targetCPUUtilizationPercentage":50}}`), &raw); err != nil {
		t.Fatal(err)
	}
	out, ok := ConvertToServedVersion(raw)
	if !ok {
		t.Fatal("autoscaling/v1 HPA not converted")
	}
	b, _ := json.Marshal(out)
	obj, err := Decode(b)
	if err != nil {
		t.Fatalf("decoding the converted manifest: %v\n%s", err, b)
	}
	h := obj.(*HorizontalPodAutoscaler)
	if len(h.Spec.Metrics) != 1 || h.Spec.Metrics[0].Resource == nil || h.Spec.Metrics[0].Resource.Name != ResourceCPU ||
		h.Spec.Metrics[0].Resource.Target.AverageUtilization == nil || *h.Spec.Metrics[0].Resource.Target.AverageUtilization != 50 {
		t.Errorf("metrics %+v, want cpu Utilization 50", h.Spec.Metrics)
	}
	if raw["apiVersion"] != "autoscaling/v1" {
		t.Error("the manifest itself was modified")
	}
	if _, ok := ConvertToServedVersion(map[string]any{"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler"}); ok {
		t.Error("an autoscaling/v2 manifest was converted")
	}
}
