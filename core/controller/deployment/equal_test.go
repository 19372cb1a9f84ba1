package deployment

import (
	"reflect"
	"testing"

	"kubeplay/core/api"
)

// equalByCopies is the Deployment controller's own comparison: a deep copy
// of each template without the hash label, then a deep comparison.
func equalByCopies(a, b *api.PodTemplateSpec) bool {
	strip := func(t *api.PodTemplateSpec) *api.PodTemplateSpec {
		c := api.DeepCopyAs(&api.Pod{ObjectMeta: t.ObjectMeta, Spec: t.Spec})
		delete(c.Labels, api.DefaultDeploymentUniqueLabelKey)
		if len(c.Labels) == 0 {
			c.Labels = nil
		}
		return &api.PodTemplateSpec{ObjectMeta: c.ObjectMeta, Spec: c.Spec}
	}
	return reflect.DeepEqual(strip(a), strip(b))
}

// TestEqualIgnoreHashAgreesWithComparingDeepCopies: comparing the templates'
// JSON gives the deep copies' answer, on what makes them differ or not.
func TestEqualIgnoreHashAgreesWithComparingDeepCopies(t *testing.T) {
	base := func() *api.PodTemplateSpec {
		return &api.PodTemplateSpec{
			ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "web"}},
			Spec: api.PodSpec{Containers: []api.Container{{Name: "web", Image: "nginx:1.27",
				Resources: api.ResourceRequirements{Requests: api.ResourceList{api.ResourceCPU: api.MustParse("1")}}}}},
		}
	}
	cases := []struct {
		name  string
		edit  func(a, b *api.PodTemplateSpec)
		equal bool
	}{
		{"the same template", func(a, b *api.PodTemplateSpec) {}, true},
		{"only the hash label differs", func(a, b *api.PodTemplateSpec) {
			a.Labels[api.DefaultDeploymentUniqueLabelKey] = "5d9c7b8f4"
			b.Labels[api.DefaultDeploymentUniqueLabelKey] = "7f6d8c9b5"
		}, true},
		{"one has only the hash label, the other no labels", func(a, b *api.PodTemplateSpec) {
			a.Labels = map[string]string{api.DefaultDeploymentUniqueLabelKey: "5d9c7b8f4"}
			b.Labels = nil
		}, true},
		{"another label differs", func(a, b *api.PodTemplateSpec) { b.Labels["tier"] = "front" }, false},
		{"the image differs", func(a, b *api.PodTemplateSpec) { b.Spec.Containers[0].Image = "nginx:1.28" }, false},
		{"an empty env list against none", func(a, b *api.PodTemplateSpec) { a.Spec.Containers[0].Env = []api.EnvVar{} }, true},
		{"1000m against 1 cpu", func(a, b *api.PodTemplateSpec) {
			a.Spec.Containers[0].Resources.Requests[api.ResourceCPU] = api.MustParse("1000m")
		}, true},
		{"a different cpu request", func(a, b *api.PodTemplateSpec) {
			a.Spec.Containers[0].Resources.Requests[api.ResourceCPU] = api.MustParse("500m")
		}, false},
		{"an annotation differs", func(a, b *api.PodTemplateSpec) {
			a.Annotations = map[string]string{RestartedAtAnnotation: "2026-01-05T09:00:00Z"}
		}, false},
		{"an empty security context against none", func(a, b *api.PodTemplateSpec) {
			a.Spec.SecurityContext = &api.PodSecurityContext{}
		}, false},
	}
	for _, tc := range cases {
		a, b := base(), base()
		tc.edit(a, b)
		if got, want := EqualIgnoreHash(a, b), equalByCopies(a, b); got != want || got != tc.equal {
			t.Errorf("%s: EqualIgnoreHash = %v, comparing deep copies = %v, want %v", tc.name, got, want, tc.equal)
		}
	}
}
