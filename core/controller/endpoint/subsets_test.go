package endpoint

import (
	"encoding/json"
	"testing"

	"kubeplay/core/api"
)

func readyPod(name, ip string, ready bool, port int32) *api.Pod {
	status := api.ConditionFalse
	if ready {
		status = api.ConditionTrue
	}
	return &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", UID: "uid-" + name},
		Spec: api.PodSpec{NodeName: "demo-worker", RestartPolicy: api.RestartPolicyAlways,
			Containers: []api.Container{{Name: "web", Ports: []api.ContainerPort{{Name: "http", ContainerPort: port, Protocol: api.ProtocolTCP}}}}},
		Status: api.PodStatus{Phase: api.PodRunning, PodIP: ip, PodIPs: []api.PodIP{{IP: ip}},
			Conditions: []api.PodCondition{{Type: api.PodReady, Status: status}}},
	}
}

func TestDesiredSubsetsResolveNamedPortsPerPod(t *testing.T) {
	svc := &api.Service{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.ServiceSpec{ClusterIP: "10.96.0.10", Ports: []api.ServicePort{{Port: 80, Protocol: api.ProtocolTCP, TargetPort: api.FromString("http")}}}}
	terminating := readyPod("d", "10.244.1.9", true, 8080)
	terminating.DeletionTimestamp = &api.Time{}
	noIP := readyPod("e", "", true, 8080)
	noIP.Status.PodIPs = nil
	done := readyPod("f", "10.244.1.8", false, 8080)
	done.Spec.RestartPolicy, done.Status.Phase = api.RestartPolicyNever, api.PodSucceeded
	pods := []*api.Pod{readyPod("a", "10.244.1.5", true, 8080), readyPod("b", "10.244.1.4", false, 8080),
		readyPod("c", "10.244.2.3", true, 9090), terminating, noIP, done}

	subsets, ready, notReady := desiredSubsets(svc, pods)
	if ready != 2 || notReady != 1 {
		t.Errorf("ready %d, not ready %d", ready, notReady)
	}
	var got []string
	for _, ss := range subsets {
		b, _ := json.Marshal(struct {
			R, N []string
			P    []api.EndpointPort
		}{ips(ss.Addresses), ips(ss.NotReadyAddresses), ss.Ports})
		got = append(got, string(b))
	}
	want := []string{
		`{"R":["10.244.1.5"],"N":["10.244.1.4"],"P":[{"port":8080,"protocol":"TCP"}]}`,
		`{"R":["10.244.2.3"],"N":null,"P":[{"port":9090,"protocol":"TCP"}]}`,
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("subsets\n%s\nwant\n%s", got, want)
	}

	// publishNotReadyAddresses: every pod with an IP is an address, the
	// terminating one too.
	svc.Spec.PublishNotReadyAddresses = true
	subsets, ready, notReady = desiredSubsets(svc, pods)
	if ready != 4 || notReady != 0 || len(subsets) != 2 || len(subsets[0].Addresses) != 3 {
		t.Errorf("publishNotReadyAddresses: ready %d, not ready %d, %+v", ready, notReady, subsets)
	}
}
