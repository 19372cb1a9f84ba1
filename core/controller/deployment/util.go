package deployment

import (
	"bytes"
	"maps"
	"sort"
	"strconv"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/jsonenc"
	"kubeplay/core/controller/ctrlutil"
)

// Annotations the controller writes (deployment/util).
const (
	RevisionAnnotation        = "deployment.kubernetes.io/revision"
	RevisionHistoryAnnotation = "deployment.kubernetes.io/revision-history"
	DesiredReplicasAnnotation = "deployment.kubernetes.io/desired-replicas"
	MaxReplicasAnnotation     = "deployment.kubernetes.io/max-replicas"
	// RestartedAtAnnotation is what `kubectl rollout restart` sets on the template.
	RestartedAtAnnotation = "kubectl.kubernetes.io/restartedAt"
)

// Condition reasons (deployment/util).
const (
	NewRSReason                = "NewReplicaSetCreated"
	FoundNewRSReason           = "FoundNewReplicaSet"
	ReplicaSetUpdatedReason    = "ReplicaSetUpdated"
	NewRSAvailableReason       = "NewReplicaSetAvailable"
	TimedOutReason             = "ProgressDeadlineExceeded"
	FailedRSCreateReason       = "ReplicaSetCreateError"
	PausedDeployReason         = "DeploymentPaused"
	ResumedDeployReason        = "DeploymentResumed"
	MinimumReplicasAvailable   = "MinimumReplicasAvailable"
	MinimumReplicasUnavailable = "MinimumReplicasUnavailable"
)

// normalized returns a copy of d with the apps/v1 defaults filled in where
// a field is unset (the apiserver defaults them; this guards the math).
func normalized(d *api.Deployment) *api.Deployment {
	d = api.DeepCopyAs(d)
	s := &d.Spec
	if s.Replicas == nil {
		s.Replicas = ctrlutil.Ptr(int32(1))
	}
	if s.Strategy.Type == "" {
		s.Strategy.Type = api.RollingUpdateDeploymentStrategyType
	}
	if s.Strategy.Type == api.RollingUpdateDeploymentStrategyType {
		if s.Strategy.RollingUpdate == nil {
			s.Strategy.RollingUpdate = &api.RollingUpdateDeployment{}
		}
		if s.Strategy.RollingUpdate.MaxSurge == nil {
			v := api.FromString("25%")
			s.Strategy.RollingUpdate.MaxSurge = &v
		}
		if s.Strategy.RollingUpdate.MaxUnavailable == nil {
			v := api.FromString("25%")
			s.Strategy.RollingUpdate.MaxUnavailable = &v
		}
	}
	if s.RevisionHistoryLimit == nil {
		s.RevisionHistoryLimit = ctrlutil.Ptr(int32(10))
	}
	if s.ProgressDeadlineSeconds == nil {
		s.ProgressDeadlineSeconds = ctrlutil.Ptr(int32(600))
	}
	return d
}

func replicas(rs *api.ReplicaSet) int32 { return ctrlutil.Int32(rs.Spec.Replicas, 1) }

// ResolveFenceposts resolves maxSurge (rounded up) and maxUnavailable
// (rounded down) against the desired replicas; if both come to 0,
// maxUnavailable becomes 1 so the rollout can move.
func ResolveFenceposts(maxSurge, maxUnavailable *api.IntOrString, desired int32) (int32, int32, error) {
	zero := api.FromInt32(0)
	if maxSurge == nil {
		maxSurge = &zero
	}
	if maxUnavailable == nil {
		maxUnavailable = &zero
	}
	surge, err := api.GetScaledValueFromIntOrPercent(maxSurge, int(desired), true)
	if err != nil {
		return 0, 0, err
	}
	unavailable, err := api.GetScaledValueFromIntOrPercent(maxUnavailable, int(desired), false)
	if err != nil {
		return 0, 0, err
	}
	if surge == 0 && unavailable == 0 {
		unavailable = 1
	}
	return int32(surge), int32(unavailable), nil
}

func isRollingUpdate(d *api.Deployment) bool {
	return d.Spec.Strategy.Type == api.RollingUpdateDeploymentStrategyType
}

// MaxSurge is the resolved maxSurge (0 unless RollingUpdate).
func MaxSurge(d *api.Deployment) int32 {
	if !isRollingUpdate(d) {
		return 0
	}
	s, _, _ := ResolveFenceposts(d.Spec.Strategy.RollingUpdate.MaxSurge, d.Spec.Strategy.RollingUpdate.MaxUnavailable, *d.Spec.Replicas)
	return s
}

