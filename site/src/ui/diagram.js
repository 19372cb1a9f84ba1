// diagram: the pipeline as an SVG, after the article's picture and RaftScope. kubectl → kube-apiserver
// (authn, authz, admission, validation light up in turn) → etcd (revision counter); below, on the watch
// bus, the watchers: kube-scheduler, kube-controller-manager and one kubelet per node (grouped above 6).
// Every trace record becomes a dot travelling between two components; the dots keep the records'
// order and, at slow speeds, their spacing, so each hop can be followed. Click a component to filter
// the events panel to it.

import { s, $, clear } from './dom.js';
import { t, onLang } from '../i18n.js';
import { compKey } from './colors.js';
import * as bus from './bus.js';
import * as snapshot from './snapshot.js';
import { recordsOf, isNews } from './relay.js';
import { whoActs } from './story.js';

const STAGES = ['authn', 'authz', 'admission', 'validation'];
const MAX_DOTS = 40;
const MAX_QUEUE = 6; // beats waiting to be drawn in normal play; older ones land without movement
const GROUP_ABOVE = 6;

/**
 * A component's box in the diagram (layout), by id: kubectl, apiserver, etcd, sched, kcm, kubelets, kubelet:NODE.
 * @typedef {{x: number, y: number, w: number, h: number, comp: string, title: string, sub: string, id?: string,
 *   weight?: number, node?: string}} Box
 */

export class Diagram {
  /** @type {Record<string, Box>} the boxes by id, once layout() has placed them */
  boxes;
  /** @type {number} the watch bus's y in the SVG (layout) */
  busY;
  /** @type {Record<string, any>} each box's <g> by id (draw) */
  boxEls;
  /** @type {Record<string, any>} the apiserver's stage pills' <g> by stage (draw) */
  stageEls;
  /** @type {boolean} the compact picture, for a pane short of height (layout) */
  compact;
  /** @type {boolean} a phone's picture: two rows (layout) */
  mini;
  /** @type {SVGElement} the layer the travelling dots and labels are drawn in (draw) */
  dotLayer;

  constructor(kp) {
    this.root = $('#diagram');
    this.nodes = []; // node names (kubelets)
    this.down = new Set();
    this.revision = 0;
    this.queue = [];
    this.dots = [];
    this.selected = '';
    this.width = 0;
    this.stageTimers = new Map();
    this.flashTimers = new Map();
    this.warnTimers = new Map();
    this.idleWaiters = [];
    this.playing = false;
    this.playingUntil = 0;
    this.slow = false; // slow motion: every beat is drawn, the clock waits for idle()
    this.heartbeats = false;
    this.gen = 0;
    this.hold = null; // while set (a lesson step being presented), beats go to it instead
    kp.on('beats', (batch) => { if (this.hold) this.hold(batch); else for (const b of batch) this.enqueue(b); });
    const drop = () => {
      this.gen++;
      this.queue = [];
      this.playing = false;
      this.clearDots();
      this.revision = 0;
      this.updateRev();
      const w = this.idleWaiters;
      this.idleWaiters = [];
      for (const r of w) r();
    };
    kp.on('reset', drop);
    bus.on('relay-rebuild', drop);
    bus.on('heartbeats', (on) => { this.heartbeats = !!on; });
    bus.on('component-filter-changed', (c) => this.select(c, false));
    onLang(() => this.layout(true));
    snapshot.subscribe((snap) => this.fromSnapshot(snap), false);
    const ro = new ResizeObserver(() => this.layout());
    ro.observe(this.root);
    if (this.root.closest('.right-pane')) ro.observe(this.root.closest('.right-pane'));
    this.layout(true);
    this.frame = this.frame.bind(this);
    requestAnimationFrame(this.frame);
  }

  fromSnapshot(snap) {
    if (!snap || !Array.isArray(snap.nodes)) return;
    const names = snap.nodes.map((n) => n.name).sort();
    const down = new Set(snap.nodes.filter((n) => n.kubeletRunning === false).map((n) => n.name));
    for (const [c, st] of Object.entries(snap.components || {})) if (st !== 'running') down.add(c);
    const changed = names.join() !== this.nodes.join() || [...down].sort().join() !== [...this.down].sort().join();
    if (typeof snap.revision === 'number' && snap.revision > this.revision) { this.revision = snap.revision; this.updateRev(); }
    if (!changed) return;
    this.nodes = names;
    this.down = down;
    this.layout(true);
  }

