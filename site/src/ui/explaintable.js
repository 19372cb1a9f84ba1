// explaintable: the scheduler's explanation of one Pod, after kube-scheduler-simulator: one row per node with
// the filter verdict (plugin and reason when filtered out), the total right after it (visible without
// scrolling sideways), then one column per score plugin with its weight: each cell the weighted score and,
// under it, raw → normalized. Under the table: the tie-break when the top totals are equal and,
// for a Pod with no node, the resource arithmetic per node and one change that would fix it (the core
// writes these sentences in the page's language, wasm/seam/explaintext.go).

import { h } from './dom.js';
import { t } from '../i18n.js';

export function explainTable(ex) {
  const wrap = h('div.explain');
  if (!ex || ex.error) {
    wrap.append(h('p.muted', null, ex && ex.error ? ex.error : t('common.noData')));
    return wrap;
  }
  const nodes = Array.isArray(ex.nodes) ? ex.nodes : [];
  let plugins = Array.isArray(ex.plugins) ? ex.plugins.map(String) : [];
  if (!plugins.length) {
    const set = new Set();
    for (const n of nodes) for (const p of Object.keys(n.scores || {})) set.add(p);
    plugins = [...set];
  }
  const weight = {};
  for (const w of ex.weights || []) weight[w.name] = w.weight;
  const scored = nodes.some((n) => n.total !== undefined);
  const head = h('tr', null,
    h('th', { scope: 'col' }, t('explain.node')),
    h('th', { scope: 'col' }, t('explain.filter')),
    scored ? h('th.num', { scope: 'col' }, t('explain.total')) : null,
    plugins.map((p) => h('th.num.plugin', { scope: 'col', title: t('explain.weightOf', { plugin: p, w: weight[p] ?? '?' }) },
      h('span.plugin-name', null, ...camelBreaks(p)), h('span.plugin-weight', null, ` ×${weight[p] ?? '?'}`))));
  const body = h('tbody');
  for (const n of nodes) {
    const chosen = ex.chosen && n.node === ex.chosen;
    const verdict = n.feasible
      ? h('span.verdict-ok', null, `✓ ${t('explain.feasible')}`)
      : h('span', null, h('span.verdict-bad', null, `✗ ${t('explain.rejected')}`), n.plugin ? ` ${n.plugin}` : '', n.reason ? `: ${n.reason}` : '');
    const has = n.feasible && n.total !== undefined;
    body.append(h(`tr${chosen ? '.chosen' : ''}${n.feasible ? '' : '.rejected'}`, null,
      h('th', { scope: 'row', class: 'mono' }, `${chosen ? '★ ' : ''}${n.node}`),
      h('td.reason', null, verdict),
      scored ? h('td.num.total', null, has ? String(n.total) : '–') : null,
      plugins.map((p) => (has && n.scores && p in n.scores ? scoreCell(n, p, weight[p]) : h('td.num', null, '–')))));
  }
  wrap.append(h('div.table-wrap', null, h('table.table.explain-table', null, h('thead', null, head), body)));
  if (scored) wrap.append(h('p.explain-legend', null, t('explain.legend')));
  else if (ex.chosen) wrap.append(h('p.explain-legend', null, t('explain.oneFeasible')));
  if (ex.chosen) wrap.append(h('p.explain-chosen', null, t('explain.chosen', { node: ex.chosen })));
  if (ex.tie && ex.tie.text) wrap.append(h('p.explain-tie', null, h('b', null, `${t('explain.tie')} `), ex.tie.text));
  if (ex.fix) wrap.append(h('p.explain-fix', null, h('b', null, `${t('explain.fix')} `), ex.fix));
  if (!ex.chosen && Array.isArray(ex.resources) && ex.resources.length) wrap.append(resourceTable(ex.resources));
  if (ex.text) {
    wrap.append(h('details.raw', null, h('summary', null, t('explain.raw')), h('pre', null, ex.text)));
  }
  return wrap;
}

// scoreCell: the weighted score (what the total adds), and raw → normalized under it (the weight is in the
// column's header; the cell's title spells out the product).
function scoreCell(n, p, w) {
  const raw = n.raw && p in n.raw ? n.raw[p] : null;
  const norm = n.normalized && p in n.normalized ? n.normalized[p] : null;
  const detail = raw !== null && norm !== null ? `${raw} → ${norm}` : '';
  return h('td.num.score', { title: detail ? t('explain.cell', { raw, norm, w, score: n.scores[p] }) : null },
    h('span.score-w', null, String(n.scores[p])), detail ? h('span.score-detail', null, detail) : null);
}

// resourceTable: for a Pod with no node, per node and resource: requested, allocatable, in use (the requests
// of the pods on the node), free, and whether the request fits.
function resourceTable(rows) {
  const head = h('tr', null,
    h('th', { scope: 'col' }, t('explain.node')),
    h('th', { scope: 'col' }, t('explain.res.resource')),
    h('th.num', { scope: 'col' }, t('explain.res.requested')),
    h('th.num', { scope: 'col' }, t('explain.res.allocatable')),
    h('th.num', { scope: 'col' }, t('explain.res.inUse')),
    h('th.num', { scope: 'col' }, t('explain.res.free')),
    h('th', { scope: 'col' }, t('explain.res.fits')));
  const body = h('tbody');
  for (const r of rows) {
    body.append(h(`tr${r.fits ? '' : '.rejected'}`, { title: r.text },
      h('th', { scope: 'row', class: 'mono' }, r.node),
      h('td.mono', null, r.resource),
      h('td.num', null, r.requested),
      h('td.num', null, r.allocatable),
      h('td.num', null, r.inUse),
      h('td.num', null, r.free),
      h('td', null, r.fits ? h('span.verdict-ok', null, '✓') : h('span.verdict-bad', null, `✗ ${t('explain.res.short')}`))));
  }
  return h('div.explain-res', null,
    h('h3.explain-sub', null, t('explain.res.title')),
    h('div.table-wrap', null, h('table.table.explain-res-table', null, h('thead', null, head), body)));
}

// camelBreaks lets a plugin name wrap between its words only: Node<wbr>Resources<wbr>Fit.
function camelBreaks(name) {
  const out = [];
  for (const [i, w] of name.split(/(?=[A-Z][a-z])/).entries()) {
    if (i) out.push(h('wbr'));
    out.push(w);
  }
  return out;
}
