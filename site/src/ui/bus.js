// bus: a tiny in-page event hub between the views (filter requests, resets, tab switches),
// plus the shared clock state (playing, speed) as the control bar last saw it.

const handlers = new Map();

export function on(name, fn) {
  if (!handlers.has(name)) handlers.set(name, new Set());
  handlers.get(name).add(fn);
  return () => handlers.get(name).delete(fn);
}

export function emit(name, payload) {
  for (const fn of handlers.get(name) || []) {
    try { fn(payload); } catch (e) { console.error(e); } // eslint-disable-line no-console
  }
}

export const clockState = { playing: false, speed: 1, now: 0 };
