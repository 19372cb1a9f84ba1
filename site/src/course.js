// course.js: the sample course page's side of kubeplay's postMessage API (README "postMessage API").
// Each iframe[data-kubeplay] is an independent playground. Messages go to the iframe's window with its exact
// origin as targetOrigin (never "*"), and only answers from that window and origin are read. Answers are
// shown with textContent. window.course = {send(frameId, message) → Promise<answer>, ready(frameId) → Promise}
// is there for the browser tests and for the console.

/**
 * One embedded playground: its iframe, its origin, whether it is ready, the answers awaited, the steps passed.
 * @typedef {{el: HTMLIFrameElement, origin: string, ready: Promise<unknown>, resolveReady: (v?: unknown) => void,
 *   pending: Map<string, (answer: any) => void>, passed?: Set<number>}} Playground
 */

/** @type {Map<string, Playground>} by the iframe's id */
const playgrounds = new Map();
const log = []; // every message the playgrounds posted unasked (ready, step, lesson-complete, applied, resize)
let seq = 0;

function frameOf(source) {
  for (const f of playgrounds.values()) if (f.el.contentWindow === source) return f;
  return null;
}

window.addEventListener('message', (ev) => {
  const f = frameOf(ev.source);
  if (!f || ev.origin !== f.origin) return;
  const m = ev.data;
  if (!m || typeof m !== 'object') return;
  if (m.type === 'kubeplay:ready') f.resolveReady();
  if (typeof m.type === 'string' && m.type !== 'kubeplay:result') log.push({ frame: f.el.id, ...m });
  if (m.type === 'kubeplay:step' || m.type === 'kubeplay:lesson-complete') progress(f, m);
  if (m.type === 'kubeplay:result') {
    f.resolveReady();
    const done = f.pending.get(m.id);
    if (done) {
      f.pending.delete(m.id);
      done(m);
    }
  }
});

function post(f, msg) {
  const id = `c${++seq}`;
  return new Promise((resolve) => {
    f.pending.set(id, resolve);
    f.el.contentWindow?.postMessage({ ...msg, id }, f.origin);
  });
}

/** send posts {type:"kubeplay:…", …} to a playground once it is ready and resolves with its answer. */
async function send(frameId, msg) {
  const f = playgrounds.get(frameId);
  if (!f) throw new Error(`no playground ${frameId}`);
  await f.ready;
  return post(f, msg);
}

for (const el of /** @type {NodeListOf<HTMLIFrameElement>} */ (document.querySelectorAll('iframe[data-kubeplay]'))) {
  /** @type {(v?: unknown) => void} */
  let resolveReady = () => {};
  const ready = new Promise((r) => { resolveReady = r; });
  /** @type {Playground} */
  const f = { el, origin: new URL(el.src, location.href).origin, ready, resolveReady, pending: new Map() };
  playgrounds.set(el.id, f);
  // A playground announces itself when it is ready; in case that was missed, ask for its state now and then.
  let answered = false;
  f.ready.then(() => { answered = true; });
  el.addEventListener('load', () => {
    const ping = () => {
      if (answered) return;
      try { el.contentWindow?.postMessage({ type: 'kubeplay:state', id: 'ping' }, f.origin); } catch (_) { /* not there yet */ }
      setTimeout(ping, 1000);
    };
    setTimeout(ping, 1000);
  });
}

function show(frameId, text) {
  const pre = document.querySelector(`pre[data-answer="${frameId}"]`);
  if (pre) pre.textContent = text;
}

for (const host of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.host[data-for]'))) {
  const id = host.dataset.for || '';
  const status = host.querySelector('.status');
  const f = playgrounds.get(id);
  if (!f) continue;
  f.ready.then(() => { if (status) status.textContent = 'ready / 準備完了'; });
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (host.querySelectorAll('button[data-op]'))) {
    b.addEventListener('click', async () => {
      /** @type {{type: string, line?: string}} */
      const msg = { type: `kubeplay:${b.dataset.op}` };
      if (b.dataset.line) msg.line = b.dataset.line;
      const a = await send(id, msg);
      if (!a.ok) return show(id, `error: ${a.error}`);
      if (a.output !== undefined) return show(id, a.output);
      if (a.events) return show(id, a.events.map((e) => `${e.type}\t${e.reason}\t${e.object}\t${e.message}`).join('\n'));
      if (a.result) return show(id, a.result.transcript || JSON.stringify(a.result, null, 2));
      return show(id, JSON.stringify(a.state ?? a, null, 2));
    });
  }
}

// progress: each playground's bar, fed by its kubeplay:step and kubeplay:lesson-complete messages (issue 12).
// A course or an LMS records the same messages: window.course.log holds them.
function progress(f, m) {
  const bar = /** @type {HTMLProgressElement | null} */ (document.querySelector(`progress[data-progress="${f.el.id}"]`));
  const label = document.querySelector(`[data-progress-label="${f.el.id}"]`);
  if (!bar) return;
  const passed = (f.passed ??= new Set());
  if (m.type === 'kubeplay:step') {
    if (m.passed) passed.add(m.index);
    else passed.delete(m.index);
  }
  bar.value = passed.size;
  const total = Number(bar.max) || 0;
  if (label) {
    label.textContent = m.type === 'kubeplay:lesson-complete'
      ? `✓ ${m.passed}/${m.steps} — complete / 完了`
      : `${passed.size}/${total}${m.passed ? '' : ` — ✗ step ${m.index + 1}: ${(m.failed || []).map((x) => x.expectation).join('; ')}`}`;
  }
}

// The bars learn each lesson's length from the playground's state once it is ready.
for (const f of playgrounds.values()) {
  f.ready.then(async () => {
    const a = await post(f, { type: 'kubeplay:state' });
    const bar = /** @type {HTMLProgressElement | null} */ (document.querySelector(`progress[data-progress="${f.el.id}"]`));
    if (bar && a.ok && a.state && a.state.steps) {
      bar.max = a.state.steps;
      const label = document.querySelector(`[data-progress-label="${f.el.id}"]`);
      if (label && !label.textContent) label.textContent = `0/${a.state.steps}`;
    }
  });
}

window.course = { send, ready: (frameId) => playgrounds.get(frameId)?.ready, log };
