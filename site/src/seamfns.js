// seamfns: the seam's functions, named once for the page. wasm/main.go registers wasm/seam's function table
// (core.go and the files that add to it) as self.__kubeplayCore in the core's worker; this is the page's copy
// of its names, with what each does to the page's copies of the cluster. api.js calls them (window.kubeplay),
// core.js builds the first cluster with reset, coreworker.js answers them. wasm/seam's
// TestThePageNamesEverySeamFunction keeps this list and the Go table the same.

/**
 * What a seam function does besides answering.
 * @typedef {object} SeamFn
 * @property {boolean} [replaces] it builds a new cluster: the worker restarts its gather cursors and the page
 *   drops its copies (the answer's `cleared`)
 * @property {boolean} [replacesIfRebuilt] it replaces the cluster when its answer says `{rebuilt: true}` (seek back)
 * @property {boolean} [resets] it runs while kubeplay.reset() waits for its 'reset' listeners, which flush once
 *   they are done: its own answer brings nothing along
 */

// One entry per seam function, in the order of wasm/seam's files (core.go, edit.go, journal.go, scenario.go,
// stepbeat.go).
export const SEAM = Object.freeze({
  reset: { replaces: true, resets: true },
  apply: {},
  run: {},
  drainOutput: {},
  advance: {},
  step: {},
  now: {},
  trace: {},
  events: {},
  snapshot: {},
  etcd: {},
  etcdValue: {},
  etcdLog: {},
  etcdHistory: {},
  describe: {},
  explain: {},
  complete: {},
  nodeAction: {},
  restartComponent: {},
  benchScheduling: {},
  stats: {},
  provideDocument: {},
  editSave: {},
  journal: {},
  seek: { replacesIfRebuilt: true },
  replay: { replaces: true },
  scenarios: {},
  loadScenario: { replaces: true, resets: true },
  runStep: {},
  scenarioState: {},
  checkScenarioText: {},
  loadScenarioText: { replaces: true, resets: true },
  checkStep: {},
  beats: {},
  stepBeat: {},
});

/** @typedef {keyof typeof SEAM} SeamName */

// The worker's own calls, answered without the seam: frame (advance virtual time for a wall-clock budget,
// then gather what changed) and resources (what the worker downloaded, for the load benchmarks).
export const WORKER_CALLS = Object.freeze(['frame', 'resources']);

/** @typedef {SeamName | 'frame' | 'resources'} CallName */

/**
 * seamFn is what the seam function `name` does besides answering (undefined for another name).
 * @param {string} name
 * @returns {SeamFn | undefined}
 */
export function seamFn(name) {
  return Object.prototype.hasOwnProperty.call(SEAM, name) ? SEAM[/** @type {SeamName} */ (name)] : undefined;
}

// ---- the worker's messages (coreworker.js; core.js posts the calls) ----

/**
 * What changed in the core since the last gather, carried by an answer (a frame's always; another call's when
 * asked to flush).
 * @typedef {object} Flush
 * @property {import('./api.js').TraceRecord[]} [trace] new pipeline trace records, oldest first
 * @property {import('./api.js').KEvent[]} [events] new or changed Kubernetes Events
 * @property {import('./api.js').Beat[]} [beats] beats completed since the last gather
 * @property {string} [output] what running watches (kubectl get -w) printed
 * @property {number} [now] the virtual clock, ms since the Unix epoch
 */

/**
 * The worker's answer to one call: value is the seam's JSON text (an object for 'frame').
 * @typedef {object} Answer
 * @property {'answer'} type
 * @property {number} id
 * @property {unknown} value
 * @property {Flush} [flush]
 * @property {boolean} [cleared] the call replaced the cluster: the page drops its copies
 * @property {number} ms the worker's time for the call
 */

/**
 * replacesCluster tells whether a call that answered `value` (the seam's JSON text) built a new cluster.
 * @param {string} name
 * @param {unknown} value
 * @returns {boolean}
 */
export function replacesCluster(name, value) {
  const fn = seamFn(name);
  if (!fn) return false;
  if (fn.replaces) return true;
  if (!fn.replacesIfRebuilt || typeof value !== 'string') return false;
  try {
    return JSON.parse(value).rebuilt === true;
  } catch {
    return false;
  }
}
