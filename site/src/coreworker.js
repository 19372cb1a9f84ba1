// coreworker.js: the Go control plane's thread. The page (core.js) starts this Web Worker; it downloads
// kubeplay.wasm (reporting bytes received), runs the Go program (which registers self.__kubeplayCore,
// the seam's function table: JSON strings in and out), and then answers calls one at a time, in the order
// they were posted. Running Go here keeps the page's main thread free: a long simulation slice or a Go
// garbage collection never blocks a frame of the page.
//
// Messages from the page:
//   {type:'prepare'}                           → loads wasm_exec.js (boot.js sends it while it compiles the wasm)
//   {type:'load', wasm, total, module?, compiledAt?, headStart?, full?} → progress…, then {type:'started', compiledAt} or {type:'error', kind, detail};
//     with module (a WebAssembly.Module boot.js compiled) the worker only instantiates it; with headStart it then
//     builds the first cluster before the page asks for it (run); full is the full build's address (tests), by
//     default kubeplay-full.wasm beside wasm
//   {type:'call', id, fn, args, flush}         → {type:'answer', id, value, flush?, ms (the worker's time)}
//     fn is a seam function name (seamfns.js), or 'frame' (args [virtualMs, budgetMs]: advance, answered as an object
//     with `before`, the clock before the slice). value is the seam's JSON text (an object for 'frame').
//     flush (true, or always for 'frame') gathers what changed since the last gather: trace records,
//     Kubernetes Events (only when the store revision moved), the output of running watches and the clock.
//     fn 'resources' answers [{name, start, end}] for what this worker downloaded (the load benchmarks).
// Messages to the page besides answers: {type:'progress', loaded, total}, {type:'fatal', detail}.

/* global Go */

import { countProgress } from './progress.js';
import { replacesCluster } from './seamfns.js';

// Trace records gathered per answer: a frame takes one small batch (the page handles each answer in one
// task, which must stay short; what is left comes with the next frame), a full gather up to 50 large ones.
const FRAME_BATCH = 300;
const TRACE_BATCH = 2000;

let core = null;
// The gather cursors: what of the trace, the Events and the beats the page already has.
const freshCursor = () => ({ traceSeq: 0, eventSeq: 0, lastRev: -1, beatSeq: 0 });
let cursor = freshCursor();
const post = (m) => self.postMessage(m);

function gather(info) {
  const out = { now: 0 };
  let more = !info || info.traceSeq > cursor.traceSeq;
  let recs = [];
  for (let i = 0; more && i < (info ? 1 : 50); i++) {
    const limit = info ? FRAME_BATCH : TRACE_BATCH;
    const batch = JSON.parse(core.trace(cursor.traceSeq, limit));
    if (!Array.isArray(batch)) break;
    more = batch.length === limit;
    if (batch.length) {
      cursor.traceSeq = batch[batch.length - 1].seq;
      recs = recs.length ? recs.concat(batch) : batch;
    }
  }
  if (recs.length) out.trace = recs;
  // relaycore: beats (core/beat) completed since the last gather, when the trace moved.
  if (!info || recs.length) {
    const bs = JSON.parse(core.beats(cursor.beatSeq));
    if (Array.isArray(bs) && bs.length) {
      cursor.beatSeq = bs[bs.length - 1].seq;
      out.beats = bs;
    }
  }
  const rev = info ? info.revision : undefined;
  if (rev === undefined || rev !== cursor.lastRev) {
    if (rev !== undefined) cursor.lastRev = rev;
    const rows = JSON.parse(core.events(cursor.eventSeq));
    if (Array.isArray(rows) && rows.length) {
      for (const e of rows) if (e.seq > cursor.eventSeq) cursor.eventSeq = e.seq;
      out.events = rows;
    }
  }
  if (!info || info.output) {
    const text = JSON.parse(core.drainOutput());
    if (typeof text === 'string' && text) out.output = text;
  }
  out.now = info && typeof info.now === 'number' ? info.now : Number(core.now());
  return out;
}

// A large gather (a seek back, a replay: the whole session again) goes to the page in parts, each its own
// message ({type:'flush', id, cleared?, flush}) before the answer: the page handles each in a short task,
// where one message of the whole would block its main thread for as long as it takes to take it all in.
// Trace records first, then Kubernetes Events, then beats (a beat's row may read its records).
const PART = { trace: 400, events: 400, beats: 80 };

// parts posts all but the last part of a flush; returns the answer's own {flush, cleared}.
function parts(id, f, cleared) {
  const list = [];
  for (const key of ['trace', 'events', 'beats']) {
    const arr = f[key];
    if (!arr) continue;
    for (let i = 0; i < arr.length; i += PART[key]) list.push({ [key]: arr.slice(i, i + PART[key]) });
  }
  if (list.length <= 1) return { flush: f, cleared };
  const last = list.pop();
  list.forEach((part, i) => post({ type: 'flush', id, cleared: cleared && i === 0, flush: part }));
  return { flush: { ...last, output: f.output, now: f.now }, cleared: false };
}

