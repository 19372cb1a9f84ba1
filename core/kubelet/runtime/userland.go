package runtime

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
)

// A container's userland: the file system it sees (its image's, then its
// volumes), the user its processes run as, and its processes. Start builds
// it; kubectl exec's utilities (utils.go) and the HTTP servers read it.

// userland builds the container's file system and user.
func (p *Process) userland() {
	root, workdir := buildRoot(p.repo.Name, p.flavour)
	p.workdir = workdir
	clock := p.spec.Clock
	if clock == nil {
		clock = func() time.Time { return root.MTime }
	}
	p.fs = NewTree(root, p.spec.ReadOnlyRoot, p.spec.Mounts, clock)
	p.managedFiles()
	// The files the kubelet says the container finds (its volumes' items,
	// what earlier containers left in an emptyDir) that no mount holds yet.
	for _, f := range sortedFileKeys(p.spec.Files) {
		if _, err := p.fs.Stat(Root, f); err != nil && f != "/etc/hosts" && f != "/etc/resolv.conf" {
			p.fs.Seed(f, linesData(p.spec.Files[f]))
		}
	}
	p.user = p.identity()
	p.nextPID = 7
}

// managedFiles are the files the kubelet and the runtime write into every
// container: /etc/hostname, /etc/hosts and /etc/resolv.conf (the Pod's,
// Spec.Files, else as the kubelet writes them for ClusterFirst).
func (p *Process) managedFiles() {
	put := func(name, body string) { p.fs.Seed(name, []byte(body)) }
	put("/etc/hostname", p.spec.hostname()+"\n")
	if lines, ok := p.spec.Files["/etc/hosts"]; ok {
		put("/etc/hosts", strings.Join(lines, "\n")+"\n")
	} else {
		put("/etc/hosts", "# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n"+p.spec.PodIP+"\t"+p.spec.hostname()+"\n")
	}
	if lines, ok := p.spec.Files["/etc/resolv.conf"]; ok {
		put("/etc/resolv.conf", strings.Join(lines, "\n")+"\n")
	} else {
		// The kubelet's clusterDNS (kind's kube-dns Service address).
		ns := "10.96.0.10"
		namespace := p.spec.Namespace
		if namespace == "" {
			namespace = "default"
		}
		put("/etc/resolv.conf", fmt.Sprintf("search %s.svc.cluster.local svc.cluster.local cluster.local\nnameserver %s\noptions ndots:5\n", namespace, ns))
	}
}

// passwdEntry is a line of /etc/passwd or /etc/group: name, id, primary
// gid (passwd) or members (group).
type passwdEntry struct {
	name    string
	id, gid int64
	members []string
}

func (p *Process) entries(file string) []passwdEntry {
	data, err := p.fs.ReadFile(Root, file)
	if err != nil {
		return nil
	}
	var out []passwdEntry
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Split(l, ":")
		if len(f) < 4 {
			continue
		}
		id, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil {
			continue
		}
		e := passwdEntry{name: f[0], id: id}
		if file == "/etc/passwd" {
			e.gid, _ = strconv.ParseInt(f[3], 10, 64)
		} else if f[3] != "" {
			e.members = strings.Split(f[3], ",")
		}
		out = append(out, e)
	}
	return out
}

// home is the user's home directory in /etc/passwd; / when it has none
// (containerd's default).
func (p *Process) home() string {
	data, _ := p.fs.ReadFile(Root, "/etc/passwd")
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Split(l, ":"); len(f) >= 6 && f[2] == strconv.FormatInt(p.user.UID, 10) {
			return f[5]
		}
	}
	return "/"
}

// userName and groupName are the names /etc/passwd and /etc/group give
// an id, or "" when they have none.
func (p *Process) userName(uid int64) string {
	for _, e := range p.entries("/etc/passwd") {
		if e.id == uid {
			return e.name
		}
	}
	return ""
}

func (p *Process) groupName(gid int64) string {
	for _, e := range p.entries("/etc/group") {
		if e.id == gid {
			return e.name
		}
	}
	return ""
}

