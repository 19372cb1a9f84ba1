package kubelet

import (
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/jsonenc"
	"kubeplay/core/client"
)

// Node facts a kind node reports.
const (
	KubeletVersion          = "v1.35.0"
	ContainerRuntimeVersion = "containerd://2.1.3"
	OSImage                 = "Debian GNU/Linux 12 (bookworm)"
	KernelVersion           = "6.8.0-51-generic"
	KubeletPort             = 10250
	EphemeralStorage        = "263174212Ki"
)

// nodeRef is the object node events are about: the kubelet uses the node
// name as its UID.
func (k *Kubelet) nodeRef() *api.Node {
	return &api.Node{TypeMeta: api.TypeMeta{Kind: "Node", APIVersion: "v1"}, ObjectMeta: api.ObjectMeta{Name: k.cfg.Name, UID: k.cfg.Name}}
}

func (k *Kubelet) capacity() api.ResourceList {
	cpu, err := api.ParseQuantity(k.cfg.CPU)
	if err != nil {
		cpu = api.MustParse("4")
	}
	mem, err := api.ParseQuantity(k.cfg.Memory)
	if err != nil {
		mem = api.MustParse("8Gi")
	}
	return api.ResourceList{
		api.ResourceCPU:              cpu,
		api.ResourceMemory:           mem,
		api.ResourcePods:             *api.NewQuantity(int64(k.cfg.Pods), api.DecimalSI),
		api.ResourceEphemeralStorage: api.MustParse(EphemeralStorage),
		"hugepages-1Gi":              api.MustParse("0"),
		"hugepages-2Mi":              api.MustParse("0"),
	}
}

// nodeObject is the Node the kubelet registers.
func (k *Kubelet) nodeObject() *api.Node {
	labels := map[string]string{
		"beta.kubernetes.io/arch": "amd64",
		"beta.kubernetes.io/os":   "linux",
		"kubernetes.io/arch":      "amd64",
		"kubernetes.io/hostname":  k.cfg.Name,
		"kubernetes.io/os":        "linux",
	}
	for key, v := range k.cfg.Labels {
		labels[key] = v
	}
	n := &api.Node{
		TypeMeta: api.TypeMeta{Kind: "Node", APIVersion: "v1"},
		ObjectMeta: api.ObjectMeta{
			Name:   k.cfg.Name,
			Labels: labels,
			Annotations: map[string]string{
				"node.alpha.kubernetes.io/ttl":                           "0",
				"volumes.kubernetes.io/controller-managed-attach-detach": "true",
			},
		},
		Spec: api.NodeSpec{
			PodCIDR:    k.cfg.PodCIDR,
			PodCIDRs:   []string{k.cfg.PodCIDR},
			ProviderID: "kind://docker/kind/" + k.cfg.Name,
			Taints:     append([]api.Taint(nil), k.cfg.Taints...),
		},
	}
	n.Status = k.nodeStatus(nil)
	return n
}

