// clock.js: the play loop. Virtual time advances by wall time × speed, one requestAnimationFrame at a
// time. The core runs in a worker, so a frame only posts a slice request (at most SLICE_MS of the worker's
// wall time) and never waits for it: while a slice is out, frames keep adding wall time to the backlog, and
// the next slice asks for all of it. When the simulation cannot keep up, the backlog is capped and virtual
// time simply runs slower than asked. Paused, the clock does not move.

export const MIN_SPEED = 0.1;
export const MAX_SPEED = 100;
/** Wall-time budget of one slice in the core's worker, in ms. */
export const SLICE_MS = 12;
/** Longest wall gap one frame accounts for (a background tab does not cause a jump). */
const MAX_FRAME_MS = 250;
/** Virtual backlog allowed, in wall ms of playing (beyond it, time is dropped). */
const MAX_BACKLOG_MS = 1000;

export const clampSpeed = (s) => Math.min(MAX_SPEED, Math.max(MIN_SPEED, Number(s) || 1));

/**
 * createClock drives the core from the animation loop.
 * slice(virtualMs, budgetMs) asks the core to advance (resolving with {before, now, reached, steps, …}).
 * @param {(virtualMs: number, budgetMs: number) => Promise<object>} slice
 * @param {{onState?: (s: {playing: boolean, speed: number}) => void, onError?: (e: Error) => void}} hooks
 */
export function createClock(slice, hooks = {}) {
  let playing = false;
  let speed = 1;
  let last = 0; // rAF timestamp of the previous frame
  let backlog = 0; // virtual ms owed
  let raf = 0;
  let inflight = null; // the slice request out, if any
  const raf_ = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (f) => setTimeout(() => f(performance.now()), 16);
  const caf_ = typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame : clearTimeout;

  const state = () => ({ playing, speed });
  const changed = () => hooks.onState?.(state());

  function send() {
    inflight = slice(backlog, SLICE_MS).then(
      (r) => {
        inflight = null;
        if (!playing) return;
        backlog = r.reached ? 0 : Math.max(0, backlog - (r.now - r.before));
        // The core is behind: ask again at once instead of idling until the next frame.
        if (backlog > 0 && !r.reached) send();
      },
      (e) => {
        inflight = null;
        playing = false;
        if (raf) caf_(raf);
        raf = 0;
        changed();
        hooks.onError?.(e);
      },
    );
  }

  function frame(ts) {
    raf = 0;
    if (!playing) return;
    const dt = last ? Math.min(Math.max(ts - last, 0), MAX_FRAME_MS) : 0;
    last = ts;
    backlog = Math.min(backlog + dt * speed, MAX_BACKLOG_MS * speed);
    if (!inflight && backlog > 0) send();
    raf = raf_(frame);
  }

  return {
    get playing() { return playing; },
    get speed() { return speed; },
    state,
    /** play starts (or keeps) the loop, optionally at a new speed (0.1×–100×). */
    play(s) {
      if (s !== undefined) speed = clampSpeed(s);
      if (!playing) {
        playing = true;
        last = 0;
        backlog = 0;
        raf = raf_(frame);
      }
      changed();
    },
    pause() {
      const was = playing;
      playing = false;
      if (raf) caf_(raf);
      raf = 0;
      backlog = 0;
      if (was) changed();
    },
    setSpeed(s) {
      speed = clampSpeed(s);
      changed();
    },
    /**
     * advance moves virtual time forward by ms (a number) or a duration ("30s", "2m", "1h30m", "500ms"),
     * in SLICE_MS slices. Resolves with the new now.
     */
    advance(d) {
      let remaining = typeof d === 'number' ? d : parseDuration(d);
      if (!(remaining >= 0)) return Promise.reject(new Error(`invalid duration ${d}`));
      return new Promise((resolve, reject) => {
        const next = () => slice(remaining, SLICE_MS).then((r) => {
          remaining = Math.max(0, remaining - (r.now - r.before));
          if (r.reached || remaining <= 0) resolve(r.now);
          else next();
        }, reject);
        next();
      });
    },
    dispose() { this.pause(); },
  };
}

const UNITS = { ms: 1, s: 1000, m: 60000, h: 3600000 };

/** parseDuration reads Go-style durations ("1m30s", "250ms", "2h") and bare seconds ("10"). */
export function parseDuration(s) {
  if (typeof s === 'number') return s;
  const str = String(s).trim();
  if (/^\d+(\.\d+)?$/.test(str)) return Number(str) * 1000;
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  let total = 0;
  let used = 0;
  for (let m; (m = re.exec(str));) {
    total += Number(m[1]) * UNITS[m[2]];
    used += m[0].length;
  }
  return used === str.length && used > 0 ? total : NaN;
}
