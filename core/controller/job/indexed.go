package job

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/ctrlutil"
)

// Indexed completion mode (pkg/controller/job/indexed_job_utils.go): every
// pod carries a completion index 0..completions-1 in the
// batch.kubernetes.io/job-completion-index annotation and label, the Job
// completes once each index has a succeeded pod, and status.completedIndexes
// lists the succeeded indexes as intervals ("0-2,4").

// CompletionIndexEnvName is the variable every container of an Indexed Job's
// pods gets, from the completion index label (the PodIndexLabel feature is
// GA since v1.32, so the downward API reads the label, not the annotation).
const CompletionIndexEnvName = "JOB_COMPLETION_INDEX"

// maxGeneratedNameLength is names.MaxGeneratedNameLength: 63 minus the five
// random characters generateName appends.
const maxGeneratedNameLength = 63 - 5

// noIndex is unknownCompletionIndex: a pod without a valid index.
const noIndex = -1

func isIndexed(j *api.Job) bool {
	return j.Spec.CompletionMode != nil && *j.Spec.CompletionMode == api.IndexedCompletion
}

func hasBackoffLimitPerIndex(j *api.Job) bool { return j.Spec.BackoffLimitPerIndex != nil }

// interval is a run of consecutive indexes, First..Last inclusive.
type interval struct{ First, Last int }

// intervals is an ordered list of disjoint, non-adjacent intervals
// (orderedIntervals).
type intervals []interval

// parseIndexes reads "0-2,4,6-7", ignoring corrupted parts and indexes at or
// beyond completions (parseIndexesFromString).
func parseIndexes(s string, completions int) intervals {
	if s == "" {
		return nil
	}
	var out intervals
	for _, part := range strings.Split(s, ",") {
		limits := strings.Split(part, "-")
		first, err := strconv.Atoi(limits[0])
		if err != nil {
			continue
		}
		if first >= completions {
			break
		}
		last := first
		if len(limits) > 1 {
			if last, err = strconv.Atoi(limits[1]); err != nil {
				continue
			}
			last = min(last, completions-1)
		}
		if n := len(out); n > 0 && out[n-1].Last == first-1 {
			out[n-1].Last = last
		} else {
			out = append(out, interval{first, last})
		}
	}
	return out
}

// withIndexes returns oi with the indexes added; ixs must be sorted.
func (oi intervals) withIndexes(ixs []int) intervals {
	add := make(intervals, len(ixs))
	for i, ix := range ixs {
		add[i] = interval{ix, ix}
	}
	return oi.merge(add)
}

// merge returns the union of two ordered lists.
func (oi intervals) merge(other intervals) intervals {
	var out intervals
	appendOrMerge := func(iv interval) {
		if n := len(out); n == 0 || iv.First > out[n-1].Last+1 {
			out = append(out, iv)
		} else if out[n-1].Last < iv.Last {
			out[n-1].Last = iv.Last
		}
	}
	i, j := 0, 0
	for i < len(oi) && j < len(other) {
		if oi[i].First < other[j].First {
			appendOrMerge(oi[i])
			i++
		} else {
			appendOrMerge(other[j])
			j++
		}
	}
	for ; i < len(oi); i++ {
		appendOrMerge(oi[i])
	}
	for ; j < len(other); j++ {
		appendOrMerge(other[j])
	}
	return out
}

// total is how many indexes oi holds.
func (oi intervals) total() int {
	n := 0
	for _, iv := range oi {
		n += iv.Last - iv.First + 1
	}
	return n
}

func (oi intervals) has(ix int) bool {
	i, _ := slices.BinarySearchFunc(oi, ix, func(iv interval, ix int) int {
		switch {
		case iv.Last < ix:
			return -1
		case iv.First > ix:
			return 1
		}
		return 0
	})
	return i < len(oi) && oi[i].First <= ix && ix <= oi[i].Last
}

// String is the API form: "1,3-5,7"; two consecutive indexes are "1,2".
func (oi intervals) String() string {
	var b strings.Builder
	for _, iv := range oi {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(iv.First))
		if iv.Last > iv.First {
			if iv.Last == iv.First+1 {
				b.WriteByte(',')
			} else {
				b.WriteByte('-')
			}
			b.WriteString(strconv.Itoa(iv.Last))
		}
	}
	return b.String()
}

