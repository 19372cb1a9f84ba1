// boot.js: starts the core's Web Worker the moment the page's head is parsed, before the (much larger)
// page bundle is downloaded and compiled, and starts kubeplay.wasm's download and compilation, whose module
// it hands to the worker. index.html loads it as a
// classic script whose data attributes (filled by build.mjs) name the worker and the wasm and give the wasm's
// raw size. The worker's first messages (progress, started, error) are kept in globalThis.__kubeplayBoot
// until core.js adopts the worker and replays them. Without WebAssembly or workers it does nothing, and
// core.js shows why.
import { firstBuild } from './firstbuild.js';
import { countProgress } from './progress.js';

(() => {
  const me = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  if (!me || typeof Worker !== 'function' || typeof WebAssembly !== 'object') return;
  const d = /** @type {{worker: string, wasm: string, bytes?: string}} */ (/** @type {unknown} */ (me.dataset));
  const first = firstBuild(d, location.search);
  try {
    const worker = new Worker(new URL(d.worker, me.src));
    const boot = { worker, queue: /** @type {unknown[]} */ ([]), failed: /** @type {string | null} */ (null) };
    worker.onmessage = (e) => boot.queue.push(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      boot.failed = e.message || `${d.worker}: load failed`;
    };
    const wasm = new URL(first.wasm, me.src).href;
    const total = first.bytes;
    globalThis.__kubeplayBoot = boot;
    // The page fetches and compiles kubeplay.wasm itself and hands the compiled module to the worker: a
    // worker needs some 70 ms to start and fetch its script before its own download could begin. The
    // progress messages are the worker's, dispatched on it (so core.js hears them as the worker's own).
    // Whatever fails here, the worker loads the wasm itself, and reports what fails there.
    /** @type {() => void} */
    let compiled = () => {};
    // main.js builds the page's views once this settles: the compilation takes the wasm's bytes on this
    // thread, and a long task here meanwhile would delay the whole start.
    globalThis.__kubeplayCompiled = new Promise((r) => { compiled = () => r(undefined); });
    // An embed (a course page holds several) leaves both to its worker and lets it wait for its page's first
    // call, as before: same-origin frames share the page's thread, and several compilations, first clusters
    // and views at once made a two-embed course page slower, not faster.
    const embedded = window.parent !== window;
    const fallback = () => {
      compiled();
      worker.postMessage({ type: 'load', wasm, total, headStart: !embedded });
    };
    if (typeof WebAssembly.compileStreaming !== 'function' || typeof ReadableStream !== 'function' || embedded) {
      fallback();
      return;
    }
    worker.postMessage({ type: 'prepare' });
    const tell = (/** @type {unknown} */ data) => worker.dispatchEvent(new MessageEvent('message', { data }));
    fetch(wasm)
      .then(async (resp) => {
        if (!resp.ok || !resp.body || !(resp.headers.get('Content-Type') || '').startsWith('application/wasm')) throw new Error('fallback');
        const counting = countProgress(resp, total, tell);
        // Compiled from the fetch's own response, so that the browser may keep the code for the next visit.
        const module = await WebAssembly.compileStreaming(resp);
        const { error } = await counting;
        if (error) throw error;
        compiled();
        worker.postMessage({ type: 'load', wasm, total, module, headStart: true, compiledAt: performance.timeOrigin + performance.now() });
      })
      .catch(fallback);
  } catch (_) {
    // core.js starts the worker itself (and reports a failure).
  }
})();
