package kubelet

import (
	"fmt"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubelet/images"
	"kubeplay/core/kubelet/runtime"
	"kubeplay/core/sim"
)

// cstate is where a container is in its life.
type cstate int

const (
	cWaiting    cstate = iota // not created yet (or being restarted after an image error)
	cRunning                  // its process runs
	cTerminated               // its last instance exited
)

// instance is one run of a container (what `kubectl logs [--previous]` reads).
type instance struct {
	proc      *runtime.Process
	startedAt time.Time
	endedAt   time.Time // zero while running
	stopped   bool      // ended by a signal from the kubelet
}

// container is the kubelet's view of one container of a pod.
type container struct {
	spec *api.Container
	init bool
	// sidecar: an init container with restartPolicy Always (a native
	// sidecar): it starts in order, keeps running and restarts whatever
	// the pod's restart policy.
	sidecar   bool
	fieldPath string // spec.containers{nginx}

	state   cstate
	waiting api.ContainerStateWaiting
	term    *api.ContainerStateTerminated // the latest exit (state cTerminated)
	last    *api.ContainerStateTerminated // lastState
	// crashWaiting: terminated and held back by CrashLoopBackOff.
	crashWaiting bool
	crashMsg     string

	instances int32
	id        string
	image     *images.Image
	cur, prev *instance
	startedAt time.Time
	// finishedAt is the runtime's exact exit time (the API's finishedAt
	// carries whole seconds only); back-off counts from it.
	finishedAt time.Time
	ready      bool
	started    bool // the startup probe passed (or there is none)
	stopping   bool

	exitTimer *sim.Timer
	probes    []*prober
	// redefined: killed because its definition changed; restart without back-off.
	redefined bool
}

func (c *container) name() string { return c.spec.Name }

// podWorker runs one pod: the kubelet's pod worker plus what its status
// manager and prober keep for the pod.
type podWorker struct {
	k   *Kubelet
	pod *api.Pod
	uid string
	key string

	init, main []*container

	sandbox        bool
	sandboxPending bool
	ip             string
	startTime      time.Time

	busy        bool // a container is being pulled, created or started
	retry       *sim.Timer
	statusTimer *sim.Timer
	lastStatus  uint64 // hash of the last status written

	// mounted: the pod's ConfigMap and Secret volumes are set up;
	// mountRetry is the volume manager's current back-off.
	mounted    bool
	mountRetry time.Duration

	// emptyDirs: per emptyDir volume, the files containers left in it
	// (path inside the volume → lines), see volume_files.go.
	emptyDirs map[string]map[string][]string
	// vols are the Pod's volumes as the containers' file systems mount
	// them (volumes.go).
	vols map[string]*podVolume
	// objs: the ConfigMaps and Secrets the kubelet last read for the Pod
	// (nil: not found), by "configmap/<name>" or "secret/<name>".
	objs map[string]api.Object

	// initialized: every init container completed (a sidecar: started)
	// once; it stays so when a sidecar restarts later.
	initialized bool

	terminating bool
	terminated  bool // containers stopped and the pod's deletion sent
	final       api.PodPhase
	removed     bool
}

func newPodWorker(k *Kubelet, pod *api.Pod) *podWorker {
	w := &podWorker{k: k, pod: pod, uid: pod.UID, key: pod.Namespace + "/" + pod.Name}
	waitReason := WaitingContainerCreating
	if len(pod.Spec.InitContainers) > 0 {
		waitReason = WaitingPodInitializing
	}
	for i := range pod.Spec.InitContainers {
		c := &pod.Spec.InitContainers[i]
		w.init = append(w.init, &container{spec: c, init: true, fieldPath: "spec.initContainers{" + c.Name + "}",
			sidecar: c.RestartPolicy != nil && *c.RestartPolicy == api.ContainerRestartPolicyAlways,
			waiting: api.ContainerStateWaiting{Reason: waitReason}})
	}
	for i := range pod.Spec.Containers {
		c := &pod.Spec.Containers[i]
		w.main = append(w.main, &container{spec: c, fieldPath: "spec.containers{" + c.Name + "}",
			waiting: api.ContainerStateWaiting{Reason: waitReason}})
	}
	return w
}

func (w *podWorker) now() time.Time { return w.k.sim.Now() }

func (w *podWorker) event(c *container, eventType, reason, msg string) {
	if c == nil {
		w.k.rec.Event(w.pod, eventType, reason, msg)
		return
	}
	w.k.rec.EventWithFieldPath(w.pod, c.fieldPath, eventType, reason, msg)
}

