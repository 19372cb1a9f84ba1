// applymerge: what kubectl apply merged before sending. After an Apply of an object that already existed, a
// button in the apply bar opens a dialog with, for each such object, the live object's fields the patch touches,
// the last-applied-configuration annotation before and after, and the patch kubectl sent (its three-way merge).
// Everything shown is core/kubectl's own computation, answered by the seam's apply (wasm/seam core.go).

import { h, $ } from './dom.js';
import { t, onLang } from '../i18n.js';
import { dialog } from './sharedialog.js';
import * as bus from './bus.js';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * @typedef {{kind: string, namespace?: string, name: string, lastApplied: string, newLastApplied: string,
 *   live: string, patch: string, patchType: string}} Merge
 */

/**
 * touched lists the paths of the patch's leaves (objects are walked, everything else is a leaf), the
 * last-applied annotation left out: the fields of the live object the patch changes.
 * @param {any} patch
 * @param {string[]} [path]
 * @returns {string[][]}
 */
export function touched(patch, path = []) {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return [path];
  const out = [];
  for (const [k, v] of Object.entries(patch)) {
    if (k === LAST_APPLIED && path.join('.') === 'metadata.annotations') continue;
    out.push(...touched(v, [...path, k]));
  }
  return out;
}

function at(obj, path) {
  let v = obj;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[k];
  }
  return v;
}

function parse(s) {
  try { return JSON.parse(s); } catch { return null; }
}

function pretty(s) {
  const v = parse(String(s).trim());
  return v === null ? String(s) : JSON.stringify(v, null, 2);
}

export class ApplyMergeView {
  /** @param {import('../api.js').Kubeplay} kp window.kubeplay */
  constructor(kp) {
    /** @type {Merge[]} */
    this.merges = [];
    this.btn = h('button#apply-merge.btn.btn-small.btn-ghost', { type: 'button', hidden: true, on: { click: () => this.open() } }, t('merge.button'));
    $('.apply-bar')?.append(this.btn);
    kp.on('applied', (/** @type {any} */ r) => this.update(Array.isArray(r?.merges) ? r.merges : []));
    bus.onClear(() => this.update([]));
    onLang(() => { this.btn.textContent = t('merge.button'); });
  }

  /** @param {Merge[]} merges */
  update(merges) {
    this.merges = merges.filter((m) => m.patch && m.patch !== '{}');
    this.btn.hidden = !this.merges.length;
  }

  open() {
    const d = dialog('apply-merge-dialog', 'merge.title');
    d.classList.add('apply-merge');
    d.append(h('p.muted', null, t('merge.intro')));
    for (const m of this.merges) d.append(mergeBox(m));
    d.showModal();
  }
}

/** @param {Merge} m */
function mergeBox(m) {
  const patch = parse(m.patch);
  const live = parse(m.live);
  const rows = touched(patch).map((p) => {
    const show = (/** @type {any} */ v) => (v === undefined ? t('merge.absent') : JSON.stringify(v));
    return h('tr', null, h('td.mono', null, p.join('.')), h('td.mono.merge-live', null, show(at(live, p))), h('td.mono.merge-sent', null, show(at(patch, p))));
  });
  const col = (/** @type {string} */ cls, /** @type {string} */ key, /** @type {string} */ text) =>
    h(`div.merge-col.${cls}`, null, h('h3', null, t(key)), h('pre.mono', null, text));
  return h('section.merge-object', { dataset: { object: `${m.kind}/${m.name}` } },
    h('h3.merge-name', null, `${m.kind} ${m.namespace ? `${m.namespace}/` : ''}${m.name}`),
    h('table.table.merge-fields', null,
      h('thead', null, h('tr', null, h('th', null, t('merge.field')), h('th', null, t('merge.live')), h('th', null, t('merge.sent')))),
      h('tbody', null, ...rows)),
    h('div.merge-cols', null,
      col('merge-old', 'merge.lastBefore', m.lastApplied ? pretty(m.lastApplied) : t('merge.absent')),
      col('merge-new', 'merge.lastAfter', pretty(m.newLastApplied)),
      col('merge-patch', 'merge.patch', `${m.patchType}\n${m.patch}`)));
}
