package runtime

import (
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"
)

// A container's file system: one in-memory tree per container start (the
// image's root file system, rootfs.yaml, plus the writable layer on top of
// it: what the container writes lives until it restarts), with the Pod's
// volumes mounted where the Pod says. A volume is an Inode tree the kubelet
// owns and shares: an emptyDir between the Pod's containers, a hostPath
// between every Pod of the node. Times are virtual.

// User is who a process runs as: its uid, primary gid and supplementary
// groups (sorted, as the kernel keeps them).
type User struct {
	UID, GID int64
	Groups   []int64
}

// Root is uid 0 with gid 0.
var Root = User{Groups: []int64{0}}

func (u User) inGroup(g int64) bool {
	if u.GID == g {
		return true
	}
	for _, x := range u.Groups {
		if x == g {
			return true
		}
	}
	return false
}

// FS is what a container's programs call: paths are absolute (the caller
// resolves its working directory), and every call names the user it acts
// for. An interpreter needs nothing else.
type FS interface {
	Stat(u User, p string) (FileInfo, error) // follows a final symlink
	Lstat(u User, p string) (FileInfo, error)
	ReadFile(u User, p string) ([]byte, error)
	WriteFile(u User, p string, data []byte, appendTo bool) error
	ReadDir(u User, p string) ([]FileInfo, error)
	Mkdir(u User, p string, parents bool) error
	Remove(u User, p string, recursive bool) error
	Readlink(u User, p string) (string, error)
}

// FileInfo is what stat says of a file.
type FileInfo struct {
	Name     string
	Mode     fs.FileMode // type bits (ModeDir, ModeSymlink), ModeSetgid, ModeSticky, permissions
	UID, GID int64
	Size     int64
	Blocks   int64 // in 1K units, as ls -l's total counts them
	MTime    time.Time
	Nlink    int
	Target   string // a symlink's
}

// Errno is a system call's error as utilities print it (strerror).
type Errno string

func (e Errno) Error() string { return string(e) }

// The errors the file system returns.
const (
	ENOENT    Errno = "No such file or directory"
	EROFS     Errno = "Read-only file system"
	EACCES    Errno = "Permission denied"
	ENOTDIR   Errno = "Not a directory"
	EISDIR    Errno = "Is a directory"
	EEXIST    Errno = "File exists"
	ENOTEMPTY Errno = "Directory not empty"
	ELOOP     Errno = "Too many levels of symbolic links"
	EBUSY     Errno = "Resource busy"
)

// Inode is a file, directory or symlink. Volumes are Inodes the kubelet
// holds: mounting one shares it.
type Inode struct {
	Mode     fs.FileMode
	UID, GID int64
	MTime    time.Time
	Data     []byte
	Target   string
	Kids     map[string]*Inode
	// tmpfs: a directory of a memory-backed volume (Secrets, the
	// projected token): its size counts its entries, as tmpfs does.
	tmpfs bool
	// shared: part of an image's root file system, which every container
	// of the image reads; a write copies it first (copy on write).
	shared bool
}

// own is n, or a copy of it the writer owns (its entries still shared).
func (n *Inode) own() *Inode {
	if !n.shared {
		return n
	}
	c := *n
	c.shared = false
	if n.Kids != nil {
		c.Kids = make(map[string]*Inode, len(n.Kids))
		for name, k := range n.Kids {
			c.Kids[name] = k
		}
	}
	return &c
}

// share marks n and everything under it as an image's.
func (n *Inode) share() {
	n.shared = true
	for _, k := range n.Kids {
		k.share()
	}
}

// NewDir returns an empty directory.
func NewDir(mode fs.FileMode, uid, gid int64, at time.Time) *Inode {
	return &Inode{Mode: fs.ModeDir | mode, UID: uid, GID: gid, MTime: at, Kids: map[string]*Inode{}}
}

// IsDir reports whether n is a directory.
func (n *Inode) IsDir() bool { return n.Mode&fs.ModeDir != 0 }

func (n *Inode) isLink() bool { return n.Mode&fs.ModeSymlink != 0 }

// Put places a file (or symlink when target != "") at rel under the
// directory n, making the directories on the way (0755, owner uid/gid).
func (n *Inode) Put(rel string, data []byte, target string, mode fs.FileMode, uid, gid int64, at time.Time) *Inode {
	dir := n
	parts := strings.Split(strings.Trim(path.Clean("/"+rel), "/"), "/")
	for _, c := range parts[:len(parts)-1] {
		next := dir.Kids[c]
		if next == nil || !next.IsDir() {
			next = NewDir(0o755, uid, gid, at)
			dir.Kids[c] = next
		}
		dir = next
	}
	f := &Inode{Mode: mode.Perm() | mode&(fs.ModeSetgid|fs.ModeSticky), UID: uid, GID: gid, MTime: at, Data: data}
	if target != "" {
		f.Mode, f.Target, f.Data = fs.ModeSymlink|0o777, target, nil
	}
	dir.Kids[parts[len(parts)-1]] = f
	return f
}