  // ---------- layout ----------

  layout(force = false) {
    const w = Math.max(300, Math.round(this.root.clientWidth - 16) || 760);
    // Short of height (a laptop's browser window, a lesson's player above, an embed), the picture compacts:
    // lower boxes and a shorter bus, the same labels. The pane's height is set by the page, not by the picture.
    const pane = this.root.closest('.right-pane');
    const paneH = pane ? pane.getBoundingClientRect().height : 0;
    const compact = innerHeight < 820 || (paneH > 0 && paneH < 600);
    if (!force && Math.abs(w - this.width) < 4 && compact === this.compact) return;
    this.width = w;
    this.compact = compact;
    this.clearDots();
    // A phone short of height: one row of kubectl, kube-apiserver (its four stages two by two) and etcd, one
    // row of watchers (the kubelets as one box).
    const mini = w < 460 && compact;
    const narrow = w < 620 && !mini;
    const tight = w < 760; // kubectl and etcd give kube-apiserver the room of its four stages
    const pad = 8;
    /** @type {Record<string, Box>} */
    const boxes = {};
    const topY = compact ? 6 : 14;
    const topH = compact ? 60 : 76;
    const sideH = compact ? 46 : 56;
    const kubectlW = narrow ? 66 : tight ? 84 : 104;
    const etcdW = narrow ? 92 : tight ? 150 : 184;
    const gapX = narrow ? 14 : tight ? 26 : 44;
    if (mini) {
      const sw = 64;
      const gx = 12;
      boxes.kubectl = { x: pad, y: 4, w: sw, h: 54, comp: 'kubectl', title: 'kubectl', sub: 'apply' };
      boxes.apiserver = { x: pad + sw + gx, y: 4, w: w - 2 * pad - 2 * sw - 2 * gx, h: 54, comp: 'kube-apiserver', title: 'kube-apiserver', sub: '' };
      boxes.etcd = { x: w - pad - sw, y: 4, w: sw, h: 54, comp: 'etcd', title: 'etcd', sub: '' };
    } else if (narrow) {
      // Narrow screens: kubectl and etcd side by side above a full-width kube-apiserver.
      const half = (w - 2 * pad - 12) / 2;
      const sh = compact ? 42 : 48;
      boxes.kubectl = { x: pad, y: topY, w: half, h: sh, comp: 'kubectl', title: 'kubectl', sub: 'apply' };
      boxes.etcd = { x: pad + half + 12, y: topY, w: half, h: sh, comp: 'etcd', title: 'etcd', sub: t('diagram.truth') };
      boxes.apiserver = { x: pad, y: topY + sh + (compact ? 14 : 24), w: w - 2 * pad, h: topH, comp: 'kube-apiserver', title: 'kube-apiserver', sub: t('diagram.entry') };
    } else {
      const dy = (topH - sideH) / 2;
      boxes.kubectl = { x: pad, y: topY + dy, w: kubectlW, h: sideH, comp: 'kubectl', title: 'kubectl', sub: 'apply' };
      boxes.apiserver = { x: pad + kubectlW + gapX, y: topY, w: w - 2 * pad - kubectlW - etcdW - 2 * gapX, h: topH, comp: 'kube-apiserver', title: 'kube-apiserver', sub: t('diagram.entry') };
      boxes.etcd = { x: w - pad - etcdW, y: topY + dy, w: etcdW, h: sideH, comp: 'etcd', title: 'etcd', sub: t('diagram.truth') };
    }

    /** @type {{id: string, comp: string, title: string, sub: string, weight?: number, node?: string}[]} */
    const watchers = [
      { id: 'sched', comp: 'kube-scheduler', title: 'kube-scheduler', sub: t('diagram.sched'), weight: 1.3 },
      { id: 'kcm', comp: 'kube-controller-manager', title: 'kube-controller-manager', sub: t('diagram.ctrl'), weight: 1.8 },
    ];
    const grouped = this.nodes.length > GROUP_ABOVE || mini;
    if (grouped) {
      watchers.push({ id: 'kubelets', comp: 'kubelet', title: t('diagram.kubeletGroup', { n: this.nodes.length }), sub: t('diagram.kubelet') });
    } else {
      for (const n of (this.nodes.length ? this.nodes : ['demo-control-plane', 'demo-worker', 'demo-worker2'])) {
        watchers.push({ id: `kubelet:${n}`, comp: `kubelet/${n}`, title: 'kubelet', sub: n, node: n });
      }
    }
    const busY = mini ? 66 : boxes.apiserver.y + topH + (compact ? 16 : 30);
    const perRow = narrow ? Math.min(w < 460 ? 2 : 3, watchers.length) : watchers.length;
    const rowsN = Math.ceil(watchers.length / perRow);
    const gap = narrow || compact ? 8 : 10;
    const wh = mini ? 40 : compact ? 50 : 56;
    const rowGap = compact ? 8 : 14;
    const wy0 = busY + (mini ? 8 : compact ? 14 : 24);
    // Boxes share each row by weight (kube-controller-manager needs the most room for its name).
    for (let row = 0; row < rowsN; row++) {
      const items = watchers.slice(row * perRow, (row + 1) * perRow);
      const weights = items.map((x) => (narrow ? 1 : x.weight || 1));
      const unit = (w - 2 * pad - gap * (perRow - 1)) / (narrow ? perRow : weights.reduce((a, b) => a + b, 0));
      const rowW = weights.reduce((a, b) => a + b * unit, 0) + gap * (items.length - 1);
      let x = (w - rowW) / 2;
      items.forEach((wt, k) => {
        const bw = weights[k] * unit;
        boxes[wt.id] = { ...wt, x, y: wy0 + row * (wh + gap + rowGap), w: bw, h: wh };
        x += bw + gap;
      });
    }
    const height = wy0 + rowsN * (wh + gap + rowGap) - gap - rowGap + 6;
    this.boxes = boxes;
    this.busY = busY;
    this.narrow = narrow;
    this.mini = mini;
    this.draw(w, height);
  }

