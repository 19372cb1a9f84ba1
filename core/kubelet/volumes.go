package kubelet

import (
	"encoding/base64"
	"fmt"
	"hash/fnv"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/serviceaccount"
	"kubeplay/core/kubelet/runtime"
)

// The volumes the kubelet mounts into containers, as trees the runtime's
// file systems share (runtime.Inode): an emptyDir is one directory for all
// the Pod's containers; a hostPath (and a PersistentVolume of hostPath or
// local type) is a directory of the node, shared by every Pod that mounts
// it there; ConfigMap, Secret, downward API and projected volumes are laid
// out as the kubelet's atomic writer lays them out (each key a symlink
// key -> ..data/key, ..data -> ..YYYY_MM_DD_HH_MM_SS.N, the timestamped
// directory holding the files) and written again when their source
// changes, seen at the kubelet's next periodic sync of the Pod
// (syncFrequency, 1m by default; the ConfigMap and Secret managers watch,
// so the sync sees the change at once). A subPath mount binds the file or
// directory it names when the container starts: it is never updated.

// SyncFrequency is the kubelet's default syncFrequency.
const SyncFrequency = time.Minute

// podVolume is one of the Pod's volumes as the kubelet holds it.
type podVolume struct {
	root *runtime.Inode
	// projected: its files come from API objects (sig is their content).
	projected bool
	changes   bool // its sources can change (see changes)
	// since: set up then; checked: its sources last read then.
	since, checked time.Time
	built          bool
	sig            string
	readOnly       bool
	source         string // what mount prints: /dev/vda1, tmpfs
	fsType         string
}

// hostDir is the node's directory p (made when missing, as containerd
// makes a hostPath's directory).
func (k *Kubelet) hostDir(p string, file bool) *runtime.Inode {
	if k.hostRoot == nil {
		k.hostRoot = runtime.NewDir(0o755, 0, 0, k.sim.Now())
	}
	p = path.Clean("/" + p)
	if p == "/" {
		return k.hostRoot
	}
	if file {
		parent := k.hostRoot.MkdirAll(path.Dir(p), 0o755, 0, 0, k.sim.Now())
		if n := parent.Kids[path.Base(p)]; n != nil {
			return n
		}
		return parent.Put(path.Base(p), nil, "", 0o644, 0, 0, k.sim.Now())
	}
	return k.hostRoot.MkdirAll(p, 0o755, 0, 0, k.sim.Now())
}

// HostFile is a file of the node's file system (what a hostPath volume
// holds there), for tests and a node shell.
func (k *Kubelet) HostFile(p string) ([]byte, bool) {
	if k.hostRoot == nil {
		return nil, false
	}
	t := runtime.NewTree(k.hostRoot, false, nil, k.sim.Now)
	data, err := t.ReadFile(runtime.Root, p)
	return data, err == nil
}

// WriteHostFile writes a file of the node (sudo sh -c "echo ... > /mnt/data/index.html").
func (k *Kubelet) WriteHostFile(p string, data []byte) {
	k.hostDir("/", false)
	runtime.NewTree(k.hostRoot, false, nil, k.sim.Now).Seed(p, data)
}

func (w *podWorker) fsGroup() *int64 {
	if sc := w.pod.Spec.SecurityContext; sc != nil {
		return sc.FSGroup
	}
	return nil
}

