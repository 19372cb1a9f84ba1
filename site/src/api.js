// api.js: window.kubeplay, the page's JavaScript API over the Go core (see README "JavaScript API"): the one
// facade to the core. Importing this module defines window.kubeplay at once and starts loading the core;
// kubeplay.ready resolves when the first cluster is up. The views (handed this object by ui/app.js), the
// session, the postMessage API, tests and the console reach the core only through it.
// The core runs in a Web Worker (coreworker.js): calls are asynchronous and answered in order. Every
// answer carries what changed in the core (new trace records, Events, watch output, the clock), which is
// emitted (hub.js: kubeplay.on) before the call's promise resolves; so events(), trace() and now() stay
// synchronous.
// One error policy: a call that asks the core resolves with its answer, or rejects with an Error when the
// core is not up yet, has stopped, or answered {error: message} (the Error's message is the core's).

import { loadCore } from './core.js';
import { createClock, parseDuration, clampSpeed } from './clock.js';
import { seamFn } from './seamfns.js';
import { emit, has as hasListeners, on, off } from './hub.js';
import { getLang } from './i18n.js';

/** @typedef {import('./seamfns.js').CallName} CallName */

/**
 * A pipeline trace record (core/trace, as wasm/seam tracejson.go writes it).
 * @typedef {object} TraceRecord
 * @property {number} seq
 * @property {string} time RFC 3339, virtual
 * @property {number} t the same, ms since the Unix epoch
 * @property {string} kind request, stage, response, write, watch, action, fault, …
 * @property {string} component
 * @property {string} [from]
 * @property {string} [to]
 * @property {string} [stage]
 * @property {string} [verb]
 * @property {string} [resource]
 * @property {string} [namespace]
 * @property {string} [name]
 * @property {number} [revision]
 * @property {number} [code]
 * @property {string} message
 */

/**
 * A Kubernetes Event as kubectl get events shows it (wasm/seam views.go); seq is its last write's revision.
 * @typedef {object} KEvent
 * @property {number} seq
 * @property {string} time
 * @property {number} t
 * @property {string} type Normal or Warning
 * @property {string} reason
 * @property {string} object kind/name
 * @property {string} kind
 * @property {string} name
 * @property {string} namespace
 * @property {string} source
 * @property {string} message
 * @property {number} count
 * @property {string} event the Event object's name
 */

/**
 * One hand-off of the relay (core/beat): a request, a watch delivery, a component's action or an Event.
 * @typedef {object} Beat
 * @property {number} seq
 * @property {number} t ms since the Unix epoch (virtual): the end of the sim event that wrote it
 * @property {string} time
 * @property {'request' | 'watch' | 'action' | 'event'} kind
 * @property {string} actor
 * @property {string} [from]
 * @property {string[]} to
 * @property {string} [verb]
 * @property {string} [resource]
 * @property {string} [namespace]
 * @property {string} [name]
 * @property {string} [object]
 * @property {number} [revision]
 * @property {number} [code]
 * @property {string} [reason]
 * @property {string} [type]
 * @property {string} [source]
 * @property {boolean} heartbeat
 * @property {boolean} warning
 * @property {number[]} records the trace records' seqs
 * @property {{en: string, ja: string}} text
 * @property {{en: string, ja: string}} caption
 * @property {string} class
 */

/** @typedef {{playing: boolean, speed: number}} ClockState */
/** @typedef {{now: number, playing: boolean, speed: number}} Tick */
/** @typedef {{stdout: string, stderr: string, code: number, diagnostics: {line: number, message: string, severity?: string}[]}} ApplyResult */
/** @typedef {{output: string, code: number}} RunResult */
/**
 * The object `kubectl edit` opened in the page's editor (core/kubectl Edit): ref is kind/name as kubectl
 * prints it, shown the YAML it showed, text the file (kubectl's header comment, then shown).
 * @typedef {{resource: string, namespace?: string, name: string, ref: string, shown: string, text: string}} KubectlEdit
 */
/** @typedef {{now: number, name: string, ran: boolean, steps: number}} StepResult */

const MAX_TRACE = 20000; // trace records kept in the page (older ones are dropped)

