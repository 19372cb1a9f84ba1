// story: the events pane's default view. One row per beat (one hand-off of the relay, built in the core:
// a request through kube-apiserver, one change delivered by watch, one component's action, a Kubernetes
// Event), newest at the bottom. Kubernetes Events stand out with their SOURCE (as `kubectl get events -o wide`
// shows it) and a one-line explanation; any row opens into its raw trace records. Heartbeats (Lease
// renewals, node status) stay hidden unless asked for, and so does the cluster's start-up: after ready the
// list is empty until the learner acts. The pane's mode switch also offers "Kubernetes Events only" and
// the raw trace (events.js).

import { h, $, clear, fmtTime } from './dom.js';
import { t, getLang, reasonText, onLang } from '../i18n.js';
import { compKey } from './colors.js';
import * as bus from './bus.js';
import { recordsOf, isNews } from './relay.js';
import { parseEventMessage } from './events.js';

const MAX_DOM_ROWS = 400; // rows kept in the DOM (older ones are dropped from view, not from kubeplay.beats())
// Rows built per frame: a burst (a rebuild after a seek, a language switch) shows its newest rows in the
// first frame and fills in the older ones above them over the next frames, so no frame takes long.
const ROWS_PER_FRAME = 40;

// beatText returns the beat's sentence in the page's language.
export function beatText(b) {
  const lang = getLang();
  if (b && b.text && typeof b.text === 'object') return b.text[lang] || b.text.en || '';
  return String(b?.text || '');
}

export function beatCaption(b) {
  const lang = getLang();
  if (b && b.caption && typeof b.caption === 'object') return b.caption[lang] || b.caption.en || '';
  return '';
}

// bodyText is the beat's sentence without its leading actor name when the row already names it.
export function bodyText(b, who) {
  const text = beatText(b);
  return who && text.startsWith(`${who} `) ? text.slice(who.length + 1) : text;
}

// relayOf is a row's actor column as a hand-off, who → whom: "replicaset-controller → kube-apiserver" for a
// request, "kube-apiserver → kube-scheduler (watch)" for a watch delivery; an action names its component.
export function relayOf(b) {
  const short = (c) => {
    const s = String(c || '');
    if (s.startsWith('kube-controller-manager/')) return s.slice('kube-controller-manager/'.length);
    if (s.startsWith('kubelet/')) return `kubelet (${s.slice('kubelet/'.length)})`;
    return s;
  };
  if (b.kind === 'request' && b.from) return `${short(b.from)} → kube-apiserver`;
  if (b.kind === 'watch') {
    const to = Array.isArray(b.to) && b.to.length ? b.to : [b.actor];
    const names = [...new Set(to.map((x) => short(String(x).split('/')[0] === 'kube-controller-manager' ? 'kube-controller-manager' : x)))];
    return `kube-apiserver → ${names.join(', ')} (watch)`;
  }
  return whoActs(b);
}

// whoActs is the component a beat's row is coloured and named by: the Event's SOURCE for Events,
// kube-apiserver for a request (the client is named in the text), the actor otherwise.
export function whoActs(b) {
  if (b.kind === 'event') return b.source || b.actor || '';
  return b.actor || '';
}

export class StoryPanel {
  /** @type {Record<string, HTMLElement>} the mode switch's buttons (build) */
  modeBtns;

  /** @param {any} kp window.kubeplay */
  constructor(kp) {
    this.kp = kp;
    this.mode = 'story'; // story | k8s | trace
    this.heartbeats = false;
    this.follow = true;
    this.rows = new Map(); // beat seq -> element
    this.pending = [];
    this.older = []; // rows of a burst still to be put above the list, oldest first
    this.current = 0;
    this.build();
    this.hold = null; // while set (a lesson step being presented), beats go to it instead
    kp.on('beats', (batch) => (this.hold ? this.hold(batch) : this.add(batch)));
    kp.on('reset', () => this.clear());
    bus.on('relay-rebuild', () => this.rebuild());
    onLang(() => this.rebuild());
  }