// podDesc is format.Pod: name_namespace(uid).
func (w *podWorker) podDesc() string {
	return fmt.Sprintf("%s_%s(%s)", w.pod.Name, w.pod.Namespace, w.pod.UID)
}

func (w *podWorker) all() []*container {
	return append(append([]*container(nil), w.init...), w.main...)
}

// sync drives the pod one step towards its spec: sandbox, init containers
// in order, then containers, restarting exited ones as the restart policy
// says. It is level-triggered and idempotent: every event calls it.
func (w *podWorker) sync() {
	if !w.k.running || w.removed {
		return
	}
	if w.pod.DeletionTimestamp != nil {
		w.terminate()
		return
	}
	if w.final != "" || w.terminating {
		return
	}
	if w.startTime.IsZero() {
		w.startTime = w.now()
		w.k.podAction(w.pod, "SyncPod: creating pod sandbox")
	}
	if !w.mounted && (w.retry != nil || !w.waitForVolumes()) {
		return // volumes first, as the kubelet's SyncPod waits for them
	}
	if !w.sandbox {
		if !w.sandboxPending {
			w.sandboxPending = true
			w.markDirty()
			w.k.after(SandboxDelay, "RunPodSandbox "+w.key, func() {
				w.sandboxPending = false
				if w.removed || w.terminating {
					return
				}
				w.sandbox = true
				if w.ip == "" && w.pod.Spec.HostNetwork {
					w.ip = w.k.cfg.InternalIP // the node's own network namespace
				} else if w.ip == "" {
					w.ip = w.k.allocateIP()
				}
				w.k.podAction(w.pod, fmt.Sprintf("pod sandbox ready, pod IP %s", w.ip))
				w.markDirty()
				w.sync()
			})
		}
		return
	}
	if w.busy || w.retry != nil {
		return
	}
	policy := w.pod.Spec.RestartPolicy
	for _, c := range w.init {
		if w.initialized || c.initDone() {
			continue
		}
		if c.state == cRunning {
			return // a regular init container runs, or a sidecar's startup probe has not passed
		}
		if c.state == cTerminated && policy == api.RestartPolicyNever && !c.sidecar {
			w.finish(api.PodFailed)
			return
		}
		w.startContainer(c)
		w.markDirty()
		return
	}
	if !w.initialized {
		w.initialized = true
		w.markDirty()
	}
	// Sidecars that exited restart alongside the containers.
	var toRun []*container
	for _, c := range w.init {
		if c.sidecar && c.state != cRunning {
			toRun = append(toRun, c)
		}
	}
	for _, c := range append(toRun, w.main...) {
		p := policy
		if c.sidecar {
			p = api.RestartPolicyAlways
		}
		if c.state == cRunning || (c.state == cTerminated && !shouldRestart(p, c.term.ExitCode)) {
			continue
		}
		if w.startContainer(c) {
			break
		}
	}
	if !w.busy && w.retry == nil {
		if phase := w.phase(); phase == api.PodSucceeded || phase == api.PodFailed {
			w.finish(phase)
			return
		}
	}
	w.markDirty()
}

// initDone reports whether an init container lets the next one start: a
// regular one has completed, a sidecar has started (its startup probe passed).
func (c *container) initDone() bool {
	if c.sidecar {
		return c.state == cRunning && c.started
	}
	return c.state == cTerminated && c.term.ExitCode == 0 && !c.crashWaiting
}

func shouldRestart(policy api.RestartPolicy, exitCode int32) bool {
	switch policy {
	case api.RestartPolicyNever:
		return false
	case api.RestartPolicyOnFailure:
		return exitCode != 0
	}
	return true
}

// retryAt makes the worker sync again at t (background: waiting out a
// back-off does not keep the simulation busy).
func (w *podWorker) retryAt(t time.Time) {
	if w.retry != nil {
		if !w.retry.When().After(t) {
			return
		}
		w.retry.Stop()
	}
	w.retry = w.k.afterBackground(t.Sub(w.now()), "pod worker retry "+w.key, func() {
		w.retry = nil
		w.sync()
	})
}

// startContainer starts (or restarts) c unless a back-off holds it. It
// reports whether work is now in flight.
func (w *podWorker) startContainer(c *container) bool {
	now := w.now()
	if c.state == cTerminated && c.redefined {
		c.redefined = false
	} else if c.state == cTerminated {
		key := w.uid + "/" + c.name()
		finished := c.finishedAt
		if w.k.crash.InBackOffSince(key, finished, now) {
			d := w.k.crash.Get(key)
			c.crashWaiting = true
			c.crashMsg = fmt.Sprintf(msgCrashWaiting, d, c.name(), w.podDesc())
			w.event(c, api.EventTypeWarning, ReasonBackOff, fmt.Sprintf(msgCrashBackOff, c.name(), w.podDesc()))
			next := finished.Add(d)
			if next.Sub(now) > BackOffPeriod {
				next = now.Add(BackOffPeriod)
			}
			w.retryAt(next)
			return false
		}
		w.k.crash.Next(key, finished, now)
		c.crashWaiting = false
	}
	return w.k.ensureImage(w, c, func(img *images.Image) { w.create(c, img) })
}

