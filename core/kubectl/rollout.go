package kubectl

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/describe"
)

// Annotations the rollout commands read and write.
const (
	RevisionAnnotation    = "deployment.kubernetes.io/revision"
	ChangeCauseAnnotation = "kubernetes.io/change-cause"
	RestartedAtAnnotation = "kubectl.kubernetes.io/restartedAt"
)

var rolloutFlags = []flagDef{
	{name: "timeout"},
	{name: "watch", short: "w", isBool: true, def: "true"},
	{name: "to-revision", def: "0"},
	{name: "revision", def: "0"},
	{name: "filename", short: "f"},
	{name: "selector", short: "l"},
	{name: "output", short: "o"},
	dryRunFlag,
}

func runRollout(inv *invocation) error {
	args := inv.f.args
	if len(args) == 0 {
		return fmt.Errorf("unknown command %q for %q", "", "kubectl rollout")
	}
	sub := args[0]
	if sub != "undo" && inv.f.changed("dry-run") {
		// Of the rollout commands only undo takes --dry-run.
		return fmt.Errorf("unknown flag: --dry-run\nSee 'kubectl rollout %s --help' for usage.", sub)
	}
	objs, errs, err := inv.objects(args[1:], builderOpts{selectors: true, fetch: true})
	if err != nil {
		if len(args) == 1 {
			return fmt.Errorf("required resource not specified")
		}
		return err
	}
	for _, r := range objs {
		var err error
		switch sub {
		case "status":
			err = inv.rolloutStatus(r)
		case "history":
			err = inv.rolloutHistory(r)
		case "undo":
			err = inv.rolloutUndo(r)
		case "restart":
			err = inv.rolloutRestart(r)
		case "pause":
			err = inv.rolloutPause(r, true)
		case "resume":
			err = inv.rolloutPause(r, false)
		default:
			return fmt.Errorf("unknown command %q for %q", sub, "kubectl rollout")
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return aggregate(errs)
}

// deploymentStatus is kubectl's DeploymentStatusViewer.
func deploymentStatus(d *api.Deployment) (msg string, done bool, err error) {
	if d.Generation <= d.Status.ObservedGeneration {
		for _, c := range d.Status.Conditions {
			if string(c.Type) == "Progressing" && c.Reason == "ProgressDeadlineExceeded" {
				return "", false, fmt.Errorf("deployment %q exceeded its progress deadline", d.Name)
			}
		}
		st := d.Status
		if d.Spec.Replicas != nil && st.UpdatedReplicas < *d.Spec.Replicas {
			return fmt.Sprintf("Waiting for deployment %q rollout to finish: %d out of %d new replicas have been updated...\n", d.Name, st.UpdatedReplicas, *d.Spec.Replicas), false, nil
		}
		if st.Replicas > st.UpdatedReplicas {
			return fmt.Sprintf("Waiting for deployment %q rollout to finish: %d old replicas are pending termination...\n", d.Name, st.Replicas-st.UpdatedReplicas), false, nil
		}
		if st.AvailableReplicas < st.UpdatedReplicas {
			return fmt.Sprintf("Waiting for deployment %q rollout to finish: %d of %d updated replicas are available...\n", d.Name, st.AvailableReplicas, st.UpdatedReplicas), false, nil
		}
		return fmt.Sprintf("deployment %q successfully rolled out\n", d.Name), true, nil
	}
	return "Waiting for deployment spec update to be observed...\n", false, nil
}

// daemonSetStatus is kubectl's DaemonSetStatusViewer.
func daemonSetStatus(d *api.DaemonSet) (string, bool, error) {
	if d.Spec.UpdateStrategy.Type != api.RollingUpdateDaemonSetStrategyType {
		return "", true, fmt.Errorf("rollout status is only available for %s strategy type", api.RollingUpdateStatefulSetStrategyType)
	}
	if d.Generation <= d.Status.ObservedGeneration {
		st := d.Status
		if st.UpdatedNumberScheduled < st.DesiredNumberScheduled {
			return fmt.Sprintf("Waiting for daemon set %q rollout to finish: %d out of %d new pods have been updated...\n", d.Name, st.UpdatedNumberScheduled, st.DesiredNumberScheduled), false, nil
		}
		if st.NumberAvailable < st.DesiredNumberScheduled {
			return fmt.Sprintf("Waiting for daemon set %q rollout to finish: %d of %d updated pods are available...\n", d.Name, st.NumberAvailable, st.DesiredNumberScheduled), false, nil
		}
		return fmt.Sprintf("daemon set %q successfully rolled out\n", d.Name), true, nil
	}
	return "Waiting for daemon set spec update to be observed...\n", false, nil
}

// statefulSetStatus is kubectl's StatefulSetStatusViewer
// (polymorphichelpers/rollout_status.go): a RollingUpdate StatefulSet has
// rollingUpdate.partition defaulted, so it ends "partitioned roll out
// complete".
func statefulSetStatus(s *api.StatefulSet) (string, bool, error) {
	if s.Spec.UpdateStrategy.Type != api.RollingUpdateStatefulSetStrategyType {
		return "", true, fmt.Errorf("rollout status is only available for %s strategy type", api.RollingUpdateStatefulSetStrategyType)
	}
	st := s.Status
	if st.ObservedGeneration == 0 || s.Generation > st.ObservedGeneration {
		return "Waiting for statefulset spec update to be observed...\n", false, nil
	}
	if s.Spec.Replicas != nil && st.ReadyReplicas < *s.Spec.Replicas {
		return fmt.Sprintf("Waiting for %d pods to be ready...\n", *s.Spec.Replicas-st.ReadyReplicas), false, nil
	}
	if ru := s.Spec.UpdateStrategy.RollingUpdate; ru != nil {
		if s.Spec.Replicas != nil && ru.Partition != nil && st.UpdatedReplicas < *s.Spec.Replicas-*ru.Partition {
			return fmt.Sprintf("Waiting for partitioned roll out to finish: %d out of %d new pods have been updated...\n",
				st.UpdatedReplicas, *s.Spec.Replicas-*ru.Partition), false, nil
		}
		return fmt.Sprintf("partitioned roll out complete: %d new pods have been updated...\n", st.UpdatedReplicas), true, nil
	}
	if st.UpdateRevision != st.CurrentRevision {
		return fmt.Sprintf("waiting for statefulset rolling update to complete %d pods at revision %s...\n", st.UpdatedReplicas, st.UpdateRevision), false, nil
	}
	return fmt.Sprintf("statefulset rolling update complete %d pods at revision %s...\n", st.CurrentReplicas, st.CurrentRevision), true, nil
}

func statusOf(obj api.Object) (string, bool, error) {
	switch o := obj.(type) {
	case *api.StatefulSet:
		return statefulSetStatus(o)
	case *api.Deployment:
		return deploymentStatus(o)
	case *api.DaemonSet:
		return daemonSetStatus(o)
	}
	return "", false, fmt.Errorf("no status viewer has been implemented for %s", api.KindFor(obj).Kind)
}

// rolloutStatus prints the status on every change of the object, advancing
// virtual time, until the rollout is done or --timeout passes.
func (inv *invocation) rolloutStatus(r resolved) error {
	if _, _, err := statusOf(r.obj); err != nil && !strings.Contains(err.Error(), "exceeded") {
		return err
	}
	timeout, err := inv.parseTimeout(0)
	if err != nil {
		return err
	}
	var statusErr error
	met, err := inv.waitFor(r.info, r.ns, r.name, timeout, func(obj api.Object) bool {
		if obj == nil {
			statusErr = fmt.Errorf("object has been deleted")
			return true
		}
		msg, done, err := statusOf(obj)
		if err != nil {
			statusErr = err
			return true
		}
		fmt.Fprint(inv.out, msg)
		return done || !inv.f.boolean("watch")
	})
	if err != nil {
		return err
	}
	if statusErr != nil {
		return statusErr
	}
	if !met {
		return fmt.Errorf("timed out waiting for the condition")
	}
	return nil
}

// ownedReplicaSets returns the ReplicaSets a Deployment controls, by revision.
func (inv *invocation) ownedReplicaSets(d *api.Deployment) (map[int64]*api.ReplicaSet, error) {
	info, _ := api.ResourceFor("replicasets")
	l, err := inv.list(info, d.Namespace, "", "")
	if err != nil {
		return nil, err
	}
	out := map[int64]*api.ReplicaSet{}
	for _, o := range l.Items {
		rs, ok := o.(*api.ReplicaSet)
		if !ok || !controlledBy(rs.ObjectMeta, d.UID) {
			continue
		}
		rev, err := strconv.ParseInt(rs.Annotations[RevisionAnnotation], 10, 64)
		if err != nil {
			continue
		}
		out[rev] = rs
	}
	return out, nil
}

func (inv *invocation) rolloutHistory(r resolved) error {
	d, ok := r.obj.(*api.Deployment)
	if !ok {
		return fmt.Errorf("no history viewer has been implemented for %s", r.info.Kind)
	}
	byRev, err := inv.ownedReplicaSets(d)
	if err != nil {
		return err
	}
	if len(byRev) == 0 {
		fmt.Fprintf(inv.out, "%s \nNo rollout history found.\n", objRef(r.info, r.name))
		return nil
	}
	revision, err := inv.f.integer("revision")
	if err != nil {
		return err
	}
	if revision > 0 {
		rs, ok := byRev[int64(revision)]
		if !ok {
			return fmt.Errorf("unable to find the specified revision")
		}
		tmpl := rs.Spec.Template
		if cause := rs.Annotations[ChangeCauseAnnotation]; cause != "" {
			anns := map[string]string{}
			for k, v := range tmpl.Annotations {
				anns[k] = v
			}
			anns[ChangeCauseAnnotation] = cause
			tmpl.Annotations = anns
		}
		fmt.Fprintf(inv.out, "%s with revision #%d\n%s\n", objRef(r.info, r.name), revision, describe.PodTemplate(&tmpl))
		return nil
	}
	revs := make([]int64, 0, len(byRev))
	for rev := range byRev {
		revs = append(revs, rev)
	}
	sort.Slice(revs, func(i, j int) bool { return revs[i] < revs[j] })
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "REVISION\tCHANGE-CAUSE\n")
	for _, rev := range revs {
		cause := byRev[rev].Annotations[ChangeCauseAnnotation]
		if cause == "" {
			cause = "<none>"
		}
		fmt.Fprintf(tw, "%d\t%s\n", rev, cause)
	}
	tw.Flush()
	fmt.Fprintf(inv.out, "%s \n%s\n", objRef(r.info, r.name), b.String())
	return nil
}

func (inv *invocation) rolloutUndo(r resolved) error {
	d, ok := r.obj.(*api.Deployment)
	if !ok {
		return fmt.Errorf("no rollbacker has been implemented for %q", r.info.GroupKind())
	}
	toRev, err := inv.f.integer("to-revision")
	if err != nil {
		return err
	}
	byRev, err := inv.ownedReplicaSets(d)
	if err != nil {
		return err
	}
	var target *api.ReplicaSet
	var targetRev int64
	if toRev == 0 {
		var revs []int64
		for rev := range byRev {
			revs = append(revs, rev)
		}
		sort.Slice(revs, func(i, j int) bool { return revs[i] > revs[j] })
		if len(revs) < 2 {
			return fmt.Errorf("no rollout history found for deployment %q", d.Name)
		}
		targetRev = revs[1]
	} else {
		targetRev = int64(toRev)
	}
	target = byRev[targetRev]
	if target == nil {
		return fmt.Errorf("unable to find specified revision %d in history", targetRev)
	}
	tmpl := target.Spec.Template
	if inv.dry == "client" {
		// kubectl's client dry run prints the revision's template and
		// sends nothing (polymorphichelpers' printTemplate).
		fmt.Fprintf(inv.out, "%s %s (dry run)\n", objRef(r.info, r.name), describe.PodTemplate(&tmpl))
		return nil
	}
	if d.Spec.Paused {
		return fmt.Errorf("you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume deployment/%s' and try again", d.Name)
	}
	if tmpl.Labels != nil {
		labels := map[string]string{}
		for k, v := range tmpl.Labels {
			if k != "pod-template-hash" {
				labels[k] = v
			}
		}
		tmpl.Labels = labels
	}
	if templateKey(tmpl) == templateKey(d.Spec.Template) {
		inv.printOp(r.info, r.name, fmt.Sprintf("skipped rollback (current template already matches revision %d)", targetRev))
		return nil
	}
	ops := []map[string]any{{"op": "replace", "path": "/spec/template", "value": tmpl}}
	patch, _ := json.Marshal(ops)
	if _, err := inv.patch(r.info, r.ns, r.name, jsonPatch, patch); err != nil {
		return err
	}
	inv.printOp(r.info, r.name, "rolled back")
	return nil
}

func (inv *invocation) rolloutRestart(r resolved) error {
	switch o := r.obj.(type) {
	case *api.Deployment:
		if o.Spec.Paused {
			return fmt.Errorf("can't restart paused deployment (run rollout resume first)")
		}
	case *api.DaemonSet:
	default:
		return fmt.Errorf("restarting is not supported")
	}
	now := inv.sim().Now().UTC().Format(time.RFC3339)
	patch := fmt.Sprintf(`{"spec":{"template":{"metadata":{"annotations":{%q:%q}}}}}`, RestartedAtAnnotation, now)
	if _, err := inv.patch(r.info, r.ns, r.name, strategicMergePatch, []byte(patch)); err != nil {
		return fmt.Errorf("failed to patch: %v", err)
	}
	fmt.Fprintf(inv.out, "%s restarted\n", objRef(r.info, r.name))
	return nil
}

func (inv *invocation) rolloutPause(r resolved, pause bool) error {
	d, ok := r.obj.(*api.Deployment)
	if !ok {
		verb := "paused"
		if !pause {
			verb = "resumed"
		}
		return fmt.Errorf("%s %q %s is not supported", r.info.Resource+groupSuffix(r.info), r.name, verb)
	}
	if d.Spec.Paused == pause {
		if pause {
			fmt.Fprintf(inv.out, "%s already paused\n", objRef(r.info, r.name))
		} else {
			fmt.Fprintf(inv.out, "%s already resumed\n", objRef(r.info, r.name))
		}
		return nil
	}
	patch := `{"spec":{"paused":true}}`
	if !pause {
		patch = `{"spec":{"paused":null}}`
	}
	if _, err := inv.patch(r.info, r.ns, r.name, strategicMergePatch, []byte(patch)); err != nil {
		return fmt.Errorf("failed to patch: %v", err)
	}
	if pause {
		fmt.Fprintf(inv.out, "%s paused\n", objRef(r.info, r.name))
	} else {
		fmt.Fprintf(inv.out, "%s resumed\n", objRef(r.info, r.name))
	}
	return nil
}

func groupSuffix(info *api.ResourceInfo) string {
	if info.Group == "" {
		return ""
	}
	return "." + info.Group
}
