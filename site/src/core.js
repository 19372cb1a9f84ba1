// core.js: starts the Go control plane (kubeplay.wasm) in a Web Worker (coreworker.js) with a real
// progress bar. The worker streams the wasm and counts its bytes against manifest.json's wasmBytes (the
// raw size: the browser hands decompressed bytes even when the server sent brotli); this module shows
// them. Then the Go program starts in the worker and the first cluster is built ("starting the cluster").
// Failures (no WebAssembly, no workers, network error, a crash while starting) are shown in #loader-error
// with a reload button: the page is never left blank.
// The core lives off the main thread, so a long simulation slice or a Go garbage collection never blocks
// the page: every call is a message and answers come back in the order the calls were made.

import { t, hasKey, getLang } from './i18n.js';
import { firstBuild } from './firstbuild.js';

const own = {
  ja: {
    'loader.manifest': '読み込みの準備をしています',
    'loader.compile': 'WebAssembly をコンパイルしています',
    'loader.noWasm': 'このブラウザは WebAssembly に対応していません。最新の Chrome、Firefox、Safari、Edge でお試しください。',
    'loader.network': 'kubeplay を読み込めませんでした（ネットワークエラー）。接続を確認して再読み込みしてください。',
    'loader.crash': 'クラスタを起動できませんでした。',
    'loader.retry': '再読み込み',
  },
  en: {
    'loader.manifest': 'Preparing to download',
    'loader.compile': 'Compiling WebAssembly',
    'loader.noWasm': 'This browser does not support WebAssembly. Please try a current Chrome, Firefox, Safari or Edge.',
    'loader.network': 'kubeplay could not be downloaded (network error). Check your connection and reload.',
    'loader.crash': 'The cluster could not be started.',
    'loader.retry': 'Reload',
  },
};

function msg(key, vars) {
  if (hasKey(key)) return t(key, vars);
  const l = getLang() === 'ja' ? 'ja' : 'en';
  return own[l][key] ?? own.en[key] ?? key;
}

const $ = (id) => document.getElementById(id);

/** setProgress shows a fraction (0..1) on #progress; null makes it indeterminate. */
export function setProgress(f) {
  const p = $('progress');
  if (!p) return;
  if (f == null) {
    p.removeAttribute('value');
    return;
  }
  const v = Math.max(0, Math.min(1, f));
  if (p instanceof HTMLProgressElement) p.value = v;
  else p.style.setProperty('--progress', String(v));
  p.setAttribute('aria-valuenow', String(Math.round(v * 100)));
}

/** setStatus writes the loader's status line. */
export function setStatus(text) {
  const s = $('loader-status');
  if (s) s.textContent = text;
}

/** showError puts a failure message (and a reload button) into the loader. */
export function showError(text, detail) {
  const loader = $('loader');
  if (loader) {
    loader.hidden = false;
    loader.dataset.state = 'error';
  }
  let el = $('loader-error');
  if (!el) {
    el = document.createElement('p');
    el.id = 'loader-error';
    (loader || document.body).appendChild(el);
  }
  el.hidden = false;
  el.textContent = text;
  if (detail) {
    const d = document.createElement('code');
    d.className = 'loader-detail';
    d.textContent = String(detail);
    el.append(document.createElement('br'), d);
  }
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'btn';
  b.textContent = msg('loader.retry');
  b.addEventListener('click', () => location.reload());
  el.append(' ', b);
  setProgress(0);
}

const fmtMB = (n) => (n / 1048576).toFixed(1) + ' MB';

/**
 * What kubeplay.wasm weighs served compressed, by Content-Encoding (build.mjs puts the sizes on boot.js's
 * script tag and in manifest.json; core.js fills in the manifest's when it reads it).
 * @type {Record<string, number>}
 */
const wasmWeight = (() => {
  const d = /** @type {HTMLElement | null} */ (document.querySelector('script[data-wasm]'))?.dataset;
  const first = firstBuild(d ?? {}, location.search);
  return { br: first.br, gzip: first.gz };
})();

