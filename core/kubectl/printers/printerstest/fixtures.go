// Package printerstest builds realistic objects (the nginx Deployment relay on
// the default kind-like cluster) for the printers and describe golden tests.
package printerstest

import (
	"time"

	"kubeplay/core/api"
)

// T0 is when the cluster came up; Now is when the tests look at it.
var (
	T0  = time.Date(2026, time.January, 5, 9, 0, 0, 0, time.UTC)
	Now = T0.Add(2*time.Hour + 15*time.Minute)
)

// At is T0 plus d as an api.Time.
func At(d time.Duration) api.Time { return api.NewTime(T0.Add(d)) }

// AtPtr is At as a pointer.
func AtPtr(d time.Duration) *api.Time { t := At(d); return &t }

func micro(d time.Duration) api.MicroTime { return api.MicroTime{Time: T0.Add(d)} }

func ptr[T any](v T) *T { return &v }

// Quantities of the kind-like nodes.
func resources(cpu, mem, pods string) api.ResourceList {
	return api.ResourceList{
		api.ResourceCPU:                       api.MustParse(cpu),
		api.ResourceName("ephemeral-storage"): api.MustParse("100Gi"),
		api.ResourceMemory:                    api.MustParse(mem),
		api.ResourcePods:                      api.MustParse(pods),
		api.ResourceName("hugepages-2Mi"):     api.MustParse("0"),
	}
}

// Node returns one of the three kind-like nodes ("demo-control-plane",
// "demo-worker", "demo-worker2") as a Ready node.
func Node(name, ip string, controlPlane bool) *api.Node {
	labels := map[string]string{
		"beta.kubernetes.io/arch": "amd64",
		"beta.kubernetes.io/os":   "linux",
		"kubernetes.io/arch":      "amd64",
		"kubernetes.io/hostname":  name,
		"kubernetes.io/os":        "linux",
	}
	n := &api.Node{
		TypeMeta: api.TypeMeta{Kind: "Node", APIVersion: "v1"},
		ObjectMeta: api.ObjectMeta{
			Name: name, UID: "node-uid-" + name, ResourceVersion: "500",
			CreationTimestamp: At(0), Labels: labels,
			Annotations: map[string]string{"node.alpha.kubernetes.io/ttl": "0", "volumes.kubernetes.io/controller-managed-attach-detach": "true"},
		},
		Spec: api.NodeSpec{PodCIDR: "10.244.0.0/24", PodCIDRs: []string{"10.244.0.0/24"}, ProviderID: "kind://docker/demo/" + name},
		Status: api.NodeStatus{
			Capacity:    resources("4", "8Gi", "110"),
			Allocatable: resources("4", "8Gi", "110"),
			Conditions: []api.NodeCondition{
				{Type: "MemoryPressure", Status: api.ConditionFalse, LastHeartbeatTime: At(2 * time.Hour), LastTransitionTime: At(0), Reason: "KubeletHasSufficientMemory", Message: "kubelet has sufficient memory available"},
				{Type: "DiskPressure", Status: api.ConditionFalse, LastHeartbeatTime: At(2 * time.Hour), LastTransitionTime: At(0), Reason: "KubeletHasNoDiskPressure", Message: "kubelet has no disk pressure"},
				{Type: "PIDPressure", Status: api.ConditionFalse, LastHeartbeatTime: At(2 * time.Hour), LastTransitionTime: At(0), Reason: "KubeletHasSufficientPID", Message: "kubelet has sufficient PID available"},
				{Type: "Ready", Status: api.ConditionTrue, LastHeartbeatTime: At(2 * time.Hour), LastTransitionTime: At(20 * time.Second), Reason: "KubeletReady", Message: "kubelet is posting ready status"},
			},
			Addresses: []api.NodeAddress{{Type: "InternalIP", Address: ip}, {Type: "Hostname", Address: name}},
			NodeInfo: api.NodeSystemInfo{
				MachineID: "0d4b1c3e6f0a4b5c8d9e0f1a2b3c4d5e", SystemUUID: "4c4c4544-0000-1000-8000-" + name[len(name)-1:] + "00000000000",
				BootID: "b1f5c9a2-3d4e-4f60-8a7b-9c0d1e2f3a4b", KernelVersion: "6.8.0-49-generic",
				OSImage: "Debian GNU/Linux 12 (bookworm)", ContainerRuntimeVersion: "containerd://2.1.1",
				KubeletVersion: "v1.35.0", OperatingSystem: "linux", Architecture: "amd64",
			},
		},
	}
	if controlPlane {
		labels["node-role.kubernetes.io/control-plane"] = ""
		labels["node.kubernetes.io/exclude-from-external-load-balancers"] = ""
		n.Spec.Taints = []api.Taint{{Key: "node-role.kubernetes.io/control-plane", Effect: api.TaintEffectNoSchedule}}
	}
	return n
}

