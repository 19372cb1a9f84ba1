// objects: the relay's objects as they stand, one line under the diagram, so the picture keeps state:
// the Deployment, its ReplicaSet, and each of its Pods — first with an empty nodeName, then bound to a
// node, then Running. It reads the shared snapshot poller (refreshed after every beat in slow motion).
// Each Pod of the Deployment has a delete button: `kubectl delete pod <name> --wait=false` as a journaled
// run (kubectl's identity, so the story and the trace show it), and the relay replaces the Pod (self-healing).

import { h } from './dom.js';
import { t, onLang } from '../i18n.js';
import * as snapshot from './snapshot.js';
import * as bus from './bus.js';

const MAX_PODS = 6;

export class ObjectsStrip {
  /**
   * @param {Element} after the element the strip goes after
   * @param {import('../api.js').Kubeplay} [kp] window.kubeplay; without it the Pods have no delete button
   */
  constructor(after, kp) {
    this.kp = kp;
    this.el = h('div.relay-objects', { 'aria-label': t('objects.aria'), 'data-i18n-aria': 'objects.aria', role: 'group' });
    after.after(this.el);
    this.snap = null;
    this.unsub = snapshot.subscribe((s) => { this.snap = s; this.draw(); }, true);
    bus.onClear(() => { this.snap = null; this.draw(); });
    onLang(() => { this.sig = ''; this.draw(); });
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
      const c = chip('Pod', p.name, where, p.status || p.phase || '');
      if (dep && this.kp && p.status !== 'Terminating') c.append(this.killButton(p));
      chips.push(c);
    }
    if (shown.length > MAX_PODS) chips.push(h('span.obj-more', null, `+${shown.length - MAX_PODS}`));
    if (!chips.length) chips.push(h('span.obj-empty', null, t('objects.empty')));
    // Redraw only when something shown changed: a button replaced under the pointer loses its click.
    const sig = chips.map((c) => c.outerHTML).join('');
    if (sig === this.sig) return;
    this.sig = sig;
    const focused = this.el.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement).dataset.pod : '';
    this.el.replaceChildren(...chips);
    if (focused) { // the keyboard stays in the strip: on the same Pod's button, else the first
      const b = /** @type {HTMLElement|null} */ (this.el.querySelector(`.obj-kill[data-pod="${focused}"]`) || this.el.querySelector('.obj-kill'));
      b?.focus();
    }
  }

  // killButton deletes the Pod through kubectl (a journal entry like any terminal line), without waiting.
  killButton(p) {
    const label = t('objects.kill', { name: p.name });
    return h('button.obj-kill', {
      type: 'button', title: label, 'aria-label': label, dataset: { pod: p.name },
      on: {
        click: async (e) => {
          /** @type {HTMLButtonElement} */ (e.currentTarget).disabled = true;
          try {
            await this.kp?.run(`kubectl delete pod ${p.name} -n ${p.namespace} --wait=false`);
          } catch (err) {
            bus.emit('error', err);
          }
          await snapshot.refresh(true);
        },
      },
    }, '×');
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