/**
 * downloaded words a progress message in what the download weighs: for a compressed response, the share f
 * of the compressed size ("0.4 / 1.9 MB"), not of the 14 MB the wasm decodes to; else the bytes themselves.
 * @param {{loaded: number, total: number, encoding?: string}} m
 * @param {number} f
 */
const downloaded = (m, f) => {
  const wire = m.total ? wasmWeight[m.encoding || ''] || 0 : 0;
  if (wire) return `${fmtMB(f * wire)} / ${fmtMB(wire)}`;
  return `${fmtMB(m.loaded)}${m.total ? ' / ' + fmtMB(m.total) : ''}`;
};

/** LoadError carries which failure the loader met: 'nowasm', 'network' or 'crash'. */
export class LoadError extends Error {
  constructor(kind, message, cause) {
    super(message);
    this.kind = kind;
    this.cause = cause;
  }
}

/**
 * createRemote wraps the worker: call(fn, args, flush) posts one call and resolves with the worker's
 * answer {value, flush?, cleared?}. Calls are answered in order.
 */
function createRemote(worker, onFatal) {
  let nextId = 1;
  let dead = null; // why the core stopped, once it has
  const waiting = new Map(); // id -> {resolve, reject}
  const stop = (detail) => {
    if (dead) return;
    dead = String(detail || 'the core stopped');
    for (const w of waiting.values()) w.reject(new Error(`kubeplay core stopped: ${dead}`));
    waiting.clear();
    onFatal(dead);
  };
  worker.addEventListener('message', (e) => {
    const m = e.data;
    if (!m) return;
    if (m.type === 'answer') {
      const w = waiting.get(m.id);
      if (w) {
        waiting.delete(m.id);
        w.resolve(m);
      }
    } else if (m.type === 'flush') {
      remote.onFlush?.(m);
    } else if (m.type === 'fatal') {
      stop(m.detail);
    } else if (m.type === 'full') {
      remote.onFull?.(m);
    }
  });
  worker.addEventListener('error', (e) => {
    e.preventDefault?.();
    stop(e.message);
  });
  const remote = {
    worker,
    /**
     * onFlush, when set, takes the parts of a large answer's flush ({id, cleared?, flush}), sent before it.
     * @type {((m: {id: number, cleared?: boolean, flush: import('./seamfns.js').Flush}) => void) | null}
     */
    onFlush: null,
    /**
     * onFull, when set, hears about the full build's download, which a call that reached something the lite
     * build leaves out waits for (coreworker.js): {state: 'loading' | 'loaded' | 'failed', feature, ms?, detail?}.
     * @type {((m: {state: string, feature: string, ms?: number, detail?: string}) => void) | null}
     */
    onFull: null,
    /** call posts one call; it resolves with the answer, or rejects once the core has stopped. */
    call(fn, args = [], flush = false) {
      if (dead) return Promise.reject(new Error(`kubeplay core stopped: ${dead}`));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ type: 'call', id, fn, args, flush });
      });
    },
    /** pending is how many calls wait for their answer. */
    get pending() { return waiting.size; },
  };
  return remote;
}

/**
 * loadCore downloads, compiles and starts kubeplay.wasm in a worker and builds the first cluster.
 * Progress: 0–90% download, then compile, start, and "starting the cluster".
 * Resolves with the remote ({call(fn, args, flush) → Promise<answer>}). Rejects with a LoadError after
 * showing it.
 * @param {{base?: string, seed?: number, onProgress?: (fraction:number, phase:string)=>void, onFatal?: (detail:string)=>void}} [opts]
 */
