// api.js: window.kubeplay, the page's JavaScript API over the Go core (see README "JavaScript API").
// Importing this module defines window.kubeplay at once and starts loading the core; kubeplay.ready
// resolves when the first cluster is up. The views (and tests, and the console) use only this object
// for time control and the live streams: trace records, Kubernetes Events, ticks, watch output.

import { loadCore } from './core.js';
import { createClock, parseDuration, clampSpeed } from './clock.js';

const MAX_TRACE = 20000; // trace records kept in the page (older ones are dropped)
const TRACE_BATCH = 2000; // records fetched per frame at most

const listeners = new Map();
function emit(name, payload) {
  const set = listeners.get(name);
  if (!set) return;
  for (const fn of [...set]) {
    try {
      fn(payload);
    } catch (e) {
      console.error(`kubeplay: a "${name}" listener failed`, e); // eslint-disable-line no-console
    }
  }
}
const hasListeners = (name) => (listeners.get(name)?.size ?? 0) > 0;

let core = null;
let clock = null;
let traceSeq = 0; // last trace seq fetched
let trace = []; // retained trace records
let eventSeq = 0; // highest Event resourceVersion fetched
let lastRev = -1; // store revision at the last Events poll
let eventsByName = new Map(); // Event object name -> row (latest)
let eventList = null; // cached time-ordered array, rebuilt lazily

function need() {
  if (!core) throw new Error('kubeplay is not ready yet (await kubeplay.ready)');
  return core;
}

function call(name, ...args) {
  const c = need();
  const fn = c[name];
  if (typeof fn !== 'function') throw new Error(`kubeplay core has no function ${name}`);
  const out = fn(...args);
  const v = typeof out === 'string' ? JSON.parse(out) : out;
  if (v && typeof v === 'object' && !Array.isArray(v) && typeof v.error === 'string') throw new Error(v.error);
  return v;
}

// flush pulls what changed in the core since the last flush and emits it.
function flush(info) {
  if (!core) return;
  // Trace records.
  // While playing, one batch a frame; otherwise (after a command, a step) catch up now.
  let more = !info || info.traceSeq === undefined || info.traceSeq > traceSeq;
  for (let i = 0; more && i < (info ? 1 : 50); i++) {
    const recs = call('trace', traceSeq, TRACE_BATCH);
    more = recs.length === TRACE_BATCH;
    if (recs.length) {
      traceSeq = recs[recs.length - 1].seq;
      for (const r of recs) trace.push(r);
      if (trace.length > MAX_TRACE) trace = trace.slice(trace.length - MAX_TRACE);
      if (hasListeners('trace')) for (const r of recs) emit('trace', r);
      emit('traces', recs);
    }
  }
  // Kubernetes Events: only when etcd changed.
  const rev = info ? info.revision : undefined;
  if (rev === undefined || rev !== lastRev) {
    if (rev !== undefined) lastRev = rev;
    const rows = call('events', eventSeq);
    if (rows.length) {
      for (const e of rows) {
        if (e.seq > eventSeq) eventSeq = e.seq;
        eventsByName.set(e.namespace + '/' + e.event, e);
      }
      eventList = null;
      if (hasListeners('event')) for (const e of rows) emit('event', e);
      emit('events', rows);
    }
  }
  // Output of running watches (kubectl get -w).
  if (!info || info.output) {
    const text = call('drainOutput');
    if (text) emit('output', text);
  }
  const now = info && typeof info.now === 'number' ? info.now : Number(call('now'));
  emit('tick', { now, playing: clock ? clock.playing : false, speed: clock ? clock.speed : 1 });
}

function clearCaches() {
  traceSeq = 0;
  trace = [];
  eventSeq = 0;
  lastRev = -1;
  eventsByName = new Map();
  eventList = null;
}

let readyResolve;
let readyReject;
const ready = new Promise((res, rej) => {
  readyResolve = res;
  readyReject = rej;
});
ready.catch(() => {}); // the loader shows the failure; keep it from being an unhandled rejection

