package daemonset

import (
	"reflect"
	"sort"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
	"kubeplay/core/controller/nodelifecycle"
)

// Name is the controller's name and its events' source component.
const Name = "daemonset-controller"

// Controller is the DaemonSet controller.
type Controller struct {
	*ctrlutil.Loop
	c       *client.Client
	dsInf   *client.Informer
	nodeInf *client.Informer
	podInf  *client.Informer
	exp     *ctrlutil.Expectations
	pc      ctrlutil.PodControl
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:       ctx.ClientFor(Name),
		dsInf:   ctrlutil.NamespaceIndexed(ctx.Informers.Informer("daemonsets", "")),
		nodeInf: ctx.Informers.Informer("nodes", ""),
		podInf:  ctrlutil.NamespaceIndexed(ctx.Informers.Informer("pods", "")),
		exp:     ctrlutil.NewExpectations(ctx.Sim),
	}
	c.pc = ctrlutil.PodControl{Client: c.c, Recorder: client.NewRecorder(c.c, Name, "")}
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	c.dsInf.AddEventHandler(client.Handler{
		OnAdd:    func(obj api.Object) { c.EnqueueObject(obj) },
		OnUpdate: func(_, obj api.Object) { c.EnqueueObject(obj) },
		OnDelete: func(obj api.Object) { c.exp.Delete(client.KeyFunc(obj)) },
	})
	all := func(api.Object) {
		for _, ds := range c.dsInf.List() {
			c.EnqueueObject(ds)
		}
	}
	c.nodeInf.AddEventHandler(client.Handler{OnAdd: all, OnUpdate: func(_, o api.Object) { all(o) }, OnDelete: all})
	c.podInf.AddEventHandler(client.Handler{
		OnAdd: func(obj api.Object) {
			if key := c.owner(obj.(*api.Pod)); key != "" {
				c.exp.CreationObserved(key)
				c.Enqueue(key)
			}
		},
		OnUpdate: func(_, obj api.Object) {
			if key := c.owner(obj.(*api.Pod)); key != "" {
				c.Enqueue(key)
			}
		},
		OnDelete: func(obj api.Object) {
			if key := c.owner(obj.(*api.Pod)); key != "" {
				c.exp.DeletionObserved(key, client.KeyFunc(obj))
				c.Enqueue(key)
			}
		},
	})
	return c
}

// Stop forgets the expectations.
func (c *Controller) Stop() {
	c.Loop.Stop()
	c.exp.Reset()
}

func (c *Controller) owner(p *api.Pod) string {
	ref := ctrlutil.GetControllerOf(p)
	if ref == nil || ref.Kind != "DaemonSet" {
		return ""
	}
	ds, ok := ctrlutil.Get[*api.DaemonSet](c.dsInf, p.Namespace, ref.Name)
	if !ok || ds.UID != ref.UID {
		return ""
	}
	return client.KeyFunc(ds)
}

// AutomaticTolerations are the tolerations every DaemonSet pod gets
// (util.AddOrUpdateDaemonPodTolerations).
func AutomaticTolerations(hostNetwork bool) []api.Toleration {
	t := []api.Toleration{
		{Key: api.TaintNodeNotReady, Operator: api.TolerationOpExists, Effect: api.TaintEffectNoExecute},
		{Key: api.TaintNodeUnreachable, Operator: api.TolerationOpExists, Effect: api.TaintEffectNoExecute},
		{Key: api.TaintNodeDiskPressure, Operator: api.TolerationOpExists, Effect: api.TaintEffectNoSchedule},
		{Key: api.TaintNodeMemoryPressure, Operator: api.TolerationOpExists, Effect: api.TaintEffectNoSchedule},
		{Key: api.TaintNodePIDPressure, Operator: api.TolerationOpExists, Effect: api.TaintEffectNoSchedule},
		{Key: api.TaintNodeUnschedulable, Operator: api.TolerationOpExists, Effect: api.TaintEffectNoSchedule},
	}
	if hostNetwork {
		t = append(t, api.Toleration{Key: api.TaintNodeNetworkUnavailable, Operator: api.TolerationOpExists, Effect: api.TaintEffectNoSchedule})
	}
	return t
}

func withTolerations(have, add []api.Toleration) []api.Toleration {
	out := append([]api.Toleration(nil), have...)
	for _, t := range add {
		dup := false
		for _, h := range have {
			if h.Key == t.Key && h.Effect == t.Effect && h.Operator == t.Operator {
				dup = true
			}
		}
		if !dup {
			out = append(out, t)
		}
	}
	return out
}