// Nodes returns the default cluster's three nodes.
func Nodes() []*api.Node {
	return []*api.Node{
		Node("demo-control-plane", "172.18.0.3", true),
		Node("demo-worker", "172.18.0.2", false),
		Node("demo-worker2", "172.18.0.4", false),
	}
}

// Lease is a node's kube-node-lease Lease.
func Lease(node string) *api.Lease {
	return &api.Lease{
		TypeMeta:   api.TypeMeta{Kind: "Lease", APIVersion: "coordination.k8s.io/v1"},
		ObjectMeta: api.ObjectMeta{Name: node, Namespace: "kube-node-lease", UID: "lease-" + node, CreationTimestamp: At(0)},
		Spec: api.LeaseSpec{
			HolderIdentity: ptr(node), LeaseDurationSeconds: ptr(int32(40)),
			RenewTime: ptr(micro(2*time.Hour + 14*time.Minute + 55*time.Second)),
		},
	}
}

var defaultTolerations = []api.Toleration{
	{Key: "node.kubernetes.io/not-ready", Operator: api.TolerationOpExists, Effect: api.TaintEffectNoExecute, TolerationSeconds: ptr(int64(300))},
	{Key: "node.kubernetes.io/unreachable", Operator: api.TolerationOpExists, Effect: api.TaintEffectNoExecute, TolerationSeconds: ptr(int64(300))},
}

func nginxContainer() api.Container {
	return api.Container{
		Name: "nginx", Image: "nginx:1.27",
		Ports:                    []api.ContainerPort{{ContainerPort: 80, Protocol: "TCP"}},
		TerminationMessagePath:   "/dev/termination-log",
		TerminationMessagePolicy: "File",
		ImagePullPolicy:          api.PullIfNotPresent,
		VolumeMounts:             []api.VolumeMount{{Name: "kube-api-access-x7b2q", ReadOnly: true, MountPath: "/var/run/secrets/kubernetes.io/serviceaccount"}},
	}
}

func apiAccessVolume() api.Volume {
	return api.Volume{Name: "kube-api-access-x7b2q", VolumeSource: api.VolumeSource{Projected: &api.ProjectedVolumeSource{
		Sources: []api.VolumeProjection{
			{ServiceAccountToken: &api.ServiceAccountTokenProjection{ExpirationSeconds: ptr(int64(3607)), Path: "token"}},
			{ConfigMap: &api.ConfigMapProjection{LocalObjectReference: api.LocalObjectReference{Name: "kube-root-ca.crt"}, Items: []api.KeyToPath{{Key: "ca.crt", Path: "ca.crt"}}}},
			{DownwardAPI: &api.DownwardAPIProjection{Items: []api.DownwardAPIVolumeFile{{Path: "namespace", FieldRef: &api.ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.namespace"}}}}},
		},
		DefaultMode: ptr(int32(420)),
	}}}
}

// Deployment is the nginx Deployment (3 replicas, all available).
func Deployment() *api.Deployment {
	maxUnavail, maxSurge := api.FromString("25%"), api.FromString("25%")
	return &api.Deployment{
		TypeMeta: api.TypeMeta{Kind: "Deployment", APIVersion: "apps/v1"},
		ObjectMeta: api.ObjectMeta{
			Name: "nginx", Namespace: "default", UID: "dep-uid-nginx", ResourceVersion: "812", Generation: 1,
			CreationTimestamp: At(2 * time.Hour), Labels: map[string]string{"app": "nginx"},
			Annotations: map[string]string{"deployment.kubernetes.io/revision": "1"},
		},
		Spec: api.DeploymentSpec{
			Replicas: ptr(int32(3)),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "nginx"}},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "nginx"}},
				Spec: api.PodSpec{
					Containers: []api.Container{{
						Name: "nginx", Image: "nginx:1.27",
						Ports:                    []api.ContainerPort{{ContainerPort: 80, Protocol: "TCP"}},
						TerminationMessagePath:   "/dev/termination-log",
						TerminationMessagePolicy: "File", ImagePullPolicy: api.PullIfNotPresent,
					}},
					RestartPolicy: api.RestartPolicyAlways, DNSPolicy: "ClusterFirst", SchedulerName: "default-scheduler",
					TerminationGracePeriodSeconds: ptr(int64(30)),
				},
			},
			Strategy: api.DeploymentStrategy{
				Type:          api.RollingUpdateDeploymentStrategyType,
				RollingUpdate: &api.RollingUpdateDeployment{MaxUnavailable: &maxUnavail, MaxSurge: &maxSurge},
			},
			RevisionHistoryLimit: ptr(int32(10)), ProgressDeadlineSeconds: ptr(int32(600)),
		},
		Status: api.DeploymentStatus{
			ObservedGeneration: 1, Replicas: 3, UpdatedReplicas: 3, ReadyReplicas: 3, AvailableReplicas: 3,
			Conditions: []api.DeploymentCondition{
				{Type: "Available", Status: api.ConditionTrue, LastUpdateTime: At(2*time.Hour + 9*time.Second), LastTransitionTime: At(2*time.Hour + 9*time.Second), Reason: "MinimumReplicasAvailable", Message: "Deployment has minimum availability."},
				{Type: "Progressing", Status: api.ConditionTrue, LastUpdateTime: At(2*time.Hour + 9*time.Second), LastTransitionTime: At(2 * time.Hour), Reason: "NewReplicaSetAvailable", Message: `ReplicaSet "nginx-7c5ddbdf54" has successfully progressed.`},
			},
		},
	}
}

