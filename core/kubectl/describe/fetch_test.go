package describe

import (
	"strings"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/apiserver"
	"kubeplay/core/client"
	pt "kubeplay/core/kubectl/printers/printerstest"
	"kubeplay/core/sim"
	"kubeplay/core/store"
)

func TestDescribeFetchesTheObjectAndItsEventsThroughTheAPIServer(t *testing.T) {
	s := sim.New(sim.DefaultSeed)
	srv := apiserver.New(s, store.New(s))
	c := client.New(srv, apiserver.Admin(), "kubectl")

	pod := pt.RunningPod("web", "demo-worker", "10.244.1.2")
	pod.ResourceVersion, pod.UID, pod.OwnerReferences = "", "", nil
	created, err := c.Resource("pods").Namespace("default").Create(pod)
	if err != nil {
		t.Fatalf("create pod: %v", err)
	}
	ev := pt.PodEvents(pod)[1]
	ev.ResourceVersion = ""
	ev.InvolvedObject.UID = created.GetObjectMeta().UID
	if _, err := c.Resource("events").Namespace("default").Create(ev); err != nil {
		t.Fatalf("create event: %v", err)
	}
	info, _ := api.ResourceFor("pods")
	out, err := Describe(c, info, "default", "web", pt.Now)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Name:             web\n", "spec.containers{nginx}: Pulling image \"nginx:1.27\""} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if _, err := Describe(c, info, "default", "missing", pt.Now); err == nil || !strings.Contains(err.Error(), `pods "missing" not found`) {
		t.Errorf("describing a missing pod: err = %v, want NotFound", err)
	}
}