  build() {
    const panel = $('#panel-events');
    this.switchEl = h('div.story-modes', { role: 'radiogroup', 'aria-label': t('story.modes'), 'data-i18n-aria': 'story.modes' });
    this.modeBtns = {};
    for (const m of ['story', 'k8s', 'trace']) {
      const b = h('button.btn.btn-small.story-mode', {
        type: 'button', role: 'radio', 'aria-checked': String(m === this.mode), 'data-mode': m, 'data-i18n': `story.mode.${m}`,
      }, t(`story.mode.${m}`));
      b.addEventListener('click', () => this.setMode(m));
      this.modeBtns[m] = b;
      this.switchEl.append(b);
    }
    this.hbBox = h('input#story-heartbeats', { type: 'checkbox' });
    this.hbBox.addEventListener('change', () => { this.heartbeats = this.hbBox.checked; bus.emit('heartbeats', this.heartbeats); this.rebuild(); });
    this.hbLabel = h('label.story-hb', { for: 'story-heartbeats' }, this.hbBox, h('span', { 'data-i18n': 'story.heartbeats' }, t('story.heartbeats')));
    this.countEl = h('span.story-count', { 'aria-live': 'off' });
    this.head = h('div.story-head', null, this.switchEl, this.hbLabel, h('span.spacer'), this.countEl);
    this.list = h('div#story.story-list', { role: 'log', 'aria-label': t('story.aria'), 'data-i18n-aria': 'story.aria', tabindex: '0' });
    this.empty = h('div.ev-empty.story-empty', { 'data-i18n': 'events.empty' }, t('events.empty'));
    this.body = h('div.story-body', null, this.list, this.empty);
    panel.prepend(this.head, this.body);
    this.list.addEventListener('scroll', () => {
      if (this.ownScroll) { this.ownScroll = false; return; }
      this.follow = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 6;
    }, { passive: true });
    this.list.addEventListener('click', (e) => {
      const row = /** @type {HTMLElement} */ (e.target).closest?.('.story-row');
      if (row) this.toggle(row);
    });
    this.list.addEventListener('keydown', (e) => {
      const row = /** @type {HTMLElement} */ (e.target).closest?.('.story-row');
      if (row && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); this.toggle(row); }
    });
    this.applyMode();
    this.update();
  }

  setMode(m) {
    this.mode = m;
    for (const [k, b] of Object.entries(this.modeBtns)) b.setAttribute('aria-checked', String(k === m));
    this.applyMode();
    if (m !== 'trace') this.rebuild();
    bus.emit('story-mode', m);
  }

  // applyMode shows the story list or the raw trace panel (events.js's elements in the same pane).
  applyMode() {
    const panel = $('#panel-events');
    panel.dataset.mode = this.mode;
    this.body.hidden = this.mode === 'trace';
    this.hbLabel.hidden = this.mode === 'trace';
  }

  shows(b) {
    if (!b || !isNews(b)) return false; // start-up is not news
    if (b.heartbeat && !this.heartbeats) return false;
    if (this.mode === 'k8s') return b.kind === 'event';
    return true;
  }

  add(batch) {
    if (!Array.isArray(batch) || !batch.length) return;
    for (const b of batch) if (this.shows(b)) this.pending.push(b);
    if (!this.pending.length || this.frame) return;
    this.frame = requestAnimationFrame(() => this.drain());
  }

  drain() {
    this.frame = 0;
    // A burst larger than the DOM keeps only its newest rows; of those, the newest ROWS_PER_FRAME now.
    const batch = this.pending.slice(-MAX_DOM_ROWS);
    this.pending = [];
    if (batch.length) {
      const now = batch.splice(Math.max(0, batch.length - ROWS_PER_FRAME));
      // Rows still waiting above from an earlier burst are older than these: they stay older.
      this.older = this.older.concat(batch).slice(-MAX_DOM_ROWS);
      const frag = document.createDocumentFragment();
      for (const b of now) {
        if (this.rows.has(b.seq)) continue;
        const el = this.rowEl(b);
        this.rows.set(b.seq, el);
        frag.append(el);
      }
      this.list.append(frag);
    } else if (this.older.length) {
      this.fillOlder();
    }
    this.trim();
    this.update();
    if (this.follow) this.toBottom();
    if (this.older.length && !this.frame) this.frame = requestAnimationFrame(() => this.drain());
  }

  // fillOlder puts the next ROWS_PER_FRAME of the burst's older rows above the list, keeping what the
  // learner sees where it is.
  fillOlder() {
    const chunk = this.older.splice(Math.max(0, this.older.length - ROWS_PER_FRAME));
    const room = MAX_DOM_ROWS - this.rows.size;
    if (room <= 0) { this.older = []; return; }
    const frag = document.createDocumentFragment();
    const first = this.list.firstChild;
    const firstSeq = first ? Number(first.dataset.seq) : Infinity;
    for (const b of chunk.slice(-room)) {
      if (this.rows.has(b.seq) || b.seq > firstSeq) continue;
      frag.append(this.rowEl(b));
    }
    const below = this.list.scrollHeight - this.list.scrollTop;
    this.list.prepend(frag);
    // The Map keeps insertion order (oldest first, for trim): rebuild it in the list's order.
    const rows = new Map();
    for (const el of this.list.children) rows.set(Number(el.dataset.seq), el);
    this.rows = rows;
    if (!this.follow) { this.ownScroll = true; this.list.scrollTop = this.list.scrollHeight - below; }
  }

  trim() {
    while (this.rows.size > MAX_DOM_ROWS) {
      const [seq, el] = /** @type {[number, HTMLElement]} */ (this.rows.entries().next().value);
      el.remove();
      this.rows.delete(seq);
    }
  }

  // toBottom scrolls to the newest row. Rows out of view are laid out at an estimated height until they
  // are first drawn (content-visibility), so the bottom can move once they are: follow it for a few frames.
  toBottom(again = 3) {
    this.ownScroll = true;
    this.list.scrollTop = this.list.scrollHeight;
    if (again > 0 && !this.settle) {
      this.settle = requestAnimationFrame(() => {
        this.settle = 0;
        const l = this.list;
        if (this.follow && l.scrollTop + l.clientHeight < l.scrollHeight - 1) this.toBottom(again - 1);
      });
    }
  }

  clear() {
    this.pending = [];
    this.older = [];
    this.rows.clear();
    clear(this.list);
    this.follow = true;
    this.current = 0;
    this.update();
  }

  // rebuild redraws from kubeplay.beats() (after a filter change, a language switch or a seek).
  rebuild() {
    this.clear();
    this.add(this.kp.beats ? this.kp.beats() : []);
  }

  update() {
    const n = this.rows.size;
    this.empty.hidden = n > 0;
    this.list.hidden = n === 0;
    this.countEl.textContent = t('story.count', { n: n.toLocaleString() });
  }

  rowEl(b) {
    const who = whoActs(b);
    const key = compKey(b.kind === 'request' ? 'kube-apiserver' : who);
    const cls = `div.story-row.k-${b.kind}.c-${key}${b.warning ? '.warning' : ''}${b.heartbeat ? '.heartbeat' : ''}`;
    const el = h(cls, {
      tabindex: '0', role: 'button', 'aria-expanded': 'false',
      dataset: { seq: String(b.seq), kind: b.kind, reason: b.reason || '', t: String(b.t) },
    });
    const time = h('span.ev-time', null, fmtTime(b.t));
    const bar = h('span.ev-bar', { 'aria-hidden': 'true' });
    let main;
    if (b.kind === 'event') {
      const msg = eventMessage(b);
      main = h('div.story-main', null,
        h('div.story-line', { title: `${who} ${b.reason || ''} ${b.object || ''} ${msg}` },
          h('span.story-who', { title: t('story.source') }, who),
          h('span.ev-reason', null, b.reason || ''),
          h('span.ev-obj', null, b.object || ''),
          h('span.story-msg', null, msg)),
        h('div.story-explain', null, reasonText(b.reason, msg) || beatText(b)));
    } else {
      const name = b.kind === 'request' ? 'kube-apiserver' : who;
      const body = bodyText(b, name);
      const relay = relayOf(b);
      main = h('div.story-main', null,
        h('div.story-line', { title: `${relay} ${body}` },
          h('span.story-who', null, relay),
          h('span.story-kind', null, t(`story.kind.${b.kind}`)),
          h('span.story-msg', null, body)));
    }
    el.append(time, bar, main);
    el._beat = b;
    return el;
  }

  // toggle opens a row into its raw trace records (or closes it).
  toggle(row) {
    const open = row.getAttribute('aria-expanded') === 'true';
    row.setAttribute('aria-expanded', String(!open));
    const old = row.querySelector('.story-records');
    if (old) { old.remove(); return; }
    const b = row._beat;
    const recs = recordsOf(b);
    const box = h('ol.story-records', { 'aria-label': t('story.records') });
    if (!recs.length) box.append(h('li.muted', null, t('story.recordsGone')));
    for (const r of recs) {
      box.append(h('li', null,
        h('span.ev-time', null, fmtTime(r.time)),
        h('span.story-rec-comp', null, r.component || ''),
        h('span.story-rec-msg', null, r.message || '')));
    }
    row.append(box);
    bus.emit('beat-selected', b);
  }

  // setCurrent marks the beat slow motion is showing and brings it into view.
  setCurrent(b) {
    if (!b) return;
    if (this.pending.length) this.drain();
    this.list.querySelector('.story-row.current')?.classList.remove('current');
    const el = this.rows.get(b.seq);
    if (!el) return;
    el.classList.add('current');
    if (this.follow) el.scrollIntoView({ block: 'nearest' });
  }
}

// eventMessage is the Event's own message: the beat's, or read from its event trace record.
function eventMessage(b) {
  if (typeof b.message === 'string') return b.message;
  for (const r of recordsOf(b)) {
    if (r.kind !== 'event') continue;
    const ev = parseEventMessage(r.message);
    if (ev) return ev.message;
  }
  return '';
}
