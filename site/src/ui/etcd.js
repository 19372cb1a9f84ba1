// etcd: the /registry key tree (collapsible by resource and namespace) with create and mod revisions,
// the selected key's value as YAML, the revision log, and the watchers with the revision each reached.

import { h, $, clear, place, dropUnseen, orError } from './dom.js';
import { t, onLang, getLang } from '../i18n.js';
import { compKey } from './colors.js';
import * as bus from './bus.js';

const LOG_KEEP = 200;
const KEYS_SHOWN = 100; // keys listed per group before a "show more" button

/**
 * keyParts reads /registry/<resource>/[<ns>/]<name>. A custom resource's key (and a CRD's) starts with its
 * group, which has dots: /registry/<group>/<resource>/…, and its resource is <group>/<resource>, as the core
 * counts it (wasm/seam etcd.go registryResource).
 * @param {string} key
 */
export function keyParts(key) {
  const rest = String(key).split('/').slice(2); // after '' and 'registry'
  const n = rest.length >= 3 && rest[0].includes('.') ? 2 : 1;
  const tail = rest.slice(n);
  const ns = tail.length >= 2 ? tail[0] : '';
  return { resource: rest.slice(0, n).join('/'), ns, name: tail.slice(tail.length >= 2 ? 1 : 0).join('/') };
}

// groupKeys turns the keys into resource → namespace → keys (keyParts).
export function groupKeys(keys) {
  const tree = new Map();
  for (const k of keys) {
    const { resource, ns } = keyParts(k.key);
    if (!tree.has(resource)) tree.set(resource, new Map());
    const byNs = tree.get(resource);
    if (!byNs.has(ns)) byNs.set(ns, []);
    byNs.get(ns).push(k);
  }
  return tree;
}

/**
 * writerLabel names who made a write in the article's words: kubectl, the ReplicaSet controller, kube-scheduler's
 * binding, the kubelet's status patch; other writers by their component name.
 * @param {{writer?: string, resource?: string}} w
 */
export function writerLabel(w) {
  const c = w.writer || '';
  const res = w.resource || '';
  if (!c) return t('etcd.who.unknown');
  if (res.endsWith('/binding')) return t('etcd.who.binding');
  if (c.startsWith('kubelet/') && res.endsWith('/status')) return t('etcd.who.kubeletStatus', { node: c.slice('kubelet/'.length) });
  if (c.endsWith('/replicaset-controller')) return t('etcd.who.rs');
  if (c === 'kubectl' || c.startsWith('kubectl')) return t('etcd.who.kubectl');
  return c;
}

// writesTable shows a key's writes (wasm/seam etcd.go etcdHistory), newest first: the revision, who wrote it
// with which request, and which parts (metadata, desired state spec, actual state status) it changed.
function writesTable(hist) {
  const tb = h('tbody');
  for (let i = hist.length - 1; i >= 0; i--) {
    const w = hist[i];
    const parts = String(w.type).toUpperCase() === 'DELETE'
      ? [h('span.etcd-part.part-delete', null, t('etcd.deleted'))]
      : (w.parts || []).map((p) => h(`span.etcd-part.part-${p}`, { title: (w.fields || []).filter((f) => f.startsWith(`${p}.`)).join('\n') }, t(`etcd.part.${p}`)));
    const fields = (w.fields || []).filter((f) => !f.startsWith('metadata.') && !f.startsWith('status.conditions')).slice(0, 4);
    tb.append(h('tr.etcd-write', { dataset: { rev: String(w.revision), parts: (w.parts || []).join(' '), writer: w.writer || '' } },
      h('td.num.mono', null, String(w.revision)),
      h('td', null, h('span.comp-name', { title: w.writer || '' }, writerLabel(w)),
        w.verb ? h('div.muted.mono.etcd-request', null, `${w.verb} ${w.resource}`) : null),
      h('td', null, ...parts, fields.length ? h('span.muted.mono.etcd-fields', null, ` ${fields.join(', ')}`) : '')));
  }
  return h('details.etcd-writes-box', { open: true },
    h('summary', null, t('etcd.writes')),
    h('p.muted.etcd-writes-intro', null, t('etcd.writesIntro')),
    h('table.table', null,
      h('thead', null, h('tr', null, h('th.num', null, 'rev'), h('th', null, `${t('etcd.writer')} / ${t('etcd.request')}`), h('th', null, t('etcd.changed')))),
      tb));
}

