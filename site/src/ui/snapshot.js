// snapshot: one poller of the seam's snapshot() shared by the cluster view, the diagram and the
// explain picker. It polls only while someone wants it, at most every `interval` ms of wall time,
// and only hands out a new snapshot when the virtual clock or the revision moved.

import * as seam from './seam.js';
import * as bus from './bus.js';

const subs = new Set();
let podSubs = 0; // subscribers that need the pods; with none, polls ask for nodes only
let last = null;
let lastKey = '';
let timer = 0;
let interval = 400;

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

// refresh polls now (after an action) and notifies subscribers even if nothing changed.
export function refresh(force = true, withPods = podSubs > 0) {
  const snap = seam.snapshot(withPods ? undefined : 'nodes');
  if (!snap || snap.error) return last;
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
    if (!subs.size || document.hidden) return;
    try { refresh(false); } catch (_) { /* core not ready yet */ }
  }, interval);
}

export function setInterval_(ms) { interval = ms; if (timer) { clearInterval(timer); timer = 0; ensure(); } }

bus.on('reset', () => { lastKey = ''; setTimeout(() => { try { refresh(true); } catch (_) { /* ignore */ } }, 0); });
bus.on('applied', () => { try { refresh(true); } catch (_) { /* ignore */ } });
