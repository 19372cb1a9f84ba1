package api

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	authenticationv1 "k8s.io/api/authentication/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	coordinationv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	resourcev1 "k8s.io/api/resource/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	storagev1 "k8s.io/api/storage/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// k8sTypes maps each kind kubeplay serves to the real k8s.io/api type.
var k8sTypes = map[string]func() any{
	"Binding": func() any { return &corev1.Binding{} }, "ComponentStatus": func() any { return &corev1.ComponentStatus{} },
	"ConfigMap": func() any { return &corev1.ConfigMap{} },
	"Event":     func() any { return &corev1.Event{} }, "LimitRange": func() any { return &corev1.LimitRange{} },
	"Namespace": func() any { return &corev1.Namespace{} }, "Node": func() any { return &corev1.Node{} },
	"Pod": func() any { return &corev1.Pod{} }, "ResourceQuota": func() any { return &corev1.ResourceQuota{} },
	"Secret": func() any { return &corev1.Secret{} }, "ServiceAccount": func() any { return &corev1.ServiceAccount{} },
	"Service": func() any { return &corev1.Service{} }, "DaemonSet": func() any { return &appsv1.DaemonSet{} },
	"Deployment": func() any { return &appsv1.Deployment{} }, "ReplicaSet": func() any { return &appsv1.ReplicaSet{} },
	"Job": func() any { return &batchv1.Job{} }, "Lease": func() any { return &coordinationv1.Lease{} },
	"Endpoints":          func() any { return &corev1.Endpoints{} },
	"EndpointSlice":      func() any { return &discoveryv1.EndpointSlice{} },
	"ClusterRoleBinding": func() any { return &rbacv1.ClusterRoleBinding{} },
	"ClusterRole":        func() any { return &rbacv1.ClusterRole{} },
	"RoleBinding":        func() any { return &rbacv1.RoleBinding{} }, "Role": func() any { return &rbacv1.Role{} },
	"PriorityClass": func() any { return &schedulingv1.PriorityClass{} },
	"Eviction":      func() any { return &policyv1.Eviction{} },
	"TokenRequest":  func() any { return &authenticationv1.TokenRequest{} },

	"PersistentVolumeClaim":            func() any { return &corev1.PersistentVolumeClaim{} },
	"PersistentVolume":                 func() any { return &corev1.PersistentVolume{} },
	"ReplicationController":            func() any { return &corev1.ReplicationController{} },
	"StorageClass":                     func() any { return &storagev1.StorageClass{} },
	"StatefulSet":                      func() any { return &appsv1.StatefulSet{} },
	"APIService":                       func() any { return &apiregistrationV1APIService{} },
	"ControllerRevision":               func() any { return &appsv1.ControllerRevision{} },
	"CronJob":                          func() any { return &batchv1.CronJob{} },
	"HorizontalPodAutoscaler":          func() any { return &autoscalingv2.HorizontalPodAutoscaler{} },
	"Ingress":                          func() any { return &networkingv1.Ingress{} },
	"IngressClass":                     func() any { return &networkingv1.IngressClass{} },
	"NetworkPolicy":                    func() any { return &networkingv1.NetworkPolicy{} },
	"PodDisruptionBudget":              func() any { return &policyv1.PodDisruptionBudget{} },
	"ValidatingAdmissionPolicy":        func() any { return &admissionregistrationv1.ValidatingAdmissionPolicy{} },
	"ValidatingAdmissionPolicyBinding": func() any { return &admissionregistrationv1.ValidatingAdmissionPolicyBinding{} },
	"ValidatingWebhookConfiguration":   func() any { return &admissionregistrationv1.ValidatingWebhookConfiguration{} },
	"FlowSchema":                       func() any { return &flowcontrolv1.FlowSchema{} },
	"ResourceClaim":                    func() any { return &resourcev1.ResourceClaim{} },
	"ResourceClaimTemplate":            func() any { return &resourcev1.ResourceClaimTemplate{} },
	"DeviceClass":                      func() any { return &resourcev1.DeviceClass{} },
	"ResourceSlice":                    func() any { return &resourcev1.ResourceSlice{} },
	"CustomResourceDefinition":         func() any { return &apiextensionsv1.CustomResourceDefinition{} },
}

var (
	quantityType = reflect.TypeFor[Quantity]()
	intOrStrType = reflect.TypeFor[IntOrString]()
	timeType     = reflect.TypeFor[Time]()
	microType    = reflect.TypeFor[MicroTime]()
	durationType = reflect.TypeFor[Duration]()
	rawType      = reflect.TypeFor[json.RawMessage]()
)

