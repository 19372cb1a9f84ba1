package api

// autoscaling/v1 HorizontalPodAutoscaler is served by kube-apiserver next to
// autoscaling/v2 (the preferred and stored version), converted on the way
// in. kubeplay keeps one Go type per kind, so a v1 manifest is converted to
// v2 as it is read: spec.targetCPUUtilizationPercentage becomes the one
// Resource metric (cpu, Utilization) the v1→v2 conversion makes of it.

// ConvertToServedVersion converts a manifest (JSON-shaped data) written in an
// older version the apiserver still serves to the version kubeplay stores,
// returning it and true; other manifests come back unchanged, with false.
func ConvertToServedVersion(raw map[string]any) (map[string]any, bool) {
	if raw["apiVersion"] != "autoscaling/v1" || raw["kind"] != "HorizontalPodAutoscaler" {
		return raw, false
	}
	out := CopyJSONValue(raw).(map[string]any)
	out["apiVersion"] = "autoscaling/v2"
	if spec, ok := out["spec"].(map[string]any); ok {
		if target, ok := spec["targetCPUUtilizationPercentage"]; ok {
			delete(spec, "targetCPUUtilizationPercentage")
			if target != nil {
				spec["metrics"] = []any{map[string]any{
					"type": "Resource",
					"resource": map[string]any{
						"name":   "cpu",
						"target": map[string]any{"type": "Utilization", "averageUtilization": target},
					},
				}}
			}
		}
	}
	if status, ok := out["status"].(map[string]any); ok {
		delete(status, "currentCPUUtilizationPercentage")
	}
	return out, true
}
