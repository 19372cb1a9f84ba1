// boot.js: starts the core's Web Worker the moment the page's head is parsed, before the (much larger)
// page bundle is downloaded and compiled, so kubeplay.wasm streams in meanwhile. index.html loads it as a
// classic script whose data attributes (filled by build.mjs) name the worker and the wasm and give the wasm's
// raw size. The worker's first messages (progress, started, error) are kept in globalThis.__kubeplayBoot
// until core.js adopts the worker and replays them. Without WebAssembly or workers it does nothing, and
// core.js shows why.
(() => {
  const me = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  if (!me || typeof Worker !== 'function' || typeof WebAssembly !== 'object') return;
  const d = /** @type {{worker: string, wasm: string, bytes?: string}} */ (/** @type {unknown} */ (me.dataset));
  try {
    const worker = new Worker(new URL(d.worker, me.src));
    const boot = { worker, queue: /** @type {unknown[]} */ ([]), failed: /** @type {string | null} */ (null) };
    worker.onmessage = (e) => boot.queue.push(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      boot.failed = e.message || `${d.worker}: load failed`;
    };
    worker.postMessage({ type: 'load', wasm: new URL(d.wasm, me.src).href, total: Number(d.bytes) || 0 });
    globalThis.__kubeplayBoot = boot;
  } catch (_) {
    // core.js starts the worker itself (and reports a failure).
  }
})();
