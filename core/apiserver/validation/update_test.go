package validation_test

import (
	"strings"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/apiserver/defaults"
	"kubeplay/core/apiserver/validation"
)

func stored(t *testing.T, manifest string) api.Object {
	t.Helper()
	ms, err := api.ParseManifests("test.yaml", []byte(manifest))
	if err != nil {
		t.Fatal(err)
	}
	o := ms[0].Object
	if o.GetObjectMeta().Namespace == "" && api.ResourceOf(o).Namespaced {
		o.GetObjectMeta().Namespace = "default"
	}
	o.GetObjectMeta().ResourceVersion = "42"
	o.GetObjectMeta().UID = "uid-1"
	defaults.Default(o)
	return o
}

func TestUpdatesOfImmutableFieldsAreRefused(t *testing.T) {
	cases := []struct {
		name       string
		old, new   string
		wantPrefix string
	}{
		{"changing a pod's image is allowed",
			strings.Replace(pod(""), "image: nginx", "image: nginx:1.26", 1), strings.Replace(pod(""), "image: nginx", "image: nginx:1.27", 1), ""},
		{"changing a pod's ports is forbidden with the v1.35 list of updatable fields",
			pod(""), pod("    ports:\n    - containerPort: 80\n"),
			"spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n  core.PodSpec{\n"},
		{"adding a container to a pod is forbidden",
			pod(""), pod("  - name: sidecar\n    image: busybox\n"),
			"spec.containers: Forbidden: pod updates may not add or remove containers"},
		{"changing a Deployment's selector is refused as immutable",
			deployTmpl, strings.ReplaceAll(deployTmpl, "app: nginx", "app: web"),
			"spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"web\"}}: field is immutable"},
		{"scaling a Deployment is allowed", deployTmpl, strings.Replace(deployTmpl, "replicas: 1", "replicas: 5", 1), ""},
		{"changing a RoleBinding's roleRef is refused",
			"apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: rb\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: Role\n  name: a\n",
			"apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: rb\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: Role\n  name: b\n",
			"roleRef: Invalid value: {\"apiGroup\":\"rbac.authorization.k8s.io\",\"kind\":\"Role\",\"name\":\"b\"}: cannot change roleRef"},
		{"changing an immutable ConfigMap's data is forbidden",
			"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\nimmutable: true\ndata:\n  k: a\n",
			"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\nimmutable: true\ndata:\n  k: b\n",
			"data: Forbidden: field is immutable when `immutable` is set"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			old, upd := stored(t, tc.old), stored(t, tc.new)
			errs := validation.ValidateUpdate(upd, old)
			got := ""
			if len(errs) > 0 {
				got = errs[0].Error()
			}
			if tc.wantPrefix == "" && got != "" || !strings.HasPrefix(got, tc.wantPrefix) {
				t.Errorf("got:\n%s\nwant prefix:\n%s", got, tc.wantPrefix)
			}
		})
	}
}

func TestPodStatusUpdatesMayNotMoveThePod(t *testing.T) {
	old := stored(t, pod("")).(*api.Pod)
	upd := api.DeepCopy(old).(*api.Pod)
	upd.Spec.NodeName = "demo-worker"
	errs := validation.ValidateStatusUpdate(upd, old)
	if len(errs) != 1 || errs[0].Error() != "status.nodeName: Forbidden: may not be changed directly" {
		t.Errorf("errs = %v", errs)
	}
	upd = api.DeepCopy(old).(*api.Pod)
	upd.Status.Phase = api.PodRunning
	if errs := validation.ValidateStatusUpdate(upd, old); len(errs) != 0 {
		t.Errorf("a phase change was refused: %v", errs)
	}
}

func TestEveryServedKindValidatesItsDefaultedZeroValueWithoutPanicking(t *testing.T) {
	for _, r := range api.Resources() {
		obj := r.New()
		obj.GetObjectMeta().Name = "x"
		if r.Namespaced {
			obj.GetObjectMeta().Namespace = "default"
		}
		defaults.Default(obj)
		_ = validation.ValidateCreate(obj)
		_ = validation.ValidateUpdate(obj, api.DeepCopy(obj))
		_ = validation.ValidateStatusUpdate(obj, api.DeepCopy(obj))
	}
}
