package kubelet

import (
	"strings"
	"testing"

	"kubeplay/core/api"
)

func TestExpandVarsAsTheKubelet(t *testing.T) {
	env := map[string]string{"PROTOCOL": "https", "SERVICE_IP": "172.17.0.1", "SERVICE_PORT": "80", "EMPTY": ""}
	look := lookupIn(env)
	for in, want := range map[string]string{
		"$(PROTOCOL)://$(SERVICE_IP):$(SERVICE_PORT)":  "https://172.17.0.1:80",
		"$$(PROTOCOL)://$(SERVICE_IP):$(SERVICE_PORT)": "$(PROTOCOL)://172.17.0.1:80",
		"$(UNDEFINED)-$(EMPTY)-":                       "$(UNDEFINED)--",
		"$$$(PROTOCOL)":                                "$https",
		"cost: $5 and $":                               "cost: $5 and $",
		"$(unclosed":                                   "$(unclosed",
		"$()":                                          "$()",
		"no references":                                "no references",
	} {
		if got := expandVars(in, look); got != want {
			t.Errorf("expand %q = %q, want %q", in, got, want)
		}
	}
}

func TestServiceEnvVariablesAsTheKubelet(t *testing.T) {
	env := map[string]string{}
	addServiceEnv(env, &api.Service{ObjectMeta: api.ObjectMeta{Name: "redis-leader"}, Spec: api.ServiceSpec{ClusterIP: "10.96.4.5",
		Ports: []api.ServicePort{{Name: "redis", Port: 6379, Protocol: "TCP"}, {Name: "metrics", Port: 9121, Protocol: "UDP"}}}})
	want := map[string]string{
		"REDIS_LEADER_SERVICE_HOST":         "10.96.4.5",
		"REDIS_LEADER_SERVICE_PORT":         "6379",
		"REDIS_LEADER_SERVICE_PORT_REDIS":   "6379",
		"REDIS_LEADER_SERVICE_PORT_METRICS": "9121",
		"REDIS_LEADER_PORT":                 "tcp://10.96.4.5:6379",
		"REDIS_LEADER_PORT_6379_TCP":        "tcp://10.96.4.5:6379",
		"REDIS_LEADER_PORT_6379_TCP_PROTO":  "tcp",
		"REDIS_LEADER_PORT_6379_TCP_PORT":   "6379",
		"REDIS_LEADER_PORT_6379_TCP_ADDR":   "10.96.4.5",
		"REDIS_LEADER_PORT_9121_UDP":        "udp://10.96.4.5:9121",
		"REDIS_LEADER_PORT_9121_UDP_PROTO":  "udp",
		"REDIS_LEADER_PORT_9121_UDP_PORT":   "9121",
		"REDIS_LEADER_PORT_9121_UDP_ADDR":   "10.96.4.5",
	}
	if len(env) != len(want) {
		t.Errorf("%d variables, want %d: %v", len(env), len(want), env)
	}
	for k, v := range want {
		if env[k] != v {
			t.Errorf("%s = %q, want %q", k, env[k], v)
		}
	}
	headless := map[string]string{}
	addServiceEnv(headless, &api.Service{ObjectMeta: api.ObjectMeta{Name: "db"}, Spec: api.ServiceSpec{ClusterIP: "None",
		Ports: []api.ServicePort{{Port: 3306}}}})
	if len(headless) != 0 {
		t.Errorf("a headless Service gives variables %v", headless)
	}
}

func TestManagedHostsAndResolvConf(t *testing.T) {
	two := "2"
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "shop"}, Spec: api.PodSpec{
		HostAliases: []api.HostAlias{{IP: "10.1.2.3", Hostnames: []string{"foo.remote", "bar.remote"}}},
		DNSConfig: &api.PodDNSConfig{Nameservers: []string{"192.0.2.1"}, Searches: []string{"my.dns.search.suffix"},
			Options: []api.PodDNSConfigOption{{Name: "ndots", Value: &two}, {Name: "edns0"}}}}}
	files := (&podWorker{pod: p, ip: "10.244.1.5"}).managedFiles()
	hosts := strings.Join(files["/etc/hosts"], "\n")
	if !strings.HasSuffix(hosts, "10.244.1.5\tweb\n\n# Entries added by HostAliases.\n10.1.2.3\tfoo.remote\tbar.remote") {
		t.Errorf("/etc/hosts:\n%s", hosts)
	}
	// ClusterFirst with a dnsConfig: the cluster's first, the pod's after.
	want := "search shop.svc.cluster.local svc.cluster.local cluster.local my.dns.search.suffix\nnameserver 10.96.0.10\nnameserver 192.0.2.1\noptions ndots:2 edns0"
	if got := strings.Join(files["/etc/resolv.conf"], "\n"); got != want {
		t.Errorf("/etc/resolv.conf:\n%s\nwant\n%s", got, want)
	}
	p.Spec.DNSConfig = nil
	if _, ok := (&podWorker{pod: p, ip: "10.244.1.5"}).managedFiles()["/etc/resolv.conf"]; ok {
		t.Error("a pod without dnsConfig got a kubelet resolv.conf instead of the runtime's")
	}
}
