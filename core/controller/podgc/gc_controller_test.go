package podgc

import (
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/internal/testenv"
)

func TestPodsOfADeletedNodeAreForceDeletedAfterTheQuarantine(t *testing.T) {
	e := testenv.New(t, "demo-worker", "demo-worker2")
	e.Start(New(e.Ctx))
	e.Must(e.Admin.Resource("pods").Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "lonely", Namespace: "default"},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "busybox"}}, NodeName: "demo-worker2"}}))
	e.Down["demo-worker2"] = true
	e.Run(5 * time.Second)
	if _, err := e.Admin.Resource("nodes").Delete("demo-worker2", client.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	e.Run(30 * time.Second)
	if e.Get("pods", "default", "lonely") == nil {
		t.Fatal("deleted before the 40s quarantine")
	}
	e.Until(time.Minute, "pod force-deleted", func() bool { return e.Get("pods", "default", "lonely") == nil })
}