export class EtcdView {
  /** @param {import('../api.js').Kubeplay} kp window.kubeplay */
  constructor(kp) {
    this.kp = kp;
    this.visible = false;
    this.open = new Set(['pods', 'deployments', 'replicasets']); // the resources whose keys are listed
    this.openNs = new Set(); // the namespaces opened within them: `${resource}/${ns}`
    this.selectedKey = '';
    this.logRev = 0;
    this.log = [];
    this.lastRev = -1;
    this.gen = 0; // bumped on reset: answers to requests sent before it are dropped
    this.valueReq = 0; // bumped for every etcdValue request: a late answer for an older key is dropped
    this.busy = null; // the outstanding refresh (at most one)
    this.again = false; // a refresh was asked for while one was outstanding
    this.build();
    bus.on('tab', (name) => this.setVisible(name === 'etcd'));
    bus.onClear(() => {
      this.gen++;
      this.valueReq++;
      this.log = []; this.logRev = 0; this.lastRev = -1; this.selectedKey = '';
      clear(this.logBody); clear(this.tree); this.groups = null;
      if (this.visible) this.refresh();
    });
    onLang(() => { this.lastRev = -1; this.groups = null; if (this.visible) this.refresh(); });
    setInterval(() => { if (this.visible && !document.hidden) this.refresh(true); }, 800);
  }

  build() {
    const panel = $('#panel-etcd');
    this.summary = h('div.etcd-summary');
    this.tree = h('div.etcd-tree.body');
    this.value = h('div.body');
    this.logBody = h('div.body');
    this.watchBody = h('div.body');
    const refresh = h('button.btn.btn-small', { type: 'button', on: { click: () => { this.lastRev = -1; this.refresh(); } } });
    this.refreshBtn = refresh;
    this.keysTitle = h('span.grow');
    this.valueTitle = h('span.grow');
    this.logTitle = h('span.grow');
    this.watchTitle = h('span.grow');
    panel.append(this.summary, h('div.etcd-grid', null,
      h('div.etcd-col', null,
        h('section.etcd-box', { style: { flex: '2 1 0' } }, h('header', null, this.keysTitle, refresh), this.tree),
        h('section.etcd-box', { style: { flex: '1 1 0' } }, h('header', null, this.logTitle), this.logBody)),
      h('div.etcd-col', null,
        h('section.etcd-box', { style: { flex: '2 1 0' } }, h('header', null, this.valueTitle), this.value),
        h('section.etcd-box', { style: { flex: '1 1 0' } }, h('header', null, this.watchTitle), this.watchBody))));
    this.labels();
  }

  labels() {
    this.keysTitle.textContent = t('etcd.keys');
    this.valueTitle.textContent = t('etcd.value');
    this.logTitle.textContent = t('etcd.log');
    this.watchTitle.textContent = t('etcd.watchers');
    this.refreshBtn.textContent = t('etcd.refresh');
  }

  setVisible(v) {
    this.visible = v;
    if (v) this.refresh();
  }

  // refresh asks the core for the key tree and the new log entries and renders them. One refresh is
  // outstanding at most: one asked for meanwhile runs once it is answered (the 800 ms timer's is skipped).
  refresh(fromTimer = false) {
    if (this.busy) {
      if (!fromTimer) this.again = true;
      return this.busy;
    }
    const p = this.load().catch((e) => console.error(e)).finally(() => { // eslint-disable-line no-console
      this.busy = null;
      if (this.again) {
        this.again = false;
        if (this.visible) this.refresh();
      }
    });
    this.busy = p;
    return p;
  }

  async load() {
    this.labels();
    const gen = this.gen;
    // Only the open groups' keys are asked for (every group comes with its count).
    const open = [...this.open].sort();
    const data = await orError(this.kp.etcd('/registry/', open));
    if (gen !== this.gen) return;
    if (!data || data.error) {
      clear(this.tree);
      this.tree.append(h('p.muted', { style: { padding: '8px 10px' } }, data?.error || t('common.noData')));
      return;
    }
    await this.appendLog();
    if (gen !== this.gen) return;
    // The tree changes with the revision, and with the groups asked for: a group opened while this refresh was
    // on its way is asked for by the next one, at the same revision.
    if (data.revision === this.lastRev && open.join(',') === this.lastOpen) { this.renderWatchers(data.watchers || []); return; }
    this.lastRev = data.revision;
    this.lastOpen = open.join(',');
    clear(this.summary);
    this.summary.append(h('span', null, t('etcd.revision', { rev: '' }), h('b', null, String(data.revision ?? 0))),
      h('span.muted', null, t('etcd.compacted', { rev: data.compactRevision ?? 0 })));
    this.renderTree(data.keys || [], data.groups);
    this.renderWatchers(data.watchers || []);
    if (this.selectedKey) this.showValue(this.selectedKey);
  }