// podVolume is the volume named name, set up on first use.
func (w *podWorker) podVolume(name string) *podVolume {
	if v, ok := w.vols[name]; ok {
		return v
	}
	spec := w.volume(name)
	if spec == nil {
		return nil
	}
	if w.vols == nil {
		w.vols = map[string]*podVolume{}
	}
	now := w.now()
	v := &podVolume{source: "/dev/vda1", fsType: "ext4"}
	switch {
	case spec.HostPath != nil:
		t := spec.HostPath.Type
		v.root = w.k.hostDir(spec.HostPath.Path, t != nil && (*t == "File" || *t == "FileOrCreate"))
	case spec.PersistentVolumeClaim != nil:
		v.root = w.claimDir(spec.PersistentVolumeClaim.ClaimName)
		v.readOnly = spec.PersistentVolumeClaim.ReadOnly
	case spec.ConfigMap != nil || spec.Secret != nil || spec.DownwardAPI != nil || spec.Projected != nil:
		v.projected, v.readOnly, v.changes = true, true, changes(spec)
		v.since, v.checked = now, now
		mode := fs.FileMode(0o777)
		if spec.ConfigMap == nil {
			// The kubelet backs Secret, downward API and projected volumes
			// with memory (tmpfs); a ConfigMap's with the node's disk.
			v.source, v.fsType, mode = "tmpfs", "tmpfs", fs.ModeSticky|0o777
		}
		v.root = runtime.NewDir(mode, 0, 0, now)
		w.project(name, spec, v)
	default:
		// emptyDir, and the volume types the node cannot reach: an empty
		// directory of the Pod.
		v.root = runtime.NewDir(0o777, 0, 0, now)
		if spec.EmptyDir != nil && spec.EmptyDir.Medium == api.StorageMediumMemory {
			v.root.Mode |= fs.ModeSticky
			v.source, v.fsType = "tmpfs", "tmpfs"
		}
		if g := w.fsGroup(); g != nil {
			v.root.Chown(*g, true)
		}
	}
	w.vols[name] = v
	return v
}

// claimDir is the directory a PersistentVolumeClaim's volume holds on this
// node: a hostPath or local PersistentVolume's path, shared by the Pods
// that mount it; else one directory per volume.
func (w *podWorker) claimDir(claim string) *runtime.Inode {
	obj, err := w.k.c.Resource("persistentvolumeclaims").Namespace(w.pod.Namespace).Get(claim)
	if err != nil {
		return runtime.NewDir(0o777, 0, 0, w.now())
	}
	pvName := obj.(*api.PersistentVolumeClaim).Spec.VolumeName
	if obj, err := w.k.c.Resource("persistentvolumes").Get(pvName); err == nil {
		pv := obj.(*api.PersistentVolume)
		switch {
		case pv.Spec.HostPath != nil:
			return w.k.hostDir(pv.Spec.HostPath.Path, false)
		case pv.Spec.Local != nil:
			return w.k.hostDir(pv.Spec.Local.Path, false)
		}
	}
	return w.k.hostDir("/var/lib/kubelet/pods/volumes/"+pvName, false)
}

// projectedFile is one file of a ConfigMap, Secret, downward API or
// projected volume: its path in the volume, content and mode.
type projectedFile struct {
	path string
	data []byte
	mode fs.FileMode
}

// projectedFiles are the files the volume holds now.
func (w *podWorker) projectedFiles(spec *api.Volume) []projectedFile {
	var out []projectedFile
	mode := func(m *int32, def *int32) fs.FileMode {
		switch {
		case m != nil:
			return fs.FileMode(*m) & 0o777
		case def != nil:
			return fs.FileMode(*def) & 0o777
		}
		return 0o644
	}
	keys := func(data map[string][]byte, items []api.KeyToPath, def *int32) {
		if items == nil {
			names := make([]string, 0, len(data))
			for k := range data {
				names = append(names, k)
			}
			sort.Strings(names)
			for _, k := range names {
				out = append(out, projectedFile{k, data[k], mode(nil, def)})
			}
			return
		}
		for _, it := range items {
			if d, ok := data[it.Key]; ok {
				out = append(out, projectedFile{it.Path, d, mode(it.Mode, def)})
			}
		}
	}
	configMap := func(name string) map[string][]byte {
		if name == rootCAConfigMap {
			// The cluster's CA, which the kubelet's kubeconfig holds too.
			return map[string][]byte{"ca.crt": []byte(serviceaccount.CACert)}
		}
		var cm *api.ConfigMap
		if obj, ok := w.known("configmap/" + name); ok {
			cm, _ = obj.(*api.ConfigMap)
		} else {
			cm, _ = w.configMap(name)
		}
		if cm == nil {
			return nil
		}
		data := map[string][]byte{}
		for k, v := range cm.Data {
			data[k] = []byte(v)
		}
		for k, v := range cm.BinaryData {
			data[k] = v
		}
		return data
	}
	secret := func(name string) map[string][]byte {
		var s *api.Secret
		if obj, ok := w.known("secret/" + name); ok {
			s, _ = obj.(*api.Secret)
		} else {
			s, _ = w.secret(name)
		}
		if s == nil {
			return nil
		}
		data := map[string][]byte{}
		for k, v := range secretData(s) {
			data[k] = []byte(v)
		}
		return data
	}
	downward := func(items []api.DownwardAPIVolumeFile, def *int32) {
		for _, it := range items {
			var body string
			switch {
			case it.FieldRef != nil:
				body = strings.Join(w.downwardFile(it.FieldRef.FieldPath), "\n")
			case it.ResourceFieldRef != nil:
				v, err := w.resourceFieldValue(&w.pod.Spec.Containers[0], it.ResourceFieldRef)
				if err != nil {
					continue
				}
				body = v
			}
			out = append(out, projectedFile{it.Path, []byte(body), mode(it.Mode, def)})
		}
	}
	switch {
	case spec.ConfigMap != nil:
		keys(configMap(spec.ConfigMap.Name), spec.ConfigMap.Items, spec.ConfigMap.DefaultMode)
	case spec.Secret != nil:
		keys(secret(spec.Secret.SecretName), spec.Secret.Items, spec.Secret.DefaultMode)
	case spec.DownwardAPI != nil:
		downward(spec.DownwardAPI.Items, spec.DownwardAPI.DefaultMode)
	case spec.Projected != nil:
		def := spec.Projected.DefaultMode
		for _, src := range spec.Projected.Sources {
			switch {
			case src.ConfigMap != nil:
				keys(configMap(src.ConfigMap.Name), src.ConfigMap.Items, def)
			case src.Secret != nil:
				keys(secret(src.Secret.Name), src.Secret.Items, def)
			case src.DownwardAPI != nil:
				downward(src.DownwardAPI.Items, def)
			case src.ServiceAccountToken != nil:
				out = append(out, projectedFile{src.ServiceAccountToken.Path, []byte(w.token(src.ServiceAccountToken)), mode(nil, def)})
			}
		}
	}
	return out
}