  draw(w, height) {
    clear(this.root);
    const svg = s('svg', { viewBox: `0 0 ${w} ${height}`, width: w, height, role: 'img', 'aria-label': t('diagram.aria') });
    svg.append(s('title', null, t('diagram.title')));
    const edges = s('g');
    const b = this.boxes;
    const api = b.apiserver;
    // kubectl → apiserver, apiserver → etcd
    for (const id of ['kubectl', 'etcd']) {
      const [p, q] = this.leg(id);
      edges.append(s('line.dg-edge', { x1: p.x, y1: p.y, x2: q.x, y2: q.y }));
    }
    // the watch bus
    const ax = api.x + api.w / 2;
    edges.append(s('line.dg-edge', { x1: ax, y1: api.y + api.h, x2: ax, y2: this.busY }));
    const watcherBoxes = Object.entries(b).filter(([id]) => !['kubectl', 'apiserver', 'etcd'].includes(id)).map(([, v]) => v);
    const xs = watcherBoxes.map((v) => v.x + v.w / 2).concat([ax]);
    edges.append(s('line.dg-edge', { x1: Math.min(...xs), y1: this.busY, x2: Math.max(...xs), y2: this.busY }));
    for (const v of watcherBoxes) {
      const cx = v.x + v.w / 2;
      edges.append(s('line.dg-edge', { x1: cx, y1: this.busY, x2: cx, y2: v.y }));
    }
    if (!this.mini) edges.append(s('text.dg-edge-label', { x: ax + 8, y: this.busY - 8 }, fit(t('diagram.watch'), w - ax - 14, 11)));
    svg.append(edges);

    this.boxEls = {};
    for (const [id, v] of Object.entries(b)) svg.append(this.boxEl(id, v));

    // stage pills inside the apiserver
    this.stageEls = {};
    const perLine = this.mini ? 2 : 4;
    const pillH = this.mini ? 16 : 18;
    const pillsY = this.mini ? api.y + 19 : api.y + api.h - (this.compact ? 23 : 26);
    const pw = (api.w - 16 - (perLine - 1) * 6) / perLine;
    STAGES.forEach((st, i) => {
      const g = s('g.dg-stage', { 'aria-hidden': 'true' });
      const x = api.x + 8 + (i % perLine) * (pw + 6);
      const y = pillsY + Math.floor(i / perLine) * (pillH + 2);
      g.append(s('rect', { x, y, width: pw, height: pillH, rx: pillH / 2 }));
      const label = lines(t(`diagram.${st}`), pw - 6, [11, 10.5, 10], 1);
      const fs = label ? label.size : 10;
      g.append(s('text', { x: x + pw / 2, y: y + pillH - 5, 'text-anchor': 'middle', style: { fontSize: `${fs}px` } }, label ? label.lines[0] : fit(t(`diagram.${st}`), pw - 4, fs, 0.55)));
      svg.append(g);
      this.stageEls[st] = g;
    });

    this.dotLayer = s('g');
    svg.append(this.dotLayer);
    this.root.append(svg);
    this.svg = svg;
    this.updateRev();
    this.select(this.selected, false);
  }

