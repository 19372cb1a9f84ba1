package apiserver

import (
	"fmt"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// BenchmarkPodLifecycle pushes pods through what SchedulingBasic asks of
// the apiserver: create, bind, status update, with a scheduler-like watch on
// all pods and a kubelet-like watch per node.
func BenchmarkPodLifecycle(b *testing.B) {
	s, srv := newTestServer(b)
	s.Trace.Disabled = true
	const nodes = 100
	delivered := 0
	srv.Watch(&request.Request{User: Scheduler(), Component: "kube-scheduler", Resource: "pods"}, func(request.WatchEvent) { delivered++ })
	for i := 0; i < nodes; i++ {
		n := fmt.Sprintf("node-%d", i)
		srv.Watch(&request.Request{User: Node(n), Component: "kubelet/" + n, Resource: "pods", FieldSelector: "spec.nodeName=" + n},
			func(request.WatchEvent) { delivered++ })
	}
	tmpl := pod("default", "", map[string]string{"app": "bench"})
	tmpl.GenerateName = "bench-"
	tmpl.Spec.Containers[0].Resources.Requests = api.ResourceList{api.ResourceCPU: api.MustParse("100m"), api.ResourceMemory: api.MustParse("128Mi")}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := mustDo(b, srv, &request.Request{User: ControllerManager(), Component: "kube-controller-manager", Verb: "create", Resource: "pods", Namespace: "default", Body: tmpl}).(*api.Pod)
		node := fmt.Sprintf("node-%d", i%nodes)
		if err := bind(b, srv, "default", p.Name, node); err != nil {
			b.Fatal(err)
		}
		st, _ := getPod(b, srv, "default", p.Name)
		st.Status.Phase = api.PodRunning
		st.Status.PodIP = "10.244.0.1"
		mustDo(b, srv, &request.Request{User: Node(node), Component: "kubelet/" + node, Verb: "update", Resource: "pods", Subresource: "status",
			Namespace: "default", Name: p.Name, Body: st})
		if i%1000 == 999 {
			s.Advance(time.Second)
		}
	}
	s.RunUntilIdle(time.Hour)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pods/s")
	b.ReportMetric(float64(delivered)/float64(b.N), "events/pod")
}
