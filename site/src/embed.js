// embed: the compact mode for iframes (issue 5). URL parameters:
//   embed=1                                  compact mode (no brand, no embed button, nothing saved to storage)
//   panes=editor,diagram,events,terminal     which panes show (default: all four)
//   scenario=NAME                            which built-in scenario opens
//   origins=https://a.example,https://b.example  origins allowed to use the postMessage API (postmessage.js)
//   lang=ja|en                               the language
// The site operator may also allow origins with <html data-kubeplay-origins="https://a.example …">.

export const PANES = ['editor', 'diagram', 'events', 'terminal'];

/** normalizeOrigin returns the origin of an http(s) URL ("https://host[:port]"), or ''. */
export function normalizeOrigin(s) {
  try {
    const u = new URL(String(s).trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return '';
    return u.origin;
  } catch (_) {
    return '';
  }
}

/** parseEmbed reads the embedding parameters from a query string. */
export function parseEmbed(search = globalThis.location ? location.search : '', root = globalThis.document?.documentElement) {
  const q = new URLSearchParams(search);
  const embed = q.get('embed') === '1' || q.get('embed') === 'true';
  let panes = PANES.slice();
  if (q.has('panes')) {
    const want = new Set(String(q.get('panes')).split(',').map((p) => p.trim().toLowerCase()));
    panes = PANES.filter((p) => want.has(p));
    if (!panes.length) panes = PANES.slice();
  }
  const origins = new Set();
  for (const o of String(q.get('origins') || '').split(/[\s,]+/)) {
    const n = o && normalizeOrigin(o);
    if (n) origins.add(n);
  }
  const attr = root && root.dataset ? root.dataset.kubeplayOrigins : '';
  for (const o of String(attr || '').split(/[\s,]+/)) {
    const n = o && normalizeOrigin(o);
    if (n) origins.add(n);
  }
  const scenario = q.get('scenario') || '';
  const lang = q.get('lang');
  return {
    embed,
    panes,
    scenario: /^[a-z0-9][a-z0-9-]{0,62}$/.test(scenario) ? scenario : '',
    scenarioParam: scenario,
    origins: [...origins],
    lang: lang === 'ja' || lang === 'en' ? lang : '',
  };
}

/** applyEmbed switches the page to the compact layout before the views are built. */
export function applyEmbed(opts) {
  const root = document.documentElement;
  if (!opts.embed) return;
  root.classList.add('embed');
  for (const p of PANES) root.classList.toggle(`no-${p}`, !opts.panes.includes(p));
  const right = opts.panes.some((p) => p !== 'editor');
  root.classList.toggle('no-right', !right);
  root.classList.toggle('no-tabs', !opts.panes.includes('events') && !opts.panes.includes('terminal'));
}

/** selectEmbedTab shows the first tab the embedder asked for (the events tab is the page's default). */
export function selectEmbedTab(opts) {
  if (!opts.embed || opts.panes.includes('events') || !opts.panes.includes('terminal')) return;
  document.getElementById('tab-terminal')?.click();
}

/** embedURL builds the iframe address for a page at base (the playground's URL without query or fragment). */
export function embedURL(base, { panes = PANES, scenario = '', origins = [], lang = '' } = {}) {
  const q = new URLSearchParams();
  q.set('embed', '1');
  if (panes.length && panes.length !== PANES.length) q.set('panes', panes.join(','));
  if (scenario) q.set('scenario', scenario);
  const os = origins.map(normalizeOrigin).filter(Boolean);
  if (os.length) q.set('origins', os.join(','));
  if (lang) q.set('lang', lang);
  return `${base}?${q.toString().replace(/%2C/gi, ',')}`;
}

const escAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** iframeSnippet is the HTML a course author pastes (shown as text, never parsed by this page). */
export function iframeSnippet(src, { height = 600, title = 'kubeplay' } = {}) {
  const hgt = Math.min(Math.max(Number(height) || 600, 240), 4000);
  return `<iframe src="${escAttr(src)}" title="${escAttr(title)}" width="100%" height="${hgt}" style="border:1px solid #d5dbdf;border-radius:8px;max-width:100%" loading="lazy" allow="clipboard-write"></iframe>`;
}
