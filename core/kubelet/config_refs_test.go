package kubelet

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
)

func (e *env) create(resource string, obj api.Object) {
	e.t.Helper()
	if _, err := e.admin.Resource(resource).Namespace("default").Create(obj); err != nil {
		e.t.Fatalf("create %s: %v", resource, err)
	}
}

func hasEvent(events []string, want string) bool {
	for _, ev := range events {
		if strings.HasPrefix(ev, want) {
			return true
		}
	}
	return false
}

func TestMissingReferencesFailAsOnV135(t *testing.T) {
	yes := true
	envFrom := func(cm string, key string, opt *bool) api.Container {
		return api.Container{Name: "app", Image: "nginx", Env: []api.EnvVar{{Name: "X", ValueFrom: &api.EnvVarSource{
			ConfigMapKeyRef: &api.ConfigMapKeySelector{LocalObjectReference: api.LocalObjectReference{Name: cm}, Key: key, Optional: opt}}}}}
	}
	tests := []struct {
		name    string
		pod     *api.Pod
		status  string // what the pod shows while the reference is missing
		event   string
		fix     func(e *env)
		healthy string
	}{
		{name: "an env var from a missing ConfigMap is CreateContainerConfigError",
			pod:    podWith("p", envFrom("missing", "k", nil), ""),
			status: "Pending [app CreateContainerConfigError]", event: `Warning Failed Error: configmap "missing" not found`,
			fix: func(e *env) {
				e.create("configmaps", &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "missing"}, Data: map[string]string{"k": "v"}})
			},
			healthy: "Running [app running, ready]"},
		{name: "a missing key names the ConfigMap with its namespace",
			pod:    podWith("p", envFrom("have", "nokey", nil), ""),
			status: "Pending [app CreateContainerConfigError]", event: `Warning Failed Error: couldn't find key nokey in ConfigMap default/have`},
		{name: "an optional reference to a missing ConfigMap is skipped",
			pod: podWith("p", envFrom("missing", "k", &yes), ""), status: "Running [app running, ready]"},
		{name: "envFrom a missing Secret is CreateContainerConfigError",
			pod: podWith("p", api.Container{Name: "app", Image: "nginx", EnvFrom: []api.EnvFromSource{{SecretRef: &api.SecretEnvSource{
				LocalObjectReference: api.LocalObjectReference{Name: "creds"}}}}}, ""),
			status: "Pending [app CreateContainerConfigError]", event: `Warning Failed Error: secret "creds" not found`,
			fix: func(e *env) {
				e.create("secrets", &api.Secret{ObjectMeta: api.ObjectMeta{Name: "creds"}, Data: map[string][]byte{"POSTGRES_PASSWORD": []byte("x")}})
			},
			healthy: "Running [app running, ready]"},
		{name: "a volume from a missing ConfigMap keeps the pod in ContainerCreating",
			pod: &api.Pod{ObjectMeta: api.ObjectMeta{Name: "p"}, Spec: api.PodSpec{
				Containers: []api.Container{{Name: "app", Image: "nginx"}},
				Volumes: []api.Volume{{Name: "c", VolumeSource: api.VolumeSource{ConfigMap: &api.ConfigMapVolumeSource{
					LocalObjectReference: api.LocalObjectReference{Name: "nothere"}}}}}}},
			status: "Pending [app ContainerCreating]", event: `Warning FailedMount MountVolume.SetUp failed for volume "c" : configmap "nothere" not found`,
			fix:     func(e *env) { e.create("configmaps", &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "nothere"}}) },
			healthy: "Running [app running, ready]"},
		{name: "a missing image pull secret is a warning and the public image pulls",
			pod: &api.Pod{ObjectMeta: api.ObjectMeta{Name: "p"}, Spec: api.PodSpec{
				Containers:       []api.Container{{Name: "app", Image: "nginx"}},
				ImagePullSecrets: []api.LocalObjectReference{{Name: "regcred"}}}},
			status: "Running [app running, ready]",
			event:  `Warning FailedToRetrieveImagePullSecret Unable to retrieve some image pull secrets (regcred); attempting to pull the image may not succeed.`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			e.create("configmaps", &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "have"}, Data: map[string]string{"k": "v"}})
			e.run(tt.pod)
			e.s.Advance(30 * time.Second)
			if got := e.status("p"); got != tt.status {
				t.Errorf("status = %s, want %s", got, tt.status)
			}
			if tt.event != "" && !hasEvent(e.events("p"), tt.event) {
				t.Errorf("no %q in %q", tt.event, e.events("p"))
			}
			if tt.fix == nil {
				return
			}
			tt.fix(e)
			e.s.Advance(2*time.Minute + 5*time.Second) // the longest back-off
			if got := e.status("p"); got != tt.healthy {
				t.Errorf("once the reference exists: status = %s, want %s", got, tt.healthy)
			}
		})
	}
}

// An env file an init container wrote (EnvFiles): KEY=VALUE lines, quotes
// around the value dropped.
func TestEnvFileValue(t *testing.T) {
	lines := []string{"DB_ADDRESS='address'", "REST_ENDPOINT=\"endpoint\"", "PLAIN=x=y"}
	for key, want := range map[string]string{"DB_ADDRESS": "address", "REST_ENDPOINT": "endpoint", "PLAIN": "x=y"} {
		if got, ok := envFileValue(lines, key); !ok || got != want {
			t.Errorf("%s = %q (%v), want %q", key, got, ok, want)
		}
	}
	if _, ok := envFileValue(lines, "MISSING"); ok {
		t.Error("a missing key was found")
	}
}