func controllerRef(kind, apiVersion, name, uid string) []api.OwnerReference {
	return []api.OwnerReference{{APIVersion: apiVersion, Kind: kind, Name: name, UID: uid, Controller: ptr(true), BlockOwnerDeletion: ptr(true)}}
}

// ReplicaSet is the nginx Deployment's ReplicaSet.
func ReplicaSet() *api.ReplicaSet {
	d := Deployment()
	labels := map[string]string{"app": "nginx", "pod-template-hash": "7c5ddbdf54"}
	tmpl := d.Spec.Template
	tmpl.Labels = labels
	return &api.ReplicaSet{
		TypeMeta: api.TypeMeta{Kind: "ReplicaSet", APIVersion: "apps/v1"},
		ObjectMeta: api.ObjectMeta{
			Name: "nginx-7c5ddbdf54", Namespace: "default", UID: "rs-uid-nginx", ResourceVersion: "811", Generation: 1,
			CreationTimestamp: At(2 * time.Hour), Labels: labels,
			Annotations:     map[string]string{"deployment.kubernetes.io/desired-replicas": "3", "deployment.kubernetes.io/max-replicas": "4", "deployment.kubernetes.io/revision": "1"},
			OwnerReferences: controllerRef("Deployment", "apps/v1", "nginx", "dep-uid-nginx"),
		},
		Spec: api.ReplicaSetSpec{
			Replicas: ptr(int32(3)),
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: tmpl,
		},
		Status: api.ReplicaSetStatus{Replicas: 3, FullyLabeledReplicas: 3, ReadyReplicas: 3, AvailableReplicas: 3, ObservedGeneration: 1},
	}
}

func basePod(name, node, ip string, created time.Duration) *api.Pod {
	p := &api.Pod{
		TypeMeta: api.TypeMeta{Kind: "Pod", APIVersion: "v1"},
		ObjectMeta: api.ObjectMeta{
			Name: name, Namespace: "default", UID: "pod-uid-" + name, ResourceVersion: "800",
			CreationTimestamp: At(created),
			Labels:            map[string]string{"app": "nginx", "pod-template-hash": "7c5ddbdf54"},
			OwnerReferences:   controllerRef("ReplicaSet", "apps/v1", "nginx-7c5ddbdf54", "rs-uid-nginx"),
		},
		Spec: api.PodSpec{
			Containers:                    []api.Container{nginxContainer()},
			Volumes:                       []api.Volume{apiAccessVolume()},
			RestartPolicy:                 api.RestartPolicyAlways,
			TerminationGracePeriodSeconds: ptr(int64(30)),
			DNSPolicy:                     "ClusterFirst",
			ServiceAccountName:            "default",
			NodeName:                      node,
			SchedulerName:                 "default-scheduler",
			Tolerations:                   defaultTolerations,
			Priority:                      ptr(int32(0)),
			EnableServiceLinks:            ptr(true),
			PreemptionPolicy:              ptr(api.PreemptLowerPriority),
		},
		Status: api.PodStatus{Phase: api.PodPending, QOSClass: "BestEffort"},
	}
	if node != "" {
		p.Status.HostIP = map[string]string{"demo-worker": "172.18.0.2", "demo-worker2": "172.18.0.4"}[node]
		p.Status.HostIPs = []api.HostIP{{IP: p.Status.HostIP}}
		p.Status.StartTime = AtPtr(created)
	}
	if ip != "" {
		p.Status.PodIP = ip
		p.Status.PodIPs = []api.PodIP{{IP: ip}}
	}
	return p
}

