// events: the live stream interleaving Kubernetes Events and the pipeline trace, with filters by
// component, type and object. The list is virtualized: only the rows in view are in the DOM.

import { h, $, clear, fmtTime, toMs } from './dom.js';
import { t, reasonText, onLang } from '../i18n.js';
import { compKey } from './colors.js';
import * as bus from './bus.js';

const ROW_H = 23; // one-line trace row
const EV_H = 42; // two-line Kubernetes Event row (reason + explanation)
const OVERSCAN = 12; // rows drawn beyond the view while the user scrolls
const FOLLOW_OVERSCAN = 3; // while following the newest rows (they all change at every draw)
const MAX_ROWS = 50000;
// While rows pour in (a fast simulation) the panel redraws at most this often: every redraw replaces the
// visible rows, and nobody reads 60 new rows a frame; the page's frames stay short.
const BUSY_RENDER_MS = 120;

// parseEventMessage reads client.Recorder's trace message: "Normal Scheduled pod/nginx-x: message (x2)".
export function parseEventMessage(msg) {
  const m = /^(Normal|Warning)\s+(\S+)\s+(\S+?):\s([\s\S]*)$/.exec(msg || '');
  if (!m) return null;
  return { type: m[1], reason: m[2], object: m[3], message: m[4] };
}

// rowFromRecord turns a trace record into a panel row.
export function rowFromRecord(rec) {
  const time = toMs(rec.time);
  const parties = [rec.component, rec.from, rec.to].filter(Boolean);
  const obj = [rec.resource, rec.namespace, rec.name].filter(Boolean).join('/');
  if (rec.kind === 'event') {
    const ev = parseEventMessage(rec.message);
    if (ev) {
      return {
        seq: rec.seq, time, kind: 'event', comp: rec.component, parties, type: ev.type, reason: ev.reason,
        object: ev.object, text: ev.message, search: `${ev.object} ${rec.namespace || ''} ${ev.message}`.toLowerCase(),
      };
    }
  }
  // Requests and responses are coloured by the client that made them.
  let comp = rec.component;
  const res = rec.resource || '';
  // Heartbeats: kubelets renewing their Lease every 10s (and checking their Node), and the
  // controller-manager's watch on Leases. Real and continuous; hidden by default so the relay shows.
  const heartbeat = res.startsWith('leases') || (rec.message || '').includes('/registry/leases/') ||
    (res === 'nodes' && String(rec.verb || '').toLowerCase() === 'get' &&
      [rec.from, rec.to, rec.component].some((c) => String(c || '').startsWith('kubelet/')));
  if (rec.kind === 'request' || rec.kind === 'stage') comp = rec.from || comp;
  if (rec.kind === 'response' || rec.kind === 'watch') comp = rec.to || comp;
  return {
    seq: rec.seq, time, kind: rec.kind, comp, parties, stage: rec.stage, code: rec.code, heartbeat,
    object: obj, text: rec.message || '', search: `${obj} ${rec.message || ''}`.toLowerCase(),
  };
}

// componentMatches reports whether a row involves the component filter value f.
export function componentMatches(row, f) {
  if (!f) return true;
  if (f.includes('/')) return row.parties.some((p) => p === f);
  const fk = compKey(f);
  return row.parties.some((p) => compKey(p) === fk);
}

export function typeMatches(row, f) {
  switch (f) {
    case '': return true;
    case 'k8s': return row.kind === 'event';
    case 'warning': return row.kind === 'event' && row.type === 'Warning';
    case 'request': return row.kind === 'request' || row.kind === 'response';
    default: return row.kind === f;
  }
}

