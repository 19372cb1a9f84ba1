//go:build !lite

package runtime

import (
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

// The utilities a first session rarely types (the lite build leaves them
// out, utils_lite.go): cp, mv, stat, mount, id, whoami, and /proc.

// more runs the utilities of this file.
func (t *tools) more(name string, args []string) int32 {
	switch name {
	case "cp", "mv":
		return t.cp(args, name == "mv")
	case "stat":
		return t.stat(args)
	case "mount":
		t.mount()
	case "id":
		return t.id(args)
	case "whoami":
		return t.whoami()
	}
	return 0
}

// Linux capability numbers (include/uapi/linux/capability.h) and the set
// containerd grants by default.
var capBits = map[string]uint{"CHOWN": 0, "DAC_OVERRIDE": 1, "DAC_READ_SEARCH": 2, "FOWNER": 3, "FSETID": 4, "KILL": 5, "SETGID": 6,
	"SETUID": 7, "SETPCAP": 8, "LINUX_IMMUTABLE": 9, "NET_BIND_SERVICE": 10, "NET_BROADCAST": 11, "NET_ADMIN": 12, "NET_RAW": 13,
	"IPC_LOCK": 14, "IPC_OWNER": 15, "SYS_MODULE": 16, "SYS_RAWIO": 17, "SYS_CHROOT": 18, "SYS_PTRACE": 19, "SYS_PACCT": 20,
	"SYS_ADMIN": 21, "SYS_BOOT": 22, "SYS_NICE": 23, "SYS_RESOURCE": 24, "SYS_TIME": 25, "SYS_TTY_CONFIG": 26, "MKNOD": 27,
	"LEASE": 28, "AUDIT_WRITE": 29, "AUDIT_CONTROL": 30, "SETFCAP": 31}

const defaultCaps = 0xa80425fb

// cp and mv copy files (cp -r directories); the target may be a directory.
func (t *tools) cp(args []string, move bool) int32 {
	name := "cp"
	if move {
		name = "mv"
	}
	flags, ops := flagsAndOperands(args)
	if len(ops) < 2 {
		t.fail(name + ": missing file operand")
		return 1
	}
	dst := ops[len(ops)-1]
	var code int32
	for _, src := range ops[:len(ops)-1] {
		to := t.abs(dst)
		if fi, err := t.p.fs.Stat(t.sh.user, to); err == nil && fi.Mode.IsDir() {
			to = path.Join(to, path.Base(src))
		}
		var err error
		if move {
			err = t.p.fs.Rename(t.sh.user, t.abs(src), to)
		} else {
			err = t.copyTree(t.abs(src), to, strings.ContainsAny(flags, "rRa"), 0)
		}
		if err != nil {
			code = 1
			switch {
			case err == ENOENT && t.busybox():
				t.fail(name + ": can't stat '" + src + "': " + err.Error())
			case err == ENOENT:
				t.fail(name + ": cannot stat '" + src + "': " + err.Error())
			case err == EISDIR && t.busybox():
				t.fail(name + ": omitting directory '" + src + "'")
			case err == EISDIR:
				t.fail(name + ": -r not specified; omitting directory '" + src + "'")
			case move:
				t.failAs("mv: can't rename '"+src+"': ", "mv: cannot move '"+src+"' to '"+dst+"': ", err)
			case t.busybox():
				t.fail(name + ": can't create '" + dst + "': " + err.Error())
			default:
				t.fail(name + ": cannot create regular file '" + dst + "': " + err.Error())
			}
			continue
		}
	}
	return code
}

func (t *tools) copyTree(from, to string, recursive bool, depth int) error {
	fi, err := t.p.fs.Stat(t.sh.user, from)
	if err != nil {
		return err
	}
	if !fi.Mode.IsDir() {
		data, err := t.p.fs.ReadFile(t.sh.user, from)
		if err != nil {
			return err
		}
		return t.p.fs.WriteFile(t.sh.user, to, data, false)
	}
	if !recursive {
		return EISDIR
	}
	if depth > 32 {
		return ELOOP
	}
	if err := t.p.fs.Mkdir(t.sh.user, to, false); err != nil && err != EEXIST {
		return err
	}
	kids, err := t.p.fs.ReadDir(t.sh.user, from)
	if err != nil {
		return err
	}
	for _, k := range kids {
		if err := t.copyTree(path.Join(from, k.Name), path.Join(to, k.Name), true, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// stat prints a file's stat, as busybox and coreutils word it.
func (t *tools) stat(args []string) int32 {
	_, files := flagsAndOperands(args)
	var code int32
	for _, f := range files {
		fi, err := t.p.fs.Lstat(t.sh.user, t.abs(f))
		if err != nil {
			t.failAs("stat: can't stat '"+f+"': ", "stat: cannot statx '"+f+"': ", err)
			code = 1
			continue
		}
		kind := "regular file"
		switch {
		case fi.Mode.IsDir():
			kind = "directory"
		case fi.Mode&fs.ModeSymlink != 0:
			kind = "symbolic link"
			f += " -> " + fi.Target
		case fi.Size == 0:
			kind = "regular empty file"
		}
		perm := fi.Mode.Perm()
		if fi.Mode&fs.ModeSetgid != 0 {
			perm |= 0o2000
		}
		if fi.Mode&fs.ModeSticky != 0 {
			perm |= 0o1000
		}
		when := fi.MTime.UTC().Format("2006-01-02 15:04:05.000000000 -0700")
		t.sh.print("  File: " + f)
		t.sh.print(fmt.Sprintf("  Size: %-15d Blocks: %-10d IO Block: 4096   %s", fi.Size, (fi.Size+4095)/4096*8, kind))
		t.sh.print(fmt.Sprintf("Access: (%04o/%s)  Uid: (%5d/%8s)   Gid: (%5d/%8s)", uint32(perm), fileMode(fi.Mode), fi.UID, t.ownerName(fi.UID), fi.GID, t.groupName(fi.GID)))
		t.sh.print("Modify: " + when)
	}
	return code
}

// mount lists the container's mounts as /proc/mounts has them.
func (t *tools) mount() {
	ro := "rw"
	if t.p.spec.ReadOnlyRoot {
		ro = "ro"
	}
	t.sh.print("overlay on / type overlay (" + ro + ",relatime,lowerdir=/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/1/fs,upperdir=/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/2/fs,workdir=/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/2/work)")
	t.sh.print("proc on /proc type proc (rw,nosuid,nodev,noexec,relatime)")
	t.sh.print("tmpfs on /dev type tmpfs (rw,nosuid,size=65536k,mode=755)")
	t.sh.print("sysfs on /sys type sysfs (ro,nosuid,nodev,noexec,relatime)")
	for _, m := range t.p.fs.Mounts() {
		opt := "rw"
		if m.ReadOnly {
			opt = "ro"
		}
		src, typ := m.Source, m.Type
		if src == "" {
			src = "/dev/vda1"
		}
		if typ == "" {
			typ = "ext4"
		}
		t.sh.print(fmt.Sprintf("%s on %s type %s (%s,relatime)", src, m.Path, typ, opt))
	}
}

// id prints the process's identity: busybox lists the groups sorted,
// coreutils the primary group first; names where /etc/passwd and
// /etc/group have them.
func (t *tools) id(args []string) int32 {
	flags, _ := flagsAndOperands(args)
	u := t.sh.user
	name := func(id int64, n string) string {
		if n == "" {
			return strconv.FormatInt(id, 10)
		}
		return fmt.Sprintf("%d(%s)", id, n)
	}
	plain := func(id int64, n string) string {
		if strings.Contains(flags, "n") && n != "" {
			return n
		}
		return strconv.FormatInt(id, 10)
	}
	groups := u.Groups
	if !t.busybox() {
		groups = append([]int64{u.GID}, without(u.Groups, u.GID)...)
	}
	switch {
	case strings.Contains(flags, "u"):
		t.sh.print(plain(u.UID, t.p.userName(u.UID)))
		return 0
	case strings.Contains(flags, "G"):
		var out []string
		for _, g := range groups {
			out = append(out, plain(g, t.p.groupName(g)))
		}
		t.sh.print(strings.Join(out, " "))
		return 0
	case strings.Contains(flags, "g"):
		t.sh.print(plain(u.GID, t.p.groupName(u.GID)))
		return 0
	}
	var gs []string
	for _, g := range groups {
		gs = append(gs, name(g, t.p.groupName(g)))
	}
	line := "uid=" + name(u.UID, t.p.userName(u.UID)) + " gid=" + name(u.GID, t.p.groupName(u.GID))
	if len(gs) > 0 {
		line += " groups=" + strings.Join(gs, ",")
	}
	t.sh.print(line)
	return 0
}

func without(l []int64, x int64) []int64 {
	var out []int64
	for _, v := range l {
		if v != x {
			out = append(out, v)
		}
	}
	return out
}

func (t *tools) whoami() int32 {
	uid := t.sh.user.UID
	if n := t.p.userName(uid); n != "" {
		t.sh.print(n)
		return 0
	}
	if t.busybox() {
		t.fail(fmt.Sprintf("whoami: unknown uid %d", uid))
	} else {
		t.fail(fmt.Sprintf("whoami: cannot find name for user ID %d", uid))
	}
	return 1
}

// caps is the container's capability set: the default, with the
// securityContext's add and drop (ALL drops them all); none for a
// non-root user.
func (p *Process) caps() uint64 {
	c := uint64(defaultCaps)
	for _, d := range p.spec.CapDrop {
		if d = strings.TrimPrefix(strings.ToUpper(d), "CAP_"); d == "ALL" {
			c = 0
		} else if b, ok := capBits[d]; ok {
			c &^= 1 << b
		}
	}
	for _, a := range p.spec.CapAdd {
		if a = strings.TrimPrefix(strings.ToUpper(a), "CAP_"); a == "ALL" {
			c = 0xffffffffff
		} else if b, ok := capBits[a]; ok {
			c |= 1 << b
		}
	}
	return c
}

// procFile is a file under /proc: a process's status and cmdline.
func (t *tools) procFile(p string) (string, bool) {
	rest, ok := strings.CutPrefix(p, "/proc/")
	if !ok {
		return "", false
	}
	pid, file, _ := strings.Cut(rest, "/")
	if pid == "self" || pid == strconv.Itoa(t.p.nextPID) {
		pid = "self"
	}
	if pid != "1" && pid != "self" {
		return "", false
	}
	argv := strings.Fields(t.p.pid1())
	if pid == "self" {
		argv = []string{"cat", p}
	}
	u := t.sh.user
	switch file {
	case "cmdline":
		return strings.Join(argv, "\x00") + "\x00", true
	case "status":
		nnp := 0
		if t.p.spec.NoNewPrivs {
			nnp = 1
		}
		caps := t.p.caps()
		eff := caps
		if u.UID != 0 {
			eff = 0
		}
		var gs []string
		for _, g := range u.Groups {
			gs = append(gs, strconv.FormatInt(g, 10))
		}
		name := baseName(argv)
		if len(name) > 15 {
			name = name[:15]
		}
		return fmt.Sprintf("Name:\t%s\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t1\nNgid:\t0\nPid:\t1\nPPid:\t0\nTracerPid:\t0\n"+
			"Uid:\t%d\t%d\t%d\t%d\nGid:\t%d\t%d\t%d\t%d\nFDSize:\t64\nGroups:\t%s \n"+
			"CapInh:\t0000000000000000\nCapPrm:\t%016x\nCapEff:\t%016x\nCapBnd:\t%016x\nCapAmb:\t0000000000000000\n"+
			"NoNewPrivs:\t%d\nSeccomp:\t2\nSeccomp_filters:\t1\n",
			name, u.UID, u.UID, u.UID, u.UID, u.GID, u.GID, u.GID, u.GID, strings.Join(gs, " "), eff, eff, caps, nnp), true
	}
	return "", false
}