// nodeStatus builds the status the kubelet reports, keeping the transition
// times of conditions that did not change in prev.
func (k *Kubelet) nodeStatus(prev *api.NodeStatus) api.NodeStatus {
	now := api.NewTime(k.sim.Now())
	cond := func(t api.NodeConditionType, status api.ConditionStatus, reason, msg string) api.NodeCondition {
		c := api.NodeCondition{Type: t, Status: status, LastHeartbeatTime: now, LastTransitionTime: now, Reason: reason, Message: msg}
		if prev != nil {
			for _, p := range prev.Conditions {
				if p.Type == t && p.Status == status {
					c.LastTransitionTime = p.LastTransitionTime
				}
			}
		}
		return c
	}
	capacity := k.capacity()
	return api.NodeStatus{
		Capacity:    capacity,
		Allocatable: capacity,
		Conditions: []api.NodeCondition{
			cond(api.NodeMemoryPressure, api.ConditionFalse, condMemoryReason, condMemoryMessage),
			cond(api.NodeDiskPressure, api.ConditionFalse, condDiskReason, condDiskMessage),
			cond(api.NodePIDPressure, api.ConditionFalse, condPIDReason, condPIDMessage),
			cond(api.NodeReady, api.ConditionTrue, condReadyReason, condReadyMessage),
		},
		Addresses: []api.NodeAddress{
			{Type: api.NodeInternalIP, Address: k.cfg.InternalIP},
			{Type: api.NodeHostName, Address: k.cfg.Name},
		},
		DaemonEndpoints: api.NodeDaemonEndpoints{KubeletEndpoint: api.DaemonEndpoint{Port: KubeletPort}},
		NodeInfo: api.NodeSystemInfo{
			MachineID:               strings.ReplaceAll(uuidFrom("machine/"+k.cfg.Name), "-", ""),
			SystemUUID:              uuidFrom("system/" + k.cfg.Name),
			BootID:                  k.bootID,
			KernelVersion:           KernelVersion,
			OSImage:                 OSImage,
			ContainerRuntimeVersion: ContainerRuntimeVersion,
			KubeletVersion:          KubeletVersion,
			OperatingSystem:         "linux",
			Architecture:            "amd64",
			Swap:                    &api.NodeSwapStatus{Capacity: new(int64)},
		},
		Images:          k.nodeImages(),
		RuntimeHandlers: []api.NodeRuntimeHandler{{Name: "runc", Features: &api.NodeRuntimeHandlerFeatures{RecursiveReadOnlyMounts: ptrTo(true), UserNamespaces: ptrTo(true)}}, {Name: "", Features: &api.NodeRuntimeHandlerFeatures{RecursiveReadOnlyMounts: ptrTo(true), UserNamespaces: ptrTo(true)}}},
		Features:        &api.NodeFeatures{SupplementalGroupsPolicy: ptrTo(true)},
	}
}

func ptrTo[T any](v T) *T { return &v }

// nodeImages lists the images on the node, largest first, at most 50.
func (k *Kubelet) nodeImages() []api.ContainerImage {
	imgs := make([]api.ContainerImage, 0, len(k.present))
	for _, img := range k.present {
		imgs = append(imgs, api.ContainerImage{Names: []string{img.ID(), img.Ref()}, SizeBytes: img.Size})
	}
	sort.Slice(imgs, func(i, j int) bool {
		if imgs[i].SizeBytes != imgs[j].SizeBytes {
			return imgs[i].SizeBytes > imgs[j].SizeBytes
		}
		return imgs[i].Names[1] < imgs[j].Names[1]
	})
	if len(imgs) > MaxNodeImages {
		imgs = imgs[:MaxNodeImages]
	}
	return imgs
}

// registerNode creates the Node (or, when it exists, posts its status) and
// records the kubelet's start-up events.
func (k *Kubelet) registerNode() {
	nodes := k.c.Resource("nodes")
	node := k.nodeObject()
	obj, err := nodes.Create(node)
	switch {
	case err == nil:
		k.registered = true
		k.action("registered node " + k.cfg.Name)
	case api.IsAlreadyExists(err):
		obj, err = nodes.Get(k.cfg.Name)
		if err == nil {
			k.registered = true
		}
	default:
		k.action("unable to register node: " + err.Error())
	}
	if n, ok := obj.(*api.Node); ok {
		k.nodeUID = n.UID
	}
	k.postNodeStatus(true)
	ref := k.nodeRef()
	k.rec.Event(ref, api.EventTypeNormal, ReasonStarting, msgStartingKubelet)
	k.rec.Event(ref, api.EventTypeNormal, ReasonNodeAllocatable, msgAllocatable)
	for _, r := range []string{ReasonNodeHasMemory, ReasonNodeHasNoDisk, ReasonNodeHasPID, ReasonNodeReady} {
		k.rec.Eventf(ref, api.EventTypeNormal, r, msgNodeStatus, k.cfg.Name, r)
	}
	k.readySince = k.sim.Now()
}