export class EventsPanel {
  /** @param {import('../api.js').Kubeplay} kp window.kubeplay */
  constructor(kp) {
    this.rows = [];
    this.visible = []; // indexes into rows that pass the filters
    this.offsets = [0]; // offsets[i] = top of visible[i]; offsets[visible.length] = total height
    this.filter = { component: '', type: '', object: '', heartbeats: false };
    this.cache = new Map(); // row -> element
    this.follow = true;
    this.lastSetTop = 0;
    /** @type {false | 'frame' | 'timer'} a draw waiting for the next frame, or for a timer */
    this.pendingRender = false;
    this.lastRender = 0;
    this.viewH = 0; // the viewport's height, kept by a ResizeObserver (no layout read per render)
    this.stale = false; // rows came while it was hidden: draw when shown
    this.build();
    kp.on('trace', (rec) => this.add(rec));
    bus.on('filter-component', (c) => this.setComponent(c));
    // Shown again (its tab, or the trace mode of the pane): draw what came in while it was hidden.
    bus.on('tab', () => { if (this.stale) this.schedule(); });
    bus.on('story-mode', () => { if (this.stale) this.schedule(); });
    bus.onClear(() => this.clearRows());
    onLang(() => { this.cache.clear(); clear(this.spacer); this.relabel(); this.schedule(); });
  }

  build() {
    const panel = $('#panel-events');
    this.compSel = h('select.select#ev-component', { 'aria-label': t('events.filter.component'), 'data-i18n-aria': 'events.filter.component' });
    this.typeSel = h('select.select#ev-type', { 'aria-label': t('events.filter.type'), 'data-i18n-aria': 'events.filter.type' });
    this.objInput = h('input.input#ev-object', {
      type: 'search', 'aria-label': t('events.filter.object'), 'data-i18n-aria': 'events.filter.object',
      placeholder: t('events.filter.objectPh'), 'data-i18n-ph': 'events.filter.objectPh',
    });
    this.hbBox = h('input#ev-heartbeats', { type: 'checkbox' });
    this.countEl = h('span.ev-count', { 'aria-live': 'off' });
    this.followBtn = h('button.btn.btn-small#ev-follow', { type: 'button', 'aria-pressed': 'true', 'data-i18n': 'events.follow' }, t('events.follow'));
    const clearBtn = h('button.btn.btn-small.btn-ghost#ev-clear', { type: 'button', 'data-i18n': 'events.clear' }, t('events.clear'));
    this.fillSelects();
    const filters = h('div.ev-filters', null,
      h('label', null, h('span', { 'data-i18n': 'events.filter.component' }, t('events.filter.component')), this.compSel),
      h('label', null, h('span', { 'data-i18n': 'events.filter.type' }, t('events.filter.type')), this.typeSel),
      h('label', null, h('span', { 'data-i18n': 'events.filter.object' }, t('events.filter.object')), this.objInput),
      h('label.ev-hb', null, this.hbBox, h('span', { 'data-i18n': 'events.filter.heartbeats' }, t('events.filter.heartbeats'))),
      h('span.spacer'), this.countEl, this.followBtn, clearBtn);
    this.viewport = h('div#events', { role: 'log', 'aria-label': t('events.aria'), 'data-i18n-aria': 'events.aria', tabindex: '0' });
    this.spacer = h('div.ev-spacer');
    this.empty = h('div.ev-empty', { 'data-i18n': 'events.empty' }, t('events.empty'));
    this.viewport.append(this.spacer);
    panel.append(filters, this.viewport, this.empty);

    this.compSel.addEventListener('change', () => { this.filter.component = this.compSel.value; this.refilter(); bus.emit('component-filter-changed', this.filter.component); });
    this.typeSel.addEventListener('change', () => { this.filter.type = this.typeSel.value; this.refilter(); });
    this.objInput.addEventListener('input', () => { this.filter.object = this.objInput.value.trim().toLowerCase(); this.refilter(); });
    this.hbBox.addEventListener('change', () => { this.filter.heartbeats = this.hbBox.checked; this.refilter(); });
    this.followBtn.addEventListener('click', () => this.setFollow(!this.follow));
    clearBtn.addEventListener('click', () => this.clearRows());
    this.viewport.addEventListener('scroll', () => {
      // Our own scrolling (following) lands exactly on lastSetTop; anything else is the user.
      const top = this.viewport.scrollTop;
      const h = this.viewport.clientHeight;
      if (Math.abs(top - this.lastSetTop) <= 1 && Math.abs(h - this.viewH) < 1) return; // ours: already drawn
      this.viewH = h;
      const atBottom = top + this.viewport.clientHeight >= this.viewport.scrollHeight - 4;
      if (atBottom !== this.follow) this.setFollow(atBottom);
      this.render();
    }, { passive: true });
    new ResizeObserver((entries) => {
      for (const e of entries) this.viewH = e.contentRect.height;
      this.schedule();
    }).observe(this.viewport);
    this.updateCount();
  }

