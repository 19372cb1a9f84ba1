package apiserver

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/sim"
)

// crontabCRD is the CronTab CRD of the Kubernetes docs, with a few constraints more.
const crontabCRD = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.stable.example.com
spec:
  group: stable.example.com
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [cronSpec]
            properties:
              cronSpec:
                type: string
                pattern: '^(\d+|\*)(/\d+)?(\s+(\d+|\*)(/\d+)?){4}$'
              image:
                type: string
              replicas:
                type: integer
                minimum: 1
                maximum: 10
                default: 1
              color:
                type: string
                enum: [red, green]
              extra:
                type: object
                x-kubernetes-preserve-unknown-fields: true
          status:
            type: object
            properties:
              ready:
                type: boolean
    subresources:
      status: {}
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames: [ct]
`

// decodeManifest decodes one YAML object: a built-in kind typed, any other as a custom object.
func decodeManifest(t *testing.T, doc string) api.Object {
	t.Helper()
	ms, err := api.ParseManifests("test.yaml", []byte(doc))
	if err != nil || len(ms) != 1 {
		t.Fatalf("parse: %v", err)
	}
	if ms[0].Object != nil {
		return ms[0].Object
	}
	obj, err := api.DecodeCustom(ms[0].JSON)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return obj
}

func crontab(t *testing.T, name, spec string) *api.CustomObject {
	t.Helper()
	return decodeManifest(t, "apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata:\n  name: "+name+"\nspec:\n"+spec).(*api.CustomObject)
}

func crontabRequest(verb, name string, body api.Object) *request.Request {
	return &request.Request{Verb: verb, Group: "stable.example.com", Resource: "crontabs", Namespace: "default",
		Name: name, Body: body, FieldValidation: "Strict"}
}

func serveCronTabs(t *testing.T) (*sim.Sim, *Server) {
	t.Helper()
	s, srv := newTestServer(t)
	mustDo(t, srv, &request.Request{Verb: "create", Group: "apiextensions.k8s.io", Resource: "customresourcedefinitions",
		Body: decodeManifest(t, crontabCRD)})
	return s, srv
}

func TestACustomResourceIsServedOnceItsCRDIsEstablished(t *testing.T) {
	s, srv := newTestServer(t)
	ct := crontab(t, "my-new-cron-object", "  cronSpec: '* * * * */5'\n  image: my-awesome-cron-image\n")
	if _, err := do(t, srv, crontabRequest("create", "", ct)); !api.IsNotFound(err) {
		t.Fatalf("before the CRD: got %v, want 404", err)
	}
	mustDo(t, srv, &request.Request{Verb: "create", Group: "apiextensions.k8s.io", Resource: "customresourcedefinitions",
		Body: decodeManifest(t, crontabCRD)})
	created := mustDo(t, srv, crontabRequest("create", "", ct)).(*api.CustomObject)
	if created.Generation != 1 || created.UID == "" {
		t.Errorf("created: generation %d, uid %q", created.Generation, created.UID)
	}
	if got := created.Content["spec"].(map[string]any)["replicas"]; got != json.Number("1") {
		t.Errorf("spec.replicas defaulted to %v, want 1", got)
	}
	for _, key := range []string{"/registry/stable.example.com/crontabs/default/my-new-cron-object",
		"/registry/apiextensions.k8s.io/customresourcedefinitions/crontabs.stable.example.com"} {
		if _, err := srv.Store().Get(key, 0); err != nil {
			t.Errorf("etcd key %s: %v", key, err)
		}
	}
	got := mustDo(t, srv, crontabRequest("get", "my-new-cron-object", nil)).(*api.CustomObject)
	if a, b := string(api.EncodeJSON(created)), string(api.EncodeJSON(got)); a != b {
		t.Errorf("get returned\n%s\nwant\n%s", b, a)
	}
	l := mustDo(t, srv, &request.Request{Verb: "list", Group: "stable.example.com", Resource: "crontabs"}).(*api.List)
	if len(l.Items) != 1 || l.Kind != "CronTabList" || l.APIVersion != "stable.example.com/v1" {
		t.Errorf("list: %d items, %s %s", len(l.Items), l.APIVersion, l.Kind)
	}

	// A restarted apiserver serves them from etcd.
	srv2 := New(s, srv.Store())
	if _, err := do(t, srv2, crontabRequest("get", "my-new-cron-object", nil)); err != nil {
		t.Errorf("after a restart: %v", err)
	}
}

func TestCustomResourcesAreValidatedAgainstTheSchema(t *testing.T) {
	tests := []struct {
		name, spec, want string
	}{
		{"a string for an integer", "  cronSpec: '* * * * *'\n  replicas: many\n",
			`CronTab.stable.example.com "x" is invalid: spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"`},
		{"above the maximum", "  cronSpec: '* * * * *'\n  replicas: 15\n",
			`spec.replicas: Invalid value: 15: spec.replicas in body should be less than or equal to 10`},
		{"below the minimum", "  cronSpec: '* * * * *'\n  replicas: 0\n",
			`spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1`},
		{"a required field missing", "  image: nginx\n", `spec.cronSpec: Required value`},
		{"a value outside the enum", "  cronSpec: '* * * * *'\n  color: pink\n",
			`spec.color: Unsupported value: "pink": supported values: "red", "green"`},
		{"a pattern not matched", "  cronSpec: '* * * *'\n",
			`spec.cronSpec: Invalid value: "* * * *": spec.cronSpec in body should match '^(\d+|\*)(/\d+)?(\s+(\d+|\*)(/\d+)?){4}$'`},
		{"several at once", "  cronSpec: '* * * *'\n  replicas: 15\n",
			"CronTab.stable.example.com \"x\" is invalid: [spec.cronSpec: Invalid value: \"* * * *\": spec.cronSpec in body should match '^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$', spec.replicas: Invalid value: 15: spec.replicas in body should be less than or equal to 10]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, srv := serveCronTabs(t)
			_, err := do(t, srv, crontabRequest("create", "", crontab(t, "x", tt.spec)))
			if err == nil || !strings.Contains(err.Error(), tt.want) || api.ReasonOf(err) != api.StatusReasonInvalid {
				t.Fatalf("got %v, want %s", err, tt.want)
			}
		})
	}
}