// postNodeStatus PATCHes the node status when it changed, when force is
// set, or when the report frequency (5m) has passed.
func (k *Kubelet) postNodeStatus(force bool) {
	cur, err := k.c.Resource("nodes").Get(k.cfg.Name)
	if err != nil {
		if api.IsNotFound(err) && k.registered {
			// The Node was deleted: register it again.
			k.registered = false
			if _, err := k.c.Resource("nodes").Create(k.nodeObject()); err == nil {
				k.registered = true
				k.action("registered node " + k.cfg.Name + " again")
			}
		}
		return
	}
	node := cur.(*api.Node)
	k.nodeUID = node.UID
	st := k.nodeStatus(&node.Status)
	sig := statusSignature(st)
	now := k.sim.Now()
	if !force && sig == k.lastPosted && now.Sub(k.lastPostedAt) < NodeStatusReportFrequency {
		return
	}
	body, _ := jsonenc.Marshal(map[string]any{"status": st})
	if _, err := k.c.Resource("nodes").Patch(k.cfg.Name, client.StrategicMergePatchType, body, "status"); err != nil {
		k.action("error updating node status: " + err.Error())
		return
	}
	k.lastPosted, k.lastPostedAt = sig, now
}

// statusSignature is the node status without heartbeat times: what
// "changed" means for the report frequency.
func statusSignature(st api.NodeStatus) string {
	cp := st
	cp.Conditions = append([]api.NodeCondition(nil), st.Conditions...)
	for i := range cp.Conditions {
		cp.Conditions[i].LastHeartbeatTime = api.Time{}
	}
	b, _ := jsonenc.Marshal(cp)
	return string(b)
}

// startHeartbeats starts the Lease renewals and node status updates.
func (k *Kubelet) startHeartbeats() {
	k.renewLease()
	k.stopLease = k.sim.Every(LeaseRenewInterval, k.component+" lease renew", k.renewLease)
	k.stopStatus = k.sim.Every(NodeStatusUpdateFrequency, k.component+" node status", func() { k.postNodeStatus(false) })
}

// renewLease creates or renews kube-node-lease/<node>.
func (k *Kubelet) renewLease() {
	now := api.MicroTime{Time: k.sim.Now()}
	leases := k.c.Resource("leases").Namespace(LeaseNamespace)
	if k.lease == nil {
		obj, err := leases.Get(k.cfg.Name)
		if err == nil {
			k.lease = obj.(*api.Lease)
		} else if api.IsNotFound(err) {
			holder, dur := k.cfg.Name, int32(NodeLeaseDurationSeconds)
			l := &api.Lease{
				TypeMeta:   api.TypeMeta{Kind: "Lease", APIVersion: "coordination.k8s.io/v1"},
				ObjectMeta: api.ObjectMeta{Name: k.cfg.Name, Namespace: LeaseNamespace},
				Spec:       api.LeaseSpec{HolderIdentity: &holder, LeaseDurationSeconds: &dur, RenewTime: &now},
			}
			if k.nodeUID != "" {
				l.OwnerReferences = []api.OwnerReference{{APIVersion: "v1", Kind: "Node", Name: k.cfg.Name, UID: k.nodeUID}}
			}
			created, err := leases.Create(l)
			if err != nil {
				k.action("failed to create lease: " + err.Error())
				return
			}
			k.lease = created.(*api.Lease)
			return
		} else {
			k.action("failed to get lease: " + err.Error())
			return
		}
	}
	l := api.DeepCopy(k.lease).(*api.Lease)
	l.Spec.RenewTime = &now
	updated, err := leases.Update(l)
	if err != nil {
		k.lease = nil // re-read next time (conflict or deleted)
		if api.IsConflict(err) || api.IsNotFound(err) {
			k.renewLease()
		}
		return
	}
	k.lease = updated.(*api.Lease)
}

// String describes the kubelet for debugging.
func (k *Kubelet) String() string {
	return fmt.Sprintf("kubelet %s (%d pods, running=%v)", k.cfg.Name, len(k.workers), k.running)
}