  boxEl(id, v) {
    const key = compKey(v.comp);
    const down = this.down.has(v.node || v.comp);
    const g = s(`g.dg-node.c-${key}${down ? '.dg-down' : ''}`, {
      tabindex: '0', role: 'button', 'aria-label': `${v.title}${v.sub ? ` — ${v.sub}` : ''}`,
      dataset: { component: v.comp },
      style: { '--dg-color': `var(--c-${key})` },
    });
    g.append(s('rect.dg-box', { x: v.x, y: v.y, width: v.w, height: v.h, rx: 8 }));
    g.append(s('rect.dg-accent', { x: v.x, y: v.y + 6, width: 4, height: v.h - 12, rx: 2, fill: `var(--c-${key})` }));
    // Titles take the largest size that fits; subtitles wrap to a second line where the box has room, and a
    // subtitle that fits nowhere is left out (it stays in the box's name and tooltip), never cut.
    const c = this.compact;
    const ty = c ? 17 : 21;
    const title = lines(v.title, v.w - 18, [13, 12.5, 12, 11.5, 11, 10.5], 1) ||
      (this.mini ? lines(v.title, v.w - 18, [12, 11.5, 11], 2) : null);
    const titleSize = title ? title.size : 11.5;
    const titleEl = s('text.dg-title', { x: v.x + 12, y: v.y + ty, style: { fontSize: `${titleSize}px` } });
    if (title) title.lines.forEach((ln, i) => titleEl.append(s('tspan', { x: v.x + 12, dy: i ? '1.1em' : 0 }, ln)));
    else titleEl.textContent = fit(v.title, v.w - 16, titleSize, 0.6);
    g.append(titleEl);
    if (title && title.lines.length > 1) return this.finishBox(id, v, g); // a two-line title: no room for its subtitle
    g.append(s('title', null, `${v.title}${v.sub ? ` — ${v.sub}` : ''}`));
    const sub = (y, width, bottom) => {
      if (!v.sub) return;
      const room = Math.max(1, Math.floor((bottom - y) / 12) + 1);
      const fitted = lines(v.sub, width, [11, 10.5, 10], Math.min(2, room));
      if (!fitted) return;
      const el = s('text.dg-sub', { x: v.x + 12, y: v.y + y, style: { fontSize: `${fitted.size}px` } });
      fitted.lines.forEach((ln, i) => el.append(s('tspan', { x: v.x + 12, dy: i ? '1.15em' : 0 }, ln)));
      g.append(el);
    };
    if (id === 'apiserver') {
      sub(c ? 32 : 37, v.w - 20, c ? 32 : 37);
    } else if (id === 'etcd') {
      const rev = `${t('diagram.revision')} 00000`;
      const revFits = v.w - 24 - textWidth('etcd', 13, 600) >= textWidth(rev, 12, 600, true);
      if (this.mini) {
        // A phone: "revision" over its number.
        g.append(s('text.dg-sub', { x: v.x + 12, y: v.y + 32, style: { fontSize: '10px' } }, t('diagram.revision')));
        this.revEl = s('text.dg-rev', { x: v.x + 12, y: v.y + 48 });
      } else if (revFits) {
        sub(c ? 33 : 37, v.w - 18, v.h - 4);
        this.revEl = s('text.dg-rev', { x: v.x + v.w - 8, y: v.y + ty, 'text-anchor': 'end' });
      } else {
        // Narrow: the revision counter takes the second line.
        this.revEl = s('text.dg-rev', { x: v.x + 12, y: v.y + (c ? 34 : 38) });
      }
      g.append(this.revEl);
    } else {
      sub(c ? 32 : 38, v.w - 18, v.h - 4);
    }
    return this.finishBox(id, v, g);
  }

