// core.js: loads the Go control plane (kubeplay.wasm) with a real progress bar.
// The wasm is streamed with fetch; bytes are counted against manifest.json's wasmBytes (the raw size:
// the browser hands us decompressed bytes even when the server sent brotli). Then the Go program starts
// and registers globalThis.__kubeplayCore, and the first cluster is built ("starting the cluster").
// Failures (no WebAssembly, network error, a crash while starting) are shown in #loader-error with a
// retry button: the page is never left blank.

import { t, hasKey, getLang } from './i18n.js';

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

function nextFrame() {
  return new Promise((r) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => setTimeout(r, 0)) : setTimeout(r, 0)));
}

/** LoadError carries which failure the loader met: 'nowasm', 'network' or 'crash'. */
export class LoadError extends Error {
  constructor(kind, message, cause) {
    super(message);
    this.kind = kind;
    this.cause = cause;
  }
}

function ensureGo(base) {
  if (typeof globalThis.Go === 'function') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = base + 'wasm_exec.js';
    s.onload = () => resolve();
    s.onerror = () => reject(new LoadError('network', 'wasm_exec.js: load failed'));
    document.head.appendChild(s);
  });
}

/**
 * loadCore downloads, compiles and starts kubeplay.wasm and builds the first cluster.
 * Progress: 0–90% download, then compile, start, and "starting the cluster".
 * Resolves with the raw seam (globalThis.__kubeplayCore). Rejects with a LoadError after showing it.
 * @param {{base?: string, seed?: number, onProgress?: (fraction:number, phase:string)=>void}} [opts]
 */
export async function loadCore(opts = {}) {
  const base = opts.base ?? '';
  const report = (f, phase, text) => {
    setProgress(f);
    if (text) setStatus(text);
    opts.onProgress?.(f, phase);
  };
  try {
    if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
      throw new LoadError('nowasm', msg('loader.noWasm'));
    }
    report(0, 'manifest', msg('loader.manifest'));
    let total = 0;
    let wasmName = 'kubeplay.wasm';
    try {
      const m = await fetch(base + 'manifest.json', { cache: 'no-cache' });
      if (m.ok) {
        const j = await m.json();
        total = Number(j.wasmBytes) || 0;
        wasmName = j.wasm || wasmName;
      }
    } catch (e) {
      throw new LoadError('network', msg('loader.network'), e);
    }
    const goReady = ensureGo(base);
    let resp;
    try {
      resp = await fetch(base + wasmName);
    } catch (e) {
      throw new LoadError('network', msg('loader.network'), e);
    }
    if (!resp.ok || !resp.body) throw new LoadError('network', msg('loader.network'), `${wasmName}: HTTP ${resp.status}`);
    if (!total) total = Number(resp.headers.get('Content-Length')) || 0;

    // Count bytes as they stream in; compile while downloading when the browser can.
    let loaded = 0;
    const reader = resp.body.getReader();
    const counted = new ReadableStream({
      async pull(controller) {
        let r;
        try {
          r = await reader.read();
        } catch (e) {
          controller.error(new LoadError('network', msg('loader.network'), e));
          return;
        }
        if (r.done) {
          controller.close();
          return;
        }
        loaded += r.value.byteLength;
        const f = total ? Math.min(loaded / total, 1) : 0;
        report(f * 0.9, 'download', `${msg('loader.download')} ${fmtMB(loaded)}${total ? ' / ' + fmtMB(total) : ''}`);
        controller.enqueue(r.value);
      },
      cancel(reason) { reader.cancel(reason); },
    });
    await goReady;
    const go = new globalThis.Go();
    let instance;
    try {
      if (typeof WebAssembly.instantiateStreaming === 'function') {
        const counting = new Response(counted, { headers: { 'Content-Type': 'application/wasm' } });
        ({ instance } = await WebAssembly.instantiateStreaming(counting, go.importObject));
      } else {
        const buf = await new Response(counted).arrayBuffer();
        report(0.9, 'compile', msg('loader.compile'));
        ({ instance } = await WebAssembly.instantiate(buf, go.importObject));
      }
    } catch (e) {
      if (e instanceof LoadError) throw e;
      if (e instanceof TypeError && loaded < total) throw new LoadError('network', msg('loader.network'), e);
      throw new LoadError('crash', msg('loader.crash'), e);
    }
    report(0.92, 'start', msg('loader.start'));

    // Start Go: main registers __kubeplayCore synchronously, then parks in select {}.
    const registered = new Promise((resolve) => {
      if (globalThis.__kubeplayCore) resolve(globalThis.__kubeplayCore);
      else globalThis.__kubeplayReady = resolve;
    });
    go.run(instance).then(
      () => showError(msg('loader.crash'), 'the Go program exited'),
      (e) => showError(msg('loader.crash'), e),
    );
    const core = globalThis.__kubeplayCore || (await registered);
    await nextFrame(); // let "starting the cluster" paint before the (synchronous) start-up
    const res = JSON.parse(core.reset(JSON.stringify({ seed: opts.seed ?? 1 })));
    if (res.error) throw new LoadError('crash', msg('loader.crash'), res.error);
    report(1, 'ready', '');
    return core;
  } catch (e) {
    const err = e instanceof LoadError ? e : new LoadError('crash', msg('loader.crash'), e);
    showError(err.message, err.cause && (err.cause.message || err.cause));
    throw err;
  }
}