  // renderTree updates the key tree in place: one <details> per resource (and per namespace), filled
  // only while open, each key's button kept and touched only when its revisions changed. A group shows
  // KEYS_SHOWN keys at first (a button shows the rest), so a cluster with thousands of keys stays smooth.
  renderTree(keys, groups) {
    const tree = groupKeys(keys);
    const counts = new Map((groups || []).map((g) => [g.resource, g.count]));
    for (const name of counts.keys()) if (!tree.has(name)) tree.set(name, new Map());
    if (!this.groups || !this.tree.contains(this.groups.first)) {
      clear(this.tree);
      this.groups = { byName: new Map(), first: null };
    }
    const G = this.groups.byName;
    const names = [...tree.keys()].sort();
    let prev = null;
    for (const resource of names) {
      const byNs = tree.get(resource);
      let g = G.get(resource);
      if (!g) {
        g = { det: h('details', { open: this.open.has(resource) }), count: h('span.count'), subs: new Map(), byNs };
        g.det.append(h('summary', null, resource, g.count));
        g.det.addEventListener('toggle', () => {
          if (!g.det.open) { this.open.delete(resource); return; }
          this.open.add(resource);
          this.fillGroup(resource, g);
          if (!g.byNs.size && g.total) { this.lastRev = -1; this.refresh(); } // its keys were not asked for
        });
        G.set(resource, g);
      }
      g.byNs = byNs;
      g.total = counts.get(resource) ?? [...byNs.values()].reduce((n, l) => n + l.length, 0);
      g.count.textContent = `(${g.total})`;
      if (g.det.open) this.fillGroup(resource, g);
      prev = place(this.tree, g.det, prev);
    }
    dropUnseen(G, tree, (g) => g.det);
    this.groups.first = this.tree.firstChild;
  }

  // fillGroup shows a resource's keys (directly when it has only cluster-scoped keys, else by namespace).
  fillGroup(resource, g) {
    const nss = [...g.byNs.keys()].sort();
    const flat = nss.length === 1 && nss[0] === '';
    let prev = g.det.firstChild; // the summary
    const seen = new Set();
    for (const ns of flat ? [''] : nss) {
      const list = g.byNs.get(ns);
      const id = `${resource}/${ns}`;
      seen.add(id);
      let sub = g.subs.get(id);
      if (!sub) {
        sub = { box: flat ? h('div') : h('details', { open: this.openNs.has(id) || nss.length === 1 }), count: h('span.count'), keys: new Map(), limit: KEYS_SHOWN, more: null };
        if (!flat) {
          sub.box.append(h('summary', null, ns || '(cluster)', sub.count));
          sub.box.addEventListener('toggle', () => {
            if (sub.box.open) { this.openNs.add(id); this.fillKeys(sub, sub.list, false); } else this.openNs.delete(id);
          });
        }
        g.subs.set(id, sub);
      }
      sub.list = list;
      sub.count.textContent = `(${list.length})`;
      if (flat || sub.box.open) this.fillKeys(sub, list, flat);
      prev = place(g.det, sub.box, prev);
    }
    dropUnseen(g.subs, seen, (sub) => sub.box);
  }

  // fillKeys shows the first sub.limit keys of list in sub.box, reusing each key's button.
  fillKeys(sub, list, shallow) {
    const box = sub.box;
    let prev = box.tagName === 'DETAILS' ? box.firstChild : null;
    const seen = new Set();
    for (const k of list.slice(0, sub.limit)) {
      seen.add(k.key);
      let b = sub.keys.get(k.key);
      if (!b) {
        b = { el: this.keyButton(k, shallow), sig: '' };
        sub.keys.set(k.key, b);
      }
      const sig = `${k.createRevision}/${k.modRevision}/${k.version}`;
      if (b.sig !== sig) {
        b.sig = sig;
        b.el.title = this.keyTitle(k);
        b.el.lastChild.textContent = `${k.createRevision} / ${k.modRevision}`;
      }
      b.el.classList.toggle('selected', k.key === this.selectedKey);
      prev = place(box, b.el, prev);
    }
    dropUnseen(sub.keys, seen, (b) => b.el);
    const rest = list.length - sub.limit;
    if (rest > 0) {
      if (!sub.more) {
        sub.more = h('button.btn.btn-small.btn-ghost.etcd-more', { type: 'button', on: { click: () => { sub.limit += KEYS_SHOWN; this.fillKeys(sub, sub.list, shallow); } } });
      }
      sub.more.textContent = t('etcd.more', { n: rest });
      box.append(sub.more);
    } else if (sub.more) {
      sub.more.remove();
    }
  }

  keyTitle(k) {
    return `${k.key}\n${t('etcd.create')} ${k.createRevision}, ${t('etcd.mod')} ${k.modRevision}, ${t('etcd.version')} ${k.version}`;
  }