  finishBox(id, v, g) {
    const activate = () => this.select(this.selected === v.comp ? '' : v.comp, true);
    g.addEventListener('click', activate);
    g.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); activate(); }
    });
    this.boxEls[id] = g;
    return g;
  }

  select(comp, fromClick) {
    this.selected = comp || '';
    for (const [, g] of Object.entries(this.boxEls || {})) {
      const c = g.dataset.component;
      const on = !!this.selected && (c === this.selected || (this.selected === 'kubelet' && c.startsWith('kubelet')));
      g.classList.toggle('selected', on);
      g.querySelector('.dg-box').style.stroke = on ? 'var(--dg-color)' : '';
      g.setAttribute('aria-pressed', String(on));
    }
    if (fromClick) {
      bus.emit('filter-component', this.selected);
      bus.emit('show-tab', 'events');
    }
  }

  updateRev() {
    if (this.revEl) this.revEl.textContent = this.mini ? String(this.revision) : `${t('diagram.revision')} ${this.revision}`;
  }

  // ---------- beats → dots ----------
  // Every beat (one hand-off, built in the core) is drawn as one labelled movement, one after another:
  // a request travels from its client to kube-apiserver, lights authn → authz → admission → validation and
  // goes on to etcd (the revision counter moves); a watch change travels from kube-apiserver to each of its
  // watchers at once; an action pulses its component; an Event travels from its source. In slow motion
  // the clock waits for idle() before running the next beat, so the picture never falls behind; in
  // normal play a backlog is applied without movement (its state still lands) so the picture stays current.

  enqueue(b, pace = 0) {
    if (!b || !b.kind) return;
    if (pace) b = { ...b, pace };
    if (!isNews(b)) return; // start-up is not news
    if (b.heartbeat && !this.heartbeats) return;
    this.queue.push(b);
    if (!this.slow && this.queue.length > MAX_QUEUE) {
      for (const old of this.queue.splice(0, this.queue.length - MAX_QUEUE)) this.settle(old);
    }
  }

  /** beatMs is how long one beat's movement takes at the current speed. */
  beatMs() {
    const sp = bus.clockState.speed || 1;
    if (this.slow) return Math.max(350, Math.min(4000, 1100 / sp));
    return Math.max(120, Math.min(900, 300 / sp));
  }

  /** idle resolves once every queued beat has been drawn. */
  idle() {
    if (!this.queue.length && !this.playing) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  frame(ts) {
    requestAnimationFrame(this.frame);
    if (document.hidden) {
      // Nobody is looking: land everything at once.
      while (this.queue.length) this.settle(this.queue.shift());
    }
    if (!this.playing && this.queue.length) {
      const b = this.queue.shift();
      this.playing = true;
      const dur = b.pace || this.beatMs();
      this.playBeat(b, dur);
      this.playingUntil = ts + dur;
    } else if (this.playing && ts >= this.playingUntil) {
      this.playing = false;
    }
    if (!this.playing && !this.queue.length && this.idleWaiters.length) {
      const w = this.idleWaiters;
      this.idleWaiters = [];
      for (const r of w) r();
    }
    this.animate(ts);
  }

  // settle lands a beat's lasting state without drawing its movement.
  settle(b) {
    if (b.revision > this.revision && (b.kind === 'request' || b.kind === 'event')) { this.revision = b.revision; this.updateRev(); }
    // A Warning Event turns red the component that reported it (its From: kubelet/NODE, kube-scheduler);
    // a refused request, its refusing stage (playBeat) and nothing else.
    if (b.warning && b.kind !== 'request') this.warn(this.nodeIdFor(b.from || b.actor, true));
  }

  playBeat(b, dur) {
    this.current = b;
    const label = beatLabel(b);
    switch (b.kind) {
      case 'request':
      case 'event': {
        const client = this.nodeIdFor(b.from || whoActs(b));
        this.dot(client, 'apiserver', b.kind === 'event' ? whoActs(b) : b.from, dur * 0.4, label, b);
        // Only the stages the request went through light (a read: authn and authz), red only where it was
        // refused (the core's beat says which: core/beat stagesOf); a 404 from storage is no stage's refusal.
        for (const st of Array.isArray(b.stages) ? b.stages : []) {
          const i = STAGES.indexOf(st);
          if (i >= 0) this.later(dur * (0.4 + i * 0.07), () => this.light(st, st === b.refused, dur * 0.4));
        }
        if (b.revision) {
          this.later(dur * 0.7, () => this.dot('apiserver', 'etcd', 'etcd', dur * 0.28, `rev ${b.revision}`, b));
          this.later(dur * 0.98, () => this.settle(b));
        } else if (b.warning) {
          this.later(dur * 0.7, () => this.settle(b));
        }
        break;
      }
      case 'watch': {
        const to = Array.isArray(b.to) && b.to.length ? b.to : [b.actor];
        let first = true;
        for (const w of to) {
          this.dot('apiserver', this.nodeIdFor(w), w, dur * 0.85, first ? label : '', b);
          first = false;
        }
        break;
      }
      default: {
        const id = this.nodeIdFor(b.actor);
        this.flash(id, dur);
        this.bubble(id, label, dur, b);
        if (b.warning) this.warn(id);
      }
    }
  }

  later(ms, fn) {
    const gen = this.gen;
    setTimeout(() => { if (gen === this.gen) fn(); }, ms);
  }

  /** nodeIdFor is the box a component is drawn as; a client without one is drawn as kubectl, but never blamed. */
  nodeIdFor(comp, blame = false) {
    if (!comp) return null;
    if (comp === 'kube-apiserver') return 'apiserver';
    if (comp === 'etcd') return 'etcd';
    // An Event's SOURCE as kubectl prints it: "kubelet, demo-worker", "default-scheduler, default-scheduler".
    const [c, host] = String(comp).split(', ');
    if (host && c === 'kubelet') comp = `kubelet/${host}`;
    else if (host) comp = c;
    if (comp.startsWith('kubelet/')) {
      const n = comp.slice(8);
      if (this.boxes[`kubelet:${n}`]) return `kubelet:${n}`;
      if (this.boxes.kubelets) return 'kubelets';
      return null;
    }
    switch (compKey(comp)) {
      case 'scheduler': return 'sched';
      case 'kcm': return 'kcm';
      case 'kubectl': return 'kubectl';
      default: return blame ? null : 'kubectl';
    }
  }

  light(stage, fail = false, ms = 400) {
    const g = this.stageEls?.[stage];
    if (!g) return;
    g.classList.add(fail ? 'fail' : 'on');
    clearTimeout(this.stageTimers.get(stage));
    this.stageTimers.set(stage, setTimeout(() => g.classList.remove('on', 'fail'), Math.max(220, ms)));
  }

  flash(id, ms = 400) {
    const g = id && this.boxEls?.[id];
    if (!g) return;
    g.classList.add('flash');
    clearTimeout(this.flashTimers.get(id));
    this.flashTimers.set(id, setTimeout(() => g.classList.remove('flash'), Math.max(250, ms)));
  }

  // warn turns a component red for a while (a Warning Event, a failed request or action).
  warn(id) {
    const g = id && this.boxEls?.[id];
    if (!g) return;
    g.classList.add('dg-warn');
    clearTimeout(this.warnTimers.get(id));
    this.warnTimers.set(id, setTimeout(() => g.classList.remove('dg-warn'), Math.max(3000, this.beatMs() * 3)));
  }

  // bubble shows a short label above a component for ms (an action: "filter → score → demo-worker").
  bubble(id, label, ms, b) {
    const v = id && this.boxes?.[id];
    if (!v || !label) return;
    const text = s('text.dg-label.dg-bubble', { x: v.x + v.w / 2, y: v.y - 6, 'text-anchor': 'middle' }, fit(label, Math.max(v.w, 180), 11));
    this.clickable(text, b);
    this.dotLayer.append(text);
    setTimeout(() => text.remove(), Math.max(300, ms));
  }

  clickable(el, b) {
    if (!b) return;
    el.addEventListener('click', () => bus.emit('open-beat', b));
  }

  anchor(id, towardBus) {
    const v = this.boxes[id];
    if (!v) return null;
    if (id === 'kubectl') return { x: v.x + v.w, y: v.y + v.h / 2 };
    if (id === 'etcd') return { x: v.x, y: v.y + v.h / 2 };
    if (id === 'apiserver') return null;
    return { x: v.x + v.w / 2, y: towardBus ? v.y : v.y + v.h / 2 };
  }

  // leg returns the edge between kubectl or etcd and the apiserver (from the component's side).
  leg(id) {
    const api = this.boxes.apiserver;
    const v = this.boxes[id];
    if (this.narrow && !this.mini) {
      const cx = v.x + v.w / 2;
      return [{ x: cx, y: v.y + v.h }, { x: cx, y: api.y }];
    }
    if (id === 'kubectl') return [{ x: v.x + v.w, y: v.y + v.h / 2 }, { x: api.x, y: v.y + v.h / 2 }];
    return [{ x: v.x, y: v.y + v.h / 2 }, { x: api.x + api.w, y: v.y + v.h / 2 }];
  }

  // path returns the polyline from one box to another through the diagram's edges.
  path(from, to) {
    const api = this.boxes.apiserver;
    const ax = api.x + api.w / 2;
    const leg = (id) => {
      if (id === 'kubectl' || id === 'etcd') return this.leg(id);
      const v = this.boxes[id];
      if (!v) return null;
      const cx = v.x + v.w / 2;
      return [{ x: cx, y: v.y }, { x: cx, y: this.busY }, { x: ax, y: this.busY }, { x: ax, y: api.y + api.h }];
    };
    if (to === 'apiserver') return leg(from);
    if (from === 'apiserver') { const l = leg(to); return l && l.reverse(); }
    return null;
  }

  dot(from, to, comp, dur = 400, label = '', b = null) {
    if (!this.boxes || !from || !to || from === to) return;
    const pts = this.path(from, to);
    if (!pts) return;
    if (this.dots.length >= MAX_DOTS) {
      const old = this.dots.shift();
      old.el.remove();
    }
    const el = s('circle.dg-dot', { r: 5, cx: pts[0].x, cy: pts[0].y, fill: `var(--c-${compKey(comp)})` });
    this.dotLayer.append(el);
    let lab = null;
    if (label) {
      lab = s('text.dg-label', { x: pts[0].x + 8, y: pts[0].y - 8 }, fit(label, 200, 11));
      this.clickable(lab, b);
      this.dotLayer.append(lab);
    }
    const lens = [];
    let total = 0;
    for (let i = 1; i < pts.length; i++) {
      const l = Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
      lens.push(l);
      total += l;
    }
    this.dots.push({ el, lab, pts, lens, total, start: performance.now(), dur });
  }

  animate(now) {
    const keep = [];
    for (const d of this.dots) {
      const f = Math.min(1, (now - d.start) / d.dur);
      const e = f < 0.5 ? 2 * f * f : 1 - ((-2 * f + 2) ** 2) / 2;
      let dist = e * d.total;
      let i = 0;
      while (i < d.lens.length - 1 && dist > d.lens[i]) { dist -= d.lens[i]; i++; }
      const a = d.pts[i], b = d.pts[i + 1];
      const r = d.lens[i] ? dist / d.lens[i] : 1;
      const x = a.x + (b.x - a.x) * r;
      const y = a.y + (b.y - a.y) * r;
      d.el.setAttribute('cx', x.toFixed(1));
      d.el.setAttribute('cy', y.toFixed(1));
      if (d.lab) {
        d.lab.setAttribute('x', (x + 8).toFixed(1));
        d.lab.setAttribute('y', (y - 8).toFixed(1));
      }
      if (f >= 1) { d.el.remove(); d.lab?.remove(); } else keep.push(d);
    }
    this.dots = keep;
    // A travelling label crosses the bus's own caption: the caption steps back while one moves.
    this.svg?.classList.toggle('dg-moving', keep.some((d) => d.lab));
  }

  clearDots() {
    for (const d of this.dots) { d.el.remove(); d.lab?.remove(); }
    this.dots = [];
    this.svg?.classList.remove('dg-moving');
  }
}

