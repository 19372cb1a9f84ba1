package kubectl

import (
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