// create creates and starts a container whose image is present.
func (w *podWorker) create(c *container, img *images.Image) {
	w.busy = true
	w.k.after(CreateDelay, "CreateContainer "+w.key+"/"+c.name(), func() {
		if w.removed || w.terminating {
			w.busy = false
			w.checkTerminated()
			return
		}
		env, err := w.containerEnv(c)
		if err == nil {
			err = w.verifyRunAsNonRoot(c)
		}
		reason := WaitingCreateConfigError
		if err == nil {
			err, reason = w.createError(c), WaitingCreateContainerErr
		}
		if err != nil {
			w.busy = false
			w.event(c, api.EventTypeWarning, ReasonFailed, "Error: "+err.Error())
			w.waitOn(c, reason, err.Error())
			w.k.podAction(w.pod, fmt.Sprintf("container %s: %v", c.name(), err))
			w.retryAt(w.now().Add(BackOffPeriod))
			return
		}
		c.instances++
		c.id = containerID(w.uid, c.name(), c.instances)
		c.image = img
		if c.term != nil {
			c.last, c.term = c.term, nil
		}
		c.crashWaiting = false
		proc := runtime.Start(w.runtimeSpec(c, img, env))
		w.event(c, api.EventTypeNormal, ReasonCreated, msgCreated)
		w.k.after(StartDelay, "StartContainer "+w.key+"/"+c.name(), func() {
			w.busy = false
			if w.removed || w.terminating {
				w.checkTerminated()
				return
			}
			now := w.now()
			c.prev = c.cur
			c.cur = &instance{proc: proc, startedAt: now}
			if proc.StartError != "" {
				w.event(c, api.EventTypeWarning, ReasonFailed, "Error: "+proc.StartError)
				c.cur.endedAt = now
				c.finishedAt = now
				c.state = cTerminated
				c.term = &api.ContainerStateTerminated{ExitCode: runtime.ExitCodeStartError, Reason: runtime.ReasonStartError,
					Message: proc.StartError, StartedAt: api.NewTime(time.Unix(0, 0).UTC()), FinishedAt: api.NewTime(now), ContainerID: c.id}
				w.k.podAction(w.pod, fmt.Sprintf("container %s failed to start: %s", c.name(), proc.StartError))
				w.markDirty()
				w.sync()
				return
			}
			c.state = cRunning
			c.startedAt = now
			c.started = c.spec.StartupProbe == nil
			c.ready = c.started && c.spec.ReadinessProbe == nil
			w.event(c, api.EventTypeNormal, ReasonStarted, msgStarted)
			w.k.podAction(w.pod, fmt.Sprintf("started container %s (%s)", c.name(), c.id[len("containerd://"):len("containerd://")+12]))
			w.arm(c, true)
			w.markDirty()
			w.sync()
		})
	})
}

// specChanged points the worker's containers at the latest pod spec. A
// container whose image changed (kubectl set image on a bare pod) is
// killed and started again with the new image.
func (w *podWorker) specChanged() {
	for i := range w.pod.Spec.Containers {
		spec := &w.pod.Spec.Containers[i]
		for _, c := range w.main {
			if c.name() != spec.Name {
				continue
			}
			changed := c.spec.Image != spec.Image
			c.spec = spec
			if changed && c.state == cRunning && w.pod.DeletionTimestamp == nil {
				c.redefined = true
				w.kill(c, fmt.Sprintf(msgRedefined, c.name()), w.graceOf())
			}
		}
	}
	for i := range w.pod.Spec.InitContainers {
		for _, c := range w.init {
			if c.name() == w.pod.Spec.InitContainers[i].Name {
				c.spec = &w.pod.Spec.InitContainers[i]
			}
		}
	}
}

func (w *podWorker) graceOf() time.Duration {
	if g := w.pod.Spec.TerminationGracePeriodSeconds; g != nil {
		return time.Duration(*g) * time.Second
	}
	return 30 * time.Second
}

// arm schedules a running container's exit and its probes.
func (w *podWorker) arm(c *container, fresh bool) {
	p := c.cur.proc
	w.armExit(c)
	if p.Polling() {
		w.pollNetwork(c, p)
	}
	w.startProbes(c, fresh)
}