// MkdirAll makes the directory rel under n (and those on the way).
func (n *Inode) MkdirAll(rel string, mode fs.FileMode, uid, gid int64, at time.Time) *Inode {
	dir := n
	for _, c := range strings.Split(strings.Trim(path.Clean("/"+rel), "/"), "/") {
		if c == "" {
			continue
		}
		next := dir.Kids[c]
		if next == nil || !next.IsDir() {
			next = NewDir(mode, uid, gid, at)
			dir.Kids[c] = next
		}
		dir = next
	}
	return dir
}

// Chown sets the group of n and everything under it and makes it group
// readable (and directories setgid), as the kubelet does for fsGroup.
func (n *Inode) Chown(gid int64, write bool) {
	n.GID = gid
	if n.isLink() {
		return
	}
	n.Mode |= 0o040
	if write {
		n.Mode |= 0o020
	}
	if n.IsDir() {
		n.Mode |= fs.ModeSetgid | 0o010
		for _, k := range n.Kids {
			k.Chown(gid, write)
		}
	}
}

func (n *Inode) info(name string) FileInfo {
	fi := FileInfo{Name: name, Mode: n.Mode, UID: n.UID, GID: n.GID, MTime: n.MTime, Nlink: 1, Target: n.Target}
	switch {
	case n.IsDir():
		fi.Nlink = 2
		for _, k := range n.Kids {
			if k.IsDir() {
				fi.Nlink++
			}
		}
		fi.Size, fi.Blocks = 4096, 4
		if n.tmpfs {
			fi.Size, fi.Blocks = int64(40+20*len(n.Kids)), 0
		}
	case n.isLink():
		fi.Size = int64(len(n.Target))
	default:
		fi.Size = int64(len(n.Data))
		fi.Blocks = (fi.Size + 4095) / 4096 * 4
	}
	return fi
}

// MarkTmpfs marks n and the directories under it as a tmpfs's (their
// size counts their entries).
func MarkTmpfs(n *Inode) {
	if !n.IsDir() {
		return
	}
	n.tmpfs = true
	for _, k := range n.Kids {
		MarkTmpfs(k)
	}
}

// Resolve is what rel names under the directory root, its symlinks
// followed within it (a subPath mount binds that); nil when nothing.
func Resolve(root *Inode, rel string) *Inode {
	f, err := NewTree(root, false, nil, func() time.Time { return root.MTime }).walk(Root, rel, true)
	if err != nil {
		return nil
	}
	return f.node
}

// Mount is a volume (or a file of one) mounted into a container.
type Mount struct {
	Path     string
	Root     *Inode
	ReadOnly bool
	// Source and Type are what mount prints: /dev/vda1 on /data type ext4.
	Source, Type string
}

// Tree is one container's file system: FS over a root directory and its
// mounts.
type Tree struct {
	root     *Inode
	readOnly bool // readOnlyRootFilesystem
	mounts   []Mount
	now      func() time.Time
	// force: the runtime itself writes (read-only mounts do not refuse it).
	force bool
	// writing: the walk is a write's; it copies the image's directories
	// and files on its way.
	writing bool
}

// NewTree returns a file system over root with mounts; now stamps writes.
func NewTree(root *Inode, readOnly bool, mounts []Mount, now func() time.Time) *Tree {
	t := &Tree{root: root.own(), readOnly: readOnly, now: now}
	for _, m := range mounts {
		m.Path = path.Clean(m.Path)
		// runc makes the mount point (root-owned) when the image lacks it.
		if _, err := t.Lstat(Root, m.Path); err != nil && m.Path != "/" {
			if m.Root.IsDir() {
				t.force = true
				_ = t.Mkdir(Root, m.Path, true)
				t.force = false
			} else {
				t.Seed(m.Path, nil)
			}
		}
		t.mounts = append(t.mounts, m)
	}
	return t
}

// Seed writes a file as the runtime does (as root, read-only or not),
// making its directories.
func (t *Tree) Seed(p string, data []byte) {
	t.force = true
	defer func() { t.force = false }()
	_ = t.Mkdir(Root, path.Dir(p), true)
	_ = t.WriteFile(Root, p, data, false)
}

// Mounts are the tree's mounts, in order.
func (t *Tree) Mounts() []Mount { return t.mounts }

func (t *Tree) mountAt(p string) *Mount {
	for i := len(t.mounts) - 1; i >= 0; i-- {
		if t.mounts[i].Path == p {
			return &t.mounts[i]
		}
	}
	return nil
}

