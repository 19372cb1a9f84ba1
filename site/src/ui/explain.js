// explain: pick a Pod, see kube-scheduler's per-node filter verdicts and per-plugin scores.

import { h, $, clear } from './dom.js';
import { t, onLang } from '../i18n.js';
import * as seam from './seam.js';
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
  constructor() {
    this.panel = $('#panel-explain');
    this.visible = false;
    this.current = '';
    this.select = h('select.select#explain-pod', { 'aria-label': t('explain.pick') });
    this.label = h('label', { for: 'explain-pod' });
    this.intro = h('p.explain-intro');
    this.body = h('div');
    this.panel.append(h('div.scroll', null, h('div.explain-head', null, this.label, this.select), this.intro, this.body));
    this.select.addEventListener('change', () => { this.current = this.select.value; this.show(); });
    bus.on('tab', (name) => this.setVisible(name === 'explain'));
    bus.on('reset', () => { this.current = ''; clear(this.body); });
    onLang(() => { this.labels(); if (this.visible) { const l = snapshot.latest(); this.fill(l && !l.nodesOnly ? l : snapshot.refresh(true, true)); this.show(); } });
    this.labels();
  }

  labels() {
    this.label.textContent = t('explain.pick');
    this.select.setAttribute('aria-label', t('explain.pick'));
    this.intro.textContent = t('explain.intro');
  }

  setVisible(v) {
    this.visible = v;
    if (v) {
      let snap = null;
      try { snap = snapshot.refresh(true, true); } catch (_) { /* not ready */ }
      this.fill(snap);
      this.show();
    }
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

  show() {
    clear(this.body);
    if (!this.current) return;
    const [ns, name] = this.current.split('/');
    this.body.append(explainTable(seam.explain(ns, name)));
  }
}