/** @type {Awaited<ReturnType<typeof loadCore>> | null} */
let remote = null;
/** @type {ReturnType<typeof createClock> | null} */
let clock = null;
let lastNow = 0; // the virtual clock as of the core's latest answer
/** @type {TraceRecord[]} */
let trace = []; // retained trace records
/** @type {Map<string, KEvent>} */
let eventsByName = new Map(); // Event object name -> row (latest)
/** @type {KEvent[] | null} */
let eventList = null; // cached time-ordered array, rebuilt lazily

// need is the core's remote and the clock that drives it, once the core is up.
function need() {
  if (!remote || !clock) throw new Error('kubeplay is not ready yet (await kubeplay.ready)');
  return { remote, clock };
}

// apply takes one answer's flush part: emits trace records, Events, watch output and a tick (the parts of
// a large flush sent ahead of their answer carry no clock: they emit no tick).
function applyFlush(f) {
  if (!f) return;
  if (f.trace && f.trace.length) {
    const recs = f.trace;
    for (const r of recs) trace.push(r);
    if (trace.length > MAX_TRACE) trace = trace.slice(trace.length - MAX_TRACE);
    if (hasListeners('trace')) for (const r of recs) emit('trace', r);
    emit('traces', recs);
  }
  if (f.events && f.events.length) {
    for (const e of f.events) eventsByName.set(e.namespace + '/' + e.event, e);
    eventList = null;
    if (hasListeners('event')) for (const e of f.events) emit('event', e);
    emit('events', f.events);
  }
  if (f.beats && f.beats.length) takeBeats(f.beats);
  if (f.output) emit('output', f.output);
  if (typeof f.now !== 'number') return;
  lastNow = f.now;
  emit('tick', { now: lastNow, playing: clock ? clock.playing : false, speed: clock ? clock.speed : 1 });
}

/**
 * request posts one call to the core and takes its answer: the flush part first, then the value (parsed;
 * an {error} answer rejects). flush=false leaves what changed for a later answer.
 * @param {CallName} name
 * @param {unknown[]} args
 * @param {boolean} [flush]
 * @returns {Promise<any>}
 */
async function request(name, args, flush = true) {
  /** @type {import('./seamfns.js').Answer} */
  const a = await need().remote.call(name, args, flush);
  if (a.cleared) clearCaches();
  applyFlush(a.flush);
  const v = typeof a.value === 'string' ? JSON.parse(a.value) : a.value;
  if (v && typeof v === 'object' && !Array.isArray(v) && typeof v.error === 'string') throw new Error(v.error);
  return v;
}

/**
 * call(name, ...args) calls a seam function in the core; resolves with its parsed answer.
 * @param {CallName} name
 * @param {...unknown} args
 * @returns {Promise<any>}
 */
function call(name, ...args) {
  // What a call in kubeplay.reset()'s listeners changed comes with reset()'s own flush, once they are done.
  return request(name, args, !seamFn(name)?.resets);
}

// flush gathers everything that changed since the last answer.
function flush() {
  return request('now', [], true);
}

function clearCaches() {
  beats = [];
  trace = [];
  eventsByName = new Map();
  eventList = null;
}

// relaycore: beats, stepBeat, seek and the input journal (core/beat, wasm/seam journal.go).
const MAX_BEATS = 20000; // beats kept in the page (older ones are dropped)
/** @type {Beat[]} */
let beats = []; // retained beats, oldest first

/** @param {Beat[]} bs */
function takeBeats(bs) {
  for (const b of bs) beats.push(b);
  if (beats.length > MAX_BEATS) beats = beats.slice(beats.length - MAX_BEATS);
  if (hasListeners('beat')) for (const b of bs) emit('beat', b);
  emit('beats', bs);
}

