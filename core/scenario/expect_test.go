package scenario

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/sim"
)

// fakeWorld replays a scripted timeline of events, pods and output.
type fakeWorld struct {
	now     time.Time
	events  []ObservedEvent
	pods    func(elapsed time.Duration) []PodView
	out     func(elapsed time.Duration) string
	objs    []api.Object
	advance int
}

func (f *fakeWorld) Objects(group, resource, namespace string) []api.Object { return f.objs }

func newFake() *fakeWorld { return &fakeWorld{now: sim.Epoch} }

func (f *fakeWorld) at(d time.Duration, obj, reason, source, msg string) *fakeWorld {
	kind, name, _ := strings.Cut(obj, "/")
	f.events = append(f.events, ObservedEvent{At: sim.Epoch.Add(d), Kind: kind, Namespace: "default", Name: name, Reason: reason, Source: source, Message: msg})
	return f
}

func (f *fakeWorld) Now() time.Time          { return f.now }
func (f *fakeWorld) Advance(d time.Duration) { f.now = f.now.Add(d); f.advance++ }
func (f *fakeWorld) Events() []ObservedEvent {
	var out []ObservedEvent
	for _, e := range f.events {
		if !e.At.After(f.now) {
			out = append(out, e)
		}
	}
	return out
}
func (f *fakeWorld) Pods() []PodView {
	if f.pods == nil {
		return nil
	}
	return f.pods(f.now.Sub(sim.Epoch))
}
func (f *fakeWorld) Output() string {
	if f.out == nil {
		return ""
	}
	return f.out(f.now.Sub(sim.Epoch))
}

func sec(n float64) time.Duration { return time.Duration(n * float64(time.Second)) }

func nginxStartup() *fakeWorld {
	return newFake().
		at(sec(0.1), "pod/nginx-abc", "Scheduled", "default-scheduler", "Successfully assigned default/nginx-abc to demo-worker").
		at(sec(0.2), "pod/nginx-abc", "Pulling", "kubelet", `Pulling image "nginx"`).
		at(sec(2.0), "pod/nginx-abc", "Pulled", "kubelet", `Successfully pulled image "nginx"`).
		at(sec(2.1), "pod/nginx-abc", "Created", "kubelet", "Container created").
		at(sec(2.2), "pod/nginx-abc", "Started", "kubelet", "Container started")
}

func imageTypo() *fakeWorld {
	f := newFake().
		at(sec(0.1), "pod/web-xyz", "Scheduled", "default-scheduler", "Successfully assigned default/web-xyz to demo-worker").
		at(sec(0.2), "pod/web-xyz", "Pulling", "kubelet", `Pulling image "ngnix"`).
		at(sec(1), "pod/web-xyz", "Failed", "kubelet", `Failed to pull image "ngnix": not found`)
	for i := 0; i < 3; i++ {
		f.at(sec(2+float64(i)), "pod/web-xyz", "BackOff", "kubelet", `Back-off pulling image "ngnix"`)
	}
	return f
}