// found is a resolved path: the node (nil when the last name does not
// exist), its directory and name, and whether that place is read-only.
type found struct {
	node, dir *Inode
	name, abs string
	ro        bool
}

// walkW is walk for a write: what it passes it copies from the image.
func (t *Tree) walkW(u User, p string, followLast bool) (found, error) {
	t.writing = true
	defer func() { t.writing = false }()
	return t.walk(u, p, followLast)
}

func (t *Tree) walk(u User, p string, followLast bool) (found, error) {
	p = path.Clean("/" + p)
	for hops := 0; ; hops++ {
		if hops > 40 {
			return found{}, ELOOP
		}
		cur, curPath, ro := t.root, "/", t.readOnly
		if m := t.mountAt("/"); m != nil {
			cur, ro = m.Root, m.ReadOnly
		}
		comps := strings.Split(strings.Trim(p, "/"), "/")
		if p == "/" {
			return found{node: cur, dir: cur, name: "/", abs: "/", ro: ro}, nil
		}
		restart := false
		for i, c := range comps {
			if !cur.IsDir() {
				return found{}, ENOTDIR
			}
			if u.UID != 0 && !allowed(u, cur, 0o1) {
				return found{}, EACCES
			}
			childPath := path.Join(curPath, c)
			child, childRO := cur.Kids[c], ro
			if m := t.mountAt(childPath); m != nil {
				child, childRO = m.Root, m.ReadOnly
			} else if t.writing && child != nil && child.shared {
				child = child.own()
				cur.Kids[c] = child
			}
			last := i == len(comps)-1
			if child == nil {
				if last {
					return found{dir: cur, name: c, abs: childPath, ro: ro}, nil
				}
				return found{}, ENOENT
			}
			if child.isLink() && (!last || followLast) {
				target := child.Target
				if !strings.HasPrefix(target, "/") {
					target = path.Join(curPath, target)
				}
				p = path.Clean(target + "/" + strings.Join(comps[i+1:], "/"))
				restart = true
				break
			}
			if last {
				return found{node: child, dir: cur, name: c, abs: childPath, ro: childRO}, nil
			}
			cur, curPath, ro = child, childPath, childRO
		}
		if !restart {
			return found{}, ENOENT
		}
	}
}

// allowed checks the permission bits want (r=4, w=2, x=1) of n for u.
func allowed(u User, n *Inode, want fs.FileMode) bool {
	if u.UID == 0 {
		return true
	}
	perm := n.Mode.Perm()
	switch {
	case u.UID == n.UID:
		perm >>= 6
	case u.inGroup(n.GID):
		perm >>= 3
	}
	return perm&want == want
}

func (t *Tree) existing(u User, p string, follow bool) (found, error) {
	f, err := t.walk(u, p, follow)
	if err == nil && f.node == nil {
		err = ENOENT
	}
	return f, err
}

func (t *Tree) existingW(u User, p string) (found, error) {
	f, err := t.walkW(u, p, false)
	if err == nil && f.node == nil {
		err = ENOENT
	}
	return f, err
}

func (t *Tree) Stat(u User, p string) (FileInfo, error) {
	f, err := t.existing(u, p, true)
	if err != nil {
		return FileInfo{}, err
	}
	return f.node.info(f.name), nil
}

func (t *Tree) Lstat(u User, p string) (FileInfo, error) {
	f, err := t.existing(u, p, false)
	if err != nil {
		return FileInfo{}, err
	}
	return f.node.info(f.name), nil
}

func (t *Tree) ReadFile(u User, p string) ([]byte, error) {
	f, err := t.existing(u, p, true)
	switch {
	case err != nil:
		return nil, err
	case f.node.IsDir():
		return nil, EISDIR
	case !allowed(u, f.node, 0o4):
		return nil, EACCES
	}
	return f.node.Data, nil
}

func (t *Tree) WriteFile(u User, p string, data []byte, appendTo bool) error {
	f, err := t.walkW(u, p, true)
	if err != nil {
		return err
	}
	if f.node != nil {
		switch {
		case f.node.IsDir():
			return EISDIR
		case f.ro && !t.force:
			return EROFS
		case !allowed(u, f.node, 0o2):
			return EACCES
		}
		if appendTo {
			f.node.Data = append(append([]byte(nil), f.node.Data...), data...)
		} else {
			f.node.Data = append([]byte(nil), data...)
		}
		f.node.MTime = t.now()
		return nil
	}
	if err := t.creatable(u, f); err != nil {
		return err
	}
	f.dir.Kids[f.name] = &Inode{Mode: 0o644, UID: u.UID, GID: t.newGID(u, f.dir), MTime: t.now(), Data: append([]byte(nil), data...)}
	f.dir.MTime = t.now()
	return nil
}