// token is a bound service account token: a JWT whose claims say what
// the kubelet asked the TokenRequest API for.
func (w *podWorker) token(req *api.ServiceAccountTokenProjection) string {
	sa := w.pod.Spec.ServiceAccountName
	if sa == "" {
		sa = "default"
	}
	exp := int64(3607)
	if req.ExpirationSeconds != nil {
		exp = *req.ExpirationSeconds
	}
	aud := req.Audience
	if aud == "" {
		aud = "https://kubernetes.default.svc.cluster.local"
	}
	iat := w.startTime.Unix()
	enc := base64.RawURLEncoding.EncodeToString
	header := enc([]byte(`{"alg":"RS256","kid":"` + uuidFrom("kid") + `"}`))
	claims := enc([]byte(fmt.Sprintf(`{"aud":[%q],"exp":%d,"iat":%d,"iss":"https://kubernetes.default.svc.cluster.local","jti":%q,"kubernetes.io":{"namespace":%q,"node":{"name":%q,"uid":%q},"pod":{"name":%q,"uid":%q},"serviceaccount":{"name":%q,"uid":%q},"warnafter":%d},"nbf":%d,"sub":"system:serviceaccount:%s:%s"}`,
		aud, iat+exp, iat, uuidFrom("jti/"+w.uid), w.pod.Namespace, w.k.cfg.Name, w.k.nodeUID, w.pod.Name, w.uid, sa, uuidFrom("sa/"+w.pod.Namespace+"/"+sa), iat+3600, iat, w.pod.Namespace, sa)))
	// The signature: 256 bytes drawn from a hash of the claims.
	h := fnv.New64a()
	h.Write([]byte(claims))
	x := h.Sum64() | 1
	sig := make([]byte, 256)
	for i := range sig {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		sig[i] = byte(x)
	}
	return header + "." + claims + "." + enc(sig)
}

