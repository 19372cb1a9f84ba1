// embed: the compact mode for iframes (issue 5). URL parameters:
//   embed=1                                  compact mode (no brand, no embed button, nothing saved to storage)
//   panes=editor,diagram,events,terminal     which panes show (default: all four)
//   scenario=NAME                            which built-in scenario opens
//   origins=https://a.example,https://b.example  origins allowed to use the postMessage API (postmessage.js)
//   lang=ja|en                               the language (the Embed dialog writes the host page's <html lang>)
//   step=N                                   start at step N of the scenario or lesson (0-based: the steps before it replay)
//   speed=X  paused=1                        the clock's speed; paused: the clock waits for the learner
//   readonly=editor,terminal                 what the learner cannot change
// panes may also name cluster, etcd, explain and lesson (tabs hidden by default in an embed).
// An embed fills its iframe exactly (scenario.css, course.css); hosts that size the iframe to the page hear
// {type:"kubeplay:resize", height} (watchSize).
// The site operator may also allow origins with <html data-kubeplay-origins="https://a.example …">.

export const PANES = ['editor', 'diagram', 'events', 'terminal'];
/** Every pane an embed may show: the four default ones and the tabs the page hides in an embed by default. */
export const ALL_PANES = [...PANES, 'cluster', 'etcd', 'explain', 'lesson'];
/** The tabs of the right pane, in their order. */
export const TAB_PANES = ['events', 'terminal', 'cluster', 'etcd', 'explain', 'lesson'];
export const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 25, 50, 100];

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
    panes = ALL_PANES.filter((p) => want.has(p));
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
  const step = /^\d{1,4}$/.test(q.get('step') || '') ? Number(q.get('step')) : -1;
  const speed = Number(q.get('speed'));
  const readonly = new Set(String(q.get('readonly') || '').split(',').map((p) => p.trim().toLowerCase()));
  return {
    embed,
    panes,
    scenario: /^[a-z0-9][a-z0-9-]{0,62}$/.test(scenario) ? scenario : '',
    scenarioParam: scenario,
    origins: [...origins],
    lang: lang === 'ja' || lang === 'en' ? lang : '',
    step,
    speed: SPEEDS.includes(speed) ? speed : 0,
    paused: q.get('paused') === '1' || q.get('paused') === 'true',
    readonly: ['editor', 'terminal'].filter((p) => readonly.has(p)),
  };
}

/** applyEmbed switches the page to the compact layout before the views are built. */
export function applyEmbed(opts) {
  const root = document.documentElement;
  if (!opts.embed) return;
  root.classList.add('embed');
  for (const p of ALL_PANES) {
    root.classList.toggle(`no-${p}`, !opts.panes.includes(p));
    root.classList.toggle(`pane-${p}`, opts.panes.includes(p));
  }
  const right = opts.panes.some((p) => p !== 'editor');
  root.classList.toggle('no-right', !right);
  root.classList.toggle('no-tabs', !TAB_PANES.some((p) => opts.panes.includes(p)));
  // One tab is no choice: its bar is not shown (the pane keeps the room).
  root.classList.toggle('one-tab', TAB_PANES.filter((p) => opts.panes.includes(p)).length === 1);
}

/** selectEmbedTab shows the first tab the embedder asked for (the events tab is the page's default). */
export function selectEmbedTab(opts) {
  if (!opts.embed) return;
  const first = TAB_PANES.find((p) => opts.panes.includes(p));
  const open = document.querySelector('.tabs [role="tab"][aria-selected="true"]');
  if (first && (!open || !opts.panes.includes(open.id.replace(/^tab-/, '')))) document.getElementById(`tab-${first}`)?.click();
}

/** watchSize reports the page's natural height (controls, player and a comfortable work area) as it changes. */
export function watchSize(notify, workArea = 520) {
  if (typeof ResizeObserver !== 'function') return;
  let last = 0;
  const measure = () => {
    const bar = /** @type {HTMLElement | null} */ (document.querySelector('.controlbar'));
    const player = document.getElementById('player');
    const playerH = player && !player.hidden ? Math.min(player.scrollHeight, 420) : 0;
    const height = Math.ceil((bar ? bar.offsetHeight : 0) + playerH + workArea);
    if (height !== last) {
      last = height;
      notify('resize', { height });
    }
  };
  const ro = new ResizeObserver(measure);
  for (const el of [document.querySelector('.controlbar'), document.getElementById('player')]) if (el) ro.observe(el);
  measure();
}

/**
 * embedURL builds the iframe address for a page at base (the playground's URL without query or fragment).
 * @param {string} base
 * @param {{panes?: string[], scenario?: string, origins?: string[], lang?: string, step?: number, speed?: number,
 *   paused?: boolean, readonly?: string[], fragment?: string}} [opts]
 */
export function embedURL(base, { panes = PANES, scenario = '', origins = [], lang = '', step = 0, speed = 0, paused = false, readonly = [], fragment = '' } = {}) {
  const q = new URLSearchParams();
  q.set('embed', '1');
  if (panes.length && panes.join(',') !== PANES.join(',')) q.set('panes', panes.join(','));
  if (scenario) q.set('scenario', scenario);
  const os = origins.map(normalizeOrigin).filter(Boolean);
  if (os.length) q.set('origins', os.join(','));
  if (lang) q.set('lang', lang);
  if (step > 0) q.set('step', String(step | 0));
  if (speed && speed !== 1) q.set('speed', String(speed));
  if (paused) q.set('paused', '1');
  if (readonly.length) q.set('readonly', readonly.join(','));
  return `${base}?${q.toString().replace(/%2C/gi, ',')}${fragment ? `#${fragment}` : ''}`;
}

const escAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** iframeSnippet is the HTML a course author pastes (shown as text, never parsed by this page). */
export function iframeSnippet(src, { height = 600, title = 'kubeplay' } = {}) {
  const hgt = Math.min(Math.max(Number(height) || 600, 240), 4000);
  return `<iframe src="${escAttr(src)}" title="${escAttr(title)}" width="100%" height="${hgt}" style="border:1px solid #d5dbdf;border-radius:8px;max-width:100%" loading="lazy" allow="clipboard-write"></iframe>`;
}