  fillSelects() {
    const comp = this.compSel.value;
    clear(this.compSel);
    this.compSel.append(h('option', { value: '' }, t('events.all')));
    for (const name of ['kubectl', 'kube-apiserver', 'etcd', 'kube-scheduler', 'kube-controller-manager', 'kubelet', 'sim']) {
      this.compSel.append(h('option', { value: name }, name));
    }
    for (const name of [...(this.kubelets || [])].sort()) this.compSel.append(h('option', { value: name }, name));
    this.compSel.value = comp;
    const type = this.typeSel.value;
    clear(this.typeSel);
    this.typeSel.append(h('option', { value: '' }, t('events.all')));
    for (const k of ['k8s', 'warning', 'request', 'stage', 'write', 'watch', 'action', 'fault']) {
      this.typeSel.append(h('option', { value: k }, t(`events.type.${k}`)));
    }
    this.typeSel.value = type;
  }

  relabel() {
    this.fillSelects();
    this.updateCount();
  }

  setFollow(f) {
    this.follow = f;
    this.followBtn.setAttribute('aria-pressed', String(f));
    if (f) this.schedule();
  }

  setComponent(c) {
    if (c && c.startsWith('kubelet/') && !(this.kubelets || new Set()).has(c)) {
      this.kubelets = this.kubelets || new Set();
      this.kubelets.add(c);
      this.fillSelects();
    }
    this.compSel.value = c || '';
    if (this.compSel.value !== (c || '')) this.compSel.value = '';
    this.filter.component = this.compSel.value;
    this.refilter();
  }

  passes(row) {
    const f = this.filter;
    return (f.heartbeats || !row.heartbeat) && componentMatches(row, f.component) && typeMatches(row, f.type) &&
      (!f.object || row.search.includes(f.object));
  }

  heightOf(row) { return row.kind === 'event' ? EV_H : ROW_H; }

  add(rec) {
    if (!rec || typeof rec !== 'object') return;
    const row = rowFromRecord(rec);
    if (typeof row.comp === 'string' && row.comp.startsWith('kubelet/')) {
      this.kubelets = this.kubelets || new Set();
      if (!this.kubelets.has(row.comp)) { this.kubelets.add(row.comp); this.fillSelects(); }
    }
    this.rows.push(row);
    if (this.rows.length > MAX_ROWS) {
      const drop = MAX_ROWS / 5;
      for (const r of this.rows.slice(0, drop)) this.cache.delete(r);
      this.rows = this.rows.slice(drop);
      this.refilter();
      return;
    }
    if (this.passes(row)) {
      this.visible.push(this.rows.length - 1);
      this.offsets.push(this.offsets[this.offsets.length - 1] + this.heightOf(row));
    }
    this.schedule(true);
  }

  refilter() {
    this.visible = [];
    this.offsets = [0];
    let y = 0;
    for (let i = 0; i < this.rows.length; i++) {
      const r = this.rows[i];
      if (!this.passes(r)) continue;
      this.visible.push(i);
      y += this.heightOf(r);
      this.offsets.push(y);
    }
    clear(this.spacer);
    this.schedule();
  }

  clearRows() {
    this.rows = [];
    this.cache.clear();
    this.refilter();
  }

  // schedule draws in the next frame. New rows (busy=true) wait until BUSY_RENDER_MS after the last
  // draw; anything the user did (a filter, a resize, follow) draws in the next frame.
  schedule(busy = false) {
    const wait = busy ? this.lastRender + BUSY_RENDER_MS - performance.now() : 0;
    if (this.pendingRender === 'frame' || (this.pendingRender === 'timer' && wait > 0)) return;
    if (this.pendingRender === 'timer') clearTimeout(this.renderTimer);
    const draw = () => {
      this.pendingRender = 'frame';
      requestAnimationFrame(() => { this.pendingRender = false; this.render(); });
    };
    if (wait > 0) {
      this.pendingRender = 'timer';
      this.renderTimer = setTimeout(draw, wait);
    } else {
      draw();
    }
  }

  updateCount() {
    this.countEl.textContent = t('events.count', { n: this.visible.length.toLocaleString() });
  }