function answer(m) {
  const res = { type: 'answer', id: m.id, ms: 0 };
  const t0 = performance.now();
  let built = 0; // the time the first cluster took, when it was built before the call came
  try {
    if (!core) throw new Error('kubeplay core is not loaded');
    if (m.fn === 'resources') {
      // What this worker downloaded, with start and end on the wall clock (ms since the epoch): the
      // page's own performance timeline does not list a worker's requests.
      const o = performance.timeOrigin;
      res.value = JSON.stringify(/** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).map((e) => ({ name: e.name, start: o + e.startTime, end: o + e.responseEnd })));
    } else if (m.fn === 'frame') {
      const before = Number(core.now());
      const raw = core.advance(Number(m.args[0]) || 0, Number(m.args[1]) || 0);
      if (stoppedForFull(m, raw)) return;
      const r = JSON.parse(raw);
      if (swapped) {
        // The first answer from the full build: the page takes the whole session again (answer.cleared).
        swapped = false;
        cursor = freshCursor();
        r.before = before;
        res.value = r;
        Object.assign(res, parts(m.id, gather(null), true));
      } else if (r.error) {
        res.value = JSON.stringify(r);
      } else {
        r.before = before;
        res.value = r;
        res.flush = gather(r);
      }
    } else {
      const fn = core[m.fn];
      if (typeof fn !== 'function') throw new Error(`kubeplay core has no function ${m.fn}`);
      const first = early;
      early = null;
      if (first && m.fn === 'reset' && Array.isArray(m.args) && m.args.length === 1 && m.args[0] === FIRST_RESET) {
        res.value = first.value;
        built = first.ms;
      } else {
        res.value = fn(...(m.args || []));
        if (stoppedForFull(m, res.value)) return;
      }
      // A call that replaced the cluster restarts the gather cursors; the page drops its copies (answer.cleared).
      // So does the first answer from the full build, which rebuilt the session (loadFull).
      const replaced = replacesCluster(m.fn, res.value);
      const rebuilt = swapped && !replaced;
      swapped = false;
      if (replaced || rebuilt) {
        cursor = freshCursor();
        res.cleared = true;
      }
      if (m.flush || rebuilt) Object.assign(res, parts(m.id, gather(null), res.cleared === true));
      if (!res.cleared) delete res.cleared;
    }
  } catch (e) {
    res.value = JSON.stringify({ error: String(e && e.message ? e.message : e) });
  }
  res.ms = performance.now() - t0 + built;
  post(res);
}

// wasm_exec.js (Go's JS half), loaded once: on 'prepare' (boot.js sends it first, so that it loads while the
// page compiles the wasm) or with 'load'. It returns the error text when it could not be loaded.
let execLoaded = false;
function loadExec() {
  if (execLoaded) return '';
  try {
    importScripts('wasm_exec.js');
    execLoaded = true;
    return '';
  } catch (e) {
    return 'wasm_exec.js: ' + (e && e.message ? e.message : e);
  }
}

async function load(m) {
  if (m.module instanceof WebAssembly.Module) {
    // boot.js fetched and compiled the wasm on the page (its download starts some 70 ms before this
    // worker could start its own, and the progress was the page's): only instantiating is left.
    const err = loadExec();
    if (err) {
      post({ type: 'error', kind: 'network', detail: err });
      return;
    }
    const go = new Go();
    let instance;
    try {
      instance = await WebAssembly.instantiate(m.module, go.importObject);
    } catch (e) {
      post({ type: 'error', kind: 'crash', detail: String(e && e.message ? e.message : e) });
      return;
    }
    await run(go, instance, Number(m.compiledAt) || performance.timeOrigin + performance.now(), m.headStart === true);
    return;
  }
  // The wasm's download starts first: wasm_exec.js (a blocking importScripts) loads while it streams in.
  const fetching = fetch(m.wasm);
  fetching.catch(() => {});
  const execErr = loadExec();
  if (execErr) {
    post({ type: 'error', kind: 'network', detail: execErr });
    return;
  }
  let resp;
  try {
    resp = await fetching;
  } catch (e) {
    post({ type: 'error', kind: 'network', detail: String(e && e.message ? e.message : e) });
    return;
  }
  if (!resp.ok || !resp.body) {
    post({ type: 'error', kind: 'network', detail: `${m.wasm}: HTTP ${resp.status}` });
    return;
  }
  const total = Number(m.total) || Number(resp.headers.get('Content-Length')) || 0;
  const counting = countProgress(resp, total, post);
  const go = new Go();
  let instance;
  try {
    instance = await instantiate(resp, go);
    await counting;
  } catch (e) {
    const { loaded, error: netErr } = await counting;
    const kind = netErr || (e instanceof TypeError && total && loaded < total) ? 'network' : 'crash';
    post({ type: 'error', kind, detail: String((netErr || e).message || netErr || e) });
    return;
  }
  await run(go, instance, performance.timeOrigin + performance.now(), m.headStart === true);
}

/**
 * instantiate compiles and instantiates the wasm of a fetch's response, streaming when it is served as
 * application/wasm.
 * @param {Response} resp
 * @param {any} go
 * @returns {Promise<WebAssembly.Instance>}
 */
async function instantiate(resp, go) {
  if (typeof WebAssembly.instantiateStreaming === 'function' && (resp.headers.get('Content-Type') || '').startsWith('application/wasm')) {
    return (await WebAssembly.instantiateStreaming(resp, go.importObject)).instance;
  }
  return (await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject)).instance;
}

/**
 * startGo runs a Go program (the lite build, or later the full one beside it) and resolves with the seam
 * it registers (wasm/main.go: self.__kubeplayCore, then self.__kubeplayReady).
 * @param {any} go
 * @param {WebAssembly.Instance} instance
 */
function startGo(go, instance) {
  const registered = new Promise((resolve) => { self.__kubeplayReady = resolve; });
  go.run(instance).then(
    () => post({ type: 'fatal', detail: 'the Go program exited' }),
    (e) => post({ type: 'fatal', detail: String(e && e.message ? e.message : e) }),
  );
  return registered;
}

/**
 * Runs the Go program and posts 'started' once it has registered the seam; with headStart (boot.js asks
 * for it on a page of its own) it then builds the first cluster before the page asks.
 */
async function run(go, instance, compiledAt, headStart) {
  core = await startGo(go, instance);
  post({ type: 'started', version: core.version, compiledAt });
  if (!headStart) return;
  // The page's first call builds the first cluster (core.js: reset FIRST_RESET). The worker builds it now,
  // while the page is still setting up its views, and answers that call with it (answer).
  const t0 = performance.now();
  try {
    const value = core.reset(FIRST_RESET);
    early = { value, ms: performance.now() - t0 };
  } catch (_) {
    early = null; // the page's own call builds it, and reports what fails
  }
}

// The first cluster, built as soon as Go has started: a cluster of seed 1 that nothing has touched, exactly
// what the page's first call (reset with FIRST_RESET) would build. Any other first call discards it; the
// state it leaves (a fresh seed-1 cluster) is what the core builds by itself for a call that needs one.
const FIRST_RESET = '{"seed":1}';
/** @type {{value: string, ms: number} | null} */
let early = null;

// Documents the wasm leaves out of the first download (wasm/seam lateDocuments): kubectl explain's OpenAPI
// document (explain-openapi.json, ~100 KB brotli) and the documentation's examples that `kubectl apply -f
// https://k8s.io/examples/...` reads (core/kubectl/examples; build.mjs names the bundle by its content's hash and
// gives the name to this script as KUBEPLAY_EXAMPLES). The first call that needs one (a command, or a session or
// lesson text, that mentions explain or an example's URL) waits while it is fetched and handed to the core
// (provideDocument); calls posted meanwhile wait behind it, so that answers keep their order. If the fetch
// fails, that call is answered without it (the command says what it lacks) and the next call that needs it
// tries again.
/**
 * @typedef {object} LateDoc
 * @property {string} name what the seam's provideDocument calls it
 * @property {string} file its name beside kubeplay.wasm
 * @property {RegExp} needed what a call's arguments hold when it needs the document
 * @property {string} [except] a seam function whose arguments may match without needing it
 * @property {string} url
 * @property {'absent' | 'loading' | 'loaded'} state
 * @property {string} text
 * @property {any} [failed] the call whose fetch failed: it is answered without the document (and says so)
 */
/** @type {LateDoc[]} */
const LATE = [
  { name: 'explain', file: 'explain-openapi.json', needed: /\bexplain\b/, except: 'explain', url: '', state: 'absent', text: '' },
  {
    name: 'examples',
    file: typeof KUBEPLAY_EXAMPLES === 'string' ? KUBEPLAY_EXAMPLES : 'kubectl-examples.json',
    needed: /\b(?:k8s\.io|kubernetes\.io)\/examples\/|raw\.githubusercontent\.com\/kubernetes\/website\//i,
    url: '',
    state: 'absent',
    text: '',
  },
];
/** @type {any[]} */
const waiting = [];

/** @param {any} m @param {RegExp} re */
const mentions = (m, re) => Array.isArray(m.args) && m.args.some((a) => re.test(typeof a === 'string' ? a : a && typeof a === 'object' ? JSON.stringify(a) : ''));

// Nothing is answered while a download the next call needs is under way (a late document, the full build).
const blocked = () => LATE.some((d) => d.state === 'loading') || full.state === 'loading';

/** @param {any} m */
function onCall(m) {
  if (blocked()) waiting.push(m);
  else dispatch(m);
}

/** drain answers the calls that waited, in order, until one needs a download again. */
function drain() {
  while (waiting.length && !blocked()) dispatch(waiting.shift());
}

/** @param {any} m */
function dispatch(m) {
  const d = core && LATE.find((x) => x.state === 'absent' && x.url && m !== x.failed && m.fn !== x.except && mentions(m, x.needed));
  if (d) {
    d.state = 'loading';
    waiting.unshift(m);
    fetch(d.url)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${r.status}`))))
      .then((text) => {
        core.provideDocument(d.name, text);
        d.text = text;
        d.state = 'loaded';
      })
      .catch(() => {
        d.state = 'absent';
        d.failed = m;
      })
      .finally(drain);
    return;
  }
  answer(m);
}

// The lite build and the full one (core/lite, docs/architecture.md). kubeplay.wasm, the first download, leaves
// out what a learner rarely reaches in a first session (lessons, kubectl's less used commands). A call that
// reaches one is answered {"needsFull": feature, "journal": the session as the call found it}: this worker then
// downloads kubeplay-full.wasm once, replays the journal there (the same inputs at the same event counts give
// the same cluster, byte for byte), makes it the core and makes the call again. The page is told (type 'full')
// so that it can say why it waits, and its first answer from the full build is `cleared` with the whole session,
// as after a replay. If the download fails, the lite core replays the journal to undo what the stopped call did
// and the call answers an error; a later call tries the download again.
const full = {
  url: '',
  /** @type {'absent' | 'loading' | 'loaded' | 'failed'} */
  state: 'absent',
  detail: '',
};
let swapped = false;

/**
 * stoppedForFull takes a call the lite core stopped: it starts the full build's download (the call waits for
 * it) or, after a failed one, answers the error. It returns false for any other answer.
 * @param {any} m
 * @param {string} value
 */
function stoppedForFull(m, value) {
  if (typeof value !== 'string' || !value.startsWith('{"needsFull"')) return false;
  /** @type {{needsFull: string, journal: object | null}} */
  const need = JSON.parse(value);
  if (full.state === 'failed' || full.state === 'loaded') {
    // The download failed (or, never expected, the full build stopped too): undo what the call did, say why.
    if (need.journal) core.replay(JSON.stringify(need.journal));
    const why = full.state === 'failed' ? `it could not be loaded: ${full.detail}` : 'the full build stopped as well';
    full.state = full.state === 'failed' ? 'absent' : full.state;
    post({ type: 'answer', id: m.id, ms: 0, value: JSON.stringify({ error: `${need.needsFull} needs the rest of kubeplay (kubeplay-full.wasm), and ${why}` }) });
    return true;
  }
  full.state = 'loading';
  waiting.unshift(m);
  post({ type: 'full', state: 'loading', feature: need.needsFull });
  const t0 = performance.now();
  loadFull(need).then(
    () => {
      full.state = 'loaded';
      swapped = true;
      post({ type: 'full', state: 'loaded', feature: need.needsFull, ms: performance.now() - t0 });
    },
    (e) => {
      full.state = 'failed';
      full.detail = String(e && e.message ? e.message : e);
      post({ type: 'full', state: 'failed', feature: need.needsFull, detail: full.detail });
    },
  ).finally(drain);
  return true;
}

/** loadFull downloads and starts the full build, and rebuilds the session there. */
async function loadFull(/** @type {{needsFull: string, journal: object | null}} */ need) {
  const resp = await fetch(full.url);
  if (!resp.ok) throw new Error(`kubeplay-full.wasm: HTTP ${resp.status}`);
  const go = new Go();
  const next = await startGo(go, await instantiate(resp, go));
  // Without a journal there is no session to bring along: the call builds its own cluster (or the default one).
  if (need.journal) {
    const r = JSON.parse(next.replay(JSON.stringify(need.journal)));
    if (r && r.error) throw new Error(`replaying the session in the full build: ${r.error}`);
  }
  for (const d of LATE) if (d.text) next.provideDocument(d.name, d.text);
  core = next;
}

self.onmessage = (e) => {
  const m = e.data;
  if (!m || typeof m !== 'object') return;
  if (m.type === 'call') onCall(m);
  else if (m.type === 'prepare') loadExec();
  else if (m.type === 'load') {
    for (const d of LATE) d.url = new URL(d.file, m.wasm).href;
    full.url = typeof m.full === 'string' ? m.full : new URL('kubeplay-full.wasm', m.wasm).href;
    load(m);
  }
};