// project writes the volume's files as the atomic writer does, when they
// differ from what it holds.
func (w *podWorker) project(name string, spec *api.Volume, v *podVolume) {
	files := w.projectedFiles(spec)
	var sig strings.Builder
	for _, f := range files {
		fmt.Fprintf(&sig, "%s\x00%o\x00%s\x00", f.path, f.mode, f.data)
	}
	if v.built && v.sig == sig.String() {
		return
	}
	v.sig, v.built = sig.String(), true
	now := w.now()
	h := fnv.New32a()
	fmt.Fprintf(h, "%s/%s/%d", w.uid, name, now.UnixNano())
	tsName := now.UTC().Format("..2006_01_02_15_04_05.") + fmt.Sprint(h.Sum32())
	ts := runtime.NewDir(0o755, 0, 0, now)
	top := map[string]bool{}
	for _, f := range files {
		rel := strings.Trim(path.Clean("/"+f.path), "/")
		if rel == "" || strings.HasPrefix(rel, "..") {
			continue
		}
		ts.Put(rel, f.data, "", f.mode, 0, 0, now)
		first, _, _ := strings.Cut(rel, "/")
		top[first] = true
	}
	v.root.Kids = map[string]*runtime.Inode{tsName: ts}
	v.root.Put("..data", nil, tsName, 0o777, 0, 0, now)
	for first := range top {
		v.root.Put(first, nil, "..data/"+first, 0o777, 0, 0, now)
	}
	v.root.MTime = now
	if g := w.fsGroup(); g != nil {
		v.root.Chown(*g, false)
	}
	if v.source == "tmpfs" {
		runtime.MarkTmpfs(v.root)
	}
}

// refreshVolumes is the Pod's periodic sync as far as its volumes go, done
// when a container's files are read: for each ConfigMap, Secret, downward
// API or projected volume whose sources can change, when a sync
// (every SyncFrequency since the volume was set up) has come since the
// kubelet last looked, it reads the sources again and writes the files
// anew if they changed. (The kubelet's ConfigMap and Secret managers watch
// the objects; kubeplay reads them when someone looks. A change made
// between the last sync and the read shows at that read, up to a sync
// period early.)
func (w *podWorker) refreshVolumes(now time.Time) {
	fresh := false
	for _, name := range sortedVolumeNames(w.vols) {
		v := w.vols[name]
		tick := v.since.Add(now.Sub(v.since) / SyncFrequency * SyncFrequency)
		spec := w.volume(name)
		if !tick.After(v.checked) || spec == nil {
			continue
		}
		if !fresh {
			w.objs, fresh = nil, true // read the objects again
		}
		w.project(name, spec, v)
		v.checked = now
	}
}

