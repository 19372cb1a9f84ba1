// explain: pick a Pod, see kube-scheduler's per-node filter verdicts and per-plugin scores.

import { h, $, clear, orError } from './dom.js';
import { t, onLang } from '../i18n.js';
import * as bus from './bus.js';
import * as snapshot from './snapshot.js';
import { explainTable } from './explaintable.js';

export function podsOf(snap) {
  const out = [];
  for (const p of snap?.pending || []) out.push(p);
  for (const n of snap?.nodes || []) for (const p of n.pods || []) out.push(p);
  out.sort((a, b) => (a.namespace + a.name).localeCompare(b.namespace + b.name));
  return out;
}

export class ExplainView {
  /** @param {import('../api.js').Kubeplay} kp window.kubeplay */
  constructor(kp) {
    this.kp = kp;
    this.panel = $('#panel-explain');
    this.visible = false;
    this.current = '';
    this.fillReq = 0; // bumped for every picker refill: only the latest snapshot answer fills the picker
    this.showReq = 0; // bumped for every explain request: a late answer for an older Pod is dropped
    this.select = h('select.select#explain-pod', { 'aria-label': t('explain.pick') });
    this.label = h('label', { for: 'explain-pod' });
    this.intro = h('p.explain-intro');
    this.body = h('div');
    this.panel.append(h('div.scroll', null, h('div.explain-head', null, this.label, this.select), this.intro, this.body));
    this.select.addEventListener('change', () => { this.current = this.select.value; this.show(); });
    bus.on('tab', (name) => this.setVisible(name === 'explain'));
    bus.onClear(() => { this.current = ''; this.showReq++; clear(this.body); });
    onLang(() => { this.labels(); if (this.visible) { const l = snapshot.latest(); this.refill(l && !l.nodesOnly ? l : null); } });
    this.labels();
  }

  labels() {
    this.label.textContent = t('explain.pick');
    this.select.setAttribute('aria-label', t('explain.pick'));
    this.intro.textContent = t('explain.intro');
  }

  setVisible(v) {
    this.visible = v;
    if (v) this.refill(null);
  }

  // refill fills the picker from snap (or from a fresh snapshot with the pods when snap is null), then
  // shows the current Pod. It does nothing when the view was hidden or refilled again meanwhile.
  async refill(snap) {
    const req = ++this.fillReq;
    if (!snap) snap = await snapshot.refresh(true, true);
    if (req !== this.fillReq || !this.visible) return;
    this.fill(snap);
    await this.show();
  }

  fill(snap) {
    const pods = podsOf(snap);
    clear(this.select);
    this.select.append(h('option', { value: '' }, pods.length ? t('explain.pickPh') : t('explain.none')));
    for (const p of pods) {
      const v = `${p.namespace}/${p.name}`;
      this.select.append(h('option', { value: v }, `${v} (${p.status})`));
    }
    if (this.current && pods.some((p) => `${p.namespace}/${p.name}` === this.current)) this.select.value = this.current;
    else if (!this.current && pods.length) { this.current = `${pods[0].namespace}/${pods[0].name}`; this.select.value = this.current; }
  }

  async show() {
    const req = ++this.showReq;
    if (!this.current) {
      clear(this.body);
      return;
    }
    const [ns, name] = this.current.split('/');
    const ex = await orError(this.kp.explain(ns, name));
    if (req !== this.showReq) return; // another Pod was picked (or a reset came) meanwhile
    clear(this.body);
    this.body.append(explainTable(ex));
  }
}