  // indexAt returns the first visible index whose bottom is below y.
  indexAt(y) {
    let lo = 0, hi = this.visible.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.offsets[mid + 1] <= y) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // shown: the raw trace is on screen (its tab open and the pane in trace mode). Attribute reads only: no layout.
  shown() {
    const panel = this.viewport.parentElement;
    return !!panel && !panel.hidden && (panel.dataset.mode || 'trace') === 'trace';
  }

  render() {
    // Hidden, it is not drawn (reading its height would lay out the whole page in the middle of a frame);
    // the next time it shows, it draws what it holds then.
    this.stale = !this.shown();
    if (this.stale) return;
    this.lastRender = performance.now();
    const total = this.offsets[this.visible.length];
    this.spacer.style.height = `${total}px`;
    this.empty.hidden = this.rows.length > 0;
    this.viewport.hidden = this.rows.length === 0;
    this.updateCount();
    const viewH = this.viewH || this.viewport.clientHeight;
    let top;
    if (this.follow) {
      top = Math.max(0, total - viewH);
      this.lastSetTop = top;
      if (Math.abs(this.viewport.scrollTop - top) > 1) this.viewport.scrollTop = top;
    } else {
      top = this.viewport.scrollTop;
    }
    const bottom = top + (viewH || 400);
    const over = this.follow ? FOLLOW_OVERSCAN : OVERSCAN;
    const first = Math.max(0, this.indexAt(top) - over);
    const last = Math.min(this.visible.length, this.indexAt(bottom) + 1 + over);
    const keep = new Set();
    for (let i = first; i < last; i++) {
      const row = this.rows[this.visible[i]];
      keep.add(row);
      let el = this.cache.get(row);
      if (!el) {
        el = this.rowElement(row);
        this.cache.set(row, el);
      }
      el.style.top = `${this.offsets[i]}px`;
      if (el.parentNode !== this.spacer) this.spacer.append(el);
    }
    for (const el of [...this.spacer.children]) {
      if (!keep.has(el._row)) el.remove();
    }
    // Bound the cache to what is near the view.
    if (this.cache.size > 2000) {
      for (const [r] of this.cache) if (!keep.has(r)) this.cache.delete(r);
    }
  }

  rowElement(row) {
    const key = compKey(row.comp);
    const label = shortComponent(row.comp);
    let el;
    if (row.kind === 'event') {
      const explain = reasonText(row.reason, row.text);
      el = h(`div.ev-row.k8s.c-${key}${row.type === 'Warning' ? '.warning' : ''}`, {
        dataset: { reason: row.reason, kind: 'event', type: row.type, component: row.comp || '' },
        style: { height: `${EV_H}px` },
      },
      h('span.ev-time', null, fmtTime(row.time)),
      h('span.ev-bar', { 'aria-hidden': 'true' }),
      h('div.ev-main', { title: `${row.type} ${row.reason} ${row.object}: ${row.text}` },
        h('span.ev-comp', { title: row.comp || '' }, label),
        h('span.ev-reason', null, row.reason),
        h('span.ev-obj', null, row.object),
        h('span.ev-msg', null, row.text),
        h('span.ev-explain', null, explain || `${row.type}`)));
    } else {
      el = h(`div.ev-row.c-${key}${row.kind === 'fault' ? '.fault' : ''}`, {
        dataset: { kind: row.kind, component: row.comp || '' },
        style: { height: `${ROW_H}px` },
      },
      h('span.ev-time', null, fmtTime(row.time)),
      h('span.ev-bar', { 'aria-hidden': 'true' }),
      h('div.ev-main', { title: row.text },
        h('span.ev-comp', { title: row.comp || '' }, label),
        h('span.ev-kind', null, row.kind === 'stage' && row.stage ? row.stage : t(`kind.${row.kind}`)),
        h('span.ev-msg', null, row.text)));
    }
    el._row = row;
    return el;
  }
}

// shortComponent keeps rows readable: "kube-controller-manager/replicaset-controller" shows as
// "replicaset-controller" (the colour says kube-controller-manager; the full name is the title).
export function shortComponent(c) {
  const str = String(c || '');
  const m = /^kube-controller-manager\/(.+)$/.exec(str);
  return m ? m[1] : str;
}
