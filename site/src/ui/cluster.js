// cluster: the control-plane components, node cards (allocatable vs requested, pod chips coloured by
// STATUS with READY and RESTARTS), the Pending lane, and a Pod's describe output with the scheduler's
// explanation. Buttons stop/start a node's kubelet and restart the control-plane components.

import { h, $, clear, fmtBytes, fmtCPU, place, dropUnseen, orError } from './dom.js';
import { t, onLang } from '../i18n.js';
import { compKey } from './colors.js';
import * as bus from './bus.js';
import * as snapshot from './snapshot.js';
import { explainTable } from './explaintable.js';

const MAX_CHIPS = 150;
const NODES_SLICE_MS = 6; // node cards updated per task, in wall ms (then the page gets a turn)

// statusClass maps kubectl's STATUS column to a colour.
export function statusClass(status) {
  const s = String(status || '');
  if (s === 'Running') return 'st-running';
  if (s === 'Pending') return 'st-pending';
  if (s === 'ContainerCreating' || s === 'PodInitializing' || s.startsWith('Init:')) return 'st-creating';
  if (s === 'Completed' || s === 'Terminating' || s === 'Succeeded') return 'st-done';
  if (/Err|BackOff|Error|Failed|OOMKilled|Evicted|Unknown|CreateContainer|Invalid/.test(s)) return 'st-error';
  return 'st-pending';
}

export class ClusterView {
  /** @param {import('../api.js').Kubeplay} kp window.kubeplay */
  constructor(kp) {
    this.kp = kp;
    this.selected = null; // {namespace, name}
    this.parts = null; // the sections render() keeps up to date (build() makes them)
    this.visible = false;
    this.panel = $('#panel-cluster');
    this.scroll = h('div.scroll');
    this.main = h('div');
    this.detail = h('div.pod-detail');
    this.scroll.append(this.main, this.detail);
    this.panel.append(this.scroll);
    this.unsub = null;
    this.podReq = 0; // bumped for every describe/explain request: a late answer for an older one is dropped
    bus.on('tab', (name) => this.setVisible(name === 'cluster'));
    bus.onClear(() => { this.selected = null; this.podReq++; clear(this.detail); this.parts = null; });
    onLang(() => { this.parts = null; if (this.snap) this.render(this.snap); if (this.selected) this.showPod(this.selected, false); });
  }

  setVisible(v) {
    if (v === this.visible) return;
    this.visible = v;
    if (v) {
      // Drawn in a task of its own, apart from the one that received (and parsed) the snapshot.
      this.unsub = snapshot.subscribe((snap) => setTimeout(() => { if (this.visible) this.render(snap); }, 0));
      snapshot.refresh(true);
    } else if (this.unsub) {
      this.unsub();
      this.unsub = null;
    }
  }

  // render updates the view to a snapshot in place: sections are rebuilt only when their own data
  // changed, and the Pod chips are kept by name and only touched when their STATUS/READY/RESTARTS change
  // (1,000 Pods redrawn every poll made the page stutter).
  render(snap) {
    if (!snap || snap.error) return;
    this.snap = snap;
    const focusKey = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.focusKey;
    const scrollTop = this.scroll.scrollTop;
    const rebuilt = !this.parts || !this.main.contains(this.parts.comps);
    if (rebuilt) this.build();
    const P = /** @type {Record<string, any>} */ (this.parts); // build() made them

    // control plane
    const compsKey = JSON.stringify(snap.components || {});
    if (compsKey !== P.compsKey) {
      P.compsKey = compsKey;
      clear(P.comps);
      for (const [name, state] of Object.entries(snap.components || {})) {
        const running = state === 'running';
        P.comps.append(h(`div.comp-card.c-${compKey(name)}`, null,
          h('span.comp-name.mono', null, name),
          h(`span.state-pill.${running ? 'ok' : 'bad'}`, null, t(running ? 'cluster.running' : 'cluster.stopped')),
          h('button.btn.btn-small', {
            type: 'button', dataset: { focusKey: `restart:${name}` },
            'aria-label': `${t('cluster.restart')}: ${name}`,
            on: { click: () => this.act(() => this.kp.restartComponent(name)) },
          }, t('cluster.restart'))));
      }
    }

    // deployments
    const deps = Array.isArray(snap.deployments) ? snap.deployments : [];
    const depsKey = JSON.stringify(deps);
    if (depsKey !== P.depsKey) {
      P.depsKey = depsKey;
      clear(P.deps);
      if (deps.length) {
        const tb = h('tbody');
        for (const d of deps) {
          tb.append(h('tr', null, h('td.mono', null, `${d.namespace}/${d.name}`), h('td.num', null, String(d.ready ?? '')),
            h('td.num', null, String(d.upToDate ?? '')), h('td.num', null, String(d.available ?? ''))));
        }
        P.deps.append(h('h3.section-title', null, t('cluster.deployments')),
          h('div.table-wrap.deploys', null, h('table.table', null,
            h('thead', null, h('tr', null, h('th', null, 'NAME'), h('th.num', null, 'READY'), h('th.num', null, 'UP-TO-DATE'), h('th.num', null, 'AVAILABLE'))), tb)));
      }
    }

    // pending lane
    const pending = Array.isArray(snap.pending) ? snap.pending : [];
    P.pendingTitle.textContent = `${t('cluster.pending')} (${pending.length})`;
    P.pendingEmpty.hidden = pending.length > 0;
    this.updateChips(P.pendingChips, pending);

    // nodes: one card per node, kept by name; drawn in slices so a page of 1,000 Pods never holds the
    // main thread for long (a newer snapshot abandons an unfinished pass and starts again)
    this.pass = { snap, i: 0, prev: null, seen: new Set(), focusKey, scrollTop, rebuilt: rebuilt || !!this.pass?.rebuilt };
    this.renderNodes(this.pass);
  }