// shouldRun reports whether the DaemonSet's pod belongs on node.
func shouldRun(ds *api.DaemonSet, n *api.Node) bool {
	spec := ds.Spec.Template.Spec
	if len(spec.NodeSelector) > 0 && !labels.SelectorFromSet(labels.Set(spec.NodeSelector)).Matches(labels.Set(n.Labels)) {
		return false
	}
	if a := spec.Affinity; a != nil && a.NodeAffinity != nil && a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution != nil {
		if !matchesNodeSelector(a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution, n) {
			return false
		}
	}
	tols := withTolerations(spec.Tolerations, AutomaticTolerations(spec.HostNetwork))
	for _, t := range n.Spec.Taints {
		if t.Effect != api.TaintEffectNoSchedule && t.Effect != api.TaintEffectNoExecute {
			continue
		}
		ok := false
		for _, tol := range tols {
			if nodelifecycle.Tolerates(tol, t) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func matchesNodeSelector(sel *api.NodeSelector, n *api.Node) bool {
	for _, term := range sel.NodeSelectorTerms {
		if termMatches(term, n) {
			return true
		}
	}
	return false
}

func termMatches(term api.NodeSelectorTerm, n *api.Node) bool {
	if len(term.MatchExpressions) == 0 && len(term.MatchFields) == 0 {
		return false
	}
	for _, r := range term.MatchExpressions {
		v, has := n.Labels[r.Key]
		if !requirementMatches(r, v, has) {
			return false
		}
	}
	for _, r := range term.MatchFields {
		if r.Key != "metadata.name" || !requirementMatches(r, n.Name, true) {
			return false
		}
	}
	return true
}

func requirementMatches(r api.NodeSelectorRequirement, v string, has bool) bool {
	in := func() bool {
		for _, x := range r.Values {
			if x == v {
				return true
			}
		}
		return false
	}
	switch r.Operator {
	case api.NodeSelectorOpIn:
		return has && in()
	case api.NodeSelectorOpNotIn:
		return !has || !in()
	case api.NodeSelectorOpExists:
		return has
	case api.NodeSelectorOpDoesNotExist:
		return !has
	}
	return false
}

// podFor builds the pod for node: the template, the automatic
// tolerations, the revision hash label and a required node affinity
// on metadata.name that kube-scheduler honours.
func podFor(ds *api.DaemonSet, node, hash string) *api.Pod {
	ref := ctrlutil.NewControllerRef(ds)
	p := ctrlutil.PodFromTemplate(&ds.Spec.Template, ds, &ref)
	if p.Labels == nil {
		p.Labels = map[string]string{}
	}
	p.Labels[api.DefaultDaemonSetUniqueLabelKey] = hash
	p.Spec.Tolerations = withTolerations(p.Spec.Tolerations, AutomaticTolerations(p.Spec.HostNetwork))
	term := api.NodeSelectorTerm{MatchFields: []api.NodeSelectorRequirement{{Key: "metadata.name", Operator: api.NodeSelectorOpIn, Values: []string{node}}}}
	if p.Spec.Affinity == nil {
		p.Spec.Affinity = &api.Affinity{}
	}
	if p.Spec.Affinity.NodeAffinity == nil {
		p.Spec.Affinity.NodeAffinity = &api.NodeAffinity{}
	}
	p.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution = &api.NodeSelector{NodeSelectorTerms: []api.NodeSelectorTerm{term}}
	return p
}

// nodeOf is the node a daemon pod is bound or pinned to.
func nodeOf(p *api.Pod) string {
	if p.Spec.NodeName != "" {
		return p.Spec.NodeName
	}
	if a := p.Spec.Affinity; a != nil && a.NodeAffinity != nil && a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution != nil {
		for _, t := range a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms {
			for _, f := range t.MatchFields {
				if f.Key == "metadata.name" && len(f.Values) == 1 {
					return f.Values[0]
				}
			}
		}
	}
	return ""
}

func (c *Controller) sync(key string) error {
	ns, name := client.SplitKey(key)
	ds, ok := ctrlutil.Get[*api.DaemonSet](c.dsInf, ns, name)
	if !ok {
		c.exp.Delete(key)
		return nil
	}
	hash := ctrlutil.ComputeHash(&ds.Spec.Template, ds.Status.CollisionCount)
	byNode := map[string][]*api.Pod{}
	for _, p := range ctrlutil.ListIn[*api.Pod](c.podInf, ns) {
		if ctrlutil.IsControlledBy(p, ds) && p.DeletionTimestamp == nil {
			byNode[nodeOf(p)] = append(byNode[nodeOf(p)], p)
		}
	}
	nodes := ctrlutil.ListIn[*api.Node](c.nodeInf, "")
	now := c.Sim().Now()
	var create []string
	var remove []*api.Pod
	want := map[string]bool{}
	for _, n := range nodes {
		run := shouldRun(ds, n)
		want[n.Name] = run
		pods := byNode[n.Name]
		switch {
		case run && len(pods) == 0:
			create = append(create, n.Name)
		case run:
			var keep []*api.Pod
			for _, p := range pods {
				if p.Status.Phase == api.PodFailed {
					remove = append(remove, p) // a failed daemon pod is replaced
				} else {
					keep = append(keep, p)
				}
			}
			if len(keep) > 1 {
				remove = append(remove, keep[1:]...)
			}
		default:
			remove = append(remove, pods...)
		}
	}
	for _, node := range sortedKeys(byNode) {
		if _, known := want[node]; !known && node != "" {
			remove = append(remove, byNode[node]...)
		}
	}
	if c.exp.Satisfied(key) && ds.DeletionTimestamp == nil {
		remove = append(remove, c.rollingUpdate(ds, hash, byNode, want, now)...)
		deleteAndUpdate := func() error {
			c.deletePods(ds, key, remove)
			return c.updateStatus(ds, hash, byNode, want, now)
		}
		if len(create) > 0 {
			c.Trace("create", "pods", ns, ds.Name, "DaemonSet %s/%s: creating pods for nodes %v", ns, ds.Name, create)
			c.exp.ExpectCreations(key, len(create))
			i := 0
			c.SlowStartBatch(key, "create pods", len(create), func() error {
				node := create[i]
				i++
				_, err := c.pc.CreatePod(podFor(ds, node, hash), ds)
				if err != nil {
					c.exp.CreationObserved(key)
				}
				return err
			}, func(_, attempted int, err error) error {
				for ; attempted < len(create); attempted++ {
					c.exp.CreationObserved(key)
				}
				if err != nil {
					// The status is written even when creations fail (DESIRED counts
					// the nodes whose pods could not be created), as the controller's
					// sync does; the error requeues the DaemonSet.
					c.updateStatus(ds, hash, byNode, want, now)
					return err
				}
				return deleteAndUpdate()
			})
			return nil // the rest of the sync runs once the creations are in
		}
		return deleteAndUpdate()
	}
	return c.updateStatus(ds, hash, byNode, want, now)
}

// deletePods deletes the daemon pods to remove, expecting their deletions.
func (c *Controller) deletePods(ds *api.DaemonSet, key string, remove []*api.Pod) {
	if len(remove) == 0 {
		return
	}
	keys := make([]string, len(remove))
	for i, p := range remove {
		keys[i] = client.KeyFunc(p)
	}
	c.exp.ExpectDeletions(key, keys)
	for _, p := range remove {
		if err := c.pc.DeletePod(p.Namespace, p.Name, ds); err != nil {
			c.exp.DeletionObserved(key, client.KeyFunc(p))
		}
	}
}

// rollingUpdate picks old-revision pods to delete: unavailable ones at
// once, available ones while fewer than maxUnavailable pods are down.
func (c *Controller) rollingUpdate(ds *api.DaemonSet, hash string, byNode map[string][]*api.Pod, want map[string]bool, now time.Time) []*api.Pod {
	if ds.Spec.UpdateStrategy.Type == api.OnDeleteDaemonSetStrategyType {
		return nil
	}
	desired := 0
	for _, run := range want {
		if run {
			desired++
		}
	}
	maxUnavailable := 1
	if ru := ds.Spec.UpdateStrategy.RollingUpdate; ru != nil && ru.MaxUnavailable != nil {
		if v, err := api.GetScaledValueFromIntOrPercent(ru.MaxUnavailable, desired, true); err == nil {
			maxUnavailable = max(v, 1)
		}
	}
	unavailable := 0
	var oldAvailable, out []*api.Pod
	for _, node := range sortedNodes(want) {
		if !want[node] {
			continue
		}
		pods := byNode[node]
		if len(pods) == 0 {
			unavailable++
			continue
		}
		p := pods[0]
		avail := ctrlutil.IsPodAvailable(p, ds.Spec.MinReadySeconds, now)
		if !avail {
			unavailable++
		}
		if p.Labels[api.DefaultDaemonSetUniqueLabelKey] == hash {
			continue
		}
		if !avail {
			out = append(out, p)
		} else {
			oldAvailable = append(oldAvailable, p)
		}
	}
	for _, p := range oldAvailable {
		if unavailable >= maxUnavailable {
			break
		}
		out = append(out, p)
		unavailable++
	}
	return out
}

func sortedKeys(m map[string][]*api.Pod) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedNodes(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (c *Controller) updateStatus(ds *api.DaemonSet, hash string, byNode map[string][]*api.Pod, want map[string]bool, now time.Time) error {
	var st api.DaemonSetStatus
	st.CollisionCount = ds.Status.CollisionCount
	st.Conditions = ds.Status.Conditions
	for node, run := range want {
		pods := byNode[node]
		if run {
			st.DesiredNumberScheduled++
			if len(pods) > 0 {
				st.CurrentNumberScheduled++
				p := pods[0]
				if ctrlutil.IsPodReady(p) {
					st.NumberReady++
					if ctrlutil.IsPodAvailable(p, ds.Spec.MinReadySeconds, now) {
						st.NumberAvailable++
					}
				}
				if p.Labels[api.DefaultDaemonSetUniqueLabelKey] == hash {
					st.UpdatedNumberScheduled++
				}
			}
		} else if len(pods) > 0 {
			st.NumberMisscheduled++
		}
	}
	st.NumberUnavailable = st.DesiredNumberScheduled - st.NumberAvailable
	st.ObservedGeneration = ds.Generation
	if reflect.DeepEqual(ds.Status, st) {
		return nil
	}
	cp := api.DeepCopyAs(ds)
	cp.Status = st
	_, err := c.c.Resource("daemonsets").Namespace(ds.Namespace).UpdateStatus(cp)
	return err
}
