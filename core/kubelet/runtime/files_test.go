package runtime

import (
	"maps"
	"slices"
	"testing"
	"time"
)

// The Indexed Job tutorial's pod: a bash init container picks the item of
// its completion index and writes it to the shared emptyDir; busybox's rev
// prints it reversed.
const indexedJobInit = "items=(foo bar baz qux xyz)\necho ${items[$JOB_COMPLETION_INDEX]} > /input/data.txt\n"

func TestAnInitContainerLeavesTheFileItWroteForTheNextContainer(t *testing.T) {
	for ix, want := range []string{"foo", "bar", "baz", "qux", "xyz"} {
		s := spec(t, "docker.io/library/bash", []string{"bash", "-c", indexedJobInit}, nil)
		s.Env = map[string]string{"JOB_COMPLETION_INDEX": string(rune('0' + ix))}
		p := Start(s)
		if !p.Exits || p.ExitCode != 0 || p.ExitAfter != 0 {
			t.Fatalf("index %d: exits=%v code %d after %v", ix, p.Exits, p.ExitCode, p.ExitAfter)
		}
		if got := p.Files(); !maps.EqualFunc(got, map[string][]string{"/input/data.txt": {want}}, slices.Equal) {
			t.Errorf("index %d: files %q", ix, got)
		}
	}
}

func TestBusyboxRevReversesTheFileItIsGiven(t *testing.T) {
	s := spec(t, "docker.io/library/busybox", []string{"rev", "/input/data.txt"}, nil)
	s.Files = map[string][]string{"/input/data.txt": {"foo"}}
	p := Start(s)
	if p.StartError != "" || !p.Exits || p.ExitCode != 0 {
		t.Fatalf("start error %q, exits=%v code %d", p.StartError, p.Exits, p.ExitCode)
	}
	if got := p.Logs(time.Unix(0, 0), time.Second, false); !slices.Equal(got, []string{"oof"}) {
		t.Errorf("logs = %q, want oof", got)
	}
	if out, code, _ := p.RunExec([]string{"cat", "/input/data.txt"}, ExecContext{}); out != "foo\n" || code != 0 {
		t.Errorf("kubectl exec cat = %q (%d), want the file from the start", out, code)
	}
	if p := Start(spec(t, "docker.io/library/nginx", []string{"rev", "/input/data.txt"}, nil)); p.StartError == "" {
		t.Error("nginx's Debian image has no rev, yet it started")
	}
}

func TestBashArrays(t *testing.T) {
	for _, tc := range []struct {
		name, image, script string
		code                int32
		logs                []string
	}{
		{"an element by arithmetic index", "docker.io/library/bash", "a=(x y z); i=1; echo ${a[$i]} ${a[i+1]}", 0, []string{"y z"}},
		{"all elements and their count", "docker.io/library/bash", "a=(x 'y y' z); echo ${a[@]}; echo ${#a[@]}", 0, []string{"x y y z", "3"}},
		{"a negative index counts from the end, out of range is empty", "docker.io/library/bash", "a=(x y z); echo ${a[-1]}-${a[7]}-$a", 0, []string{"z--x"}},
		{"busybox sh has no arrays", "busybox", "a=(x y); echo no", 2, []string{`sh: syntax error: unexpected "("`}},
		{"dash has no arrays", "docker.io/library/nginx", "a=(x y); echo no", 2, []string{`sh: 1: Syntax error: "(" unexpected`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shell := "bash"
			if tc.image != "docker.io/library/bash" {
				shell = "sh"
			}
			p := Start(spec(t, tc.image, []string{shell, "-c", tc.script}, nil))
			if !p.Exits || p.ExitCode != tc.code {
				t.Fatalf("exits=%v code %d, want %d", p.Exits, p.ExitCode, tc.code)
			}
			if got := p.Logs(time.Unix(0, 0), time.Second, false); !slices.Equal(got, tc.logs) {
				t.Errorf("logs = %q, want %q", got, tc.logs)
			}
		})
	}
}

func TestTheHostnameIsThePodsSpecHostname(t *testing.T) {
	s := spec(t, "busybox", []string{"sh", "-c", "hostname; echo $HOSTNAME"}, nil)
	s.Hostname = "indexed-job-3"
	if got := Start(s).Logs(time.Unix(0, 0), time.Second, false); !slices.Equal(got, []string{"indexed-job-3", "indexed-job-3"}) {
		t.Errorf("logs = %q", got)
	}
}

// The adapter pattern: one container appends to a file of a shared emptyDir,
// the other follows it with tail -F and rewrites each line it reads.
func TestTailFollowsWhatAnotherContainerAppends(t *testing.T) {
	t0 := time.Unix(1000, 0)
	writer := Start(spec(t, "docker.io/library/busybox", []string{"sh", "-c", `i=0; while true; do echo "event $i" >> /var/log/app/raw.log; i=$((i+1)); sleep 2; done`}, nil))
	s := spec(t, "docker.io/library/busybox", []string{"sh", "-c", `touch /logs/raw.log; tail -F /logs/raw.log | while read line; do echo "adapted: $line"; done`}, nil)
	s.Peers = func(path string, at time.Time) ([]string, bool) {
		if path != "/logs/raw.log" {
			return nil, false
		}
		f, ok := writer.FilesAt(t0, at.Sub(t0))["/var/log/app/raw.log"]
		return f, ok
	}
	reader := Start(s)
	if reader.Exits {
		t.Fatalf("tail -F exited after %v", reader.ExitAfter)
	}
	got := reader.Logs(t0, 5*time.Second, false)
	want := []string{"adapted: event 0", "adapted: event 1", "adapted: event 2"}
	if !slices.Equal(got, want) {
		t.Errorf("logs after 5s = %q, want %q", got, want)
	}
	// tail -n+1 prints the file from its first line.
	s2 := spec(t, "docker.io/library/busybox", []string{"sh", "-c", "tail -n+1 -F /logs/raw.log"}, nil)
	s2.Files = map[string][]string{"/logs/raw.log": {"a", "b", "c"}}
	if got := Start(s2).Logs(t0, time.Second, false); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("tail -n+1 -F = %q", got)
	}
}
