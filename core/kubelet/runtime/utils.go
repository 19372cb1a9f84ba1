package runtime

import (
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"time"
)

// The utilities kubectl exec users type over the container's file system
// and processes: ls, cat, touch, mkdir, rm, cp, mv, stat, mount, cd, pwd,
// id, whoami, ps. Each image family words them as its own tool does:
// busybox's applets, or GNU coreutils in Debian-based images.

func (t *tools) busybox() bool { return t.p.flavour == "busybox" }

// abs is a path from the shell's working directory.
func (t *tools) abs(p string) string { return t.sh.abs(p) }

// fail prints a utility's error on stderr.
func (t *tools) fail(s string) { t.sh.eprint(s) }

// failAs prints an error in busybox's words or coreutils', then the
// system's (No such file or directory).
func (t *tools) failAs(busybox, gnu string, err error) {
	if t.busybox() {
		t.fail(busybox + err.Error())
	} else {
		t.fail(gnu + err.Error())
	}
}

// flagsAndOperands splits -abc options (as letters) from operands.
func flagsAndOperands(args []string) (flags string, ops []string) {
	done := false
	for _, a := range args {
		switch {
		case done || a == "-" || !strings.HasPrefix(a, "-"):
			ops = append(ops, a)
		case a == "--":
			done = true
		case strings.HasPrefix(a, "--"):
			flags += map[string]string{"--all": "a", "--recursive": "R", "--parents": "p", "--force": "f"}[a]
		default:
			flags += a[1:]
		}
	}
	return flags, ops
}

// readFile is a file as the container reads it: its file system, or the
// process information under /proc.
func (t *tools) readFile(p string) ([]byte, error) {
	p = t.abs(p)
	if body, ok := t.procFile(p); ok {
		return []byte(body), nil
	}
	return t.p.fs.ReadFile(t.sh.user, p)
}

func (t *tools) cat(args []string) int32 {
	_, files := flagsAndOperands(args)
	if len(files) == 0 {
		for _, l := range t.sh.stdin {
			t.sh.print(l)
		}
		return 0
	}
	var code int32
	for _, f := range files {
		data, err := t.readFile(f)
		if err == EISDIR && t.busybox() {
			t.fail("cat: read error: Is a directory")
			code = 1
			continue
		}
		if err != nil {
			t.failAs("cat: can't open '"+f+"': ", "cat: "+f+": ", err)
			code = 1
			continue
		}
		t.printData(data)
	}
	return code
}

// printData prints a file's bytes as lines (a last line without its
// newline is still one line).
func (t *tools) printData(data []byte) {
	if len(data) == 0 {
		return
	}
	t.print(strings.TrimSuffix(string(data), "\n"))
}

func (t *tools) touch(args []string) int32 {
	_, files := flagsAndOperands(args)
	var code int32
	for _, f := range files {
		p := t.abs(f)
		if err := t.p.fs.WriteFile(t.sh.user, p, nil, true); err != nil {
			t.failAs("touch: "+f+": ", "touch: cannot touch '"+f+"': ", err)
			code = 1
		}
	}
	return code
}

func (t *tools) mkdir(args []string) int32 {
	flags, dirs := flagsAndOperands(args)
	var code int32
	for _, d := range dirs {
		if err := t.p.fs.Mkdir(t.sh.user, t.abs(d), strings.Contains(flags, "p")); err != nil {
			t.failAs("mkdir: can't create directory '"+d+"': ", "mkdir: cannot create directory '"+d+"': ", err)
			code = 1
		}
	}
	return code
}

func (t *tools) rm(args []string) int32 {
	flags, files := flagsAndOperands(args)
	recursive, force := strings.ContainsAny(flags, "rR"), strings.Contains(flags, "f")
	var code int32
	for _, f := range files {
		fi, err := t.p.fs.Lstat(t.sh.user, t.abs(f))
		if err == nil && fi.Mode.IsDir() && !recursive {
			err = EISDIR
		} else if err == nil {
			err = t.p.fs.Remove(t.sh.user, t.abs(f), recursive)
		}
		if err == nil || force && err == ENOENT {
			continue
		}
		code = 1
		switch {
		case t.busybox() && err == EISDIR:
			t.fail("rm: '" + f + "' is a directory")
		case t.busybox():
			t.fail("rm: can't remove '" + f + "': " + err.Error())
		default:
			t.fail("rm: cannot remove '" + f + "': " + err.Error())
		}
	}
	return code
}

