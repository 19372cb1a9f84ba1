// seam: the views' access to the simulation. The Go core runs in a Web Worker (site/src/coreworker.js),
// so every call is asynchronous: call(name, ...args) posts the seam function's name and arguments through
// window.kubeplay.call and resolves with its parsed JSON answer. It never rejects: a failure (the core
// answered {error}, or it is not loaded) resolves as {error: message}. Time control and the live streams
// (trace, events, ticks, watch output) go through window.kubeplay (site/src/api.js).

import { getLang } from '../i18n.js';

export function kp() {
  return globalThis.kubeplay;
}

// call invokes a seam function in the core's worker; resolves with its answer or {error}.
export async function call(name, ...args) {
  const k = kp();
  if (!k || !k.isReady) return { error: 'kubeplay core is not loaded' };
  try {
    return await k.call(name, ...args);
  } catch (e) {
    return { error: String(e && e.message ? e.message : e) };
  }
}

// has reports whether the core is loaded (every seam function is then available).
export function has() {
  const k = kp();
  return !!k && !!k.isReady;
}

export const snapshot = (mode) => (mode ? call('snapshot', mode) : call('snapshot'));
export const etcd = (prefix) => call('etcd', prefix);
export const etcdValue = (key) => call('etcdValue', key);
export const etcdLog = (sinceRev) => call('etcdLog', sinceRev);
export const describe = (resource, ns, name) => call('describe', resource, ns, name);
// explain's sentences (tie-break, resource arithmetic, the fix) come in the page's language.
export const explain = (ns, name) => call('explain', ns, name, getLang());
export const complete = (line) => call('complete', line);
export const nodeAction = (name, action) => call('nodeAction', name, action);
export const restartComponent = (name) => call('restartComponent', name);
export const applyRaw = (filename, content) => call('apply', filename, content);

// now returns the virtual clock in ms since the Unix epoch, as of the core's latest answer (synchronous:
// every answer from the worker carries the clock).
export function now() {
  const k = kp();
  const n = k && k.isReady ? k.now() : 0;
  return typeof n === 'number' ? n : Number(n) || 0;
}