// populate sets every field reachable from v to a non-zero value.
func populate(v reflect.Value, depth int) {
	if depth > 25 {
		return
	}
	switch v.Type() {
	case quantityType:
		v.Set(reflect.ValueOf(MustParse("1500m")))
		return
	case intOrStrType:
		v.Set(reflect.ValueOf(FromString("25%")))
		return
	case timeType:
		v.Set(reflect.ValueOf(NewTime(time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC))))
		return
	case microType:
		v.Set(reflect.ValueOf(MicroTime{time.Date(2025, 1, 2, 3, 4, 5, 123456000, time.UTC)}))
		return
	case durationType:
		v.Set(reflect.ValueOf(Duration{90 * time.Second}))
		return
	case rawType:
		v.Set(reflect.ValueOf(json.RawMessage(`{"type":"object"}`)))
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		populate(v.Elem(), depth+1)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				populate(v.Field(i), depth+1)
			}
		}
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		if v.Type().Elem().Kind() == reflect.Uint8 {
			s = reflect.ValueOf([]byte("hello")).Convert(v.Type())
		} else {
			populate(s.Index(0), depth+1)
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k := reflect.New(v.Type().Key()).Elem()
		populate(k, depth+1)
		e := reflect.New(v.Type().Elem()).Elem()
		populate(e, depth+1)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int32, reflect.Int64:
		v.SetInt(7)
	case reflect.Float64:
		v.SetFloat(1.5)
	}
}

func genericJSON(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatalf("decode: %v\n%s", err, b)
	}
	return v
}

func TestEveryKindDecodesStrictlyIntoK8sAPIAndRoundTrips(t *testing.T) {
	for _, r := range allKinds {
		t.Run(r.Kind, func(t *testing.T) {
			obj := r.New()
			populate(reflect.ValueOf(obj).Elem(), 0)
			obj.GetTypeMeta().SetGroupVersionKind(r.GroupVersionKind())
			ours := EncodeJSON(obj)

			mk, ok := k8sTypes[r.Kind]
			if !ok {
				t.Fatalf("no k8s.io/api type for %s", r.Kind)
			}
			theirs := mk()
			dec := json.NewDecoder(bytes.NewReader(ours))
			dec.DisallowUnknownFields()
			if err := dec.Decode(theirs); err != nil {
				t.Fatalf("k8s.io/api rejects our %s: %v", r.Kind, err)
			}
			again, err := json.Marshal(theirs)
			if err != nil {
				t.Fatal(err)
			}
			if a, b := genericJSON(t, ours), genericJSON(t, again); !reflect.DeepEqual(a, b) {
				t.Errorf("re-encoding by k8s.io/api differs\nours:   %s\ntheirs: %s", ours, again)
			}

			// And back: k8s.io/api's JSON decodes strictly into ours.
			back, err := Decode(again)
			if err != nil {
				t.Fatalf("Decode(k8s JSON): %v", err)
			}
			if got := EncodeJSON(back); !bytes.Equal(got, ours) {
				t.Errorf("round trip through Decode differs\nwant: %s\ngot:  %s", ours, got)
			}
		})
	}
}

// apiregistrationV1APIService is k8s.io/kube-aggregator's
// apiregistration/v1 APIService (a module kubeplay does not require), field
// for field.
type apiregistrationV1APIService struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Service *struct {
			Namespace string `json:"namespace,omitempty"`
			Name      string `json:"name,omitempty"`
			Port      *int32 `json:"port,omitempty"`
		} `json:"service,omitempty"`
		Group                 string `json:"group,omitempty"`
		Version               string `json:"version,omitempty"`
		InsecureSkipTLSVerify bool   `json:"insecureSkipTLSVerify,omitempty"`
		CABundle              []byte `json:"caBundle,omitempty"`
		GroupPriorityMinimum  int32  `json:"groupPriorityMinimum"`
		VersionPriority       int32  `json:"versionPriority"`
	} `json:"spec,omitempty"`
	Status struct {
		Conditions []struct {
			Type               string      `json:"type"`
			Status             string      `json:"status"`
			LastTransitionTime metav1.Time `json:"lastTransitionTime,omitempty"`
			Reason             string      `json:"reason,omitempty"`
			Message            string      `json:"message,omitempty"`
		} `json:"conditions,omitempty"`
	} `json:"status,omitempty"`
}