func (t *tools) cd(args []string) int32 {
	_, ops := flagsAndOperands(args)
	dir := "/root"
	if len(ops) > 0 {
		dir = ops[0]
	}
	if h, ok := t.sh.env["HOME"]; ok && len(ops) == 0 {
		dir = h
	}
	fi, err := t.p.fs.Stat(t.sh.user, t.abs(dir))
	if err == nil && !fi.Mode.IsDir() {
		err = ENOTDIR
	}
	if err != nil {
		switch t.p.flavour {
		case "busybox":
			t.fail("sh: cd: can't cd to " + dir + ": " + err.Error())
		case "dash":
			t.fail("sh: 1: cd: can't cd to " + dir)
		default:
			t.fail("sh: line 1: cd: " + dir + ": " + err.Error())
		}
		return 2
	}
	t.sh.cwd = t.abs(dir)
	t.sh.env["PWD"] = t.sh.cwd
	return 0
}

// ls lists directories: one name a line (kubectl exec without a
// terminal), -l long lines, -a with dot files, -R recursively.
func (t *tools) ls(args []string) int32 {
	flags, paths := flagsAndOperands(args)
	long, all, recursive, dirOnly := strings.ContainsAny(flags, "lgno"), strings.ContainsAny(flags, "aA"), strings.Contains(flags, "R"), strings.Contains(flags, "d")
	dotDirs := strings.Contains(flags, "a")
	if len(paths) == 0 {
		paths = []string{"."}
	}
	var code int32
	var files []FileInfo
	var dirs []string
	for _, p := range paths {
		fi, err := t.p.fs.Stat(t.sh.user, t.abs(p))
		if err != nil {
			if lfi, lerr := t.p.fs.Lstat(t.sh.user, t.abs(p)); lerr == nil {
				fi, err = lfi, nil
			}
		}
		if err != nil {
			t.failAs("ls: "+p+": ", "ls: cannot access '"+p+"': ", err)
			code = 2
			if t.busybox() {
				code = 1
			}
			continue
		}
		if lfi, err := t.p.fs.Lstat(t.sh.user, t.abs(p)); err == nil && long && lfi.Mode&fs.ModeSymlink != 0 && !strings.HasSuffix(p, "/") {
			fi = lfi // ls -l shows a symlink named on the command line, not its target
		}
		if fi.Mode.IsDir() && !dirOnly {
			dirs = append(dirs, p)
			continue
		}
		if long {
			if lfi, err := t.p.fs.Lstat(t.sh.user, t.abs(p)); err == nil {
				fi = lfi
			}
		}
		fi.Name = p
		files = append(files, fi)
	}
	printed := false
	if len(files) > 0 {
		t.listing(files, long, false)
		printed = true
	}
	header := len(paths) > 1 || recursive
	for len(dirs) > 0 {
		d := dirs[0]
		dirs = dirs[1:]
		entries, err := t.p.fs.ReadDir(t.sh.user, t.abs(d))
		if err != nil {
			t.failAs("ls: can't open '"+d+"': ", "ls: cannot open directory '"+d+"': ", err)
			code = 2
			continue
		}
		if header {
			if printed {
				t.sh.print("")
			}
			t.sh.print(d + ":")
		}
		printed = true
		var shown []FileInfo
		if dotDirs {
			self, _ := t.p.fs.Stat(t.sh.user, t.abs(d))
			up, _ := t.p.fs.Stat(t.sh.user, path.Dir(t.abs(d)))
			self.Name, up.Name = ".", ".."
			shown = append(shown, self, up)
		}
		var sub []string
		for _, e := range entries {
			if strings.HasPrefix(e.Name, ".") && !all {
				continue
			}
			shown = append(shown, e)
			if recursive && e.Mode.IsDir() {
				sub = append(sub, strings.TrimSuffix(d, "/")+"/"+e.Name)
			}
		}
		t.listing(shown, long, true)
		if len(dirs) < 10000 {
			dirs = append(sub, dirs...)
		}
	}
	return code
}