// MaxUnavailable is the resolved maxUnavailable, at most the replicas.
func MaxUnavailable(d *api.Deployment) int32 {
	if !isRollingUpdate(d) || *d.Spec.Replicas == 0 {
		return 0
	}
	_, u, _ := ResolveFenceposts(d.Spec.Strategy.RollingUpdate.MaxSurge, d.Spec.Strategy.RollingUpdate.MaxUnavailable, *d.Spec.Replicas)
	return min(u, *d.Spec.Replicas)
}

// NewRSNewReplicas is how many replicas the new ReplicaSet may have now.
func NewRSNewReplicas(d *api.Deployment, all []*api.ReplicaSet, newRS *api.ReplicaSet) int32 {
	switch d.Spec.Strategy.Type {
	case api.RollingUpdateDeploymentStrategyType:
		maxTotal := *d.Spec.Replicas + MaxSurge(d)
		current := totalReplicas(all)
		if current >= maxTotal {
			return replicas(newRS)
		}
		up := min(maxTotal-current, *d.Spec.Replicas-replicas(newRS))
		return replicas(newRS) + up
	default:
		return *d.Spec.Replicas
	}
}

// EqualIgnoreHash compares two templates, ignoring the pod-template-hash
// label, as the Deployment controller does (a deep copy of each without the
// label, then apiequality.Semantic.DeepEqual). kubeplay's deep copy is a JSON
// round trip, so two templates are equal that way exactly when their JSON
// is: comparing the encodings gives the same answer without the two copies,
// which were most of the controller's time while a cluster starts.
func EqualIgnoreHash(a, b *api.PodTemplateSpec) bool {
	return sameJSON(templateJSON(a), templateJSON(b))
}

// sameJSON reports whether two templates' JSON (templateJSON) are equal, a
// template that does not encode equal to none.
func sameJSON(a, b []byte) bool { return a != nil && b != nil && bytes.Equal(a, b) }

// templateJSON is t's JSON without the pod-template-hash label (nil if t
// does not encode).
func templateJSON(t *api.PodTemplateSpec) []byte {
	c := *t
	if _, ok := c.Labels[api.DefaultDeploymentUniqueLabelKey]; ok {
		c.Labels = maps.Clone(c.Labels)
		delete(c.Labels, api.DefaultDeploymentUniqueLabelKey)
	}
	out, err := jsonenc.Marshal(&c)
	if err != nil {
		return nil
	}
	return out
}

// byCreation sorts ReplicaSets oldest first, then by name.
func byCreation(l []*api.ReplicaSet) {
	sort.SliceStable(l, func(i, j int) bool {
		if !l[i].CreationTimestamp.Equal(l[j].CreationTimestamp.Time) {
			return l[i].CreationTimestamp.Before(l[j].CreationTimestamp.Time)
		}
		return l[i].Name < l[j].Name
	})
}

// FindNewReplicaSet is the oldest ReplicaSet whose template equals the
// Deployment's (ignoring the hash label).
func FindNewReplicaSet(d *api.Deployment, rsList []*api.ReplicaSet) *api.ReplicaSet {
	l := append([]*api.ReplicaSet(nil), rsList...)
	byCreation(l)
	want := templateJSON(&d.Spec.Template) // encoded once for every ReplicaSet
	for _, rs := range l {
		if sameJSON(templateJSON(&rs.Spec.Template), want) {
			return rs
		}
	}
	return nil
}

// FindOldReplicaSets returns every ReplicaSet but the new one.
func FindOldReplicaSets(d *api.Deployment, rsList []*api.ReplicaSet) []*api.ReplicaSet {
	newRS := FindNewReplicaSet(d, rsList)
	var old []*api.ReplicaSet
	for _, rs := range rsList {
		if newRS != nil && rs.UID == newRS.UID {
			continue
		}
		old = append(old, rs)
	}
	return old
}

func filterActive(l []*api.ReplicaSet) []*api.ReplicaSet {
	var out []*api.ReplicaSet
	for _, rs := range l {
		if rs != nil && replicas(rs) > 0 {
			out = append(out, rs)
		}
	}
	return out
}

// sumOf adds f over the ReplicaSets of l (nil entries skipped).
func sumOf(l []*api.ReplicaSet, f func(*api.ReplicaSet) int32) int32 {
	var n int32
	for _, rs := range l {
		if rs != nil {
			n += f(rs)
		}
	}
	return n
}

func totalReplicas(l []*api.ReplicaSet) int32 { return sumOf(l, replicas) }

func actualReplicas(l []*api.ReplicaSet) int32 {
	return sumOf(l, func(rs *api.ReplicaSet) int32 { return rs.Status.Replicas })
}

