// bus: the views' side of the page's one event hub (hub.js; window.kubeplay.on subscribes to the same one).
// The core's events come from api.js (trace, beats, tick, state, output, applied, reset, …); the views add
// their own: filter requests, tab switches, slow motion, errors for the banner, 'clear' (below), …
// Plus the shared clock state (playing, speed) as the control bar last saw it.

import { on } from '../hub.js';

export { on, off, emit } from '../hub.js';

/**
 * onClear runs fn whenever the views must drop what they show of the cluster: when kubeplay.reset() starts
 * ('reset'), and again once the session has built the cluster it opens in the reset's place ('clear': a
 * scenario, a lesson, another seed), since an answer in between may have brought rows of the discarded one.
 * @param {(payload: any) => void} fn
 */
export function onClear(fn) {
  on('reset', fn);
  on('clear', fn);
}

export const clockState = { playing: false, speed: 1, now: 0 };