  renderNodes(pass) {
    if (pass !== this.pass || !this.parts) return;
    const P = this.parts;
    const nodes = pass.snap.nodes || [];
    const t0 = performance.now();
    for (; pass.i < nodes.length; pass.i++) {
      if (performance.now() - t0 > NODES_SLICE_MS) {
        setTimeout(() => this.renderNodes(pass), 0);
        return;
      }
      const n = nodes[pass.i];
      pass.seen.add(n.name);
      let card = P.cards.get(n.name);
      if (!card) {
        card = { el: h('div.node-card'), frame: h('div'), chips: this.newChips(), actions: h('div.node-actions'), key: '', actionsKey: '' };
        card.el.append(card.frame, card.chips.box, card.actions);
        P.cards.set(n.name, card);
      }
      this.updateCard(card, n);
      pass.prev = place(P.grid, card.el, pass.prev);
    }
    dropUnseen(P.cards, pass.seen, (card) => card.el);
    if (pass.rebuilt) this.scroll.scrollTop = pass.scrollTop; // the sections were made anew: keep the place
    const { focusKey } = pass;
    if (focusKey && /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.focusKey !== focusKey) {
      /** @type {HTMLElement | null} */ (this.main.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`))?.focus();
    }
  }

  // build lays out the view's sections (empty); render fills them.
  build() {
    clear(this.main);
    const P = {
      comps: h('div.comp-row'), compsKey: null, deps: h('div'), depsKey: null,
      pendingTitle: h('h3.section-title'), pendingEmpty: h('span.empty', null, t('cluster.pendingEmpty')),
      pendingChips: this.newChips(), grid: h('div.nodes'), cards: new Map(),
    };
    const lane = h('div.lane', null, P.pendingChips.box, P.pendingEmpty);
    this.main.append(h('h3.section-title', null, t('cluster.components')), P.comps, P.deps,
      P.pendingTitle, lane, h('h3.section-title', null, t('cluster.nodes')), P.grid);
    this.parts = P;
  }

  updateCard(card, n) {
    const ready = n.status === 'Ready';
    const running = n.kubeletRunning !== false;
    const pods = Array.isArray(n.pods) ? n.pods : [];
    const { pods: _pods, ...rest } = n;
    const key = JSON.stringify(rest) + (pods.length ? '' : '|empty');
    if (key !== card.key) {
      card.key = key;
      card.el.className = `node-card${ready ? '' : ' notready'}`;
      clear(card.frame);
      card.frame.append(h('div.node-head', null,
        h('span.node-name', null, n.name),
        h(`span.state-pill.${ready ? 'ok' : 'bad'}`, null, n.status || ''),
        n.roles ? h('span.node-role', null, n.roles) : null,
        running ? null : h('span.state-pill.bad', null, t('cluster.kubeletDown'))));
      if (Array.isArray(n.taints) && n.taints.length) card.frame.append(h('div.taints', null, `${t('cluster.taints')}: ${n.taints.join(', ')}`));
      const alloc = n.allocatable || {};
      const req = n.requested || {};
      card.frame.append(bar(t('cluster.cpu'), req.cpu, alloc.cpu, fmtCPU));
      card.frame.append(bar(t('cluster.memory'), req.memory, alloc.memory, fmtBytes));
      card.frame.append(bar(t('cluster.pods'), req.pods ?? pods.length, alloc.pods, String));
      if (!pods.length) card.frame.append(h('div.chips', null, h('span.muted', null, t('cluster.noPods'))));
    }
    this.updateChips(card.chips, pods);
    const actionsKey = `${n.name}|${running}`;
    if (actionsKey !== card.actionsKey) {
      card.actionsKey = actionsKey;
      clear(card.actions);
      card.actions.append(
        h('button.btn.btn-small', {
          type: 'button', dataset: { focusKey: `kubelet:${n.name}` },
          'aria-label': `${t(running ? 'cluster.kubeletStop' : 'cluster.kubeletStart')}: ${n.name}`,
          on: { click: () => this.act(() => this.kp.nodeAction(n.name, running ? 'down' : 'up')) },
        }, t(running ? 'cluster.kubeletStop' : 'cluster.kubeletStart')),
        running ? h('button.btn.btn-small.btn-ghost', {
          type: 'button', dataset: { focusKey: `kubelet-restart:${n.name}` },
          'aria-label': `${t('cluster.kubeletRestart')}: ${n.name}`,
          on: { click: () => this.act(() => this.kp.restartComponent(`kubelet/${n.name}`)) },
        }, t('cluster.kubeletRestart')) : null);
    }
  }

  newChips() {
    return { box: h('div.chips'), els: new Map(), more: h('span.muted') };
  }

  // updateChips shows pods (the first MAX_CHIPS) as chips in box, reusing each Pod's chip and changing
  // it only when what it shows changed.
  updateChips(chips, pods) {
    const { box, els } = chips;
    box.hidden = pods.length === 0;
    const shown = pods.slice(0, MAX_CHIPS);
    const keep = new Set();
    let prev = null;
    for (const p of shown) {
      const id = `${p.namespace}/${p.name}`;
      keep.add(id);
      const sel = !!(this.selected && this.selected.name === p.name && this.selected.namespace === p.namespace);
      const sig = `${p.status}|${p.ready}|${p.restarts}|${sel}`;
      let c = els.get(id);
      if (!c) {
        const name = h('span.chip-name', null, p.name);
        const meta = h('span.chip-meta');
        const el = h('button.chip', {
          type: 'button', dataset: { focusKey: `pod:${id}` },
          on: { click: () => this.showPod({ namespace: p.namespace, name: p.name }, true) },
        }, name, meta);
        c = { el, meta, sig: '' };
        els.set(id, c);
      }
      if (c.sig !== sig) {
        c.sig = sig;
        c.el.className = `chip ${statusClass(p.status)}${sel ? ' selected' : ''}`;
        c.el.title = `${id}  ${p.status}  READY ${p.ready}  RESTARTS ${p.restarts}`;
        c.el.setAttribute('aria-label', `Pod ${p.name}: ${p.status}, READY ${p.ready}, RESTARTS ${p.restarts}`);
        c.meta.textContent = `${p.status} ${p.ready}${p.restarts && p.restarts !== '0' ? ` ↻${p.restarts}` : ''}`;
      }
      prev = place(box, c.el, prev);
    }
    dropUnseen(els, keep, (c) => c.el);
    if (pods.length > MAX_CHIPS) {
      chips.more.textContent = `+${pods.length - MAX_CHIPS}`;
      if (chips.more.parentNode !== box || box.lastChild !== chips.more) box.append(chips.more);
    } else if (chips.more.parentNode) {
      chips.more.remove();
    }
  }

  // act runs a fault (stop or start a kubelet, restart a component), then redraws; a failure goes to the banner.
  async act(fn) {
    try {
      await fn();
    } catch (e) {
      bus.emit('error', e);
    }
    await snapshot.refresh(true);
  }

  // showPod selects a Pod and shows its describe output and the scheduler's explanation once the core
  // answered both; an answer that arrives after another Pod was selected (or a reset) is dropped.
  async showPod(pod, scroll) {
    this.selected = pod;
    const req = ++this.podReq;
    const [d, ex] = await Promise.all([orError(this.kp.describe('pods', pod.namespace, pod.name)), orError(this.kp.explain(pod.namespace, pod.name))]);
    if (req !== this.podReq) return;
    clear(this.detail);
    this.detail.append(
      h('div.detail', null, h('h3', null, `${t('tab.explain')} — ${pod.name}`), h('p.explain-intro', null, t('explain.intro')), explainTable(ex)),
      h('div.detail', null, h('h3', null, `${t('cluster.describe')} pod ${pod.name}`), h('pre', null, 'error' in d ? d.error : d.output)));
    if (this.snap) this.render(this.snap);
    if (scroll) this.detail.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }
}

function bar(label, used, total, fmt) {
  const u = Number(used) || 0;
  const tot = Number(total) || 0;
  const pct = tot > 0 ? Math.min(100, (u / tot) * 100) : 0;
  return h('div.bar-row', null,
    h('span.lbl', null, label),
    h(`div.bar${pct >= 100 ? '.full' : pct >= 80 ? '.hi' : ''}`, { role: 'meter', 'aria-label': label, 'aria-valuemin': '0', 'aria-valuemax': String(tot), 'aria-valuenow': String(u) },
      h('span', { style: { width: `${pct.toFixed(1)}%` } })),
    h('span.val', null, `${fmt(u)} / ${fmt(tot)}`));
}