func readyReplicas(l []*api.ReplicaSet) int32 {
	return sumOf(l, func(rs *api.ReplicaSet) int32 { return rs.Status.ReadyReplicas })
}

func availableReplicas(l []*api.ReplicaSet) int32 {
	return sumOf(l, func(rs *api.ReplicaSet) int32 { return rs.Status.AvailableReplicas })
}

// Revision parses a ReplicaSet's revision annotation (0 if absent).
func Revision(obj api.Object) int64 {
	v, err := strconv.ParseInt(obj.GetObjectMeta().Annotations[RevisionAnnotation], 10, 64)
	if err != nil {
		return 0
	}
	return v
}

func maxRevision(l []*api.ReplicaSet) int64 {
	var m int64
	for _, rs := range l {
		if r := Revision(rs); r > m {
			m = r
		}
	}
	return m
}

func annotationInt(rs *api.ReplicaSet, key string) (int32, bool) {
	v, ok := rs.Annotations[key]
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		return 0, false
	}
	return int32(n), true
}

// setReplicasAnnotations writes desired-replicas and max-replicas; it
// reports whether anything changed.
func setReplicasAnnotations(rs *api.ReplicaSet, desired, max int32) bool {
	if rs.Annotations == nil {
		rs.Annotations = map[string]string{}
	}
	d, m := strconv.Itoa(int(desired)), strconv.Itoa(int(max))
	if rs.Annotations[DesiredReplicasAnnotation] == d && rs.Annotations[MaxReplicasAnnotation] == m {
		return false
	}
	rs.Annotations[DesiredReplicasAnnotation] = d
	rs.Annotations[MaxReplicasAnnotation] = m
	return true
}

func replicasAnnotationsNeedUpdate(rs *api.ReplicaSet, desired, max int32) bool {
	return rs.Annotations[DesiredReplicasAnnotation] != strconv.Itoa(int(desired)) ||
		rs.Annotations[MaxReplicasAnnotation] != strconv.Itoa(int(max))
}

var skipCopy = map[string]bool{
	api.LastAppliedConfigAnnotation: true, RevisionAnnotation: true, RevisionHistoryAnnotation: true,
	DesiredReplicasAnnotation: true, MaxReplicasAnnotation: true, api.DeprecatedRollbackTo: true,
}