// armExit schedules the exit of a running container whose process exits.
func (w *podWorker) armExit(c *container) {
	p := c.cur.proc
	if p.Exits && c.exitTimer == nil {
		at := c.startedAt.Add(p.ExitAfter)
		code, reason := p.ExitCode, p.Reason
		c.exitTimer = w.k.afterBackground(at.Sub(w.now()), "container exit "+w.key+"/"+c.name(), func() {
			c.exitTimer = nil
			w.exited(c, code, reason, false)
		})
	}
}

// NetworkPoll is how often the kubelet lets a running script that waits on
// the cluster network (`until nslookup myservice; do sleep 2; done`) ask
// again what it was refused: what the script sees changes at that grain.
const NetworkPoll = time.Second

// pollNetwork asks p to Repoll while it runs and waits on the network; once
// its script can exit, its exit is armed.
func (w *podWorker) pollNetwork(c *container, p *runtime.Process) {
	w.k.afterBackground(NetworkPoll, "network poll "+w.key+"/"+c.name(), func() {
		if c.cur == nil || c.cur.proc != p || c.state != cRunning || c.stopping {
			return
		}
		if p.Repoll(w.now().Sub(c.startedAt)) && p.Exits {
			w.armExit(c)
			return
		}
		if p.Polling() {
			w.pollNetwork(c, p)
		}
	})
}

// disarm cancels a container's exit timer and probes.
func (c *container) disarm() {
	if c.exitTimer != nil {
		c.exitTimer.Stop()
		c.exitTimer = nil
	}
	for _, p := range c.probes {
		p.stop()
	}
	c.probes = nil
}

// exited records that c's process ended.
func (w *podWorker) exited(c *container, code int32, reason string, stopped bool) {
	c.disarm()
	now := w.now()
	if c.cur != nil {
		c.cur.endedAt, c.cur.stopped = now, stopped
	}
	c.state = cTerminated
	c.finishedAt = now
	c.ready, c.stopping = false, false
	c.term = &api.ContainerStateTerminated{ExitCode: code, Reason: reason, StartedAt: api.NewTime(c.startedAt),
		FinishedAt: api.NewTime(now), ContainerID: c.id}
	if !stopped && reason != runtime.ReasonOOMKilled {
		w.keepFiles(c)
		c.term.Message = terminationMessage(c)
	}
	w.k.podAction(w.pod, fmt.Sprintf("container %s exited with code %d (%s)", c.name(), code, reason))
	w.markDirty()
	if w.terminating {
		w.checkTerminated()
		return
	}
	w.sync()
}

// kill stops a running container: SIGTERM, then SIGKILL after grace.
// A server exits promptly; a shell or sleep as PID 1 ignores SIGTERM.
func (w *podWorker) kill(c *container, msg string, grace time.Duration) {
	if c.state != cRunning || c.stopping {
		return
	}
	c.stopping = true
	c.disarm()
	w.event(c, api.EventTypeNormal, ReasonKilling, msg)
	p := c.cur.proc
	d, code, reason := grace, int32(runtime.ExitCodeSIGKILL), runtime.ReasonError
	if p.Graceful {
		d, code, reason = min(runtime.GracefulStopTime, grace), 0, runtime.ReasonCompleted
	}
	if p.Exits {
		if left := c.startedAt.Add(p.ExitAfter).Sub(w.now()); left < d {
			d, code, reason = left, p.ExitCode, p.Reason
		}
	}
	w.k.after(KillDelay+d, "StopContainer "+w.key+"/"+c.name(), func() { w.exited(c, code, reason, true) })
}

// finish marks the pod terminal (Succeeded or Failed): its sandbox is torn
// down and nothing restarts.
// terminationMessage is what the container left in its terminationMessagePath (at most 4096 bytes, as the
// kubelet reads it), the way a shell's lines read back: each line ends with a newline.
func terminationMessage(c *container) string {
	if c.cur == nil || c.cur.proc == nil || c.spec == nil {
		return ""
	}
	path := c.spec.TerminationMessagePath
	if path == "" {
		path = api.TerminationMessagePathDefault
	}
	lines, ok := c.cur.proc.DevFile(path)
	if !ok || len(lines) == 0 {
		return ""
	}
	msg := strings.Join(lines, "\n") + "\n"
	if len(msg) > 4096 {
		msg = msg[:4096]
	}
	return msg
}

