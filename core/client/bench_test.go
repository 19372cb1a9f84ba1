package client

import (
	"fmt"
	"strconv"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// BenchmarkInformerEventThroughput measures how many watch events per second
// the informer turns into cache updates, index updates and handler calls
// (the apiserver is left out: events are fed to the reflector directly).
func BenchmarkInformerEventThroughput(b *testing.B) {
	_, _, c := newFakeClient(1)
	inf := NewInformer(c, "pods", "", ListOptions{}, 0)
	inf.AddIndexer(PodNodeNameIndex, PodNodeNameIndexFunc)
	inf.AddIndexer(NamespaceIndex, MetaNamespaceIndexFunc)
	handled := 0
	inf.AddEventHandler(Handler{
		OnAdd:    func(api.Object) { handled++ },
		OnUpdate: func(_, _ api.Object) { handled++ },
		OnDelete: func(api.Object) { handled++ },
	})
	inf.Run()
	const pods = 1000
	objs := make([]*api.Pod, pods)
	for i := range objs {
		objs[i] = testPod("default", "p"+strconv.Itoa(i))
		objs[i].Spec.NodeName = fmt.Sprintf("node-%d", i%50)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		p := objs[n%pods]
		typ := request.Modified
		switch (n / pods) % 3 {
		case 0:
			typ = request.Added
		case 2:
			typ = request.Deleted
		}
		inf.handle(request.WatchEvent{Type: typ, Object: p, Revision: int64(n + 1)})
	}
	b.StopTimer()
	if handled != b.N {
		b.Fatalf("handled %d of %d events", handled, b.N)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}