const beatAPI = {
  /** beats() is the retained beats, oldest first. */
  beats() { return beats.slice(); },
  /**
   * stepBeat() pauses and runs virtual time to the end of the next non-heartbeat beat; resolves with it, or null.
   * @returns {Promise<Beat | null>}
   */
  async stepBeat() {
    need().clock.pause();
    return request('stepBeat', []);
  },
  /**
   * seek(ms) pauses and leaves the cluster as it was at virtual time ms (ms since the Unix epoch, as now()).
   * @param {number} ms
   * @returns {Promise<{now: number, rebuilt: boolean}>}
   */
  async seek(ms) {
    need().clock.pause();
    return request('seek', [ms]);
  },
  /** journal() resolves with the input journal {version, base, entries:[{steps, t, ns, op, args}], now, nowNs}. */
  journal: () => call('journal'),
  /**
   * replay(journal) rebuilds the cluster to a journal (object or JSON text).
   * @param {object | string} j
   */
  async replay(j) {
    need().clock.pause();
    return request('replay', [typeof j === 'string' ? j : JSON.stringify(j)]);
  },
};

// Two gates. coreUp: the core is loaded and its first cluster is up. ready: the page's whole starting state is
// in place too (a share link, a short link, ?scenario=, autosave): main.js holds it (holdReady) while the
// session opens, through a private handle whose calls wait only for coreUp. Public calls made before ready
// wait for it, in order, so nothing the page restores at its start can undo them.
/** @type {(k: object) => void} */
let coreResolve;
/** @type {(e: unknown) => void} */
let coreReject;
/** @type {Promise<any>} resolves with the session's handle (holdReady); any: the handle's type is the facade's own */
const coreUp = new Promise((res, rej) => {
  coreResolve = res;
  coreReject = rej;
});
coreUp.catch(() => {});
/** @type {(k: object) => void} */
let readyResolve;
/** @type {(e: unknown) => void} */
let readyReject;
let readyDone = false;
/** @type {Promise<any>} resolves with window.kubeplay (any: its type is the facade's own) */
const ready = new Promise((res, rej) => {
  readyResolve = res;
  readyReject = rej;
});
ready.catch(() => {}); // the loader shows the failure; keep it from being an unhandled rejection
let held = false;