// fit shortens text with an ellipsis to roughly fit width px at a font size.
/** @type {CanvasRenderingContext2D | false | null} */
let measureCtx = null;
let fontFamily = '';
let monoFamily = '';

/** textWidth measures text as the diagram draws it (the page's font), or estimates it without a canvas. */
function textWidth(text, size, weight = 400, mono = false) {
  if (measureCtx === null) {
    measureCtx = document.createElement('canvas').getContext('2d') || false;
    const root = getComputedStyle(document.documentElement);
    fontFamily = root.getPropertyValue('--font').trim() || 'sans-serif';
    monoFamily = root.getPropertyValue('--mono').trim() || 'monospace';
  }
  const str = String(text ?? '');
  if (!measureCtx) return [...str].reduce((a, ch) => a + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? size : size * 0.6), 0);
  measureCtx.font = `${weight} ${size}px ${mono ? monoFamily : fontFamily}`;
  return measureCtx.measureText(str).width;
}

/**
 * lines sets text in at most max lines of width, at the first of sizes that holds it whole (breaking after
 * spaces, hyphens, slashes and arrows, or between CJK characters): {size, lines}, or null if none does.
 */
function lines(text, width, sizes, max) {
  const str = String(text ?? '');
  const parts = str.match(/[^\s\-/→、]*(?:[\s\-/→、]+|$)|[\u3000-\u9fff]/gu)?.filter(Boolean) || [str];
  for (const size of sizes) {
    const out = [];
    let cur = '';
    for (const p of parts) {
      if (cur && textWidth((cur + p).trimEnd(), size, 600) > width) { out.push(cur.trimEnd()); cur = p.trimStart(); } else cur += p;
    }
    if (cur) out.push(cur.trimEnd());
    if (out.length <= max && out.every((ln) => textWidth(ln, size, 600) <= width)) return { size, lines: out };
  }
  return null;
}

