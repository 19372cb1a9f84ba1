package defaults_test

import (
	"strings"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/apiserver/defaults"
)

func decode(t *testing.T, manifest string) api.Object {
	t.Helper()
	ms, err := api.ParseManifests("test.yaml", []byte(manifest))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return ms[0].Object
}

// The spec of the docs' nginx Deployment after defaulting, as
// `kubectl get deploy nginx -o yaml` shows it on a v1.35 cluster.
const nginxDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
`

const nginxDeploymentSpecGolden = `spec:
  progressDeadlineSeconds: 600
  replicas: 3
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app: nginx
  strategy:
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
    type: RollingUpdate
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx:1.14.2
        imagePullPolicy: IfNotPresent
        name: nginx
        ports:
        - containerPort: 80
          protocol: TCP
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
`

func section(yaml, key string) string {
	i := strings.Index(yaml, "\n"+key+":")
	if i < 0 {
		return ""
	}
	rest := yaml[i+1:]
	end := len(rest)
	for j := 1; j < len(rest); j++ {
		if rest[j-1] == '\n' && rest[j] != ' ' && rest[j] != '-' {
			end = j
			break
		}
	}
	return rest[:end]
}

func TestNginxDeploymentDefaultsMatchKubectlGetYAML(t *testing.T) {
	obj := decode(t, nginxDeployment)
	defaults.Default(obj)
	got := section(string(api.EncodeYAML(obj)), "spec")
	// Whether the template prints "creationTimestamp: null" is the encoder's
	// business (package api), not defaulting's.
	got = strings.Replace(got, "      creationTimestamp: null\n", "", 1)
	if got != nginxDeploymentSpecGolden {
		t.Errorf("spec after defaulting:\n%s\nwant:\n%s", got, nginxDeploymentSpecGolden)
	}
}

func TestDefaultingIsIdempotent(t *testing.T) {
	obj := decode(t, nginxDeployment)
	defaults.Default(obj)
	once := string(api.EncodeYAML(obj))
	defaults.Default(obj)
	if twice := string(api.EncodeYAML(obj)); twice != once {
		t.Errorf("second Default changed the object:\n%s\nvs\n%s", twice, once)
	}
}

func TestPodDefaults(t *testing.T) {
	obj := decode(t, `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: app
    image: busybox
    resources:
      limits:
        cpu: 500m
    readinessProbe:
      httpGet:
        port: 8080
`)
	defaults.Default(obj)
	p := obj.(*api.Pod)
	c := p.Spec.Containers[0]
	cpu := c.Resources.Requests[api.ResourceCPU]
	checks := []struct {
		name      string
		got, want any
	}{
		{"an untagged image is pulled Always", c.ImagePullPolicy, api.PullAlways},
		{"requests default to limits", cpu.String(), "500m"},
		{"enableServiceLinks is true on pods", *p.Spec.EnableServiceLinks, true},
		{"terminationGracePeriodSeconds is 30", *p.Spec.TerminationGracePeriodSeconds, int64(30)},
		{"the probe timeout is 1s", c.ReadinessProbe.TimeoutSeconds, int32(1)},
		{"the probe period is 10s", c.ReadinessProbe.PeriodSeconds, int32(10)},
		{"the probe failure threshold is 3", c.ReadinessProbe.FailureThreshold, int32(3)},
		{"the httpGet path is /", c.ReadinessProbe.HTTPGet.Path, "/"},
		{"the httpGet scheme is HTTP", c.ReadinessProbe.HTTPGet.Scheme, api.URISchemeHTTP},
		{"preemptionPolicy is left to the Priority admission plugin", p.Spec.PreemptionPolicy == nil, true},
	}
	for _, ck := range checks {
		if ck.got != ck.want {
			t.Errorf("%s: got %v, want %v", ck.name, ck.got, ck.want)
		}
	}
}

func TestPullPolicyFollowsTheImageTag(t *testing.T) {
	for image, want := range map[string]api.PullPolicy{
		"nginx":                         api.PullAlways,
		"nginx:latest":                  api.PullAlways,
		"nginx:1.27":                    api.PullIfNotPresent,
		"localhost:5000/app":            api.PullAlways,
		"localhost:5000/app:v2":         api.PullIfNotPresent,
		"nginx@sha256:0123456789abcdef": api.PullIfNotPresent,
	} {
		if got := defaults.PullPolicyFor(image); got != want {
			t.Errorf("PullPolicyFor(%q) = %s, want %s", image, got, want)
		}
	}
}

func TestServiceNamespaceAndJobDefaults(t *testing.T) {
	svc := decode(t, "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n  ports:\n  - port: 80\n").(*api.Service)
	defaults.Default(svc)
	ns := decode(t, "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: dev\n").(*api.Namespace)
	defaults.Default(ns)
	job := decode(t, "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: pi\n        image: perl\n").(*api.Job)
	defaults.Default(job)
	checks := []struct {
		name      string
		got, want any
	}{
		{"a Service is ClusterIP", svc.Spec.Type, api.ServiceTypeClusterIP},
		{"a Service has sessionAffinity None", svc.Spec.SessionAffinity, api.ServiceAffinityNone},
		{"a Service port is TCP", svc.Spec.Ports[0].Protocol, api.ProtocolTCP},
		{"targetPort defaults to port", svc.Spec.Ports[0].TargetPort, api.FromInt32(80)},
		{"a Service is SingleStack", string(*svc.Spec.IPFamilyPolicy), "SingleStack"},
		{"a Service is IPv4", string(svc.Spec.IPFamilies[0]), "IPv4"},
		{"internalTrafficPolicy is Cluster", string(*svc.Spec.InternalTrafficPolicy), "Cluster"},
		{"a Namespace gets the kubernetes finalizer", string(ns.Spec.Finalizers[0]), "kubernetes"},
		{"a Namespace is Active", ns.Status.Phase, api.NamespaceActive},
		{"a Namespace is labelled with its name", ns.Labels["kubernetes.io/metadata.name"], "dev"},
		{"a Job completes once", *job.Spec.Completions, int32(1)},
		{"a Job runs one pod at a time", *job.Spec.Parallelism, int32(1)},
		{"a Job retries 6 times", *job.Spec.BackoffLimit, int32(6)},
		{"a Job is NonIndexed", *job.Spec.CompletionMode, api.NonIndexedCompletion},
		{"a Job is not suspended", *job.Spec.Suspend, false},
		{"a Job replaces TerminatingOrFailed pods", string(*job.Spec.PodReplacementPolicy), "TerminatingOrFailed"},
		{"a Job keeps its restartPolicy", job.Spec.Template.Spec.RestartPolicy, api.RestartPolicyNever},
	}
	for _, ck := range checks {
		if ck.got != ck.want {
			t.Errorf("%s: got %v, want %v", ck.name, ck.got, ck.want)
		}
	}
}
