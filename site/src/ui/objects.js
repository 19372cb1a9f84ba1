// objects: the relay's objects as they stand, one line under the diagram, so the picture keeps state:
// the Deployment, its ReplicaSet, and each of its Pods — first with an empty nodeName, then bound to a
// node, then Running. It reads the shared snapshot poller (refreshed after every beat in slow motion).

import { h } from './dom.js';
import { t, onLang } from '../i18n.js';
import * as snapshot from './snapshot.js';
import * as bus from './bus.js';

const MAX_PODS = 6;

export class ObjectsStrip {
  constructor(after) {
    this.el = h('div.relay-objects', { 'aria-label': t('objects.aria'), 'data-i18n-aria': 'objects.aria', role: 'group' });
    after.after(this.el);
    this.snap = null;
    this.unsub = snapshot.subscribe((s) => { this.snap = s; this.draw(); }, true);
    bus.onClear(() => { this.snap = null; this.draw(); });
    onLang(() => this.draw());
    this.draw();
  }

  draw() {
    const snap = this.snap;
    const pods = [];
    if (snap) {
      for (const n of snap.nodes || []) for (const p of n.pods || []) pods.push({ ...p, node: p.node || n.name });
      for (const p of snap.pending || []) pods.push(p);
    }
    // The newest Deployment in the default namespace (the one the learner applied), else any Pods.
    const deps = (snap?.deployments || []).filter((d) => d.namespace === 'default');
    const dep = deps[deps.length - 1];
    const chips = [];
    let shown;
    if (dep) {
      chips.push(chip('Deployment', dep.name, dep.ready, ''));
      const owned = pods.filter((p) => p.namespace === dep.namespace && (p.owner || '').startsWith(`replicaset/${dep.name}-`));
      const rsNames = [...new Set(owned.map((p) => p.owner.slice('replicaset/'.length)))].sort();
      for (const rs of rsNames) {
        chips.push(arrow(), chip('ReplicaSet', rs, '', ''));
      }
      shown = owned;
    } else {
      shown = pods.filter((p) => p.namespace === 'default');
    }
    if (shown.length) chips.push(arrow());
    for (const p of shown.slice(0, MAX_PODS)) {
      const where = p.node ? `→ ${p.node}` : t('objects.unbound');
      chips.push(chip('Pod', p.name, where, p.status || p.phase || ''));
    }
    if (shown.length > MAX_PODS) chips.push(h('span.obj-more', null, `+${shown.length - MAX_PODS}`));
    if (!chips.length) chips.push(h('span.obj-empty', null, t('objects.empty')));
    this.el.replaceChildren(...chips);
  }
}

function chip(kind, name, detail, status) {
  const st = String(status || '');
  const cls = /Running/.test(st) ? '.ok' : /Err|BackOff|Fail|Evicted/.test(st) ? '.bad' : st ? '.wait' : '';
  return h(`span.obj-chip${cls}`, { title: `${kind} ${name}` },
    h('span.obj-kind', null, kind),
    h('span.obj-name', null, name),
    detail ? h('span.obj-detail', null, detail) : null,
    st ? h('span.obj-status', null, st) : null);
}

function arrow() { return h('span.obj-arrow', { 'aria-hidden': 'true' }, '→'); }