func conditions(ready bool, t time.Duration) []api.PodCondition {
	st := api.ConditionTrue
	if !ready {
		st = api.ConditionFalse
	}
	return []api.PodCondition{
		{Type: "PodReadyToStartContainers", Status: api.ConditionTrue, LastTransitionTime: At(t + 2*time.Second)},
		{Type: api.PodInitialized, Status: api.ConditionTrue, LastTransitionTime: At(t)},
		{Type: api.PodReady, Status: st, LastTransitionTime: At(t + 3*time.Second)},
		{Type: api.ContainersReady, Status: st, LastTransitionTime: At(t + 3*time.Second)},
		{Type: api.PodScheduled, Status: api.ConditionTrue, LastTransitionTime: At(t)},
	}
}

// RunningPod is a ready nginx pod of the Deployment.
func RunningPod(name, node, ip string) *api.Pod {
	p := basePod(name, node, ip, 2*time.Hour)
	p.Status.Phase = api.PodRunning
	p.Status.Conditions = conditions(true, 2*time.Hour)
	p.Status.ContainerStatuses = []api.ContainerStatus{{
		Name: "nginx", Ready: true, Started: ptr(true), Image: "docker.io/library/nginx:1.27",
		ImageID:     "docker.io/library/nginx@sha256:3ab2ca2d1ab1b6b4b1e5e9fbc7f2f6c3d2a1e0f9a8b7c6d5e4f3a2b1c0d9e8f7",
		ContainerID: "containerd://9f1c2b3a4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8",
		State:       api.ContainerState{Running: &api.ContainerStateRunning{StartedAt: At(2*time.Hour + 3*time.Second)}},
	}}
	return p
}

// PendingPod is an nginx pod nothing can schedule (FailedScheduling).
func PendingPod() *api.Pod {
	p := basePod("big-6d8f5c9b7-kx2pq", "", "", 2*time.Hour+5*time.Minute)
	p.Labels = map[string]string{"app": "big", "pod-template-hash": "6d8f5c9b7"}
	p.OwnerReferences = controllerRef("ReplicaSet", "apps/v1", "big-6d8f5c9b7", "rs-uid-big")
	p.Spec.Containers[0].Resources = api.ResourceRequirements{Requests: api.ResourceList{api.ResourceCPU: api.MustParse("8"), api.ResourceMemory: api.MustParse("1Gi")}}
	p.Status.QOSClass = "Burstable"
	p.Status.Conditions = []api.PodCondition{{
		Type: api.PodScheduled, Status: api.ConditionFalse, LastTransitionTime: At(2*time.Hour + 5*time.Minute), Reason: "Unschedulable",
		Message: "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.",
	}}
	return p
}