const kubeplay = {
  /** Resolves (with window.kubeplay) once the core is up and the page's starting state is in place. */
  ready,
  /** What this handle's calls wait for before they run (the session's private handle: only the core). */
  _gate: ready,
  /** True once ready. */
  get isReady() { return remote !== null; },
  /** @type {ClockState} */
  get state() { return clock ? clock.state() : { playing: false, speed: 1 }; },
  getState() { return this.state; },

  /**
   * on(name, cb) subscribes; names: ready, trace, traces, event, events, beat, beats, tick, state, applied,
   * output, reset, full (the full build's download: {state: loading|loaded|failed, feature}). A 'reset' listener may return a Promise: reset() waits for it. Returns an unsubscribe
   * function. The page has one hub (hub.js): the views' own events pass through it too.
   * @param {string} name
   * @param {import('./hub.js').Listener} cb
   * @returns {() => void}
   */
  on(name, cb) {
    const unsubscribe = on(name, cb);
    if (name === 'ready' && readyDone) queueMicrotask(() => cb(kubeplay));
    return unsubscribe;
  },
  off,

  /**
   * apply(yaml, filename?) runs kubectl apply -f on the text; resolves with kubectl's output (stdout then stderr).
   * @param {string} yaml
   * @param {string} [filename]
   * @returns {Promise<string>}
   */
  async apply(yaml, filename = 'manifest.yaml') {
    const r = await this.applyFile(filename, yaml);
    return r.stdout + r.stderr;
  },
  /**
   * applyFile(filename, yaml) is kubectl apply -f FILENAME; emits 'applied' ({filename, …the result}).
   * @param {string} filename
   * @param {string} yaml
   * @returns {Promise<ApplyResult>}
   */
  async applyFile(filename, yaml) {
    await this._gate;
    const r = await request('apply', [filename, yaml]);
    emit('applied', { filename, ...r });
    return r;
  },
  /**
   * run(line) runs one terminal line (kubectl ..., sleep 10s, sim ..., kubeplay explain pod X); resolves with its output.
   * @param {string} line
   * @returns {Promise<string>}
   */
  async run(line) {
    return (await this.runLine(line)).output;
  },
  /**
   * editSave(edit, text) saves a `kubectl edit` the page opened (runLine's answer carries `edit`): resolves
   * with {stdout, stderr, code, reopen} as kubectl edit answers when its editor closes.
   * @param {KubectlEdit} edit
   * @param {string} text
   * @returns {Promise<{stdout: string, stderr: string, code: number, reopen: string}>}
   */
  async editSave(edit, text) {
    await this._gate;
    return request('editSave', [edit.resource, edit.namespace || '', edit.name, edit.shown, text]);
  },
  /**
   * runLine(line, files?) is run() answering {output, code, prompt, edit?, files?} (edit: the object
   * `kubectl edit` opened). files ({name: content}) are what `-f NAME` reads; the answer's files are what
   * `> NAME` wrote. prompt is what the terminal shows next: "$ ", "> " while a construct continues (a
   * here-document, an open quote), or the prompt of the container `kubectl exec -ti POD -- sh` entered.
   * @param {string} line
   * @param {Record<string, string>} [files]
   * @returns {Promise<RunResult & {prompt?: string, edit?: KubectlEdit, files?: Record<string, string>}>}
   */
  async runLine(line, files) {
    await this._gate;
    return request('run', files ? [line, JSON.stringify(files)] : [line]);
  },

  /**
   * events() is every Kubernetes Event seen so far, oldest first (aggregated events show their latest count).
   * @returns {KEvent[]}
   */
  events() {
    if (!eventList) eventList = [...eventsByName.values()].sort((a, b) => a.seq - b.seq);
    return eventList.slice();
  },
  /**
   * trace() is the retained pipeline trace records, oldest first.
   * @returns {TraceRecord[]}
   */
  trace() { return trace.slice(); },

  /**
   * play(speed?) runs virtual time (called before ready, it takes effect once ready, in order).
   * @param {number} [speed]
   */
  play(speed) {
    if (!readyDone && this._gate === ready) { ready.then(() => this.play(speed)); return; }
    need().clock.play(speed);
  },
  /** pause() stops the clock at once; resolves when the core has finished what it was doing. */
  async pause() {
    if (!readyDone && this._gate === ready) await ready;
    if (clock) clock.pause();
    if (remote) await flush();
  },
  /** @param {number} speed 0.1–100 */
  setSpeed(speed) {
    if (!readyDone && this._gate === ready) { ready.then(() => this.setSpeed(speed)); return; }
    need().clock.setSpeed(clampSpeed(speed));
  },
  /**
   * step() pauses and runs one simulation event.
   * @returns {Promise<StepResult>}
   */
  async step() {
    need().clock.pause();
    return request('step', []);
  },
  /**
   * advance("30s" | ms) moves virtual time forward in small slices; resolves with the new now (ms).
   * @param {string | number} d
   * @returns {Promise<number>}
   */
  async advance(d) {
    await this._gate;
    return need().clock.advance(typeof d === 'number' ? d : parseDuration(d));
  },
  /** now() is the virtual clock in ms since the Unix epoch, as of the core's latest answer. */
  now() { return lastNow; },
  /**
   * reset({seed, nodes}) builds a fresh cluster (pausing the clock); waits for the 'reset' listeners.
   * @param {{seed?: number, nodes?: object[], scenario?: string}} [opts]
   * @returns {Promise<true>}
   */
  async reset(opts = {}) {
    await this._gate;
    need().clock.pause();
    await request('reset', [JSON.stringify({ seed: 1, ...opts })], false);
    clearCaches();
    await Promise.all(emit('reset', opts).map((p) => Promise.resolve(p).catch((e) => {
      console.error('kubeplay: a "reset" listener failed', e); // eslint-disable-line no-console
    })));
    await flush();
    return true;
  },

  // Views of the cluster (plain objects, wasm/seam views.go, etcd.go, explain.go). Each resolves with the
  // answer, or rejects like every call (above).
  /** snapshot(mode?) is the cluster view: nodes with their pods, the Pending lane, Deployments, components ('nodes': no pods). */
  /** @type {(mode?: 'nodes') => Promise<any>} */
  snapshot: (mode) => (mode ? call('snapshot', mode) : call('snapshot')),
  /** stats() is {now, steps, pending, next, revision, traceSeq, seed, heapBytes, numGC, gcPauseMs}. */
  stats: () => call('stats'),
  /** etcd(prefix?, open?) lists the keys under prefix with their revisions; open (resource names) limits the keys listed. */
  /** @type {(prefix?: string, open?: string[]) => Promise<any>} */
  etcd: (prefix = '/registry/', open) => (open ? call('etcd', prefix, JSON.stringify(open)) : call('etcd', prefix)),
  /** @type {(key: string) => Promise<any>} */
  etcdValue: (key) => call('etcdValue', key),
  /** @type {(sinceRev?: number) => Promise<any[]>} */
  etcdLog: (sinceRev = 0) => call('etcdLog', sinceRev),
  /** etcdHistory(key) is the key's retained writes: the parts each changed (metadata, spec, status) and its writer. */
  /** @type {(key: string) => Promise<any[]>} */
  etcdHistory: (key) => call('etcdHistory', key),
  /** @type {(resource: string, namespace: string, name: string) => Promise<RunResult>} */
  describe: (resource, namespace, name) => call('describe', resource, namespace, name),
  /** explain(namespace, name, lang?) is the scheduler's last decision for a Pod; its sentences in lang (default: the page's). */
  /** @type {(namespace: string, name: string, lang?: string) => Promise<any>} */
  explain: (namespace, name, lang = getLang()) => call('explain', namespace, name, lang),
  /** @type {(line: string) => Promise<string[]>} */
  complete: (line) => call('complete', line),
  /** @type {(name: string, action: 'down' | 'up') => Promise<RunResult>} */
  nodeAction: (name, action) => call('nodeAction', name, action),
  /** @type {(name: string) => Promise<RunResult>} */
  restartComponent: (name) => call('restartComponent', name),
  /** benchScheduling({nodes, initPods, pods}) runs SchedulingBasic in the core's worker; resolves {podsPerSec, ms, ...}. */
  benchScheduling: (opts = {}) => call('benchScheduling', JSON.stringify(opts)),
  /** call(name, ...args) calls a raw seam function; resolves with its parsed answer, rejects on {error}. */
  call,
  /** flush() emits pending trace records, events and watch output now. */
  flush: () => flush(),
};
Object.assign(kubeplay, beatAPI); // relaycore

