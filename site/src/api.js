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

const MAX_TRACE = 20000; // trace records kept in the page (older ones are dropped)

let remote = null;
let clock = null;
let lastNow = 0; // the virtual clock as of the core's latest answer
let trace = []; // retained trace records
let eventsByName = new Map(); // Event object name -> row (latest)
let eventList = null; // cached time-ordered array, rebuilt lazily

function need() {
  if (!remote) throw new Error('kubeplay is not ready yet (await kubeplay.ready)');
  return remote;
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

// request posts one call to the core and takes its answer: the flush part first, then the value (parsed;
// an {error} answer rejects). flush=false leaves what changed for a later answer.
async function request(name, args, flush = true) {
  const a = await need().call(name, args, flush);
  if (a.cleared) clearCaches();
  applyFlush(a.flush);
  const v = typeof a.value === 'string' ? JSON.parse(a.value) : a.value;
  if (v && typeof v === 'object' && !Array.isArray(v) && typeof v.error === 'string') throw new Error(v.error);
  return v;
}

/** call(name, ...args) calls a seam function in the core; resolves with its parsed answer. */
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
let beats = []; // retained beats, oldest first

function takeBeats(bs) {
  for (const b of bs) beats.push(b);
  if (beats.length > MAX_BEATS) beats = beats.slice(beats.length - MAX_BEATS);
  if (hasListeners('beat')) for (const b of bs) emit('beat', b);
  emit('beats', bs);
}

const beatAPI = {
  /** beats() is the retained beats, oldest first: {seq, t, time, kind, actor, from, to, object, text, caption, class, …}. */
  beats() { return beats.slice(); },
  /** stepBeat() pauses and runs virtual time to the end of the next non-heartbeat beat; resolves with it, or null. */
  async stepBeat() {
    need();
    clock.pause();
    return request('stepBeat', []);
  },
  /** seek(ms) pauses and leaves the cluster as it was at virtual time ms (ms since the Unix epoch, as now()). */
  async seek(ms) {
    need();
    clock.pause();
    return request('seek', [ms]);
  },
  /** journal() resolves with the input journal {version, base, entries:[{steps, t, ns, op, args}], now, nowNs}. */
  journal: () => call('journal'),
  /** replay(journal) rebuilds the cluster to a journal (object or JSON text). */
  async replay(j) {
    need();
    clock.pause();
    return request('replay', [typeof j === 'string' ? j : JSON.stringify(j)]);
  },
};

// Two gates. coreUp: the core is loaded and its first cluster is up. ready: the page's whole starting state is
// in place too (a share link, a short link, ?scenario=, autosave): main.js holds it (holdReady) while the
// session opens, through a private handle whose calls wait only for coreUp. Public calls made before ready
// wait for it, in order, so nothing the page restores at its start can undo them.
let coreResolve;
let coreReject;
const coreUp = new Promise((res, rej) => {
  coreResolve = res;
  coreReject = rej;
});
coreUp.catch(() => {});
let readyResolve;
let readyReject;
let readyDone = false;
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
  /** {playing, speed} */
  get state() { return clock ? clock.state() : { playing: false, speed: 1 }; },
  getState() { return this.state; },

  /**
   * on(name, cb) subscribes; names: ready, trace, traces, event, events, beat, beats, tick, state, applied,
   * output, reset. A 'reset' listener may return a Promise: reset() waits for it. Returns an unsubscribe
   * function. The page has one hub (hub.js): the views' own events pass through it too.
   */
  on(name, cb) {
    const unsubscribe = on(name, cb);
    if (name === 'ready' && readyDone) queueMicrotask(() => cb(kubeplay));
    return unsubscribe;
  },
  off,

  /** apply(yaml, filename?) runs kubectl apply -f on the text; resolves with kubectl's output (stdout then stderr). */
  async apply(yaml, filename = 'manifest.yaml') {
    const r = await this.applyFile(filename, yaml);
    return r.stdout + r.stderr;
  },
  /** applyFile(filename, yaml) resolves with {stdout, stderr, code, diagnostics: [{line, message}]}. */
  async applyFile(filename, yaml) {
    await this._gate;
    const r = await request('apply', [filename, yaml]);
    emit('applied', { filename, ...r });
    return r;
  },
  /** run(line) runs one terminal line (kubectl ..., sleep 10s, sim ..., kubeplay explain pod X); resolves with its output. */
  async run(line) {
    return (await this.runLine(line)).output;
  },
  /**
   * editSave(edit, text) saves a `kubectl edit` the page opened (runLine's answer carries `edit`): resolves
   * with {stdout, stderr, code, reopen} as kubectl edit answers when its editor closes.
   */
  async editSave(edit, text) {
    await this._gate;
    return request('editSave', [edit.resource, edit.namespace || '', edit.name, edit.shown, text]);
  },
  /** runLine(line) is run() answering {output, code, edit?} (edit: the object `kubectl edit` opened). */
  async runLine(line) {
    await this._gate;
    return request('run', [line]);
  },

  /** events() is every Kubernetes Event seen so far, oldest first (aggregated events show their latest count). */
  events() {
    if (!eventList) eventList = [...eventsByName.values()].sort((a, b) => a.seq - b.seq);
    return eventList.slice();
  },
  /** trace() is the retained pipeline trace records, oldest first. */
  trace() { return trace.slice(); },

  /** play(speed?) runs virtual time (called before ready, it takes effect once ready, in order). */
  play(speed) {
    if (!readyDone && this._gate === ready) { ready.then(() => this.play(speed)); return; }
    need();
    clock.play(speed);
  },
  /** pause() stops the clock at once; resolves when the core has finished what it was doing. */
  async pause() {
    if (!readyDone && this._gate === ready) await ready;
    if (clock) clock.pause();
    if (remote) await flush();
  },
  setSpeed(speed) {
    if (!readyDone && this._gate === ready) { ready.then(() => this.setSpeed(speed)); return; }
    need();
    clock.setSpeed(clampSpeed(speed));
  },
  /** step() pauses and runs one simulation event; resolves with {now, name, ran, steps}. */
  async step() {
    need();
    clock.pause();
    return request('step', []);
  },
  /** advance("30s" | ms) moves virtual time forward in small slices; resolves with the new now (ms). */
  async advance(d) {
    await this._gate;
    return clock.advance(typeof d === 'number' ? d : parseDuration(d));
  },
  /** now() is the virtual clock in ms since the Unix epoch, as of the core's latest answer. */
  now() { return lastNow; },
  /** reset({seed, nodes}) builds a fresh cluster (pausing the clock); waits for the 'reset' listeners. */
  async reset(opts = {}) {
    await this._gate;
    clock.pause();
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
  snapshot: (mode) => (mode ? call('snapshot', mode) : call('snapshot')),
  /** stats() is {now, steps, pending, next, revision, traceSeq, seed, heapBytes, numGC, gcPauseMs}. */
  stats: () => call('stats'),
  /** etcd(prefix?, open?) lists the keys under prefix with their revisions; open (resource names) limits the keys listed. */
  etcd: (prefix = '/registry/', open) => (open ? call('etcd', prefix, JSON.stringify(open)) : call('etcd', prefix)),
  etcdValue: (key) => call('etcdValue', key),
  etcdLog: (sinceRev = 0) => call('etcdLog', sinceRev),
  describe: (resource, namespace, name) => call('describe', resource, namespace, name),
  /** explain(namespace, name, lang?) is the scheduler's last decision for a Pod; its sentences in lang (default: the page's). */
  explain: (namespace, name, lang = getLang()) => call('explain', namespace, name, lang),
  complete: (line) => call('complete', line),
  nodeAction: (name, action) => call('nodeAction', name, action),
  restartComponent: (name) => call('restartComponent', name),
  /** benchScheduling({nodes, initPods, pods}) runs SchedulingBasic in the core's worker; resolves {podsPerSec, ms, ...}. */
  benchScheduling: (opts = {}) => call('benchScheduling', JSON.stringify(opts)),
  /** call(name, ...args) calls a raw seam function; resolves with its parsed answer, rejects on {error}. */
  call,
  /** flush() emits pending trace records, events and watch output now. */
  flush: () => flush(),
};
Object.assign(kubeplay, beatAPI); // relaycore

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

globalThis.kubeplay = kubeplay;
if (!globalThis.__kubeplayNoAutoStart) start();

export { kubeplay };
export default kubeplay;
