// snapshot: one poller of the seam's snapshot() shared by the cluster view, the diagram and the
// explain picker. It polls only while someone wants it, at most every `interval` ms of wall time,
// and only hands out a new snapshot when the virtual clock or the revision moved.
// The core answers asynchronously (it runs in a Web Worker): at most one poll is outstanding. A refresh
// asked for while one is in flight runs once that one is answered (several such asks share one poll);
// the timer's poll is skipped instead. A poll sent before a reset is dropped when it is answered after it.

import * as bus from './bus.js';

const subs = new Set();
let podSubs = 0; // subscribers that need the pods; with none, polls ask for nodes only
let last = null;
let lastKey = '';
let timer = 0;
let interval = 400;
let inflight = null; // the outstanding poll (a Promise), or null
let queued = null; // {force, withPods, promise, resolve}: the poll to send once the outstanding one is answered
let gen = 0; // bumped on reset
/** @type {import('../api.js').Kubeplay | null} window.kubeplay (connect) */
let kp = null;

/**
 * connect gives the poller the page's handle on the core (startUI calls it once, with window.kubeplay).
 * @param {import('../api.js').Kubeplay} api
 */
export function connect(api) {
  kp = api;
}

export function latest() { return last; }

// subscribe calls fn(snapshot) for every changed snapshot; returns an unsubscribe function.
// needsPods=false (the diagram) lets the poller leave the pods out while nobody else needs them.
export function subscribe(fn, needsPods = true) {
  subs.add(fn);
  if (needsPods) podSubs++;
  if (last && (!needsPods || !last.nodesOnly)) fn(last);
  ensure();
  return () => { if (subs.delete(fn) && needsPods) podSubs--; };
}

// refresh polls now (after an action) and notifies subscribers even if nothing changed. It resolves with
// the new snapshot (or the last one when the call failed: not connected, not ready, an error); it never rejects.
export function refresh(force = true, withPods = podSubs > 0) {
  if (inflight) {
    if (queued) {
      queued.force = queued.force || force;
      queued.withPods = queued.withPods || withPods;
    } else {
      let resolve;
      const promise = new Promise((r) => { resolve = r; });
      queued = { force, withPods, promise, resolve };
    }
    return queued.promise;
  }
  const p = poll(force, withPods).catch(() => last).finally(() => {
    if (inflight === p) inflight = null;
    if (queued) {
      const q = queued;
      queued = null;
      refresh(q.force, q.withPods).then(q.resolve);
    }
  });
  inflight = p;
  return p;
}

async function poll(force, withPods) {
  const g = gen;
  if (!kp) return last;
  const snap = await kp.snapshot(withPods ? undefined : 'nodes');
  if (g !== gen) return last; // asked before a reset, answered after it
  if (!snap) return last;
  const key = `${snap.now}|${snap.revision}|${withPods}`;
  if (!force && key === lastKey) return last;
  lastKey = key;
  last = snap;
  for (const fn of subs) {
    try { fn(snap); } catch (e) { console.error(e); } // eslint-disable-line no-console
  }
  return snap;
}

function ensure() {
  if (timer) return;
  timer = setInterval(() => {
    if (!subs.size || document.hidden || inflight) return;
    refresh(false);
  }, interval);
}

export function setInterval_(ms) { interval = ms; if (timer) { clearInterval(timer); timer = 0; ensure(); } }

bus.onClear(() => { gen++; lastKey = ''; setTimeout(() => { refresh(true); }, 0); });
bus.on('applied', () => { refresh(true); });