export async function loadCore(opts = {}) {
  const base = opts.base ?? '';
  const report = (f, phase, text) => {
    setProgress(f);
    if (text) setStatus(text);
    opts.onProgress?.(f, phase);
  };
  try {
    if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function' || typeof Worker !== 'function') {
      throw new LoadError('nowasm', msg('loader.noWasm'));
    }
    report(0, 'manifest', msg('loader.manifest'));
    // boot.js (index.html's head) has usually started the worker already; otherwise start it here.
    const boot = globalThis.__kubeplayBoot;
    delete globalThis.__kubeplayBoot;
    let worker = boot && !boot.failed ? boot.worker : null;
    let workerName = 'coreworker.js';
    let early = [];
    if (worker) {
      worker.onmessage = null;
      worker.onerror = null;
      early = boot?.queue ?? [];
    } else {
      let total = 0;
      let wasmName = 'kubeplay.wasm';
      try {
        const m = await fetch(base + 'manifest.json', { cache: 'no-cache' });
        if (m.ok) {
          const j = await m.json();
          const first = firstBuild({ wasm: j.wasm, bytes: j.wasmBytes, br: j.wasmBr, gz: j.wasmGz, full: j.full, fullBytes: j.fullBytes, fullBr: j.fullBr, fullGz: j.fullGz }, location.search);
          total = first.bytes;
          wasmWeight.br ||= first.br;
          wasmWeight.gzip ||= first.gz;
          wasmName = first.wasm;
          workerName = j.worker || workerName;
        }
      } catch (e) {
        throw new LoadError('network', msg('loader.network'), e);
      }
      const dir = new URL(base || './', location.href);
      try {
        worker = new Worker(new URL(workerName, dir));
      } catch (e) {
        throw new LoadError('crash', msg('loader.crash'), e);
      }
      worker.postMessage({ type: 'load', wasm: new URL(wasmName, dir).href, total });
    }
    const fatal = (detail) => {
      showError(msg('loader.crash'), detail);
      opts.onFatal?.(detail);
    };
    const started = new Promise((resolve, reject) => {
      let compiling = false;
      const onMessage = (m) => {
        if (!m) return;
        if (m.type === 'progress') {
          const f = m.total ? Math.min(m.loaded / m.total, 1) : 0;
          report(f * 0.9, 'download', `${msg('loader.download')} ${downloaded(m, f)}`);
          if (m.total && m.loaded >= m.total && !compiling) {
            compiling = true;
            report(0.9, 'compile', msg('loader.compile'));
          }
        } else if (m.type === 'started') {
          resolve(m);
        } else if (m.type === 'error') {
          reject(new LoadError(m.kind === 'network' ? 'network' : 'crash', msg(m.kind === 'network' ? 'loader.network' : 'loader.crash'), m.detail));
        } else if (m.type === 'fatal') {
          reject(new LoadError('crash', msg('loader.crash'), m.detail));
        }
      };
      for (const m of early) onMessage(m);
      worker.addEventListener('message', (e) => onMessage(e.data));
      worker.addEventListener('error', (e) => {
        e.preventDefault?.();
        reject(new LoadError('network', msg('loader.network'), e.message || `${workerName}: load failed`));
      });
    });
    const st = await started;
    if (st.compiledAt) performance.mark?.('kubeplay:wasm-compiled', { startTime: st.compiledAt - performance.timeOrigin });
    performance.mark?.('kubeplay:go-started');
    const remote = createRemote(worker, fatal);
    report(0.92, 'start', msg('loader.start'));
    const res = await remote.call('reset', [JSON.stringify({ seed: opts.seed ?? 1 })]);
    const v = typeof res.value === 'string' ? JSON.parse(res.value) : res.value;
    if (v && v.error) throw new LoadError('crash', msg('loader.crash'), v.error);
    performance.mark?.('kubeplay:cluster-up', { detail: { workerMs: res.ms } });
    report(1, 'ready', '');
    return remote;
  } catch (e) {
    const err = e instanceof LoadError ? e : new LoadError('crash', msg('loader.crash'), e);
    showError(err.message, err.cause && (err.cause.message || err.cause));
    throw err;
  }
}
