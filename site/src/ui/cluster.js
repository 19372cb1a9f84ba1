// cluster: the control-plane components, node cards (allocatable vs requested, pod chips coloured by
// STATUS with READY and RESTARTS), the Pending lane, and a Pod's describe output with the scheduler's
// explanation. Buttons stop/start a node's kubelet and restart the control-plane components.

import { h, $, clear, fmtBytes, fmtCPU } from './dom.js';
import { t, onLang } from '../i18n.js';
import { compKey } from './colors.js';
import * as seam from './seam.js';
import * as bus from './bus.js';
import * as snapshot from './snapshot.js';
import { explainTable } from './explaintable.js';

const MAX_CHIPS = 150;

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
  constructor(kp) {
    this.kp = kp;
    this.selected = null; // {namespace, name}
    this.lastKey = '';
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
    bus.on('reset', () => { this.selected = null; this.podReq++; clear(this.detail); this.lastKey = ''; });
    onLang(() => { this.lastKey = ''; if (this.snap) this.render(this.snap); if (this.selected) this.showPod(this.selected, false); });
  }

  setVisible(v) {
    if (v === this.visible) return;
    this.visible = v;
    if (v) {
      this.unsub = snapshot.subscribe((snap) => this.render(snap));
      snapshot.refresh(true);
    } else if (this.unsub) {
      this.unsub();
      this.unsub = null;
    }
  }

  render(snap) {
    if (!snap || snap.error) return;
    this.snap = snap;
    const key = JSON.stringify([snap.nodes, snap.pending, snap.components, snap.deployments, this.selected]);
    if (key === this.lastKey) return;
    this.lastKey = key;
    const focusKey = document.activeElement?.dataset?.focusKey;
    const scrollTop = this.scroll.scrollTop;
    clear(this.main);

    // control plane
    const comps = h('div.comp-row');
    for (const [name, state] of Object.entries(snap.components || {})) {
      const running = state === 'running';
      comps.append(h(`div.comp-card.c-${compKey(name)}`, null,
        h('span.comp-name.mono', null, name),
        h(`span.state-pill.${running ? 'ok' : 'bad'}`, null, t(running ? 'cluster.running' : 'cluster.stopped')),
        h('button.btn.btn-small', {
          type: 'button', dataset: { focusKey: `restart:${name}` },
          'aria-label': `${t('cluster.restart')}: ${name}`,
          on: { click: () => this.act(() => seam.restartComponent(name)) },
        }, t('cluster.restart'))));
    }
    this.main.append(h('h3.section-title', null, t('cluster.components')), comps);

    // deployments
    if (Array.isArray(snap.deployments) && snap.deployments.length) {
      const tb = h('tbody');
      for (const d of snap.deployments) {
        tb.append(h('tr', null, h('td.mono', null, `${d.namespace}/${d.name}`), h('td.num', null, String(d.ready ?? '')),
          h('td.num', null, String(d.upToDate ?? '')), h('td.num', null, String(d.available ?? ''))));
      }
      this.main.append(h('h3.section-title', null, t('cluster.deployments')),
        h('div.table-wrap.deploys', null, h('table.table', null,
          h('thead', null, h('tr', null, h('th', null, 'NAME'), h('th.num', null, 'READY'), h('th.num', null, 'UP-TO-DATE'), h('th.num', null, 'AVAILABLE'))), tb)));
    }

    // pending lane
    const lane = h('div.lane');
    const pending = Array.isArray(snap.pending) ? snap.pending : [];
    if (pending.length) lane.append(this.chips(pending));
    else lane.append(h('span.empty', null, t('cluster.pendingEmpty')));
    this.main.append(h('h3.section-title', null, `${t('cluster.pending')} (${pending.length})`), lane);

    // nodes
    const grid = h('div.nodes');
    for (const n of snap.nodes || []) grid.append(this.nodeCard(n));
    this.main.append(h('h3.section-title', null, t('cluster.nodes')), grid);

    this.scroll.scrollTop = scrollTop;
    if (focusKey) this.main.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`)?.focus();
  }

  nodeCard(n) {
    const ready = n.status === 'Ready';
    const card = h(`div.node-card${ready ? '' : '.notready'}`);
    const running = n.kubeletRunning !== false;
    card.append(h('div.node-head', null,
      h('span.node-name', null, n.name),
      h(`span.state-pill.${ready ? 'ok' : 'bad'}`, null, n.status || ''),
      n.roles ? h('span.node-role', null, n.roles) : null,
      running ? null : h('span.state-pill.bad', null, t('cluster.kubeletDown'))));
    if (Array.isArray(n.taints) && n.taints.length) card.append(h('div.taints', null, `${t('cluster.taints')}: ${n.taints.join(', ')}`));
    const alloc = n.allocatable || {};
    const req = n.requested || {};
    card.append(bar(t('cluster.cpu'), req.cpu, alloc.cpu, fmtCPU));
    card.append(bar(t('cluster.memory'), req.memory, alloc.memory, fmtBytes));
    card.append(bar(t('cluster.pods'), req.pods ?? (n.pods || []).length, alloc.pods, String));
    const pods = Array.isArray(n.pods) ? n.pods : [];
    if (pods.length) card.append(this.chips(pods));
    else card.append(h('div.chips', null, h('span.muted', null, t('cluster.noPods'))));
    card.append(h('div.node-actions', null,
      h('button.btn.btn-small', {
        type: 'button', dataset: { focusKey: `kubelet:${n.name}` },
        'aria-label': `${t(running ? 'cluster.kubeletStop' : 'cluster.kubeletStart')}: ${n.name}`,
        on: { click: () => this.act(() => seam.nodeAction(n.name, running ? 'down' : 'up')) },
      }, t(running ? 'cluster.kubeletStop' : 'cluster.kubeletStart')),
      running ? h('button.btn.btn-small.btn-ghost', {
        type: 'button', dataset: { focusKey: `kubelet-restart:${n.name}` },
        'aria-label': `${t('cluster.kubeletRestart')}: ${n.name}`,
        on: { click: () => this.act(() => seam.restartComponent(`kubelet/${n.name}`)) },
      }, t('cluster.kubeletRestart')) : null));
    return card;
  }

  chips(pods) {
    const box = h('div.chips');
    for (const p of pods.slice(0, MAX_CHIPS)) {
      const sel = this.selected && this.selected.name === p.name && this.selected.namespace === p.namespace;
      box.append(h(`button.chip.${statusClass(p.status)}${sel ? '.selected' : ''}`, {
        type: 'button', dataset: { focusKey: `pod:${p.namespace}/${p.name}` },
        title: `${p.namespace}/${p.name}  ${p.status}  READY ${p.ready}  RESTARTS ${p.restarts}`,
        'aria-label': `Pod ${p.name}: ${p.status}, READY ${p.ready}, RESTARTS ${p.restarts}`,
        on: { click: () => this.showPod({ namespace: p.namespace, name: p.name }, true) },
      },
      h('span.chip-name', null, p.name),
      h('span.chip-meta', null, `${p.status} ${p.ready}${p.restarts && p.restarts !== '0' ? ` ↻${p.restarts}` : ''}`)));
    }
    if (pods.length > MAX_CHIPS) box.append(h('span.muted', null, `+${pods.length - MAX_CHIPS}`));
    return box;
  }

  async act(fn) {
    const r = await fn();
    if (r && r.output) bus.emit('action-output', r.output);
    await snapshot.refresh(true);
  }

  // showPod selects a Pod and shows its describe output and the scheduler's explanation once the core
  // answered both; an answer that arrives after another Pod was selected (or a reset) is dropped.
  async showPod(pod, scroll) {
    this.selected = pod;
    const req = ++this.podReq;
    const [d, ex] = await Promise.all([seam.describe('pods', pod.namespace, pod.name), seam.explain(pod.namespace, pod.name)]);
    if (req !== this.podReq) return;
    clear(this.detail);
    this.detail.append(
      h('div.detail', null, h('h3', null, `${t('tab.explain')} — ${pod.name}`), h('p.explain-intro', null, t('explain.intro')), explainTable(ex)),
      h('div.detail', null, h('h3', null, `${t('cluster.describe')} pod ${pod.name}`), h('pre', null, d && (d.output || d.error) ? (d.output || d.error) : '')));
    this.lastKey = '';
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
