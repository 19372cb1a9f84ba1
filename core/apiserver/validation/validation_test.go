package validation_test

import (
	"strings"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/apiserver/defaults"
	"kubeplay/core/apiserver/validation"
)

// kubectlInvalid renders a 422 the way kubectl's checkErr prints it
// (docs/kubernetes-fidelity.md §5c): one cause inline, several as a bullet list under a header
// that ends with a space; duplicate causes dropped.
func kubectlInvalid(kind string, err *api.StatusError) string {
	d := err.ErrStatus.Details
	var lines []string
	seen := map[string]bool{}
	for _, c := range d.Causes {
		l := c.Field + ": " + c.Message
		if !seen[l] {
			seen[l] = true
			lines = append(lines, l)
		}
	}
	if len(lines) == 1 {
		return "The " + kind + " \"" + d.Name + "\" is invalid: " + lines[0]
	}
	return "The " + kind + " \"" + d.Name + "\" is invalid: \n* " + strings.Join(lines, "\n* ")
}

// apply decodes one manifest, defaults and validates it like the apiserver
// does on create, and returns what kubectl would print ("" if valid).
func apply(t *testing.T, manifest string) string {
	t.Helper()
	ms, err := api.ParseManifests("test.yaml", []byte(manifest))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	obj := ms[0].Object
	if m := obj.GetObjectMeta(); m.Namespace == "" {
		if r := api.ResourceOf(obj); r != nil && r.Namespaced {
			m.Namespace = "default"
		}
	}
	defaults.Default(obj)
	errs := validation.ValidateCreate(obj)
	if len(errs) == 0 {
		return ""
	}
	r := api.ResourceOf(obj)
	se := api.NewInvalid(r.GroupKind(), obj.GetObjectMeta().Name, errs)
	return kubectlInvalid(r.Kind, se)
}

const deployTmpl = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 1
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

func edit(s string, pairs ...string) string {
	for i := 0; i < len(pairs); i += 2 {
		if !strings.Contains(s, pairs[i]) {
			panic("edit: " + pairs[i] + " not found")
		}
		s = strings.Replace(s, pairs[i], pairs[i+1], 1)
	}
	return s
}

const subdomainMsg = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
const labelMsg = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
const dns1035Msg = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"

func pod(extra string) string {
	return `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx
` + extra
}

