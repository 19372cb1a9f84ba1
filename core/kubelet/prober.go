package kubelet

import (
	"fmt"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubelet/runtime"
	"kubeplay/core/sim"
)

// Probe kinds, as they start the Unhealthy messages.
const (
	probeLiveness  = "Liveness"
	probeReadiness = "Readiness"
	probeStartup   = "Startup"
)

// prober is one probe worker of one container (pkg/kubelet/prober/worker.go).
type prober struct {
	kind      string
	probe     *api.Probe
	timer     *sim.Timer
	successes int32
	failures  int32
	stopped   bool
}

func (p *prober) stop() {
	p.stopped = true
	if p.timer != nil {
		p.timer.Stop()
		p.timer = nil
	}
}

func (p *prober) period() time.Duration {
	if p.probe.PeriodSeconds > 0 {
		return time.Duration(p.probe.PeriodSeconds) * time.Second
	}
	return 10 * time.Second
}

func (p *prober) failureThreshold() int32 {
	if p.probe.FailureThreshold > 0 {
		return p.probe.FailureThreshold
	}
	return 3
}

func (p *prober) successThreshold() int32 {
	if p.probe.SuccessThreshold > 0 {
		return p.probe.SuccessThreshold
	}
	return 1
}

// startProbes starts c's probe workers: the first probe runs
// initialDelaySeconds after the container started, then every periodSeconds.
func (w *podWorker) startProbes(c *container, fresh bool) {
	for _, def := range []struct {
		kind  string
		probe *api.Probe
	}{{probeStartup, c.spec.StartupProbe}, {probeReadiness, c.spec.ReadinessProbe}, {probeLiveness, c.spec.LivenessProbe}} {
		if def.probe == nil || (def.kind == probeStartup && c.started) {
			continue
		}
		p := &prober{kind: def.kind, probe: def.probe}
		c.probes = append(c.probes, p)
		first := time.Duration(def.probe.InitialDelaySeconds)*time.Second - w.now().Sub(c.startedAt)
		if !fresh || first < 0 {
			first = p.period()
			if fresh {
				first = 0
			}
		}
		w.scheduleProbe(c, p, first, fresh && def.kind != probeLiveness)
	}
}

func (w *podWorker) scheduleProbe(c *container, p *prober, d time.Duration, foreground bool) {
	name := "probe " + strings.ToLower(p.kind) + " " + w.key + "/" + c.name()
	run := func() {
		p.timer = nil
		if p.stopped {
			return
		}
		w.runProbe(c, p)
	}
	if foreground {
		p.timer = w.k.after(d, name, run)
	} else {
		p.timer = w.k.afterBackground(d, name, run)
	}
}

// runProbe runs one probe and acts on its result.
func (w *podWorker) runProbe(c *container, p *prober) {
	if c.state != cRunning || c.stopping || c.cur == nil {
		return
	}
	if p.kind != probeStartup && !c.started {
		w.scheduleProbe(c, p, p.period(), false)
		return
	}
	res := w.probeOnce(c, p.probe)
	if res.OK {
		p.failures = 0
		p.successes++
	} else {
		p.successes = 0
		p.failures++
		w.event(c, api.EventTypeWarning, ReasonUnhealthy, fmt.Sprintf(msgProbeFailed, p.kind, res.Output))
		w.k.podAction(w.pod, fmt.Sprintf("%s probe of %s failed (%d/%d): %s", strings.ToLower(p.kind), c.name(), p.failures, p.failureThreshold(), res.Output))
	}
	succeeded := p.successes >= p.successThreshold()
	failed := p.failures >= p.failureThreshold()
	switch p.kind {
	case probeReadiness:
		if succeeded && !c.ready {
			c.ready = true
			w.markDirty()
		} else if failed && c.ready {
			c.ready = false
			w.markDirty()
		}
	case probeStartup:
		if succeeded {
			c.started = true
			if c.spec.ReadinessProbe == nil {
				c.ready = true
			}
			p.stop()
			w.markDirty()
			return
		}
		if failed {
			w.kill(c, fmt.Sprintf(msgStartupRestart, c.name()), w.probeGrace(p))
			return
		}
	case probeLiveness:
		if failed {
			w.kill(c, fmt.Sprintf(msgLivenessRestart, c.name()), w.probeGrace(p))
			return
		}
	}
	w.scheduleProbe(c, p, p.period(), false)
}

// probeGrace is the grace period of a probe kill: the probe's own
// terminationGracePeriodSeconds, else the pod's.
func (w *podWorker) probeGrace(p *prober) time.Duration {
	if g := p.probe.TerminationGracePeriodSeconds; g != nil {
		return time.Duration(*g) * time.Second
	}
	if g := w.pod.Spec.TerminationGracePeriodSeconds; g != nil {
		return time.Duration(*g) * time.Second
	}
	return 30 * time.Second
}

// probeOnce asks the runtime how the container answers.
func (w *podWorker) probeOnce(c *container, pr *api.Probe) runtime.ProbeResult {
	proc := c.cur.proc
	elapsed := w.now().Sub(c.startedAt)
	switch {
	case pr.HTTPGet != nil:
		h := pr.HTTPGet
		host := h.Host
		if host == "" {
			host = w.ip
		}
		return proc.HTTPGet(host, w.port(c, h.Port), h.Path, string(h.Scheme), elapsed)
	case pr.TCPSocket != nil:
		host := pr.TCPSocket.Host
		if host == "" {
			host = w.ip
		}
		return proc.TCPSocket(host, w.port(c, pr.TCPSocket.Port))
	case pr.GRPC != nil:
		res := proc.TCPSocket(w.ip, pr.GRPC.Port)
		if !res.OK {
			res.Output = fmt.Sprintf("timeout: failed to connect service %q within 1s: context deadline exceeded", fmt.Sprintf("%s:%d", w.ip, pr.GRPC.Port))
		}
		return res
	case pr.Exec != nil:
		return proc.Exec(pr.Exec.Command, elapsed)
	}
	return runtime.ProbeResult{OK: true}
}

// port resolves a probe port: a number, or the name of a container port.
func (w *podWorker) port(c *container, p api.IntOrString) int32 {
	if p.Type == api.Int {
		return p.IntVal
	}
	for _, cp := range c.spec.Ports {
		if cp.Name == p.StrVal {
			return cp.ContainerPort
		}
	}
	return 0
}
