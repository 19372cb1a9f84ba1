package kubelet

import (
	"fmt"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubelet/images"
)

// PullFailureTime is how long a failing pull takes to fail (resolving the
// reference against the registry).
const PullFailureTime = images.PullLatency + 200*time.Millisecond

// ErrImageRetry is how soon after a failed pull the pod worker syncs again
// and finds the image in back-off (ImagePullBackOff).
const ErrImageRetry = time.Second

// ensureImage is the kubelet's image manager: it applies the pull policy,
// the per-pod image back-off and the node's serialized puller, records the
// Pulling / Pulled / Failed / BackOff events, and calls ready once the
// image is present. It reports whether work is in flight (false: c waits).
func (k *Kubelet) ensureImage(w *podWorker, c *container, ready func(*images.Image)) bool {
	spec := c.spec.Image
	now := k.sim.Now()
	ref, err := images.ParseReference(spec)
	if err != nil {
		msg := fmt.Sprintf(msgInvalidImage, spec, err)
		w.event(c, api.EventTypeWarning, ReasonInspectFailed, msg)
		w.event(c, api.EventTypeWarning, ReasonFailed, "Error: "+WaitingInvalidImageName)
		w.waitOn(c, WaitingInvalidImageName, msg)
		w.retryAt(now.Add(BackOffPeriod))
		return false
	}
	present := k.presentImage(ref)
	policy := c.spec.ImagePullPolicy
	if policy == "" {
		policy = api.PullIfNotPresent
		if ref.Digest == "" && ref.Tag == images.DefaultTag {
			policy = api.PullAlways
		}
	}
	if present != nil && policy != api.PullAlways {
		w.event(c, api.EventTypeNormal, ReasonPulled, fmt.Sprintf(msgAlreadyPresent, spec))
		w.busy = true
		ready(present)
		return true
	}
	if policy == api.PullNever {
		msg := fmt.Sprintf(msgNeverPull, spec)
		w.event(c, api.EventTypeWarning, ReasonErrImageNeverPull, msg)
		w.event(c, api.EventTypeWarning, ReasonFailed, "Error: "+WaitingErrImageNeverPull)
		w.waitOn(c, WaitingErrImageNeverPull, msg)
		w.retryAt(now.Add(BackOffPeriod))
		return false
	}
	key := w.uid + "/" + spec
	if k.imageBO.InBackOffSinceUpdate(key, now) {
		msg := fmt.Sprintf(msgPullBackOff, spec)
		w.event(c, api.EventTypeNormal, ReasonBackOff, msg)
		w.event(c, api.EventTypeWarning, ReasonFailed, "Error: "+WaitingImagePullBackOff)
		w.waitOn(c, WaitingImagePullBackOff, msg)
		next := k.imageBO.Until(key)
		if next.Sub(now) > BackOffPeriod {
			next = now.Add(BackOffPeriod)
		}
		w.retryAt(next)
		return false
	}

	w.event(c, api.EventTypeNormal, ReasonPulling, fmt.Sprintf(msgPulling, spec))
	img, rerr := k.reg.Resolve(ref, w.pullSecretsFound())
	start := now
	if k.pullFree.After(start) {
		start = k.pullFree // serializeImagePulls: wait for the pull before
	}
	var d time.Duration
	switch {
	case rerr != nil:
		d = PullFailureTime
	case present != nil:
		d = images.RepullLatency // the layers are here: only the manifest is fetched
	case !k.pulling[img.Ref()].IsZero() && !k.pulling[img.Ref()].After(start):
		d = images.RepullLatency // an earlier queued pull brought the layers
	default:
		d = img.PullTime()
	}
	end := start.Add(d)
	k.pullFree = end
	if rerr == nil {
		if prev := k.pulling[img.Ref()]; prev.IsZero() || prev.After(end) {
			k.pulling[img.Ref()] = end
		}
	}
	k.podAction(w.pod, fmt.Sprintf("pulling image %q (%s)", spec, ref.String()))
	w.busy = true
	k.after(end.Sub(now), "PullImage "+ref.String(), func() {
		w.busy = false
		if w.removed || w.terminating {
			w.checkTerminated()
			return
		}
		if rerr != nil {
			w.event(c, api.EventTypeWarning, ReasonFailed, fmt.Sprintf(msgPullFailed, spec, rerr))
			w.event(c, api.EventTypeWarning, ReasonFailed, "Error: "+WaitingErrImagePull)
			w.waitOn(c, WaitingErrImagePull, rerr.Error())
			t := k.sim.Now()
			k.imageBO.Next(key, t, t)
			k.podAction(w.pod, fmt.Sprintf("failed to pull image %q: %v", spec, rerr))
			w.markDirty()
			w.retryAt(t.Add(ErrImageRetry))
			return
		}
		k.present[img.Ref()] = img
		delete(k.pulling, img.Ref())
		pull := end.Sub(start).Truncate(time.Millisecond)
		total := end.Sub(now).Truncate(time.Millisecond)
		w.event(c, api.EventTypeNormal, ReasonPulled, fmt.Sprintf(msgPulled, spec, pull, total, img.Size))
		k.podAction(w.pod, fmt.Sprintf("pulled image %q (%d bytes) in %v", img.Ref(), img.Size, pull))
		w.busy = true
		ready(img)
	})
	return true
}

// presentImage returns the node's copy of the image ref names, if any.
func (k *Kubelet) presentImage(ref images.Reference) *images.Image {
	if ref.Digest == "" {
		return k.present[ref.Repository()+":"+ref.Tag]
	}
	for _, img := range k.present {
		if img.Digest == ref.Digest && strings.HasPrefix(img.Ref(), ref.Repository()+":") {
			return img
		}
	}
	return nil
}

// waitOn shows c as waiting with reason and message. A container that
// exited before keeps that exit as its last state.
func (w *podWorker) waitOn(c *container, reason, msg string) {
	if c.state == cTerminated {
		c.last, c.term = c.term, nil
		c.state = cWaiting
		c.crashWaiting = false
	}
	c.waiting = api.ContainerStateWaiting{Reason: reason, Message: msg}
	w.markDirty()
}