func TestInvalidManifestsPrintTheRealV135Errors(t *testing.T) {
	cases := []struct {
		name, manifest, want string
	}{
		{"a valid nginx Deployment is accepted", deployTmpl, ""},
		{"a Deployment whose selector does not match its template labels is refused",
			edit(deployTmpl, "      labels:\n        app: nginx", "      labels:\n        app: x"),
			"The Deployment \"nginx\" is invalid: spec.template.metadata.labels: Invalid value: {\"app\":\"x\"}: `selector` does not match template `labels`"},
		{"a Deployment without a selector gets both the Required and the mismatch errors",
			edit(deployTmpl, "  selector:\n    matchLabels:\n      app: nginx\n", ""),
			"The Deployment \"nginx\" is invalid: \n* spec.selector: Required value\n* spec.template.metadata.labels: Invalid value: {\"app\":\"nginx\"}: `selector` does not match template `labels`"},
		{"a Deployment container without an image is refused",
			edit(deployTmpl, "        image: nginx:1.14.2\n", ""),
			"The Deployment \"nginx\" is invalid: spec.template.spec.containers[0].image: Required value"},
		{"a Deployment template with restartPolicy Never is refused",
			edit(deployTmpl, "      containers:", "      restartPolicy: Never\n      containers:"),
			"The Deployment \"nginx\" is invalid: spec.template.spec.restartPolicy: Unsupported value: \"Never\": supported values: \"Always\""},
		{"negative replicas are refused",
			edit(deployTmpl, "replicas: 1", "replicas: -1"),
			"The Deployment \"nginx\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0"},
		{"an uppercase Deployment name is refused",
			edit(deployTmpl, "name: nginx\nspec", "name: My-App\nspec"),
			"The Deployment \"My-App\" is invalid: metadata.name: Invalid value: \"My-App\": " + subdomainMsg},
		{"maxUnavailable and maxSurge both zero are refused",
			edit(deployTmpl, "  replicas: 1\n", "  replicas: 1\n  strategy:\n    rollingUpdate:\n      maxSurge: 0\n      maxUnavailable: 0\n"),
			"The Deployment \"nginx\" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0"},
		{"an empty selector is invalid for a deployment",
			edit(deployTmpl, "  selector:\n    matchLabels:\n      app: nginx\n", "  selector: {}\n"),
			"The Deployment \"nginx\" is invalid: spec.selector: Invalid value: {}: empty selector is invalid for deployment"},
		{"a Pod without containers is refused",
			"apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers: []\n",
			"The Pod \"web\" is invalid: spec.containers: Required value"},
		{"a Pod container without an image is refused",
			"apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: c\n",
			"The Pod \"p\" is invalid: spec.containers[0].image: Required value"},
		{"a Pod without a name is refused",
			"apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    app: web\nspec:\n  containers:\n  - name: c\n    image: nginx\n",
			"The Pod \"\" is invalid: metadata.name: Required value: name or generateName is required"},
		{"an underscore in a container name is refused",
			edit(pod(""), "name: nginx", "name: my_app"),
			"The Pod \"web\" is invalid: spec.containers[0].name: Invalid value: \"my_app\": " + labelMsg},
		{"two containers with one name are a Duplicate value",
			pod("  - name: nginx\n    image: busybox\n"),
			"The Pod \"web\" is invalid: spec.containers[1].name: Duplicate value: \"nginx\""},
		{"a container port above 65535 is refused",
			pod("    ports:\n    - containerPort: 70000\n"),
			"The Pod \"web\" is invalid: spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive"},
		{"a UDPX protocol is not supported",
			pod("    ports:\n    - containerPort: 80\n      protocol: UDPX\n"),
			"The Pod \"web\" is invalid: spec.containers[0].ports[0].protocol: Unsupported value: \"UDPX\": supported values: \"SCTP\", \"TCP\", \"UDP\""},
		{"a request above its limit is refused",
			pod("    resources:\n      requests:\n        cpu: 600m\n      limits:\n        cpu: 500m\n"),
			"The Pod \"web\" is invalid: spec.containers[0].resources.requests: Invalid value: \"600m\": must be less than or equal to cpu limit of 500m"},
		{"a negative memory limit is refused",
			pod("    resources:\n      limits:\n        memory: -1Gi\n"),
			"The Pod \"web\" is invalid: \n* spec.containers[0].resources.limits[memory]: Invalid value: \"-1Gi\": must be greater than or equal to 0\n* spec.containers[0].resources.requests[memory]: Invalid value: \"-1Gi\": must be greater than or equal to 0"},
		{"a Pod restartPolicy Sometimes is not supported",
			pod("  restartPolicy: Sometimes\n"),
			"The Pod \"web\" is invalid: spec.restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"OnFailure\", \"Never\""},
		{"a label value with a space is refused",
			edit(pod(""), "  name: web\n", "  name: web\n  labels:\n    app: my app\n"),
			"The Pod \"web\" is invalid: metadata.labels: Invalid value: \"my app\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"},
		{"a label key with two slashes is refused",
			edit(pod(""), "  name: web\n", "  name: web\n  labels:\n    a/b/c: x\n"),
			"The Pod \"web\" is invalid: metadata.labels: Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"},
		{"a toleration with an unknown effect is refused",
			pod("  tolerations:\n  - key: gpu\n    operator: Exists\n    effect: NoRun\n"),
			"The Pod \"web\" is invalid: spec.tolerations[0].effect: Unsupported value: \"NoRun\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\""},
		{"a toleration with Exists and a value is refused",
			pod("  tolerations:\n  - key: gpu\n    operator: Exists\n    value: \"yes\"\n"),
			"The Pod \"web\" is invalid: spec.tolerations[0].operator: Invalid value: \"yes\": value must be empty when `operator` is 'Exists'"},
		{"tolerationSeconds needs the NoExecute effect",
			pod("  tolerations:\n  - key: gpu\n    operator: Exists\n    effect: NoSchedule\n    tolerationSeconds: 30\n"),
			"The Pod \"web\" is invalid: spec.tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set"},
		{"a Service name must be a DNS-1035 label",
			"apiVersion: v1\nkind: Service\nmetadata:\n  name: 1web\nspec:\n  selector:\n    app: web\n  ports:\n  - port: 80\n",
			"The Service \"1web\" is invalid: metadata.name: Invalid value: \"1web\": " + dns1035Msg},
		{"a Service without ports is refused",
			"apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n",
			"The Service \"web\" is invalid: spec.ports: Required value"},
		{"a Service with two unnamed ports needs names",
			"apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - port: 80\n  - port: 443\n",
			"The Service \"web\" is invalid: \n* spec.ports[0].name: Required value\n* spec.ports[1].name: Required value"},
		{"a ClusterIP Service may not set a nodePort",
			"apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - port: 80\n    nodePort: 30080\n",
			"The Service \"web\" is invalid: spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'"},
		{"a Namespace name must be a DNS-1123 label",
			"apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team.a\n",
			"The Namespace \"team.a\" is invalid: metadata.name: Invalid value: \"team.a\": must not contain dots"},
		{"a Namespace name with capitals is refused",
			"apiVersion: v1\nkind: Namespace\nmetadata:\n  name: Dev\n",
			"The Namespace \"Dev\" is invalid: metadata.name: Invalid value: \"Dev\": " + labelMsg},
		{"a LimitRange item without a type is refused as an empty qualified name",
			"apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: lr\nspec:\n  limits:\n  - max:\n      cpu: \"1\"\n",
			"The LimitRange \"lr\" is invalid: \n* spec.limits[0].type: Invalid value: \"\": name part must be non-empty\n* spec.limits[0].type: Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"},
		{"a LimitRange type without a prefix must be a standard type",
			"apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: lr\nspec:\n  limits:\n  - type: Node\n    max:\n      cpu: \"1\"\n",
			"The LimitRange \"lr\" is invalid: spec.limits[0].type: Invalid value: \"Node\": must be a standard limit type or fully qualified"},
		{"a LimitRange type may appear once",
			"apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: lr\nspec:\n  limits:\n  - type: Pod\n  - type: Pod\n",
			"The LimitRange \"lr\" is invalid: spec.limits[1].type: Duplicate value: \"Pod\""},
		{"a ConfigMap name with an underscore is refused",
			"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app_config\ndata:\n  a: b\n",
			"The ConfigMap \"app_config\" is invalid: metadata.name: Invalid value: \"app_config\": " + subdomainMsg},
		{"a ConfigMap key with a slash is refused",
			"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a/b: c\n",
			"The ConfigMap \"cfg\" is invalid: data[a/b]: Invalid value: \"a/b\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"},
		{"a Job without restartPolicy is refused",
			"apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  template:\n    spec:\n      containers:\n      - name: pi\n        image: perl\n",
			"The Job \"pi\" is invalid: spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\""},
		{"a Role rule without verbs is refused",
			"apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: reader\nrules:\n- apiGroups: [\"\"]\n  resources: [\"pods\"]\n",
			"The Role \"reader\" is invalid: rules[0].verbs: Required value: verbs must contain at least one value"},
		{"a RoleBinding to a Deployment kind is not supported",
			"apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: rb\nsubjects:\n- kind: User\n  name: alice\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: Deployment\n  name: reader\n",
			"The RoleBinding \"rb\" is invalid: roleRef.kind: Unsupported value: \"Deployment\": supported values: \"Role\", \"ClusterRole\""},
		{"a ClusterRoleBinding ServiceAccount subject needs a namespace",
			"apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: crb\nsubjects:\n- kind: ServiceAccount\n  name: builder\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ClusterRole\n  name: view\n",
			"The ClusterRoleBinding \"crb\" is invalid: subjects[0].namespace: Required value"},
		{"ephemeral containers cannot be set when a Pod is created",
			pod("  ephemeralContainers:\n  - name: debugger\n    image: busybox\n"),
			"The Pod \"web\" is invalid: spec.ephemeralContainers: Forbidden: cannot be set on create"},
		{"a Node taint without an effect is refused",
			"apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\nspec:\n  taints:\n  - key: dedicated\n    value: gpu\n",
			"The Node \"n1\" is invalid: spec.taints[0].effect: Required value"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := apply(t, tc.manifest); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestStorageClassUpdateForbidsProvisionerAndParameters: kind's "standard"
// StorageClass cannot be re-applied with another provisioner or parameters.
func TestStorageClassUpdateForbidsProvisionerAndParameters(t *testing.T) {
	parse := func(m string) *api.StorageClass {
		ms, err := api.ParseManifests("sc.yaml", []byte(m))
		if err != nil {
			t.Fatal(err)
		}
		sc := ms[0].Object.(*api.StorageClass)
		defaults.Default(sc)
		return sc
	}
	old := parse("apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: standard\nprovisioner: rancher.io/local-path\nvolumeBindingMode: WaitForFirstConsumer\n")
	sc := parse("apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: standard\nprovisioner: kubernetes.io/gce-pd\nparameters:\n  type: pd-standard\nvolumeBindingMode: WaitForFirstConsumer\n")
	errs := validation.ValidateUpdate(sc, old)
	got := kubectlInvalid("StorageClass", api.NewInvalid(api.ResourceOf(sc).GroupKind(), "standard", errs))
	want := "The StorageClass \"standard\" is invalid: \n* parameters: Forbidden: updates to parameters are forbidden.\n* provisioner: Forbidden: updates to provisioner are forbidden."
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if errs := validation.ValidateUpdate(old, old); len(errs) != 0 {
		t.Errorf("an unchanged StorageClass is refused: %v", errs)
	}
}