func TestUnknownFieldsArePrunedOrRefused(t *testing.T) {
	_, srv := serveCronTabs(t)
	spec := "  cronSpec: '* * * * *'\n  someRandomField: 42\n  extra:\n    anything: [1, 2]\n"
	_, err := do(t, srv, crontabRequest("create", "", crontab(t, "strict", spec)))
	want := `CronTab in version "v1" cannot be handled as a CronTab: strict decoding error: unknown field "spec.someRandomField"`
	if err == nil || err.Error() != want || api.ReasonOf(err) != api.StatusReasonBadRequest {
		t.Fatalf("strict: got %v, want %s", err, want)
	}
	req := crontabRequest("create", "", crontab(t, "lenient", spec))
	req.FieldValidation = "Ignore"
	got := mustDo(t, srv, req).(*api.CustomObject)
	s := got.Content["spec"].(map[string]any)
	if _, ok := s["someRandomField"]; ok {
		t.Errorf("someRandomField was kept: %v", s)
	}
	if _, ok := s["extra"].(map[string]any)["anything"]; !ok {
		t.Errorf("x-kubernetes-preserve-unknown-fields did not keep spec.extra.anything: %v", s)
	}
}

func TestTheStatusSubresourceOwnsTheStatus(t *testing.T) {
	_, srv := serveCronTabs(t)
	ct := crontab(t, "x", "  cronSpec: '* * * * *'\n")
	ct.Content["status"] = map[string]any{"ready": true}
	created := mustDo(t, srv, crontabRequest("create", "", ct)).(*api.CustomObject)
	if _, ok := created.Content["status"]; ok {
		t.Errorf("create kept the status: %v", created.Content)
	}
	st := api.DeepCopyAs(created)
	st.Content["status"] = map[string]any{"ready": true}
	req := crontabRequest("update", "x", st)
	req.Subresource = "status"
	updated := mustDo(t, srv, req).(*api.CustomObject)
	if updated.Generation != 1 || updated.Content["status"] == nil {
		t.Errorf("status update: generation %d, content %v", updated.Generation, updated.Content)
	}
	req = crontabRequest("patch", "x", nil)
	req.Patch, req.PatchType = []byte(`{"spec":{"replicas":3}}`), StrategicMergePatchType
	if _, err := do(t, srv, req); err == nil || !strings.Contains(err.Error(), "accepted media types include: application/json-patch+json") {
		t.Errorf("strategic merge patch: got %v, want 415", err)
	}
	req.PatchType = MergePatchType
	patched := mustDo(t, srv, req).(*api.CustomObject)
	if patched.Generation != 2 || patched.Content["status"] == nil {
		t.Errorf("merge patch: generation %d, content %v", patched.Generation, patched.Content)
	}
}

func TestDeletingACRDDeletesItsCustomResources(t *testing.T) {
	s, srv := serveCronTabs(t)
	for _, n := range []string{"a", "b"} {
		mustDo(t, srv, crontabRequest("create", "", crontab(t, n, "  cronSpec: '* * * * *'\n")))
	}
	crd := mustDo(t, srv, &request.Request{Verb: "delete", Group: "apiextensions.k8s.io", Resource: "customresourcedefinitions",
		Name: "crontabs.stable.example.com"}).(*api.CustomResourceDefinition)
	if crd.DeletionTimestamp == nil || !crd.ConditionTrue("Terminating") || crd.Finalizers[0] != crdCleanupFinalizer {
		t.Errorf("the first delete should mark the CRD terminating: %+v", crd.ObjectMeta)
	}
	if _, err := do(t, srv, crontabRequest("create", "", crontab(t, "c", "  cronSpec: '* * * * *'\n"))); api.ReasonOf(err) != api.StatusReasonForbidden {
		t.Errorf("create while terminating: got %v, want 403", err)
	}
	s.Advance(time.Minute)
	if _, err := do(t, srv, &request.Request{Verb: "get", Group: "apiextensions.k8s.io", Resource: "customresourcedefinitions",
		Name: "crontabs.stable.example.com"}); !api.IsNotFound(err) {
		t.Errorf("the CRD should be gone: %v", err)
	}
	if _, err := do(t, srv, crontabRequest("list", "", nil)); !api.IsNotFound(err) {
		t.Errorf("crontabs should no longer be served: %v", err)
	}
	if kvs, _, _ := srv.Store().Range("/registry/stable.example.com/", 0); len(kvs) != 0 {
		t.Errorf("%d custom resources left in etcd", len(kvs))
	}
}