// identity is who the container's processes run as, as containerd sets
// it: runAsUser (else the image's user, root), runAsGroup (else the
// user's group in /etc/passwd, else 0), and as supplementary groups the
// primary group, the groups /etc/group lists the user in, and the Pod's
// supplementalGroups and fsGroup.
func (p *Process) identity() User {
	u := User{}
	if p.spec.RunAsUser != nil {
		u.UID = *p.spec.RunAsUser
	}
	name := ""
	for _, e := range p.entries("/etc/passwd") {
		if e.id == u.UID {
			name, u.GID = e.name, e.gid
			break
		}
	}
	if p.spec.RunAsGroup != nil {
		u.GID = *p.spec.RunAsGroup
	}
	groups := map[int64]bool{u.GID: true}
	if name != "" && !p.spec.StrictGroups {
		for _, e := range p.entries("/etc/group") {
			for _, m := range e.members {
				if m == name {
					groups[e.id] = true
				}
			}
		}
	}
	for _, g := range p.spec.SupplementalGroups {
		groups[g] = true
	}
	for g := range groups {
		u.Groups = append(u.Groups, g)
	}
	sort.Slice(u.Groups, func(i, j int) bool { return u.Groups[i] < u.Groups[j] })
	return u
}

// User is who the container's processes run as.
func (p *Process) User() User { return p.user }

// FS is the container's file system.
func (p *Process) FS() *Tree { return p.fs }

// SyncFiles puts into the container's file system what its script has
// written by now (files by absolute path, as FilesAt returns them): a file
// the script changed since the last call is written again, one it removed
// is removed. Writes to volumes reach the containers sharing them.
func (p *Process) SyncFiles(files map[string][]string) {
	if p.fs == nil || files == nil {
		return
	}
	if p.synced == nil {
		p.synced = map[string]string{}
	}
	for _, f := range sortedFileKeys(files) {
		if strings.HasPrefix(f, "/proc/") || strings.HasPrefix(f, "/dev/") || strings.HasPrefix(f, "/sys/") {
			continue
		}
		body := ""
		if lines := files[f]; len(lines) > 0 {
			body = strings.Join(lines, "\n") + "\n"
		}
		if old, ok := p.synced[f]; ok && old == body {
			continue
		}
		p.synced[f] = body
		if cur, err := p.fs.ReadFile(Root, f); err == nil && string(cur) == body {
			continue
		}
		_ = p.fs.Mkdir(Root, path.Dir(f), true)
		_ = p.fs.WriteFile(p.user, f, []byte(body), false)
	}
	for f := range p.synced {
		if _, ok := files[f]; !ok {
			delete(p.synced, f)
			_ = p.fs.Remove(p.user, f, false)
		}
	}
}

func sortedFileKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ReadServed is a file a static server (nginx's html root) answers with:
// a directory answers its index.html.
func (p *Process) ReadServed(root, urlPath string) ([]byte, bool) {
	if p.fs == nil {
		return nil, false
	}
	f := path.Join(root, path.Clean("/"+urlPath))
	if fi, err := p.fs.Stat(p.user, f); err == nil && fi.Mode.IsDir() {
		f = path.Join(f, "index.html")
	}
	data, err := p.fs.ReadFile(p.user, f)
	return data, err == nil
}

// pid1 is what ps shows for the container's main process: a shell's -c
// script that is one simple command is exec'd by the shell, so PID 1 is
// that command.
func (p *Process) pid1() string {
	argv := p.Argv
	if len(argv) >= 3 {
		if b := path.Base(argv[0]); (b == "sh" || b == "bash" || b == "ash" || b == "dash") && strings.HasPrefix(argv[1], "-") && strings.Contains(argv[1], "c") {
			s := strings.TrimSpace(argv[2])
			if s != "" && !strings.ContainsAny(s, ";&|<>\n$`(") && !strings.HasPrefix(s, "while") && !strings.HasPrefix(s, "for ") && !strings.HasPrefix(s, "if ") {
				return s
			}
		}
	}
	return strings.Join(argv, " ")
}

// fileMode formats a mode as ls prints it: drwxrwsrwx, -rw-r--r--.
func fileMode(m fs.FileMode) string {
	b := []byte("----------")
	switch {
	case m&fs.ModeDir != 0:
		b[0] = 'd'
	case m&fs.ModeSymlink != 0:
		b[0] = 'l'
	}
	const rwx = "rwxrwxrwx"
	for i := 0; i < 9; i++ {
		if m&(1<<uint(8-i)) != 0 {
			b[i+1] = rwx[i]
		}
	}
	if m&fs.ModeSetgid != 0 {
		if b[6] == 'x' {
			b[6] = 's'
		} else {
			b[6] = 'S'
		}
	}
	if m&fs.ModeSticky != 0 {
		if b[9] == 'x' {
			b[9] = 't'
		} else {
			b[9] = 'T'
		}
	}
	return string(b)
}
