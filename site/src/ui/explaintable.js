// explaintable: the scheduler's explanation of one Pod as a table, after kube-scheduler-simulator:
// one row per node with the filter verdict (plugin and reason when filtered out), one column per
// score plugin, the total, and the chosen node highlighted.

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
  const head = h('tr', null,
    h('th', { scope: 'col' }, t('explain.node')),
    h('th', { scope: 'col' }, t('explain.filter')),
    plugins.map((p) => h('th.num', { scope: 'col', title: `${t('explain.score')}: ${p}` }, p)),
    h('th.num', { scope: 'col' }, t('explain.total')));
  const body = h('tbody');
  for (const n of nodes) {
    const chosen = ex.chosen && n.node === ex.chosen;
    const verdict = n.feasible
      ? h('span.verdict-ok', null, `✓ ${t('explain.feasible')}`)
      : h('span', null, h('span.verdict-bad', null, `✗ ${t('explain.rejected')}`), n.plugin ? ` ${n.plugin}` : '', n.reason ? `: ${n.reason}` : '');
    body.append(h(`tr${chosen ? '.chosen' : ''}${n.feasible ? '' : '.rejected'}`, null,
      h('th', { scope: 'row', class: 'mono' }, `${chosen ? '★ ' : ''}${n.node}`),
      h('td.reason', null, verdict),
      plugins.map((p) => h('td.num', null, n.feasible && n.scores && p in n.scores ? String(n.scores[p]) : '–')),
      h('td.num', null, n.feasible && n.total !== undefined ? String(n.total) : '–')));
  }
  wrap.append(h('div.table-wrap', null, h('table.table', null, h('thead', null, head), body)));
  if (ex.chosen) wrap.append(h('p.explain-chosen', null, t('explain.chosen', { node: ex.chosen })));
  if (ex.text) {
    wrap.append(h('details.raw', null, h('summary', null, t('explain.raw')), h('pre', null, ex.text)));
  }
  return wrap;
}