func sortedVolumeNames(m map[string]*podVolume) []string {
	names := make([]string, 0, len(m))
	for n, v := range m {
		if v.projected && v.changes {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// remember keeps what a read of an API object found (nil: not found),
// which the volumes' files are written from until the next sync.
func (w *podWorker) remember(key string, obj api.Object) {
	if w.objs == nil {
		w.objs = map[string]api.Object{}
	}
	w.objs[key] = obj
}

func (w *podWorker) known(key string) (api.Object, bool) {
	obj, ok := w.objs[key]
	return obj, ok
}

// changes reports whether the volume's files come from objects that can
// change (a ConfigMap or Secret other than the cluster's CA, the Pod's own
// metadata): the periodic sync rewrites those.
func changes(spec *api.Volume) bool {
	switch {
	case spec.ConfigMap != nil || spec.Secret != nil || spec.DownwardAPI != nil:
		return true
	case spec.Projected != nil:
		for _, src := range spec.Projected.Sources {
			if src.ConfigMap != nil && src.ConfigMap.Name != rootCAConfigMap || src.Secret != nil || src.DownwardAPI != nil {
				return true
			}
		}
	}
	return false
}

// mounts are c's volume mounts as the runtime mounts them: a subPath binds
// what it names now (made when missing, in a writable volume).
func (w *podWorker) mounts(c *container) []runtime.Mount {
	var out []runtime.Mount
	for _, m := range c.spec.VolumeMounts {
		v := w.podVolume(m.Name)
		if v == nil {
			continue
		}
		root := v.root
		if sub := strings.Trim(path.Clean("/"+m.SubPath), "/"); m.SubPath != "" && sub != "" {
			t := runtime.NewTree(v.root, false, nil, w.now)
			if _, err := t.Stat(runtime.Root, "/"+sub); err != nil && !v.projected {
				t.Seed("/"+sub+"/.keep", nil)
				_ = t.Remove(runtime.Root, "/"+sub+"/.keep", false)
			}
			root = runtime.Resolve(v.root, "/"+sub)
			if root == nil {
				continue
			}
		}
		out = append(out, runtime.Mount{Path: m.MountPath, Root: root, ReadOnly: m.ReadOnly || v.readOnly, Source: v.source, Type: v.fsType})
	}
	return out
}

// syncFiles puts into each container's file system what its script has
// written by now (the volumes they share carry it to the others), before
// kubectl exec or an HTTP request reads them: the Pod's containers, and
// those of the node's Pods that share its directories (hostPath and
// PersistentVolumes).
func (k *Kubelet) syncFiles(w *podWorker, now time.Time) {
	for _, key := range k.workerKeys() {
		if o := k.workers[key]; o == w || o.sharesNode() {
			o.syncFiles(now)
		}
	}
}

// sharesNode reports whether the Pod mounts a directory of the node.
func (w *podWorker) sharesNode() bool {
	for _, v := range w.pod.Spec.Volumes {
		if v.HostPath != nil || v.PersistentVolumeClaim != nil {
			return true
		}
	}
	return false
}

func (w *podWorker) syncFiles(now time.Time) {
	w.refreshVolumes(now)
	for _, c := range w.all() {
		inst := c.cur
		if inst == nil || now.Before(inst.startedAt) {
			continue
		}
		end := now
		if !inst.endedAt.IsZero() && inst.endedAt.Before(now) {
			end = inst.endedAt
		}
		inst.proc.SyncFiles(inst.proc.FilesAt(inst.startedAt, end.Sub(inst.startedAt)))
	}
}

// identity is c's securityContext as the runtime applies it: the
// container's settings over the Pod's.
func (w *podWorker) identity(c *container, s *runtime.Spec) {
	if p := w.pod.Spec.SecurityContext; p != nil {
		s.RunAsUser, s.RunAsGroup = p.RunAsUser, p.RunAsGroup
		s.StrictGroups = p.SupplementalGroupsPolicy != nil && *p.SupplementalGroupsPolicy == "Strict"
		s.SupplementalGroups = append(s.SupplementalGroups, p.SupplementalGroups...)
		if p.FSGroup != nil {
			s.SupplementalGroups = append(s.SupplementalGroups, *p.FSGroup)
		}
	}
	if sc := c.spec.SecurityContext; sc != nil {
		if sc.RunAsUser != nil {
			s.RunAsUser = sc.RunAsUser
		}
		if sc.RunAsGroup != nil {
			s.RunAsGroup = sc.RunAsGroup
		}
		s.ReadOnlyRoot = sc.ReadOnlyRootFilesystem != nil && *sc.ReadOnlyRootFilesystem
		privileged := sc.Privileged != nil && *sc.Privileged
		s.NoNewPrivs = sc.AllowPrivilegeEscalation != nil && !*sc.AllowPrivilegeEscalation && !privileged
		if caps := sc.Capabilities; caps != nil {
			for _, a := range caps.Add {
				s.CapAdd = append(s.CapAdd, string(a))
			}
			for _, d := range caps.Drop {
				s.CapDrop = append(s.CapDrop, string(d))
			}
		}
		if privileged {
			s.CapAdd = append(s.CapAdd, "ALL")
		}
	}
}

// verifyRunAsNonRoot refuses a container that must not run as root but
// would (kuberuntime's verifyRunAsNonRoot; every image here runs as root
// unless told otherwise).
func (w *podWorker) verifyRunAsNonRoot(c *container) error {
	nonRoot, uid := false, (*int64)(nil)
	if p := w.pod.Spec.SecurityContext; p != nil {
		nonRoot, uid = p.RunAsNonRoot != nil && *p.RunAsNonRoot, p.RunAsUser
	}
	if sc := c.spec.SecurityContext; sc != nil {
		if sc.RunAsNonRoot != nil {
			nonRoot = *sc.RunAsNonRoot
		}
		if sc.RunAsUser != nil {
			uid = sc.RunAsUser
		}
	}
	switch {
	case !nonRoot:
		return nil
	case uid != nil && *uid == 0:
		return fmt.Errorf("container's runAsUser breaks non-root policy (pod: %q, container: %s)", w.podDesc(), c.name())
	case uid == nil:
		return fmt.Errorf("container has runAsNonRoot and image will run as root (pod: %q, container: %s)", w.podDesc(), c.name())
	}
	return nil
}