// CrashLoopPod is a pod whose container keeps exiting with code 1.
func CrashLoopPod() *api.Pod {
	p := basePod("crash-5b8c7d9f4-m2n7w", "demo-worker2", "10.244.2.5", 2*time.Hour+6*time.Minute)
	p.Labels = map[string]string{"app": "crash", "pod-template-hash": "5b8c7d9f4"}
	p.OwnerReferences = controllerRef("ReplicaSet", "apps/v1", "crash-5b8c7d9f4", "rs-uid-crash")
	p.Spec.Containers[0].Name = "app"
	p.Spec.Containers[0].Image = "busybox:1.36"
	p.Spec.Containers[0].Command = []string{"sh", "-c", "exit 1"}
	p.Spec.Containers[0].Ports = nil
	p.Status.Phase = api.PodRunning
	p.Status.Conditions = conditions(false, 2*time.Hour+6*time.Minute)
	p.Status.ContainerStatuses = []api.ContainerStatus{{
		Name: "app", Ready: false, Started: ptr(false), RestartCount: 5, Image: "docker.io/library/busybox:1.36",
		ImageID:     "docker.io/library/busybox@sha256:1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091",
		ContainerID: "containerd://5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d",
		State: api.ContainerState{Waiting: &api.ContainerStateWaiting{
			Reason: "CrashLoopBackOff", Message: "back-off 2m40s restarting failed container=app pod=crash-5b8c7d9f4-m2n7w_default(pod-uid-crash-5b8c7d9f4-m2n7w)",
		}},
		LastTerminationState: api.ContainerState{Terminated: &api.ContainerStateTerminated{
			ExitCode: 1, Reason: "Error", StartedAt: At(2*time.Hour + 12*time.Minute + 30*time.Second), FinishedAt: At(2*time.Hour + 12*time.Minute + 30*time.Second),
			ContainerID: "containerd://5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d",
		}},
	}}
	return p
}

func event(name string, obj api.ObjectReference, typ, reason, msg, component, host string, first, last time.Duration, count int32) *api.Event {
	return &api.Event{
		TypeMeta:       api.TypeMeta{Kind: "Event", APIVersion: "v1"},
		ObjectMeta:     api.ObjectMeta{Name: name, Namespace: "default", CreationTimestamp: At(first)},
		InvolvedObject: obj, Type: typ, Reason: reason, Message: msg,
		Source:         api.EventSource{Component: component, Host: host},
		FirstTimestamp: At(first), LastTimestamp: At(last), Count: count,
		ReportingController: component, ReportingInstance: host,
	}
}

func podRef(p *api.Pod, fieldPath string) api.ObjectReference {
	return api.ObjectReference{Kind: "Pod", Namespace: p.Namespace, Name: p.Name, UID: p.UID, APIVersion: "v1", FieldPath: fieldPath}
}

// PodEvents are the events of RunningPod(name) on node: Scheduled, Pulling, Pulled, Created, Started.
func PodEvents(pod *api.Pod) []*api.Event {
	base := pod.CreationTimestamp.Sub(T0)
	scheduled := &api.Event{
		TypeMeta:       api.TypeMeta{Kind: "Event", APIVersion: "v1"},
		ObjectMeta:     api.ObjectMeta{Name: pod.Name + ".188a1b2c3d4e5f60", Namespace: "default", CreationTimestamp: At(base)},
		InvolvedObject: podRef(pod, ""), Type: "Normal", Reason: "Scheduled", Action: "Binding",
		Message:             "Successfully assigned default/" + pod.Name + " to " + pod.Spec.NodeName,
		EventTime:           micro(base),
		ReportingController: "default-scheduler", ReportingInstance: "default-scheduler-demo-control-plane",
	}
	c := "spec.containers{nginx}"
	return []*api.Event{
		scheduled,
		event(pod.Name+".188a1b2c4a5b6c70", podRef(pod, c), "Normal", "Pulling", `Pulling image "nginx:1.27"`, "kubelet", pod.Spec.NodeName, base+time.Second, base+time.Second, 1),
		event(pod.Name+".188a1b2c9b8c7d60", podRef(pod, c), "Normal", "Pulled", `Successfully pulled image "nginx:1.27" in 1.393s (1.393s including waiting). Image size: 72223946 bytes.`, "kubelet", pod.Spec.NodeName, base+2*time.Second, base+2*time.Second, 1),
		event(pod.Name+".188a1b2c9c1d2e30", podRef(pod, c), "Normal", "Created", "Container created", "kubelet", pod.Spec.NodeName, base+2*time.Second, base+2*time.Second, 1),
		event(pod.Name+".188a1b2c9d4e5f10", podRef(pod, c), "Normal", "Started", "Container started", "kubelet", pod.Spec.NodeName, base+3*time.Second, base+3*time.Second, 1),
	}
}

