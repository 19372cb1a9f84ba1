// clock.js: the play loop. Virtual time advances by wall time × speed, one requestAnimationFrame at a
// time; each frame hands the simulation at most SLICE_MS of wall time (core.advance's budget), so the
// page stays responsive at any speed. When the simulation cannot keep up, the backlog is capped and
// virtual time simply runs slower than asked. Paused, the clock does not move; step() runs one event.

export const MIN_SPEED = 0.1;
export const MAX_SPEED = 100;
/** Wall-time budget of one advance slice, in ms. */
export const SLICE_MS = 8;
/** Longest wall gap one frame accounts for (a background tab does not cause a jump). */
const MAX_FRAME_MS = 250;
/** Virtual backlog allowed, in wall ms of playing (beyond it, time is dropped). */
const MAX_BACKLOG_MS = 1000;

export const clampSpeed = (s) => Math.min(MAX_SPEED, Math.max(MIN_SPEED, Number(s) || 1));

function parse(answer) {
  const v = typeof answer === 'string' ? JSON.parse(answer) : answer;
  if (v && v.error) throw new Error(v.error);
  return v;
}

/**
 * createClock drives core (the raw seam) from the animation loop.
 * onFrame(result) runs after every slice with advance's answer ({now, reached, steps, revision, traceSeq}).
 * @param {object} core globalThis.__kubeplayCore
 * @param {{onFrame?: (r: object) => void, onState?: (s: {playing: boolean, speed: number}) => void}} hooks
 */
export function createClock(core, hooks = {}) {
  let playing = false;
  let speed = 1;
  let last = 0; // rAF timestamp of the previous frame
  let backlog = 0; // virtual ms owed
  let raf = 0;
  const raf_ = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (f) => setTimeout(() => f(performance.now()), 16);
  const caf_ = typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame : clearTimeout;

  const state = () => ({ playing, speed });
  const changed = () => hooks.onState?.(state());

  function frame(ts) {
    raf = 0;
    if (!playing) return;
    const dt = last ? Math.min(Math.max(ts - last, 0), MAX_FRAME_MS) : 0;
    last = ts;
    backlog = Math.min(backlog + dt * speed, MAX_BACKLOG_MS * speed);
    let r;
    try {
      const before = Number(parse(core.now()));
      r = parse(core.advance(backlog, SLICE_MS));
      backlog = r.reached ? 0 : Math.max(0, backlog - (r.now - before));
    } catch (e) {
      playing = false;
      changed();
      throw e;
    }
    hooks.onFrame?.(r);
    if (playing && !raf) raf = raf_(frame);
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
    /** step runs exactly one event (pausing first); returns {now, name, ran, steps}. */
    step() {
      this.pause();
      const r = parse(core.step());
      hooks.onFrame?.(null); // a full refresh: anything may have changed
      return r;
    },
    /**
     * advance moves virtual time forward by ms (a number) or a duration ("30s", "2m", "1h30m", "500ms"),
     * in SLICE_MS slices that yield to the page between them. Resolves with the new now.
     */
    advance(d) {
      let remaining = typeof d === 'number' ? d : parseDuration(d);
      if (!(remaining >= 0)) return Promise.reject(new Error(`invalid duration ${d}`));
      const target = Number(parse(core.now())) + remaining;
      return new Promise((resolve, reject) => {
        const slice = () => {
          let r;
          try {
            const now = Number(parse(core.now()));
            r = parse(core.advance(Math.max(0, target - now), SLICE_MS));
          } catch (e) {
            reject(e);
            return;
          }
          hooks.onFrame?.(r);
          if (r.reached) resolve(r.now);
          else setTimeout(slice, 0);
        };
        slice();
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
