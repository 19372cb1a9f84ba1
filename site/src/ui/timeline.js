// timeline: a bar under the diagram to scrub virtual time. Its left end is when the cluster was up, its
// right end the furthest time this branch of history reached; marks show Kubernetes Events (Warnings in
// red). Releasing the handle seeks: the core is deterministic, so kubeplay.seek(ms) rebuilds exactly the
// state at that time (replaying the session's inputs), and playing on gives the same names and Events.
// An Apply or a command after seeking back starts a new branch from there.

import { h, fmtTime } from './dom.js';
import { t } from '../i18n.js';
import { relay } from './relay.js';
import * as bus from './bus.js';

const MAX_MARKS = 300;

export class Timeline {
  /** @param {any} kp window.kubeplay */
  constructor(kp, after) {
    this.kp = kp;
    this.range = h('input#timeline.timeline-range', {
      type: 'range', min: '0', max: '1', step: '1', value: '1',
      'aria-label': t('timeline.aria'), 'data-i18n-aria': 'timeline.aria',
    });
    this.marks = h('div.timeline-marks', { 'aria-hidden': 'true' });
    this.label = h('output.timeline-now', { for: 'timeline' });
    this.el = h('div.timeline', null,
      h('span.timeline-title', { 'data-i18n': 'timeline.title' }, t('timeline.title')),
      h('div.timeline-track', null, this.marks, this.range),
      this.label);
    after.after(this.el);
    this.dragging = false;
    this.seeking = Promise.resolve();
    this.range.addEventListener('input', () => {
      this.dragging = true;
      this.label.textContent = fmtTime(Number(this.range.value));
    });
    this.range.addEventListener('change', () => {
      this.dragging = false;
      this.seek(Number(this.range.value));
    });
    kp.on('tick', () => this.soon());
    kp.on('reset', () => this.soon(true));
    kp.on('beats', (batch) => { if (batch.some((b) => b.kind === 'event')) this.soon(true); });
    bus.on('relay-rebuild', () => this.soon(true));
    this.enable();
  }

  enable() {
    const can = typeof this.kp.seek === 'function';
    this.range.disabled = !can;
    this.el.title = can ? '' : t('timeline.unavailable');
  }

  soon(marks = false) {
    this.marksDirty = this.marksDirty || marks;
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.draw(); });
  }

  draw() {
    if (this.dragging) return;
    const lo = relay.startT;
    const now = this.kp.now();
    const hi = Math.max(relay.maxT, now, lo + 1);
    this.range.min = String(lo);
    this.range.max = String(hi);
    this.range.value = String(now);
    this.label.textContent = fmtTime(now);
    if (this.marksDirty) {
      this.marksDirty = false;
      const beats = (this.kp.beats ? this.kp.beats() : []).filter((b) => b.kind === 'event' && b.t > lo);
      const frag = document.createDocumentFragment();
      for (const b of beats.slice(-MAX_MARKS)) {
        const x = ((b.t - lo) / (hi - lo)) * 100;
        frag.append(h(`span.timeline-mark${b.warning ? '.warning' : ''}`, { style: { left: `${x.toFixed(2)}%` } }));
      }
      this.marks.replaceChildren(frag);
    } else if (now > hi - 1) {
      // The right end moved: marks are placed by percent, so redraw them occasionally.
      if (!this.lastMarks || performance.now() - this.lastMarks > 1000) { this.lastMarks = performance.now(); this.marksDirty = true; this.soon(); }
    }
  }

  /** seek moves the whole page to virtual time ms; the bar carries data-seeking until the page has redrawn. */
  seek(ms) {
    this.el.dataset.seeking = '1';
    this.seeking = this.seeking.then(async () => {
      try {
        await this.kp.pause();
        await this.kp.seek(ms);
        bus.emit('relay-rebuild', ms);
      } catch (e) {
        bus.emit('error', e);
      }
      this.soon(true);
      requestAnimationFrame(() => delete this.el.dataset.seeking);
    });
    return this.seeking;
  }
}
