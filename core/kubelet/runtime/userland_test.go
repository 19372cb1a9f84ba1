package runtime

import (
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, time.January, 5, 9, 0, 0, 0, time.UTC)

// execIn runs command in a fresh container of image (sleeping) at t0+10s.
func execIn(t *testing.T, p *Process, command ...string) (string, int32) {
	t.Helper()
	out, code, startErr := p.RunExec(command, ExecContext{Namespace: "default", Elapsed: 10 * time.Second, Now: t0.Add(10 * time.Second)})
	if startErr != "" {
		t.Fatalf("%v: %s", command, startErr)
	}
	return out, code
}

func sleeper(t *testing.T, image string, edit func(*Spec)) *Process {
	s := spec(t, image, []string{"sleep", "3600"}, nil)
	s.Clock = func() time.Time { return t0.Add(10 * time.Second) }
	if edit != nil {
		edit(&s)
	}
	return Start(s)
}

// What the utilities print, in busybox's words and in GNU coreutils'
// (Debian-based images), over the image's own files.
func TestTheUtilitiesSpeakTheirImagesWords(t *testing.T) {
	tests := []struct {
		image   string
		command []string
		out     string
		code    int32
	}{
		{"busybox", []string{"id"}, "uid=0(root) gid=0(root) groups=0(root),10(wheel)\n", 0},
		{"alpine", []string{"id"}, "uid=0(root) gid=0(root) groups=0(root),1(bin),2(daemon),3(sys),4(adm),6(disk),10(wheel),11(floppy),20(dialout),26(tape),27(video)\n", 0},
		{"nginx", []string{"id"}, "uid=0(root) gid=0(root) groups=0(root)\n", 0},
		{"busybox", []string{"whoami"}, "root\n", 0},
		{"busybox", []string{"cat", "/nope"}, "cat: can't open '/nope': No such file or directory\n", 1},
		{"nginx", []string{"cat", "/nope"}, "cat: /nope: No such file or directory\n", 1},
		{"busybox", []string{"ls", "/nope"}, "ls: /nope: No such file or directory\n", 1},
		{"nginx", []string{"ls", "/nope"}, "ls: cannot access '/nope': No such file or directory\n", 2},
		{"busybox", []string{"rm", "/nope"}, "rm: can't remove '/nope': No such file or directory\n", 1},
		{"nginx", []string{"rm", "/tmp"}, "rm: cannot remove '/tmp': Is a directory\n", 1},
		{"busybox", []string{"mkdir", "/etc"}, "mkdir: can't create directory '/etc': File exists\n", 1},
		{"nginx", []string{"mkdir", "/etc"}, "mkdir: cannot create directory '/etc': File exists\n", 1},
		{"busybox", []string{"sh", "-c", "cd /nope"}, "sh: cd: can't cd to /nope: No such file or directory\n", 2},
		{"busybox", []string{"ls", "/usr/share/nginx/html"}, "ls: /usr/share/nginx/html: No such file or directory\n", 1},
		{"nginx", []string{"ls", "/usr/share/nginx/html"}, "50x.html\nindex.html\n", 0},
		{"nginx", []string{"ls", "-l", "/usr/share/nginx/html"}, "total 8\n-rw-r--r-- 1 root root 497 Dec  9 22:12 50x.html\n-rw-r--r-- 1 root root 615 Dec  9 22:12 index.html\n", 0},
		{"busybox", []string{"ls", "-l", "/etc/passwd"}, "-rw-r--r--    1 root     root           340 Sep 26  2024 /etc/passwd\n", 0},
		{"nginx", []string{"ls", "-ld", "/bin"}, "lrwxrwxrwx 1 root root 7 Nov 17 00:00 /bin -> usr/bin\n", 0},
		{"busybox", []string{"sh", "-c", "echo a > /tmp/f; cp /tmp/f /tmp/g; mv /tmp/g /tmp/h; ls /tmp; cat /tmp/h"}, "f\nh\na\n", 0},
		{"busybox", []string{"sh", "-c", "cd /etc; pwd; cat hostname"}, "/etc\napp\n", 0},
		{"busybox", []string{"ps"}, "PID   USER     TIME  COMMAND\n    1 root      0:00 sleep 3600\n    7 root      0:00 ps\n", 0},
		{"ubuntu", []string{"ps", "-ef"}, "UID          PID    PPID  C STIME TTY          TIME CMD\nroot           1       0  0 09:00 ?        00:00:00 sleep 3600\nroot           7       0  0 09:00 ?        00:00:00 ps -ef\n", 0},
		{"nginx", []string{"cat", "/etc/resolv.conf"}, "search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n", 0},
		{"nginx", []string{"stat", "/etc/hostname"}, "  File: /etc/hostname\n  Size: 4               Blocks: 8          IO Block: 4096   regular file\nAccess: (0644/-rw-r--r--)  Uid: (    0/    root)   Gid: (    0/    root)\nModify: 2026-01-05 09:00:10.000000000 +0000\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.image+" "+strings.Join(tt.command, " "), func(t *testing.T) {
			p := sleeper(t, tt.image, func(s *Spec) { s.Namespace = "default" })
			out, code := execIn(t, p, tt.command...)
			if out != tt.out || code != tt.code {
				t.Errorf("got %q (%d), want %q (%d)", out, code, tt.out, tt.code)
			}
		})
	}
}