function fit(text, width, size, k = 0.6) {
  const str = String(text ?? '');
  let w = 0;
  let out = '';
  for (const ch of str) {
    const cw = /[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? size : size * k;
    if (w + cw > width) return `${out.replace(/.$/u, '')}…`;
    w += cw;
    out += ch;
  }
  return out;
}

const KINDS = {
  'deployments.apps': 'Deployment', deployments: 'Deployment', 'replicasets.apps': 'ReplicaSet', replicasets: 'ReplicaSet',
  pods: 'Pod', 'pods/binding': 'binding', 'pods/status': 'Pod status', events: 'Event', 'events.events.k8s.io': 'Event',
  nodes: 'Node', 'nodes/status': 'Node status', services: 'Service', endpoints: 'Endpoints',
  'endpointslices.discovery.k8s.io': 'EndpointSlice', 'daemonsets.apps': 'DaemonSet', 'jobs.batch': 'Job',
  'statefulsets.apps': 'StatefulSet', 'deployments.apps/status': 'Deployment status', 'replicasets.apps/status': 'ReplicaSet status',
};

/** kindName turns a trace resource ("deployments.apps", "pods/binding") into what a learner calls it. */
export function kindName(resource) {
  const r = String(resource || '');
  return KINDS[r] || r;
}

/** beatLabel is the short text that travels with a beat's dot ("POST Pod nginx-…", "watch: Pod ADDED"). */
export function beatLabel(b) {
  const name = b.name || '';
  switch (b.kind) {
    case 'request': {
      if (b.resource === 'pods/binding') { const n = bindingNode(b); return n ? `binding → ${n}` : `binding ${name}`; }
      return `${b.verb || ''} ${kindName(b.resource)} ${name}`.trim();
    }
    case 'event': return `Event: ${b.reason || ''}`;
    case 'watch': {
      const m = /\b(ADDED|MODIFIED|DELETED)\b/.exec(recordsOf(b).map((r) => r.message).join(' '));
      return `watch: ${kindName(b.resource)} ${m ? m[1] : ''}`.trim();
    }
    default: {
      const msg = recordsOf(b)[0]?.message || '';
      const chose = /chose (\S+)/.exec(msg);
      if (chose) return `filter → score → ${chose[1]}`;
      const pull = /pulling image "([^"]+)"/.exec(msg);
      if (pull) return `pull ${pull[1]}`;
      return msg.length > 40 ? `${msg.slice(0, 39)}…` : msg;
    }
  }
}

function bindingNode(b) {
  for (const r of recordsOf(b)) {
    const m = /to (\S+)$/.exec(r.message || '');
    if (m) return m[1];
  }
  return '';
}
