package kubectl

import (
	"strings"
	"testing"

	"kubeplay/core/api"
)

// kubectl logs of a Pod no scheduler has placed prints nothing and exits 0:
// the apiserver's LogLocation returns no location for a Pod without a
// host (kubernetes pkg/registry/core/pod/strategy.go: "If pod has not
// been assigned a host, return an empty location"), so the stream is
// empty. A bad container name is still refused first.
func TestLogsOfAnUnscheduledPodPrintNothing(t *testing.T) {
	c := newCluster(t)
	c.files["big.yaml"] = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: big\nspec:\n  containers:\n  - name: c\n    image: nginx\n"
	c.must("kubectl create -f big.yaml")
	for _, line := range []string{"kubectl logs big", "kubectl logs big --previous", "kubectl logs pod/big -c c", "kubectl logs big -f"} {
		out, errOut, code := c.run(line)
		if out != "" || errOut != "" || code != 0 {
			t.Errorf("%s: stdout %q stderr %q exit %d, want nothing and exit 0", line, out, errOut, code)
		}
	}
	if _, errOut, code := c.run("kubectl logs big -c nope"); code == 0 || errOut == "" {
		t.Errorf("a wrong container: %q exit %d, want refused", errOut, code)
	}
}

// kubectl rollout status of a StatefulSet and a DaemonSet prints their own
// viewers' words (staging/src/k8s.io/kubectl/pkg/polymorphichelpers/
// rollout_status.go StatefulSetStatusViewer, DaemonSetStatusViewer).
func TestRolloutStatusWordsOfStatefulSetsAndDaemonSets(t *testing.T) {
	three, zero, two := int32(3), int32(0), int32(2)
	sts := func(gen, observed int64, ready, updated int32, partition *int32, strategy api.StatefulSetUpdateStrategyType) *api.StatefulSet {
		s := &api.StatefulSet{ObjectMeta: api.ObjectMeta{Name: "web", Generation: gen},
			Spec:   api.StatefulSetSpec{Replicas: &three, UpdateStrategy: api.StatefulSetUpdateStrategy{Type: strategy}},
			Status: api.StatefulSetStatus{ObservedGeneration: observed, ReadyReplicas: ready, UpdatedReplicas: updated}}
		if partition != nil {
			s.Spec.UpdateStrategy.RollingUpdate = &api.RollingUpdateStatefulSetStrategy{Partition: partition}
		}
		return s
	}
	ru := api.RollingUpdateStatefulSetStrategyType
	for _, tc := range []struct {
		obj  api.Object
		want string
		done bool
	}{
		{sts(1, 0, 0, 0, &zero, ru), "Waiting for statefulset spec update to be observed...\n", false},
		{sts(1, 1, 2, 3, &zero, ru), "Waiting for 1 pods to be ready...\n", false},
		{sts(1, 1, 3, 3, &zero, ru), "partitioned roll out complete: 3 new pods have been updated...\n", true},
		{sts(2, 2, 3, 0, &two, ru), "Waiting for partitioned roll out to finish: 0 out of 1 new pods have been updated...\n", false},
		{&api.DaemonSet{ObjectMeta: api.ObjectMeta{Name: "x"}, Spec: api.DaemonSetSpec{UpdateStrategy: api.DaemonSetUpdateStrategy{Type: api.RollingUpdateDaemonSetStrategyType}},
			Status: api.DaemonSetStatus{DesiredNumberScheduled: 2, UpdatedNumberScheduled: 2, NumberAvailable: 2}}, "daemon set \"x\" successfully rolled out\n", true},
	} {
		msg, done, err := statusOf(tc.obj)
		if err != nil || msg != tc.want || done != tc.done {
			t.Errorf("status = %q %v %v, want %q %v", msg, done, err, tc.want, tc.done)
		}
	}
	if _, _, err := statusOf(sts(1, 1, 3, 3, nil, api.OnDeleteStatefulSetStrategyType)); err == nil || err.Error() != "rollout status is only available for RollingUpdate strategy type" {
		t.Errorf("OnDelete: %v", err)
	}
}