func (t *Tree) creatable(u User, f found) error {
	if f.ro && !t.force {
		return EROFS
	}
	if !allowed(u, f.dir, 0o3) {
		return EACCES
	}
	return nil
}

// newEntry is where a new directory or symlink p goes: it must not exist,
// and u must be able to create it.
func (t *Tree) newEntry(u User, p string) (found, error) {
	f, err := t.walkW(u, p, false)
	switch {
	case err != nil:
		return f, err
	case f.node != nil:
		return f, EEXIST
	}
	return f, t.creatable(u, f)
}

// newGID is the group of a new file: the directory's when it is setgid.
func (t *Tree) newGID(u User, dir *Inode) int64 {
	if dir.Mode&fs.ModeSetgid != 0 {
		return dir.GID
	}
	return u.GID
}

func (t *Tree) ReadDir(u User, p string) ([]FileInfo, error) {
	f, err := t.existing(u, p, true)
	switch {
	case err != nil:
		return nil, err
	case !f.node.IsDir():
		return nil, ENOTDIR
	case !allowed(u, f.node, 0o4):
		return nil, EACCES
	}
	names := make([]string, 0, len(f.node.Kids))
	for name := range f.node.Kids {
		names = append(names, name)
	}
	sort.Strings(names)
	out := make([]FileInfo, 0, len(names))
	for _, name := range names {
		n := f.node.Kids[name]
		if m := t.mountAt(path.Join(f.abs, name)); m != nil {
			n = m.Root
		}
		out = append(out, n.info(name))
	}
	return out, nil
}

func (t *Tree) Mkdir(u User, p string, parents bool) error {
	if parents {
		dir := ""
		for _, c := range strings.Split(strings.Trim(path.Clean("/"+p), "/"), "/") {
			dir += "/" + c
			if fi, err := t.Stat(u, dir); err == nil {
				if !fi.Mode.IsDir() {
					return ENOTDIR
				}
				continue
			}
			if err := t.Mkdir(u, dir, false); err != nil {
				return err
			}
		}
		return nil
	}
	f, err := t.newEntry(u, p)
	if err != nil {
		return err
	}
	d := NewDir(0o755, u.UID, t.newGID(u, f.dir), t.now())
	if f.dir.Mode&fs.ModeSetgid != 0 {
		d.Mode |= fs.ModeSetgid
	}
	f.dir.Kids[f.name] = d
	f.dir.MTime = t.now()
	return nil
}

func (t *Tree) Remove(u User, p string, recursive bool) error {
	f, err := t.existingW(u, p)
	if err != nil {
		return err
	}
	if t.mountAt(f.abs) != nil || f.abs == "/" {
		return EBUSY
	}
	switch {
	case f.node.IsDir() && !recursive && len(f.node.Kids) > 0:
		return ENOTEMPTY
	case f.ro:
		return EROFS
	case !allowed(u, f.dir, 0o3):
		return EACCES
	}
	delete(f.dir.Kids, f.name)
	f.dir.MTime = t.now()
	return nil
}

func (t *Tree) Readlink(u User, p string) (string, error) {
	f, err := t.existing(u, p, false)
	if err != nil {
		return "", err
	}
	if !f.node.isLink() {
		return "", Errno("Invalid argument")
	}
	return f.node.Target, nil
}

// Symlink makes p a symlink to target.
func (t *Tree) Symlink(u User, target, p string) error {
	f, err := t.newEntry(u, p)
	if err != nil {
		return err
	}
	f.dir.Kids[f.name] = &Inode{Mode: fs.ModeSymlink | 0o777, UID: u.UID, GID: t.newGID(u, f.dir), MTime: t.now(), Target: target}
	return nil
}

// Rename moves from to to (mv), within the tree.
func (t *Tree) Rename(u User, from, to string) error {
	src, err := t.existingW(u, from)
	if err != nil {
		return err
	}
	dst, err := t.walkW(u, to, true)
	if err != nil {
		return err
	}
	if dst.node != nil && dst.node.IsDir() {
		if dst, err = t.walkW(u, path.Join(dst.abs, src.name), false); err != nil {
			return err
		}
	}
	if strings.HasPrefix(dst.abs+"/", src.abs+"/") {
		return Errno("Invalid argument") // into itself
	}
	if src.ro || dst.ro {
		return EROFS
	}
	if !allowed(u, src.dir, 0o3) || !allowed(u, dst.dir, 0o3) {
		return EACCES
	}
	delete(src.dir.Kids, src.name)
	dst.dir.Kids[dst.name] = src.node
	return nil
}