/**
 * window.kubeplay: the object above, the relay's calls (beatAPI) and, once the session has opened, the
 * session's (session.js).
 * @typedef {typeof kubeplay & typeof beatAPI & Partial<import('./session.js').SessionAPI>} Kubeplay
 */

function releaseReady() {
  if (readyDone) return;
  readyDone = true;
  readyResolve(kubeplay);
  emit('ready', kubeplay);
}

/**
 * holdReady keeps kubeplay.ready from resolving until release() (main.js, while the session restores the
 * page's starting state). core resolves with a private handle for that work: its calls wait for the core
 * only, never for ready.
 */
export function holdReady() {
  held = true;
  const handle = Object.create(kubeplay, { _gate: { value: coreUp }, public: { value: kubeplay } });
  return { core: coreUp.then(() => handle), release: releaseReady };
}

/** start loads the core (once); api.js calls it on import. */
let started = null;
export function start(opts = {}) {
  if (started) return started;
  started = loadCore({
    ...opts,
    onFatal: () => {
      if (clock) clock.pause();
    },
  }).then(
    async (r) => {
      remote = r;
      r.onFull = (m) => emit('full', m);
      r.onFlush = (m) => {
        if (m.cleared) clearCaches();
        applyFlush(m.flush);
      };
      clock = createClock((virtualMs, budgetMs) => request('frame', [virtualMs, budgetMs]), {
        onState: (s) => emit('state', s),
        onError: (e) => console.error('kubeplay: the simulation stopped', e), // eslint-disable-line no-console
      });
      await flush();
      performance.mark?.('kubeplay:first-flush');
      coreResolve(kubeplay);
      if (!held) releaseReady();
      return kubeplay;
    },
    (e) => {
      coreReject(e);
      readyReject(e);
      throw e;
    },
  );
  started.catch(() => {});
  return started;
}

const facade = /** @type {Kubeplay} */ (kubeplay);
globalThis.kubeplay = facade;
if (!globalThis.__kubeplayNoAutoStart) start();

export { facade as kubeplay };
export default facade;