  keyButton(k, shallow) {
    const label = keyParts(k.key).name || k.key;
    return h(`button.etcd-key${k.key === this.selectedKey ? '.selected' : ''}`, {
      type: 'button', title: this.keyTitle(k),
      style: shallow ? { paddingLeft: '26px' } : undefined,
      on: {
        click: (e) => {
          this.selectedKey = k.key;
          for (const b of this.tree.querySelectorAll('.etcd-key.selected')) b.classList.remove('selected');
          e.currentTarget.classList.add('selected');
          this.showValue(k.key);
        },
      },
    }, h('span.k', null, label), h('span.r', null, `${k.createRevision} / ${k.modRevision}`));
  }

  async showValue(key) {
    const req = ++this.valueReq;
    const v = await orError(this.kp.etcdValue(key));
    if (req !== this.valueReq) return; // another key was selected (or a reset came) meanwhile
    clear(this.value);
    if (!v || v.error) {
      this.value.append(h('p.muted', { style: { padding: '8px 10px' } }, v?.error || t('common.noData')));
      return;
    }
    const meta = [];
    if (v.createRevision !== undefined) meta.push(`${t('etcd.create')} ${v.createRevision}`);
    if (v.modRevision !== undefined) meta.push(`${t('etcd.mod')} ${v.modRevision}`);
    if (v.version !== undefined) meta.push(`${t('etcd.version')} ${v.version}`);
    const writes = h('div.etcd-writes');
    this.value.append(h('div.etcd-summary', null, h('span.mono', null, key), h('span.muted', null, meta.join(' · '))),
      writes, h('pre.etcd-value', null, v.yaml ?? v.value ?? ''));
    const hist = await this.kp.etcdHistory(key).catch(() => null);
    if (req !== this.valueReq || !Array.isArray(hist) || !hist.length) return;
    writes.append(writesTable(hist));
  }

  async appendLog() {
    const gen = this.gen;
    const entries = await this.kp.etcdLog(this.logRev).catch(() => null);
    if (gen !== this.gen) return;
    if (!Array.isArray(entries) || !entries.length) {
      if (!this.log.length) { clear(this.logBody); this.logBody.append(h('p.muted', { style: { padding: '8px 10px' } }, t('common.noData'))); }
      return;
    }
    for (const e of entries) {
      if (e.revision > this.logRev) this.logRev = e.revision;
      this.log.push(e);
    }
    if (this.log.length > LOG_KEEP) this.log = this.log.slice(-LOG_KEEP);
    // Newest first: new rows go on top, the oldest fall off the bottom.
    if (this.logBody.firstChild && !this.logBody.firstChild.classList.contains('etcd-log-row')) clear(this.logBody);
    const frag = document.createDocumentFragment();
    const shown = entries.slice(-LOG_KEEP); // a busy second can write thousands of revisions
    for (let i = shown.length - 1; i >= 0; i--) {
      const e = shown[i];
      const del = String(e.type).toUpperCase() === 'DELETE';
      frag.append(h('div.etcd-log-row', null,
        h('span.muted', null, String(e.revision)),
        h(`span.${del ? 't-del' : 't-put'}`, null, e.type),
        h('span.key', { title: e.key }, e.key)));
    }
    this.logBody.prepend(frag);
    while (this.logBody.childElementCount > LOG_KEEP) this.logBody.lastChild.remove();
  }

  // renderWatchers shows the apiserver's watches; the table is rebuilt only when the watches themselves
  // change, otherwise only the revision each has reached is updated.
  renderWatchers(ws) {
    const shape = ws.map((w) => `${w.component}|${w.resource || ''}|${w.namespace || ''}`).join('\n') + `|${getLang()}`;
    if (shape === this.watchShape && this.watchCells && this.watchBody.contains(this.watchCells[0] || null)) {
      const cells = this.watchCells;
      ws.forEach((w, i) => {
        const v = String(w.revision ?? '');
        const cell = cells[i];
        if (cell && cell.textContent !== v) cell.textContent = v;
      });
      return;
    }
    this.watchShape = shape;
    this.watchCells = [];
    clear(this.watchBody);
    if (!ws.length) { this.watchBody.append(h('p.muted', { style: { padding: '8px 10px' } }, t('common.noData'))); return; }
    const tb = h('tbody');
    for (const w of ws) {
      const cell = h('td.num', null, String(w.revision ?? ''));
      this.watchCells.push(cell);
      tb.append(h(`tr.c-${compKey(w.component)}`, null,
        h('td', null, h('span.comp-name.mono', null, w.component)),
        h('td.mono', null, w.resource || ''),
        h('td.mono', null, w.namespace || ''),
        cell));
    }
    this.watchBody.append(h('table.table', null,
      h('thead', null, h('tr', null, h('th', null, t('etcd.component')), h('th', null, t('etcd.resource')), h('th', null, t('etcd.namespace')), h('th.num', null, t('etcd.reached')))),
      tb));
  }
}