// kubectl get controllerrevisions prints kubectl's columns (kubernetes
// pkg/printers/internalversion/printers.go printControllerRevision):
// CONTROLLER is "statefulset.apps/web".
func TestControllerRevisionColumns(t *testing.T) {
	c := newCluster(t)
	c.files["cr.yaml"] = "apiVersion: apps/v1\nkind: ControllerRevision\nmetadata:\n  name: web-5dddd6b47c\n  ownerReferences:\n  - apiVersion: apps/v1\n    kind: StatefulSet\n    name: web\n    uid: 5b3e6f2a-0000-0000-0000-000000000001\n    controller: true\nrevision: 1\ndata: {}\n"
	c.must("kubectl create -f cr.yaml")
	want := "NAME             CONTROLLER             REVISION   AGE\nweb-5dddd6b47c   statefulset.apps/web   1          0s\n"
	if out := c.must("kubectl get controllerrevisions"); out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// kubectl delete --cascade takes kubectl's values and words
// (cmd/delete/delete_flags.go parseCascadingFlag).
func TestCascadeValues(t *testing.T) {
	c := newCluster(t)
	c.must("kubectl create configmap a")
	_, errOut, code := c.run("kubectl delete configmap a --cascade=sideways")
	if want := "error: invalid cascade value (sideways). Must be \"background\", \"foreground\", or \"orphan\"\n"; errOut != want || code != 1 {
		t.Errorf("bad value: %q exit %d", errOut, code)
	}
	out, errOut, _ := c.run("kubectl delete configmap a --cascade=false --wait=false")
	if want := "warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.\n"; errOut != want || out != "configmap \"a\" deleted from default namespace\n" {
		t.Errorf("--cascade=false: %q %q", out, errOut)
	}
}

// kubectl api-versions lists every group version a kind v1.35 cluster
// serves (kube-apiserver's stableAPIGroupVersionsEnabledByDefault with
// resource.k8s.io/v1, apiextensions and apiregistration); kubectl get
// apiservices shows each as a Local APIService (kube-aggregator's table:
// NAME, SERVICE, AVAILABLE, AGE).
func TestAPIVersionsAndAPIServices(t *testing.T) {
	c := newCluster(t)
	want := `admissionregistration.k8s.io/v1
apiextensions.k8s.io/v1
apiregistration.k8s.io/v1
apps/v1
authentication.k8s.io/v1
authorization.k8s.io/v1
autoscaling/v1
autoscaling/v2
batch/v1
certificates.k8s.io/v1
coordination.k8s.io/v1
discovery.k8s.io/v1
events.k8s.io/v1
flowcontrol.apiserver.k8s.io/v1
networking.k8s.io/v1
node.k8s.io/v1
policy/v1
rbac.authorization.k8s.io/v1
resource.k8s.io/v1
scheduling.k8s.io/v1
storage.k8s.io/v1
v1
`
	if out := c.must("kubectl api-versions"); out != want {
		t.Errorf("api-versions:\n%s\nwant\n%s", out, want)
	}
	out := c.must("kubectl get apiservices")
	for _, line := range []string{
		"NAME                              SERVICE   AVAILABLE   AGE\n",
		"v1.                               Local     True        ",
		"v1.apps                           Local     True        ",
		"v2.autoscaling                    Local     True        ",
	} {
		if !strings.Contains(out, line) {
			t.Errorf("get apiservices lacks %q:\n%s", line, out)
		}
	}
	if got := c.must("kubectl get apiservice v1.apps -o jsonpath={.spec.groupPriorityMinimum}/{.spec.versionPriority}/{.status.conditions[0].reason}"); got != "17800/15/Local" {
		t.Errorf("v1.apps = %q", got)
	}
}

// -o kyaml prints KYAML (sigs.k8s.io/yaml/kyaml, kubectl v1.35 with
// KUBECTL_KYAML unset): a "---" header, quoted strings, unquoted keys,
// trailing commas, cuddled lists of maps; and kyaml is in the list of
// allowed formats (cli-runtime JSONYamlPrintFlags.AllowedFormats).
func TestKYAMLOutput(t *testing.T) {
	c := newCluster(t)
	c.files["cm.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: k\n  labels:\n    app.kubernetes.io/name: web\n    \"yes\": \"no\"\ndata:\n  one: \"1\"\n  text: |\n    a\n      b\n"
	c.must("kubectl create -f cm.yaml")
	out := c.must("kubectl get cm k -o kyaml")
	for _, want := range []string{
		"---\n{\n  apiVersion: \"v1\",\n  data: {\n    one: \"1\",\n",
		"    text: \"\\\n       a\\n\\\n      \\  b\\n\\\n      \",\n",
		"      app.kubernetes.io/name: \"web\",\n      \"yes\": \"no\",\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("kyaml lacks %q:\n%s", want, out)
		}
	}
	if !strings.HasSuffix(out, "\n}\n") {
		t.Errorf("kyaml does not end with the closing brace: %q", out)
	}
	_, errOut, _ := c.run("kubectl get cm -o foo")
	if want := "error: unable to match a printer suitable for the output format \"foo\", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,wide,yaml\n"; errOut != want {
		t.Errorf("got %q", errOut)
	}
}

// Words of kubectl v1.35 (staging/src/k8s.io/kubectl sources named in
// each case).
func TestWordsOfKubectl(t *testing.T) {
	c := newCluster(t)
	c.must("kubectl create deployment web --image=nginx")
	c.files["nokind.yaml"] = "apiVersion: v1\nmetadata:\n  name: x\n"
	c.files["svc.yaml"] = "apiVersion: v1\nkind: Service\nmetadata:\n  name: s\nspec:\n  clusterIP: 10.96.0.50\n  ports:\n  - port: 80\n"
	c.must("kubectl create -f svc.yaml")
	for _, tc := range []struct{ what, line, out, err string }{
		// cmd/set/set_image.go: a patch of "{}" is skipped without a word.
		{"a second identical set image", "kubectl set image deployment/web nginx=nginx", "", ""},
		// cmd/expose/expose.go returns a plain error: no usage line.
		{"expose without a port", "kubectl expose deployment web", "", "error: couldn't find port via --port flag or introspection\n"},
		// cobra's unknown command error with its suggestion, printed by
		// CheckErr (component-base cli.run silences cobra's usage line).
		{"an unknown command", "kubectl foo", "", "error: unknown command \"foo\" for \"kubectl\"\n\nDid you mean this?\n\ttop\n"},
		// cmd/create/create_secret.go: "failed to create secret %v".
		{"a secret that exists", "kubectl create secret generic web-secret --from-literal=a=b", "secret/web-secret created\n", ""},
		{"a secret that exists", "kubectl create secret generic web-secret --from-literal=a=b", "", "error: failed to create secret secrets \"web-secret\" already exists\n"},
		{"a configmap that exists", "kubectl create configmap web --from-literal=a=b", "configmap/web created\n", ""},
		{"a configmap that exists", "kubectl create configmap web --from-literal=a=b", "", "error: failed to create configmap: configmaps \"web\" already exists\n"},
		// pkg/validation/validation.go getObjectKind.
		{"a manifest without kind", "kubectl apply -f nokind.yaml", "", "error: error validating \"nokind.yaml\": error validating data: kind not set; if you choose to ignore these errors, turn validation off with --validate=false\n"},
		// validateUpgradeDowngradeClusterIPs names the whole list.
		{"a changed clusterIPs", `kubectl patch svc s -p '{"spec":{"clusterIP":"10.96.100.100","clusterIPs":["10.96.100.100"]}}'`, "", "The Service \"s\" is invalid: spec.clusterIPs[0]: Invalid value: [\"10.96.100.100\"]: may not change once set\n"},
		// cli-runtime customcolumn.go prints values with %v.
		{"custom columns of a list of maps", "kubectl get svc s -o custom-columns=PORTS:.spec.ports,SEL:.spec.selector,IPS:.spec.clusterIPs", "PORTS                                       SEL      IPS\n[map[port:80 protocol:TCP targetPort:80]]   <none>   [10.96.0.50]\n", ""},
	} {
		out, errOut, _ := c.run(tc.line)
		if out != tc.out || errOut != tc.err {
			t.Errorf("%s: %s\n got stdout %q stderr %q\nwant stdout %q stderr %q", tc.what, tc.line, out, errOut, tc.out, tc.err)
		}
	}
}
