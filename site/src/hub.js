// hub: the page's one event hub. window.kubeplay.on(name, cb) subscribes here (api.js emits the core's
// events: trace records, Kubernetes Events, beats, ticks, watch output, state, applied, reset, ready), and the
// views talk to each other here too (ui/bus.js: tab switches, filter requests, slow motion, errors…). A
// listener that throws is reported on the console and does not stop the others.

/**
 * @callback Listener
 * @param {any} payload
 * @returns {any}
 */

/** @type {Map<string, Set<Listener>>} */
const listeners = new Map();

/**
 * on subscribes fn to the event name; returns the function that unsubscribes it.
 * @param {string} name
 * @param {Listener} fn
 * @returns {() => void}
 */
export function on(name, fn) {
  let set = listeners.get(name);
  if (!set) listeners.set(name, (set = new Set()));
  set.add(fn);
  return () => off(name, fn);
}

/**
 * off unsubscribes fn from the event name.
 * @param {string} name
 * @param {Listener} fn
 */
export function off(name, fn) {
  listeners.get(name)?.delete(fn);
}

/**
 * emit calls every listener of name with payload, in the order they subscribed, and returns what they
 * returned (kubeplay.reset() waits for the Promises its 'reset' listeners return).
 * @param {string} name
 * @param {any} [payload]
 * @returns {any[]}
 */
export function emit(name, payload) {
  const set = listeners.get(name);
  if (!set) return [];
  const results = [];
  for (const fn of [...set]) {
    try {
      results.push(fn(payload));
    } catch (e) {
      console.error(`kubeplay: a "${name}" listener failed`, e); // eslint-disable-line no-console
    }
  }
  return results;
}

/**
 * has tells whether name has any listener (emitters skip building per-item events nobody hears).
 * @param {string} name
 * @returns {boolean}
 */
export function has(name) {
  return (listeners.get(name)?.size ?? 0) > 0;
}