// setNewReplicaSetAnnotations copies the Deployment's annotations, bumps the
// revision (keeping the old ones in revision-history on a rollback) and, for
// a ReplicaSet about to be created, sets the replicas annotations.
func setNewReplicaSetAnnotations(d *api.Deployment, rs *api.ReplicaSet, newRevision string, exists bool) bool {
	changed := false
	if rs.Annotations == nil {
		rs.Annotations = map[string]string{}
	}
	for _, k := range sortedKeys(d.Annotations) {
		if skipCopy[k] || rs.Annotations[k] == d.Annotations[k] {
			continue
		}
		rs.Annotations[k] = d.Annotations[k]
		changed = true
	}
	oldRevision, had := rs.Annotations[RevisionAnnotation]
	oldInt, err := strconv.ParseInt(oldRevision, 10, 64)
	if err != nil {
		if oldRevision != "" {
			return false
		}
		oldInt = 0
	}
	newInt, _ := strconv.ParseInt(newRevision, 10, 64)
	if oldInt < newInt {
		rs.Annotations[RevisionAnnotation] = newRevision
		changed = true
		if had {
			if h := rs.Annotations[RevisionHistoryAnnotation]; h == "" {
				rs.Annotations[RevisionHistoryAnnotation] = oldRevision
			} else {
				rs.Annotations[RevisionHistoryAnnotation] = h + "," + oldRevision
			}
		}
	}
	if !exists && setReplicasAnnotations(rs, *d.Spec.Replicas, *d.Spec.Replicas+MaxSurge(d)) {
		changed = true
	}
	return changed
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range maps.Keys(m) {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// isSaturated: the new ReplicaSet has all the replicas, all available.
func isSaturated(d *api.Deployment, rs *api.ReplicaSet) bool {
	if rs == nil {
		return false
	}
	desired, ok := annotationInt(rs, DesiredReplicasAnnotation)
	return ok && replicas(rs) == *d.Spec.Replicas && desired == *d.Spec.Replicas && rs.Status.AvailableReplicas == *d.Spec.Replicas
}

// findActiveOrLatest returns the only active ReplicaSet, or the newest one
// when none is active; nil when several are active.
func findActiveOrLatest(newRS *api.ReplicaSet, old []*api.ReplicaSet) *api.ReplicaSet {
	if newRS == nil && len(old) == 0 {
		return nil
	}
	o := append([]*api.ReplicaSet(nil), old...)
	byCreation(o)
	for i, j := 0, len(o)-1; i < j; i, j = i+1, j-1 {
		o[i], o[j] = o[j], o[i]
	}
	active := filterActive(append(o, newRS))
	switch len(active) {
	case 0:
		if newRS != nil {
			return newRS
		}
		return o[0]
	case 1:
		return active[0]
	}
	return nil
}

// proportion is the share of a scaling a ReplicaSet gets (GetProportion).
func proportion(rs *api.ReplicaSet, d *api.Deployment, toAdd, added int32) int32 {
	if rs == nil || replicas(rs) == 0 || toAdd == 0 || toAdd == added {
		return 0
	}
	frac := fraction(rs, d)
	allowed := toAdd - added
	if toAdd > 0 {
		return min(frac, allowed)
	}
	return max(frac, allowed)
}

func fraction(rs *api.ReplicaSet, d *api.Deployment) int32 {
	if *d.Spec.Replicas == 0 {
		return -replicas(rs)
	}
	total := *d.Spec.Replicas + MaxSurge(d)
	annotated, ok := annotationInt(rs, MaxReplicasAnnotation)
	if !ok {
		annotated = d.Status.Replicas
	}
	if annotated == 0 {
		return 0
	}
	// integer.RoundToInt32 of replicas*total/annotated, in integers.
	num := int64(replicas(rs)) * int64(total)
	q := (2*num + int64(annotated)) / (2 * int64(annotated))
	return int32(q) - replicas(rs)
}

// Conditions.

func getCondition(st *api.DeploymentStatus, t api.DeploymentConditionType) *api.DeploymentCondition {
	for i := range st.Conditions {
		if st.Conditions[i].Type == t {
			return &st.Conditions[i]
		}
	}
	return nil
}

func newCondition(t api.DeploymentConditionType, status api.ConditionStatus, reason, msg string, now time.Time) api.DeploymentCondition {
	return api.DeploymentCondition{Type: t, Status: status, LastUpdateTime: api.NewTime(now), LastTransitionTime: api.NewTime(now), Reason: reason, Message: msg}
}

// setCondition replaces the condition of its type unless status and
// reason are unchanged; the transition time survives a same-status update.
func setCondition(st *api.DeploymentStatus, c api.DeploymentCondition) {
	cur := getCondition(st, c.Type)
	if cur != nil && cur.Status == c.Status && cur.Reason == c.Reason {
		return
	}
	if cur != nil && cur.Status == c.Status {
		c.LastTransitionTime = cur.LastTransitionTime
	}
	st.Conditions = append(withoutCondition(st.Conditions, c.Type), c)
}

func removeCondition(st *api.DeploymentStatus, t api.DeploymentConditionType) {
	st.Conditions = withoutCondition(st.Conditions, t)
}

func withoutCondition(cs []api.DeploymentCondition, t api.DeploymentConditionType) []api.DeploymentCondition {
	var out []api.DeploymentCondition
	for _, c := range cs {
		if c.Type != t {
			out = append(out, c)
		}
	}
	return out
}

func hasProgressDeadline(d *api.Deployment) bool {
	return d.Spec.ProgressDeadlineSeconds != nil && *d.Spec.ProgressDeadlineSeconds != int32(^uint32(0)>>1)
}

// deploymentComplete: every replica updated and available, generation observed.
func deploymentComplete(d *api.Deployment, st *api.DeploymentStatus) bool {
	r := *d.Spec.Replicas
	return st.UpdatedReplicas == r && st.Replicas == r && st.AvailableReplicas == r && st.ObservedGeneration >= d.Generation
}

// deploymentProgressing: the new status shows progress over the old.
func deploymentProgressing(d *api.Deployment, st *api.DeploymentStatus) bool {
	old := d.Status
	oldOld := old.Replicas - old.UpdatedReplicas
	newOld := st.Replicas - st.UpdatedReplicas
	return st.UpdatedReplicas > old.UpdatedReplicas || newOld < oldOld || st.ReadyReplicas > old.ReadyReplicas || st.AvailableReplicas > old.AvailableReplicas
}

// deploymentTimedOut: no progress for progressDeadlineSeconds.
func deploymentTimedOut(d *api.Deployment, st *api.DeploymentStatus, now time.Time) bool {
	if !hasProgressDeadline(d) {
		return false
	}
	c := getCondition(st, api.DeploymentProgressing)
	if c == nil || c.Reason == NewRSAvailableReason {
		return false
	}
	if c.Reason == TimedOutReason {
		return true
	}
	return c.LastUpdateTime.Add(time.Duration(*d.Spec.ProgressDeadlineSeconds) * time.Second).Before(now)
}