// The file system behind the utilities: permissions for a non-root user,
// setgid directories, read-only mounts, symlinks followed but bounded.
func TestTheFileSystemEnforcesOwnersAndMounts(t *testing.T) {
	root, _ := buildRoot("docker.io/library/busybox", "busybox")
	vol := NewDir(0o777, 0, 0, t0)
	vol.Chown(2000, true)
	ro := NewDir(0o755, 0, 0, t0)
	ro.Put("key", []byte("v\n"), "", 0o644, 0, 0, t0)
	tr := NewTree(root, false, []Mount{{Path: "/data", Root: vol}, {Path: "/cfg", Root: ro, ReadOnly: true}}, func() time.Time { return t0 })
	u := User{UID: 1000, GID: 3000, Groups: []int64{2000, 3000}}
	if err := tr.WriteFile(u, "/data/f", []byte("x"), false); err != nil {
		t.Fatal(err)
	}
	if fi, _ := tr.Stat(u, "/data/f"); fi.UID != 1000 || fi.GID != 2000 {
		t.Errorf("a file in the setgid volume: %d:%d, want 1000:2000", fi.UID, fi.GID)
	}
	if err := tr.WriteFile(u, "/etc/x", nil, false); err != EACCES {
		t.Errorf("a write to root's /etc as 1000: %v", err)
	}
	if err := tr.WriteFile(Root, "/cfg/key", nil, false); err != EROFS {
		t.Errorf("a write to a read-only mount: %v", err)
	}
	if err := tr.Remove(Root, "/data", true); err != EBUSY {
		t.Errorf("removing a mount point: %v", err)
	}
	if err := tr.Symlink(Root, "/loop", "/loop"); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.ReadFile(Root, "/loop"); err != ELOOP {
		t.Errorf("a symlink loop: %v", err)
	}
	if entries, _ := tr.ReadDir(Root, "/"); len(entries) == 0 || entries[0].Name != "bin" {
		t.Errorf("ReadDir / = %v", entries)
	}
	if err := tr.Mkdir(u, "/data/a/b", true); err != nil {
		t.Fatal(err)
	}
	if fi, _ := tr.Stat(u, "/data/a/b"); fileMode(fi.Mode) != "drwxr-sr-x" || fi.GID != 2000 {
		t.Errorf("a directory made in the setgid volume: %s %d", fileMode(fi.Mode), fi.GID)
	}
}

// PID 1 is the command the container's shell execs; the exec'd shell
// takes the next PID, ps the one after.
func TestPsListsTheMainProcessAndTheExecdOnes(t *testing.T) {
	p := sleeper(t, "busybox", func(s *Spec) { s.Command = []string{"sh", "-c", "sleep 1h"} })
	if out, _ := execIn(t, p, "sh", "-c", "ps; true"); out != "PID   USER     TIME  COMMAND\n    1 root      0:00 sleep 1h\n    7 root      0:00 sh -c ps; true\n    8 root      0:00 ps\n" {
		t.Errorf("ps = %q", out)
	}
	p = sleeper(t, "busybox", func(s *Spec) { s.Command = []string{"sh", "-c", "while true; do sleep 1; done"} })
	if out, _ := execIn(t, p, "ps"); !strings.Contains(out, "    1 root      0:00 sh -c while true; do sleep 1; done\n") {
		t.Errorf("ps = %q: a script stays sh -c", out)
	}
}

