package kubelet

import (
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"kubeplay/core/api"
)

// The files containers find in their volumes. An emptyDir keeps what the
// containers that exited wrote in it, for the containers that start after
// them (an init container preparing the input of the app container, as in
// the Indexed Job tutorial); a downward API volume holds its items, as the
// kubelet's downward API volume plugin writes them (a resourceFieldRef item
// holds the resource divided by its divisor, rounded up). Other volume types
// start empty here.

// mountedFiles is what c finds in its volumes when it starts, by absolute
// path.
func (w *podWorker) mountedFiles(c *container) map[string][]string {
	var out map[string][]string
	put := func(p string, lines []string) {
		if out == nil {
			out = map[string][]string{}
		}
		out[p] = lines
	}
	for _, m := range c.spec.VolumeMounts {
		v := w.volume(m.Name)
		switch {
		case v == nil:
		case v.EmptyDir != nil:
			for rel, lines := range w.emptyDirs[m.Name] {
				if m.SubPath != "" {
					var ok bool
					if rel, ok = strings.CutPrefix(rel, strings.Trim(m.SubPath, "/")+"/"); !ok {
						continue
					}
				}
				put(path.Join(m.MountPath, rel), lines)
			}
			if m.SubPath == "" {
				w.eachPeer(c, m.Name, func(root string, files map[string][]string) {
					for f, lines := range files {
						if rel, ok := strings.CutPrefix(f, root); ok {
							if _, seen := out[path.Join(m.MountPath, rel)]; !seen {
								put(path.Join(m.MountPath, rel), lines)
							}
						}
					}
				}, w.now())
			}
		case v.DownwardAPI != nil && m.SubPath == "":
			for _, it := range v.DownwardAPI.Items {
				if it.FieldRef != nil {
					put(path.Join(m.MountPath, it.Path), w.downwardFile(it.FieldRef.FieldPath))
				} else if it.ResourceFieldRef != nil {
					if v, err := w.resourceFieldValue(c.spec, it.ResourceFieldRef); err == nil {
						put(path.Join(m.MountPath, it.Path), []string{v})
					}
				}
			}
		}
	}
	return out
}

// eachPeer calls fn with what each other running (or exited) container of
// the pod that mounts the emptyDir vol whole has written under it by at:
// its files by absolute path, and the mount's path with a trailing slash.
func (w *podWorker) eachPeer(c *container, vol string, fn func(root string, files map[string][]string), at time.Time) {
	for _, s := range w.all() {
		inst := s.cur
		if s == c || inst == nil || at.Before(inst.startedAt) {
			continue
		}
		end := at
		if !inst.endedAt.IsZero() && inst.endedAt.Before(at) {
			end = inst.endedAt
		}
		for _, sm := range s.spec.VolumeMounts {
			if sm.Name == vol && sm.SubPath == "" {
				if files := inst.proc.FilesAt(inst.startedAt, end.Sub(inst.startedAt)); len(files) > 0 {
					fn(strings.TrimSuffix(sm.MountPath, "/")+"/", files)
				}
			}
		}
	}
}

// peerFile reads the file p of c (an absolute path under one of its
// emptyDir mounts) as the pod's other containers have written it by at:
// what runs beside c shares the volume's files with it.
func (w *podWorker) peerFile(c *container, p string, at time.Time) (lines []string, ok bool) {
	m := w.mountOf(c, p)
	if m == nil || m.SubPath != "" {
		return nil, false
	}
	if v := w.volume(m.Name); v == nil || v.EmptyDir == nil {
		return nil, false
	}
	rel := strings.TrimPrefix(p, strings.TrimSuffix(m.MountPath, "/")+"/")
	w.eachPeer(c, m.Name, func(root string, files map[string][]string) {
		if l, found := files[root+rel]; found && len(l) >= len(lines) {
			lines, ok = l, true
		}
	}, at)
	return lines, ok
}

// keepFiles stores in the pod's emptyDir volumes what c's script left in
// them when it exited on its own: the files under each emptyDir mount are
// replaced by the ones the script left there (created, kept or removed).
func (w *podWorker) keepFiles(c *container) {
	if c.cur == nil {
		return
	}
	left := c.cur.proc.Files()
	if left == nil {
		return // not a script: nothing known about its writes
	}
	for i := range c.spec.VolumeMounts {
		m := &c.spec.VolumeMounts[i]
		if v := w.volume(m.Name); v == nil || v.EmptyDir == nil || m.ReadOnly {
			continue
		}
		if w.emptyDirs == nil {
			w.emptyDirs = map[string]map[string][]string{}
		}
		dir := w.emptyDirs[m.Name]
		if dir == nil {
			dir = map[string][]string{}
			w.emptyDirs[m.Name] = dir
		}
		sub := strings.Trim(m.SubPath, "/")
		for rel := range dir {
			if sub == "" || strings.HasPrefix(rel, sub+"/") {
				delete(dir, rel)
			}
		}
		root := strings.TrimSuffix(m.MountPath, "/") + "/"
		for f, lines := range left {
			if rel, ok := strings.CutPrefix(f, root); ok && w.mountOf(c, f) == m {
				dir[path.Join(sub, rel)] = lines
			}
		}
	}
}

// mountOf is the mount of c that holds f: the one with the longest path.
func (w *podWorker) mountOf(c *container, f string) *api.VolumeMount {
	var best *api.VolumeMount
	for i := range c.spec.VolumeMounts {
		m := &c.spec.VolumeMounts[i]
		if strings.HasPrefix(f, strings.TrimSuffix(m.MountPath, "/")+"/") && (best == nil || len(m.MountPath) > len(best.MountPath)) {
			best = m
		}
	}
	return best
}

func (w *podWorker) volume(name string) *api.Volume {
	for i := range w.pod.Spec.Volumes {
		if v := &w.pod.Spec.Volumes[i]; v.Name == name {
			return v
		}
	}
	return nil
}

// downwardFile is a downward API volume item's content: the field's value,
// or for all labels or annotations one key="value" line each, sorted.
func (w *podWorker) downwardFile(fieldPath string) []string {
	var m map[string]string
	switch fieldPath {
	case "metadata.labels":
		m = w.pod.Labels
	case "metadata.annotations":
		m = w.pod.Annotations
	default:
		return []string{w.fieldValue(fieldPath)}
	}
	lines := make([]string, 0, len(m))
	for k, v := range m {
		lines = append(lines, k+"="+strconv.Quote(v))
	}
	sort.Strings(lines)
	return lines
}