// PendingEvents are the FailedScheduling events of PendingPod (a series).
func PendingEvents(pod *api.Pod) []*api.Event {
	base := pod.CreationTimestamp.Sub(T0)
	return []*api.Event{{
		TypeMeta:       api.TypeMeta{Kind: "Event", APIVersion: "v1"},
		ObjectMeta:     api.ObjectMeta{Name: pod.Name + ".188a1c0d1e2f3a40", Namespace: "default", CreationTimestamp: At(base)},
		InvolvedObject: podRef(pod, ""), Type: "Warning", Reason: "FailedScheduling", Action: "Scheduling",
		Message:             pod.Status.Conditions[0].Message,
		EventTime:           micro(base),
		Series:              &api.EventSeries{Count: 3, LastObservedTime: micro(base + 4*time.Minute + 30*time.Second)},
		ReportingController: "default-scheduler", ReportingInstance: "default-scheduler-demo-control-plane",
	}}
}

// CrashEvents are the events of CrashLoopPod.
func CrashEvents(pod *api.Pod) []*api.Event {
	base := pod.CreationTimestamp.Sub(T0)
	c := "spec.containers{app}"
	n := pod.Spec.NodeName
	evs := []*api.Event{{
		TypeMeta:       api.TypeMeta{Kind: "Event", APIVersion: "v1"},
		ObjectMeta:     api.ObjectMeta{Name: pod.Name + ".188a1d0e1f2a3b40", Namespace: "default", CreationTimestamp: At(base)},
		InvolvedObject: podRef(pod, ""), Type: "Normal", Reason: "Scheduled", Action: "Binding",
		Message:             "Successfully assigned default/" + pod.Name + " to " + n,
		EventTime:           micro(base),
		ReportingController: "default-scheduler", ReportingInstance: "default-scheduler-demo-control-plane",
	}}
	return append(evs,
		event(pod.Name+".188a1d0e2a3b4c50", podRef(pod, c), "Normal", "Pulled", `Container image "busybox:1.36" already present on machine and can be accessed by the pod`, "kubelet", n, base+time.Second, base+6*time.Minute+30*time.Second, 6),
		event(pod.Name+".188a1d0e2b3c4d60", podRef(pod, c), "Normal", "Created", "Container created", "kubelet", n, base+time.Second, base+6*time.Minute+30*time.Second, 6),
		event(pod.Name+".188a1d0e2c3d4e70", podRef(pod, c), "Normal", "Started", "Container started", "kubelet", n, base+2*time.Second, base+6*time.Minute+30*time.Second, 6),
		event(pod.Name+".188a1d0e4d5e6f80", podRef(pod, c), "Warning", "BackOff", "Back-off restarting failed container app in pod "+pod.Name+"_default(pod-uid-"+pod.Name+")", "kubelet", n, base+4*time.Second, base+8*time.Minute+50*time.Second, 27),
	)
}

// DeploymentEvents are the deployment-controller's events for Deployment.
func DeploymentEvents() []*api.Event {
	ref := api.ObjectReference{Kind: "Deployment", Namespace: "default", Name: "nginx", UID: "dep-uid-nginx", APIVersion: "apps/v1", ResourceVersion: "790"}
	return []*api.Event{event("nginx.188a1b2c1a2b3c40", ref, "Normal", "ScalingReplicaSet", "Scaled up replica set nginx-7c5ddbdf54 from 0 to 3", "deployment-controller", "", 2*time.Hour, 2*time.Hour, 1)}
}

// ReplicaSetEvents are the replicaset-controller's events for ReplicaSet.
func ReplicaSetEvents() []*api.Event {
	ref := api.ObjectReference{Kind: "ReplicaSet", Namespace: "default", Name: "nginx-7c5ddbdf54", UID: "rs-uid-nginx", APIVersion: "apps/v1", ResourceVersion: "795"}
	var out []*api.Event
	for i, p := range []string{"nginx-7c5ddbdf54-x2x4k", "nginx-7c5ddbdf54-b8vqz", "nginx-7c5ddbdf54-q7wzp"} {
		out = append(out, event("nginx-7c5ddbdf54.188a1b2c2b3c4d5"+string(rune('0'+i)), ref, "Normal", "SuccessfulCreate", "Created pod: "+p, "replicaset-controller", "", 2*time.Hour, 2*time.Hour, 1))
	}
	return out
}

// DeploymentPods are the three Running pods of the nginx Deployment.
func DeploymentPods() []*api.Pod {
	return []*api.Pod{
		RunningPod("nginx-7c5ddbdf54-b8vqz", "demo-worker2", "10.244.2.2"),
		RunningPod("nginx-7c5ddbdf54-q7wzp", "demo-worker", "10.244.1.3"),
		RunningPod("nginx-7c5ddbdf54-x2x4k", "demo-worker", "10.244.1.2"),
	}
}
