// seam: the views' access to the simulation. Reads go straight to the Go→JS function table
// (globalThis.__kubeplayCore, JSON strings in and out, see site-common.md); time control and
// the live streams go through window.kubeplay (site/src/api.js).

function core() {
  const c = globalThis.__kubeplayCore;
  if (!c) throw new Error('kubeplay core is not loaded');
  return c;
}

// call invokes a seam function and parses its JSON answer. A seam error ({error}) is returned as is.
export function call(name, ...args) {
  const c = core();
  if (typeof c[name] !== 'function') return { error: `seam function ${name} is missing` };
  try {
    const out = c[name](...args);
    if (typeof out !== 'string') return out;
    try { return JSON.parse(out); } catch (_) { return out; }
  } catch (e) {
    return { error: String(e && e.message ? e.message : e) };
  }
}

export function has(name) {
  const c = globalThis.__kubeplayCore;
  return !!c && typeof c[name] === 'function';
}

export const snapshot = (mode) => (mode ? call('snapshot', mode) : call('snapshot'));
export const etcd = (prefix) => call('etcd', prefix);
export const etcdValue = (key) => call('etcdValue', key);
export const etcdLog = (sinceRev) => call('etcdLog', sinceRev);
export const describe = (resource, ns, name) => call('describe', resource, ns, name);
export const explain = (ns, name) => call('explain', ns, name);
export const complete = (line) => call('complete', line);
export const nodeAction = (name, action) => call('nodeAction', name, action);
export const restartComponent = (name) => call('restartComponent', name);
export const drainOutput = () => call('drainOutput');
export const applyRaw = (filename, content) => call('apply', filename, content);

export function kp() {
  return globalThis.kubeplay;
}

// now returns the virtual clock in ms since the Unix epoch.
export function now() {
  const n = call('now');
  return typeof n === 'number' ? n : Number(n) || 0;
}
