package cluster

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	coordinationv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
)

// realType returns a pointer to the k8s.io/api type for a kind.
func realType(kind string) any {
	switch kind {
	case "Namespace":
		return &corev1.Namespace{}
	case "Node":
		return &corev1.Node{}
	case "Pod":
		return &corev1.Pod{}
	case "Event":
		return &corev1.Event{}
	case "ServiceAccount":
		return &corev1.ServiceAccount{}
	case "ConfigMap":
		return &corev1.ConfigMap{}
	case "Secret":
		return &corev1.Secret{}
	case "Service":
		return &corev1.Service{}
	case "ResourceQuota":
		return &corev1.ResourceQuota{}
	case "LimitRange":
		return &corev1.LimitRange{}
	case "Deployment":
		return &appsv1.Deployment{}
	case "ReplicaSet":
		return &appsv1.ReplicaSet{}
	case "DaemonSet":
		return &appsv1.DaemonSet{}
	case "Job":
		return &batchv1.Job{}
	case "Lease":
		return &coordinationv1.Lease{}
	case "EndpointSlice":
		return &discoveryv1.EndpointSlice{}
	case "Role":
		return &rbacv1.Role{}
	case "ClusterRole":
		return &rbacv1.ClusterRole{}
	case "RoleBinding":
		return &rbacv1.RoleBinding{}
	case "ClusterRoleBinding":
		return &rbacv1.ClusterRoleBinding{}
	case "PriorityClass":
		return &schedulingv1.PriorityClass{}
	}
	return nil
}

const everyKind = `apiVersion: v1
kind: ConfigMap
metadata: {name: settings}
data: {mode: demo}
---
apiVersion: v1
kind: Secret
metadata: {name: token}
stringData: {password: s3cret}
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{port: 80, targetPort: 80}]
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: quota}
spec: {hard: {pods: "50", requests.cpu: "8"}}
---
apiVersion: v1
kind: LimitRange
metadata: {name: limits}
spec:
  limits:
  - type: Container
    defaultRequest: {cpu: 100m, memory: 64Mi}
    default: {cpu: 200m, memory: 128Mi}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
description: important work
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: reader}
rules:
- apiGroups: [""]
  resources: [pods]
  verbs: [get, list, watch]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: alice-reader}
subjects: [{kind: User, name: alice, apiGroup: rbac.authorization.k8s.io}]
roleRef: {kind: Role, name: reader, apiGroup: rbac.authorization.k8s.io}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        ports: [{containerPort: 80}]
        readinessProbe: {httpGet: {path: /, port: 80}}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: agent, image: busybox, command: [sleep, "3600"]}]
---
apiVersion: batch/v1
kind: Job
metadata: {name: pi}
spec:
  template:
    spec:
      restartPolicy: Never
      containers: [{name: pi, image: busybox, command: [sh, -c, "echo 3.14"]}]
`

// TestKubectlJSONDecodesIntoTheRealKubernetesTypes runs a cluster until every
// served kind has live objects, then decodes `kubectl get KIND -A -o json`
// into k8s.io/api's types with unknown fields disallowed: our JSON is shaped
// exactly like Kubernetes'.
func TestKubectlJSONDecodesIntoTheRealKubernetesTypes(t *testing.T) {
	c := New(Default())
	c.SetFiles(func(string) ([]byte, error) { return []byte(everyKind), nil }, nil)
	var out bytes.Buffer
	k := c.Kubectl(&out)
	if code := k.RunLine("apply -f every.yaml", &out, &out); code != 0 {
		t.Fatalf("apply failed:\n%s", out.String())
	}
	c.Sim.Advance(time.Minute)
	seen := map[string]int{}
	for _, res := range []string{"namespaces", "nodes", "pods", "events", "serviceaccounts", "configmaps", "secrets",
		"services", "resourcequotas", "limitranges", "deployments", "replicasets", "daemonsets", "jobs", "leases",
		"endpointslices", "roles", "clusterroles", "rolebindings", "clusterrolebindings", "priorityclasses"} {
		var stdout, stderr bytes.Buffer
		if code := k.RunLine("get "+res+" -A -o json", &stdout, &stderr); code != 0 {
			t.Errorf("get %s: exit %d: %s", res, code, stderr.String())
			continue
		}
		var list struct {
			Kind  string            `json:"kind"`
			Items []json.RawMessage `json:"items"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &list); err != nil || list.Kind != "List" {
			t.Errorf("get %s -o json is not a List: %v\n%s", res, err, stdout.String())
			continue
		}
		if len(list.Items) == 0 {
			t.Errorf("no %s to check", res)
		}
		for _, raw := range list.Items {
			var tm struct{ Kind string }
			_ = json.Unmarshal(raw, &tm)
			target := realType(tm.Kind)
			if target == nil {
				t.Errorf("%s: unexpected kind %q", res, tm.Kind)
				continue
			}
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.DisallowUnknownFields()
			if err := dec.Decode(target); err != nil {
				t.Errorf("%s item does not decode into k8s.io/api: %v\n%s", tm.Kind, err, firstLines(string(raw), 40))
				continue
			}
			seen[tm.Kind]++
		}
	}
	if len(seen) < 21 {
		t.Errorf("checked kinds %v, want all 21", seen)
	}
}

func firstLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n")
}