func (w *podWorker) finish(phase api.PodPhase) {
	w.final = phase
	w.sandbox = false
	for _, c := range w.all() {
		c.disarm()
		if c.sidecar && c.state == cRunning {
			// The kubelet stops the sidecars once the containers are done.
			code, reason := int32(runtime.ExitCodeSIGKILL), runtime.ReasonError
			if c.cur.proc.Graceful {
				code, reason = 0, runtime.ReasonCompleted
			}
			now := w.now()
			c.cur.endedAt, c.cur.stopped = now, true
			c.state, c.finishedAt, c.ready = cTerminated, now, false
			c.term = &api.ContainerStateTerminated{ExitCode: code, Reason: reason, StartedAt: api.NewTime(c.startedAt),
				FinishedAt: api.NewTime(now), ContainerID: c.id}
		}
	}
	w.k.podAction(w.pod, "pod finished: "+string(phase))
	w.markDirty()
}

// terminate runs a pod deletion: stop every container within the grace
// period, write the final status, then delete the pod with grace 0.
func (w *podWorker) terminate() {
	if w.terminating {
		return
	}
	w.terminating = true
	if w.retry != nil {
		w.retry.Stop()
		w.retry = nil
	}
	grace := 30 * time.Second
	if g := w.pod.DeletionGracePeriodSeconds; g != nil {
		grace = time.Duration(*g) * time.Second
	} else if g := w.pod.Spec.TerminationGracePeriodSeconds; g != nil {
		grace = time.Duration(*g) * time.Second
	}
	w.k.podAction(w.pod, fmt.Sprintf("SyncTerminatingPod: stopping containers with grace period %v", grace))
	for _, c := range append(append([]*container(nil), w.main...), w.init...) {
		if c.state == cRunning {
			w.kill(c, fmt.Sprintf(msgStopping, c.name()), grace)
		}
	}
	w.checkTerminated()
}

// checkTerminated finishes a termination once nothing runs any more.
func (w *podWorker) checkTerminated() {
	if !w.terminating || w.terminated || w.busy || w.removed {
		return
	}
	for _, c := range w.all() {
		if c.state == cRunning || c.stopping {
			return
		}
	}
	w.terminated = true
	w.sandbox = false
	if w.final == "" {
		w.final = api.PodSucceeded
		for _, c := range w.main {
			if c.state != cTerminated || c.term.ExitCode != 0 {
				w.final = api.PodFailed
			}
		}
	}
	w.flushStatus()
	w.k.podAction(w.pod, "all containers stopped: deleting the pod with grace period 0")
	w.k.deletePod(w.pod)
}

// freeze stops every timer: the node is down.
func (w *podWorker) freeze() {
	for _, t := range []**sim.Timer{&w.retry, &w.statusTimer} {
		if *t != nil {
			(*t).Stop()
			*t = nil
		}
	}
	for _, c := range w.all() {
		c.disarm()
		c.stopping = false
	}
	w.busy, w.sandboxPending = false, false
}

// resume picks the pod up again after the kubelet restarts.
func (w *podWorker) resume() {
	w.lastStatus = 0
	for _, c := range w.all() {
		if c.state == cRunning {
			w.arm(c, false)
		}
	}
	if !w.terminated {
		w.terminating = false // kills in flight were lost: run them again
	}
	w.markDirty()
	w.sync()
}

// remove forgets the pod: its containers are gone, its IP free.
func (w *podWorker) remove(why string) {
	if w.removed {
		return
	}
	w.freeze()
	w.removed = true
	if w.ip != "" && !w.pod.Spec.HostNetwork {
		w.k.releaseIP(w.ip)
	}
	w.k.crash.ForgetPrefix(w.uid + "/")
	w.k.imageBO.ForgetPrefix(w.uid + "/")
	delete(w.k.workers, w.key)
	w.k.podAction(w.pod, "SyncLoop REMOVE: "+why)
}

// seccompRoot is the kubelet's seccomp profile root, where a Localhost
// profile's file is read from.
const seccompRoot = "/var/lib/kubelet/seccomp/"

// createError is containerd's refusal to create c (CreateContainerError):
// a Localhost seccomp profile (the container's, else the pod's) must be a
// file on the node, and a default kind node has none.
func (w *podWorker) createError(c *container) error {
	p := w.pod.Spec.SecurityContext
	var prof *api.SeccompProfile
	if p != nil {
		prof = p.SeccompProfile
	}
	if sc := c.spec.SecurityContext; sc != nil && sc.SeccompProfile != nil {
		prof = sc.SeccompProfile
	}
	if prof == nil || prof.Type != api.SeccompProfileTypeLocalhost || prof.LocalhostProfile == nil {
		return nil
	}
	f := seccompRoot + *prof.LocalhostProfile
	return fmt.Errorf("failed to create containerd container: cannot load seccomp profile %q: open %s: no such file or directory", f, f)
}