func TestExpectationsWaitInSlicesUntilTheyHoldOrTheirDeadline(t *testing.T) {
	tests := []struct {
		name       string
		world      *fakeWorld
		expect     Expect
		wantOK     bool
		wantWaited time.Duration
		wantLine   string
	}{
		{
			name:       "the kubelet's events follow the scheduler's within the deadline",
			world:      nginxStartup(),
			expect:     Expect{Events: &EventsExpect{Object: "pod/nginx-*", Reasons: []string{"Scheduled", "Pulling", "Pulled", "Created", "Started"}, Within: Duration(time.Minute)}},
			wantOK:     true,
			wantWaited: sec(2.2),
			wantLine:   "✓ events for pod/nginx-* in order: Scheduled, Pulling, Pulled, Created, Started within 1m (after 2.2s)",
		},
		{
			name:     "events checked at once do not wait",
			world:    nginxStartup(),
			expect:   Expect{Events: &EventsExpect{Object: "pod/nginx-*", Reasons: []string{"Scheduled"}}},
			wantOK:   false,
			wantLine: "✗ expected events for pod/nginx-* in order: Scheduled; got: no events for pod/nginx-*",
		},
		{
			name:       "a failing pull is shown as what happened instead",
			world:      imageTypo(),
			expect:     Expect{Events: &EventsExpect{Object: "pod/web-*", Reasons: []string{"Scheduled", "Pulling", "Pulled", "Created", "Started"}, Within: Duration(10 * time.Second)}},
			wantOK:     false,
			wantWaited: 10 * time.Second,
			wantLine:   "✗ expected events for pod/web-* in order: Scheduled, Pulling, Pulled, Created, Started within 10s; got: Scheduled, Pulling, Failed, BackOff ×3",
		},
		{
			name:   "from keeps only one source's events",
			world:  nginxStartup(),
			expect: Expect{Events: &EventsExpect{Object: "pod/nginx-*", From: "kubelet", Reasons: []string{"Scheduled"}, Within: Duration(5 * time.Second)}},
			wantOK: false, wantWaited: 5 * time.Second,
			wantLine: "✗ expected events for pod/nginx-* from kubelet in order: Scheduled within 5s; got: Pulling, Pulled, Created, Started",
		},
		{
			name:       "a message must appear in one of the listed reasons",
			world:      imageTypo(),
			expect:     Expect{Events: &EventsExpect{Object: "pod/web-*", Reasons: []string{"Failed"}, Message: "not found", Within: Duration(5 * time.Second)}},
			wantOK:     true,
			wantWaited: sec(1),
		},
		{
			name: "count asks for several objects",
			world: nginxStartup().
				at(sec(3), "pod/nginx-def", "Scheduled", "default-scheduler", "x"),
			expect: Expect{Events: &EventsExpect{Object: "pod/nginx-*", Reasons: []string{"Scheduled"}, Count: 2, Within: Duration(2 * time.Second)}},
			wantOK: false, wantWaited: 2 * time.Second,
			wantLine: "✗ expected events for 2 objects pod/nginx-* in order: Scheduled within 2s; got: pod/nginx-abc: Scheduled, Pulling, Pulled",
		},
		{
			name: "pod status waits until every matching pod shows it",
			world: &fakeWorld{now: sim.Epoch, pods: func(e time.Duration) []PodView {
				if e < sec(3) {
					return []PodView{{Namespace: "default", Name: "nginx-abc", Status: "ContainerCreating", Ready: "0/1", Node: "demo-worker"}}
				}
				return []PodView{{Namespace: "default", Name: "nginx-abc", Status: "Running", Ready: "1/1", Node: "demo-worker"}}
			}},
			expect:     Expect{PodStatus: &PodStatusExpect{Pod: "nginx-*", Status: "Running", Ready: "1/1", Within: Duration(time.Minute)}},
			wantOK:     true,
			wantWaited: sec(3),
			wantLine:   "✓ pod nginx-* Running 1/1 within 1m (after 3s)",
		},
		{
			name: "pod status lists the pods seen when it fails",
			world: &fakeWorld{now: sim.Epoch, pods: func(time.Duration) []PodView {
				return []PodView{{Namespace: "default", Name: "big-1", Status: "Pending", Ready: "0/1"}}
			}},
			expect:   Expect{PodStatus: &PodStatusExpect{Pod: "big-*", Status: "Running", Within: Duration(sec(1))}},
			wantOK:   false,
			wantLine: "✗ expected pod big-* Running within 1s; got: big-1 0/1 Pending on <none>",
		},
		{
			name: "pod status with a count and a node exclusion",
			world: &fakeWorld{now: sim.Epoch, pods: func(time.Duration) []PodView {
				return []PodView{
					{Namespace: "default", Name: "web-1", Status: "Terminating", Node: "demo-worker"},
					{Namespace: "default", Name: "web-2", Status: "Running", Node: "demo-worker2"},
					{Namespace: "default", Name: "web-3", Status: "Running", Node: "demo-worker2"},
				}
			}},
			expect: Expect{PodStatus: &PodStatusExpect{Pod: "web-*", Status: "Running", Count: 2, Node: "!demo-worker"}},
			wantOK: true,
		},
		{
			name:       "output waits for a watch to print",
			world:      &fakeWorld{now: sim.Epoch, out: func(e time.Duration) string { return map[bool]string{true: "Started", false: ""}[e >= sec(1.5)] }},
			expect:     Expect{Output: &OutputExpect{Contains: "Started", Within: Duration(sec(5))}},
			wantOK:     true,
			wantWaited: sec(1.5),
		},
		{
			name:     "missing output quotes the last lines",
			world:    &fakeWorld{now: sim.Epoch, out: func(time.Duration) string { return "a\nNo resources found in default namespace.\n" }},
			expect:   Expect{Output: &OutputExpect{Contains: "Running"}},
			wantOK:   false,
			wantLine: "✗ expected output containing \"Running\"; got: \"a\\nNo resources found in default namespace.\"",
		},
		{
			name:       "absent holds for its whole window",
			world:      nginxStartup(),
			expect:     Expect{Absent: &AbsentExpect{Object: "pod/nginx-*", Reasons: []string{"Failed", "BackOff"}, For: Duration(sec(10))}},
			wantOK:     true,
			wantWaited: sec(10),
			wantLine:   "✓ no Failed/BackOff events for pod/nginx-* for 10s (after 10s)",
		},
		{
			name:       "absent breaks as soon as the event appears",
			world:      imageTypo(),
			expect:     Expect{Absent: &AbsentExpect{Object: "pod/web-*", Reasons: []string{"Failed"}, For: Duration(sec(10))}},
			wantOK:     false,
			wantWaited: sec(1),
			wantLine:   "✗ expected no Failed events for pod/web-* for 10s; got: pod/web-xyz Failed \"Failed to pull image \\\"ngnix\\\": not found\" from kubelet",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newChecker(&tt.expect)
			ok, got, waited := evaluate(tt.world, window{}, c)
			if ok != tt.wantOK {
				t.Fatalf("ok = %v, want %v (got %q)", ok, tt.wantOK, got)
			}
			if tt.wantWaited != 0 && waited != tt.wantWaited {
				t.Errorf("waited %v, want %v", waited, tt.wantWaited)
			}
			r := got.result(ExpectResult{Description: c.describe(), Passed: ok, Waited: waited})
			if tt.wantLine != "" && r.Message() != tt.wantLine {
				t.Errorf("line:\n got %s\nwant %s", r.Message(), tt.wantLine)
			}
		})
	}
}

func TestEventsOfEarlierStepsAreIgnoredUnlessSinceStart(t *testing.T) {
	w := nginxStartup()
	w.now = sim.Epoch.Add(5 * time.Second)
	win := window{stepEvents: len(w.Events())}
	step := &EventsExpect{Object: "pod/nginx-*", Reasons: []string{"Scheduled"}}
	if ok, _ := (*eventsCheck)(step).check(w, win); ok {
		t.Error("an event of an earlier step satisfied a step expectation")
	}
	step.Since = "start"
	if ok, got := (*eventsCheck)(step).check(w, win); !ok {
		t.Errorf("since: start did not see the earlier event: %s", got)
	}
}

func TestFmtDurationIsShort(t *testing.T) {
	for d, want := range map[time.Duration]string{
		sec(2.2): "2.2s", 30 * time.Second: "30s", 90 * time.Second: "1m30s", 5 * time.Minute: "5m",
		time.Hour: "1h", 250 * time.Millisecond: "250ms",
	} {
		if got := fmtDuration(d); got != want {
			t.Errorf("fmtDuration(%v) = %q, want %q", d, got, want)
		}
	}
}