// completionIndex reads a pod's index annotation: noIndex when it is
// missing, not a number or negative.
func completionIndex(p *api.Pod) int {
	v, ok := p.Annotations[api.JobCompletionIndexAnnotation]
	if !ok {
		return noIndex
	}
	i, err := strconv.Atoi(v)
	if err != nil || i < 0 {
		return noIndex
	}
	return i
}

// validIndex is the pod's index when it is below completions, else noIndex.
func validIndex(p *api.Pod, completions int) int {
	if ix := completionIndex(p); ix < completions {
		return ix
	}
	return noIndex
}

// indexesOf is the sorted set of the pods' valid indexes.
func indexesOf(pods []*api.Pod) []int {
	var out []int
	for _, p := range pods {
		if ix := completionIndex(p); ix != noIndex && !slices.Contains(out, ix) {
			out = append(out, ix)
		}
	}
	slices.Sort(out)
	return out
}

// firstPendingIndexes returns up to count indexes below completions that
// are neither running nor in nonPending (succeeded or failed indexes),
// lowest first.
func firstPendingIndexes(active []*api.Pod, nonPending intervals, count, completions int) []int {
	if count <= 0 {
		return nil
	}
	taken := nonPending.withIndexes(indexesOf(active))
	var out []int
	candidate := 0
	for _, iv := range taken {
		for ; candidate < completions && len(out) < count && candidate < iv.First; candidate++ {
			out = append(out, candidate)
		}
		candidate = max(candidate, iv.Last+1)
	}
	for ; candidate < completions && len(out) < count; candidate++ {
		out = append(out, candidate)
	}
	return out
}

// indexedGenerateName is podGenerateNameWithIndex: "<job>-<index>-", the
// job name cut so that the prefix stays within 58 characters.
func indexedGenerateName(jobName string, ix int) string {
	suffix := "-" + strconv.Itoa(ix) + "-"
	prefix := jobName + suffix
	if len(prefix) > maxGeneratedNameLength {
		prefix = prefix[:maxGeneratedNameLength-len(suffix)] + suffix
	}
	return prefix
}

// addCompletionIndexEnv gives every init container and container the
// JOB_COMPLETION_INDEX variable, unless it defines one already.
func addCompletionIndexEnv(spec *api.PodSpec) {
	add := func(c *api.Container) {
		for _, e := range c.Env {
			if e.Name == CompletionIndexEnvName {
				return
			}
		}
		c.Env = append(c.Env, api.EnvVar{Name: CompletionIndexEnvName, ValueFrom: &api.EnvVarSource{
			FieldRef: &api.ObjectFieldSelector{APIVersion: "v1",
				FieldPath: fmt.Sprintf("metadata.labels['%s']", api.JobCompletionIndexAnnotation)}}})
	}
	for i := range spec.InitContainers {
		add(&spec.InitContainers[i])
	}
	for i := range spec.Containers {
		add(&spec.Containers[i])
	}
}

// activePodsForRemoval picks the active pods to delete: in an Indexed Job,
// every pod without a valid index and all but one pod of each repeated
// index; then, while fewer than atLeast, the pods to delete first.
func activePodsForRemoval(j *api.Job, active []*api.Pod, atLeast int, now time.Time) []*api.Pod {
	var rm, left []*api.Pod
	if isIndexed(j) {
		byIndex := map[int][]*api.Pod{}
		for _, p := range active {
			ix := validIndex(p, int(ctrlutil.Int32(j.Spec.Completions, 0)))
			if ix == noIndex {
				rm = append(rm, p)
				continue
			}
			byIndex[ix] = append(byIndex[ix], p)
		}
		for _, ix := range indexesOf(active) {
			same := byIndex[ix]
			if len(same) == 0 {
				continue
			}
			ctrlutil.RankPodsForDeletion(same, active, now)
			rm = append(rm, same[:len(same)-1]...)
			left = append(left, same[len(same)-1])
		}
	} else {
		left = append(left, active...)
	}
	if len(rm) < atLeast {
		ctrlutil.RankPodsForDeletion(left, active, now)
		rm = append(rm, left[:min(len(left), atLeast-len(rm))]...)
	}
	return rm
}