// A script's own writes are in the file system kubectl exec reads.
func TestExecSeesWhatTheScriptWrote(t *testing.T) {
	s := spec(t, "busybox", []string{"sh", "-c", "echo start > /tmp/log; while true; do date >> /tmp/log; sleep 5; done"}, nil)
	p := Start(s)
	out, _ := execIn(t, p, "cat", "/tmp/log")
	if lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); len(lines) != 4 || lines[0] != "start" {
		t.Errorf("cat /tmp/log after 10s = %q, want start and the dates at 0s, 5s and 10s", out)
	}
}

// "Implicit group memberships defined in /etc/group in the container
// image" and supplementalGroupsPolicy Strict (the security-context task):
// the agnhost image's user-defined-in-image (uid 1000) belongs to
// group-defined-in-image (50000), merged unless the policy is Strict. The
// page prints the numbers alone; busybox's id names the ids the image's
// /etc/passwd and /etc/group name, as it does on a node.
func TestSupplementalGroupsMergeTheImagesGroupsUnlessStrict(t *testing.T) {
	for _, strict := range []bool{false, true} {
		p := sleeper(t, "registry.k8s.io/e2e-test-images/agnhost:2.53", func(s *Spec) {
			s.Command = []string{"sh", "-c", "sleep 1h"}
			s.RunAsUser, s.RunAsGroup, s.SupplementalGroups, s.StrictGroups = ptr64(1000), ptr64(3000), []int64{4000}, strict
		})
		want := "uid=1000(user-defined-in-image) gid=3000 groups=3000,4000,50000(group-defined-in-image)\n"
		if strict {
			want = "uid=1000(user-defined-in-image) gid=3000 groups=3000,4000\n"
		}
		if out, _ := execIn(t, p, "id"); out != want {
			t.Errorf("strict %v: id = %q, want %q", strict, out, want)
		}
		if out, _ := execIn(t, p, "sh", "-c", "tail -n 2 /etc/group"); out != "user-defined-in-image:x:1000:\ngroup-defined-in-image:x:50000:user-defined-in-image\n" {
			t.Errorf("the image's /etc/group ends %q", out)
		}
	}
}

func ptr64(v int64) *int64 { return &v }

// mv renames within the tree (a directory keeps its files), and refuses
// to move a directory into itself; a bad path never hangs.
func TestMvRenames(t *testing.T) {
	p := sleeper(t, "busybox", nil)
	if out, _ := execIn(t, p, "sh", "-c", "mkdir -p /a/b; echo x > /a/b/f; mv /a /c; ls -R /c; mv /c /c/b; ls /a"); out != "/c:\nb\n\n/c/b:\nf\nmv: can't rename '/c': Invalid argument\nls: /a: No such file or directory\n" {
		t.Errorf("got %q", out)
	}
}

func TestCatOfADirectoryAndLsOfASymlink(t *testing.T) {
	for _, tt := range []struct {
		image   string
		command []string
		out     string
	}{
		{"busybox", []string{"cat", "/etc"}, "cat: read error: Is a directory\n"},
		{"nginx", []string{"cat", "/etc"}, "cat: /etc: Is a directory\n"},
		{"nginx", []string{"ls", "-l", "/lib64"}, "lrwxrwxrwx 1 root root 9 Nov 17 00:00 /lib64 -> usr/lib64\n"},
		{"nginx", []string{"ls", "/lib64/"}, ""},
	} {
		if out, _ := execIn(t, sleeper(t, tt.image, nil), tt.command...); out != tt.out {
			t.Errorf("%s %v = %q, want %q", tt.image, tt.command, out, tt.out)
		}
	}
}