const kubeplay = {
  /** Resolves (with window.kubeplay) when the core is loaded and the first cluster is up. */
  ready,
  /** True once ready. */
  get isReady() { return core !== null; },
  /** {playing, speed} */
  get state() { return clock ? clock.state() : { playing: false, speed: 1 }; },
  getState() { return this.state; },

  /** on(name, cb) subscribes; names: ready, trace, traces, event, events, tick, state, applied, output, reset. Returns an unsubscribe function. */
  on(name, cb) {
    if (!listeners.has(name)) listeners.set(name, new Set());
    listeners.get(name).add(cb);
    if (name === 'ready' && core) queueMicrotask(() => cb(kubeplay));
    return () => listeners.get(name)?.delete(cb);
  },
  off(name, cb) { listeners.get(name)?.delete(cb); },

  /** apply(yaml, filename?) runs kubectl apply -f on the text; resolves with kubectl's output (stdout then stderr). */
  async apply(yaml, filename = 'manifest.yaml') {
    const r = await this.applyFile(filename, yaml);
    return r.stdout + r.stderr;
  },
  /** applyFile(filename, yaml) resolves with {stdout, stderr, code, diagnostics: [{line, message}]}. */
  async applyFile(filename, yaml) {
    await ready;
    const r = call('apply', filename, yaml);
    emit('applied', { filename, ...r });
    flush();
    return r;
  },
  /** run(line) runs one terminal line (kubectl ..., sleep 10s, sim ..., kubeplay explain pod X); resolves with its output. */
  async run(line) {
    await ready;
    const r = call('run', line);
    flush();
    return r.output;
  },
  /** runLine(line) is run() answering {output, code}. */
  async runLine(line) {
    await ready;
    const r = call('run', line);
    flush();
    return r;
  },

  /** events() is every Kubernetes Event seen so far, oldest first (aggregated events show their latest count). */
  events() {
    if (!eventList) eventList = [...eventsByName.values()].sort((a, b) => a.seq - b.seq);
    return eventList.slice();
  },
  /** trace() is the retained pipeline trace records, oldest first. */
  trace() { return trace.slice(); },

  play(speed) {
    need();
    clock.play(speed);
  },
  pause() {
    if (clock) clock.pause();
  },
  setSpeed(speed) {
    need();
    clock.setSpeed(clampSpeed(speed));
  },
  /** step() runs one simulation event; returns {now, name, ran, steps}. */
  step() {
    need();
    return clock.step();
  },
  /** advance("30s" | ms) moves virtual time forward in small slices; resolves with the new now (ms). */
  async advance(d) {
    await ready;
    return clock.advance(typeof d === 'number' ? d : parseDuration(d));
  },
  /** now() is the virtual clock in ms since the Unix epoch. */
  now() { return Number(call('now')); },
  /** reset({seed, nodes}) builds a fresh cluster (pausing the clock). */
  async reset(opts = {}) {
    await ready;
    clock.pause();
    call('reset', JSON.stringify({ seed: 1, ...opts }));
    clearCaches();
    emit('reset', opts);
    flush();
    return true;
  },

  // Views of the cluster (plain objects; see site-common.md for their shapes).
  snapshot: () => call('snapshot'),
  /** stats() is {now, steps, pending, next, revision, traceSeq, seed}: the simulation's counters. */
  stats: () => call('stats'),
  etcd: (prefix = '/registry/') => call('etcd', prefix),
  etcdValue: (key) => call('etcdValue', key),
  etcdLog: (sinceRev = 0) => call('etcdLog', sinceRev),
  describe: (resource, namespace, name) => call('describe', resource, namespace, name),
  explain: (namespace, name) => {
    try {
      return call('explain', namespace, name);
    } catch (e) {
      return { error: e.message };
    }
  },
  complete: (line) => call('complete', line),
  nodeAction(name, action) {
    const r = call('nodeAction', name, action);
    flush();
    return r;
  },
  restartComponent(name) {
    const r = call('restartComponent', name);
    flush();
    return r;
  },
  /** benchScheduling({nodes, initPods, pods}) runs SchedulingBasic in the page; returns {podsPerSec, ms, ...}. */
  benchScheduling: (opts = {}) => call('benchScheduling', JSON.stringify(opts)),
  /** call(name, ...args) calls a raw seam function and parses its JSON answer. */
  call,
  /** flush() emits pending trace records, events and watch output now. */
  flush: () => flush(),
};

/** start loads the core (once); api.js calls it on import. */
let started = null;
export function start(opts = {}) {
  if (started) return started;
  started = loadCore(opts).then(
    (c) => {
      core = c;
      clock = createClock(c, {
        onFrame: (r) => flush(r),
        onState: (s) => emit('state', s),
      });
      flush();
      readyResolve(kubeplay);
      emit('ready', kubeplay);
      return kubeplay;
    },
    (e) => {
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