// listing prints names, or long lines: busybox's fixed columns, or
// coreutils' columns as wide as their widest entry.
func (t *tools) listing(entries []FileInfo, long, total bool) {
	if !long {
		for _, e := range entries {
			t.sh.print(e.Name)
		}
		return
	}
	now := t.sh.start.Add(t.sh.elapsed)
	if t.sh.start.IsZero() {
		now = t.p.fs.now()
	}
	type row struct{ mode, links, owner, group, size, date, name string }
	rows := make([]row, len(entries))
	var blocks int64
	w := [4]int{}
	for i, e := range entries {
		r := row{mode: fileMode(e.Mode), links: strconv.Itoa(e.Nlink), owner: t.ownerName(e.UID), group: t.groupName(e.GID),
			size: strconv.FormatInt(e.Size, 10), date: lsDate(e.MTime, now), name: e.Name}
		if e.Mode&fs.ModeSymlink != 0 {
			r.name += " -> " + e.Target
		}
		blocks += e.Blocks
		rows[i] = r
		w[0], w[1], w[2], w[3] = max(w[0], len(r.links)), max(w[1], len(r.owner)), max(w[2], len(r.group)), max(w[3], len(r.size))
	}
	if total {
		t.sh.print(fmt.Sprintf("total %d", blocks))
	}
	for _, r := range rows {
		if t.busybox() {
			t.sh.print(fmt.Sprintf("%s %4s %-8s %-8s %9s %s %s", r.mode, r.links, r.owner, r.group, r.size, r.date, r.name))
		} else {
			t.sh.print(fmt.Sprintf("%s %*s %-*s %-*s %*s %s %s", r.mode, w[0], r.links, w[1], r.owner, w[2], r.group, w[3], r.size, r.date, r.name))
		}
	}
}

// lsDate is ls's date column: the time for the last six months, the year
// before.
func lsDate(t, now time.Time) string {
	t = t.UTC()
	if now.Sub(t) > 182*24*time.Hour || t.After(now.Add(time.Hour)) {
		return t.Format("Jan _2  2006")
	}
	return t.Format("Jan _2 15:04")
}

func (t *tools) ownerName(uid int64) string {
	if n := t.p.userName(uid); n != "" {
		return n
	}
	return strconv.FormatInt(uid, 10)
}

func (t *tools) groupName(gid int64) string {
	if n := t.p.groupName(gid); n != "" {
		return n
	}
	return strconv.FormatInt(gid, 10)
}

// ps lists the container's processes: PID 1, the exec'd shell (when the
// command is one) and ps itself, with their user.
func (t *tools) ps(args []string) int32 {
	flags, _ := flagsAndOperands(args)
	user := t.ownerName(t.sh.user.UID)
	type proc struct {
		pid int
		cmd string
	}
	procs := []proc{{1, t.p.pid1()}}
	if t.sh.execShell != "" {
		procs = append(procs, proc{t.sh.execPID, t.sh.execShell})
	}
	t.p.nextPID++
	procs = append(procs, proc{t.p.nextPID - 1, strings.TrimSpace("ps " + strings.Join(args, " "))})
	start := t.sh.start.UTC().Format("15:04")
	switch {
	case t.busybox():
		t.sh.print("PID   USER     TIME  COMMAND")
		for _, p := range procs {
			t.sh.print(fmt.Sprintf("%5d %-8s %5s %s", p.pid, user, "0:00", p.cmd))
		}
	case strings.Contains(flags, "aux") || strings.Contains(flags, "au") || flags == "ax" || flags == "x" || flags == "a" || len(args) > 0 && args[0] == "aux":
		t.sh.print("USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND")
		for i, p := range procs {
			stat, vsz, rss := "Ss", 2576, 1536
			if i > 0 {
				stat, vsz, rss = "Rs", 8088, 4096
				if p.cmd != procs[len(procs)-1].cmd {
					stat = "Ss"
				}
			}
			t.sh.print(fmt.Sprintf("%-8s %7d  0.0  0.0 %6d %5d ?        %-4s %s   0:00 %s", user, p.pid, vsz, rss, stat, start, p.cmd))
		}
	case strings.Contains(flags, "e") || strings.Contains(flags, "f"):
		t.sh.print("UID          PID    PPID  C STIME TTY          TIME CMD")
		for i, p := range procs {
			ppid := 0
			if i > 0 {
				ppid = procs[i-1].pid
				if i == 1 {
					ppid = 0
				}
			}
			t.sh.print(fmt.Sprintf("%-8s %7d %7d  0 %s ?        00:00:00 %s", user, p.pid, ppid, start, p.cmd))
		}
	default:
		t.sh.print("    PID TTY          TIME CMD")
		for _, p := range procs {
			t.sh.print(fmt.Sprintf("%7d %-8s %8s %s", p.pid, "?", "00:00:00", baseName(strings.Fields(p.cmd))))
		}
	}
	return 0
}
