// main: the playground's entry point. api.js defines window.kubeplay and starts loading the core
// (core.js shows the progress; the core's worker was usually started by boot.js already). The views are
// built at once, while the core loads in its worker; once the first cluster is up the session opens what
// the address asks for (a share link, ?embed=1&scenario=…, or the default page; session.js), and the
// clock plays unless a scenario opened (scenarios start paused); then body[data-ready] is set.

import { prepare, startUI, markReady } from './ui/app.js';
import kubeplay, { holdReady } from './api.js';
import { earlyInit, startSession } from './session.js';

const opening = holdReady(); // kubeplay.ready waits until the session has opened the page's starting state
earlyInit();
prepare();
// Building the views is one long task: let the wasm's compilation (boot.js, whose bytes pass through this
// thread) and the core's worker get going first, then build them while the worker starts Go and the first
// cluster. (At most 1.5 s: a stalled download must not keep the page blank.)
await Promise.race([globalThis.__kubeplayCompiled, new Promise((r) => setTimeout(r, 1500))]);
await new Promise((r) => setTimeout(r, 0));
const views = startUI(kubeplay);
performance.mark?.('kubeplay:views-built');

opening.core.then(
  async (kp) => {
    let play = true;
    let embedSpeed = 0; // an embed's speed= parameter
    performance.mark?.('kubeplay:ready');
    try {
      ({ play, speed: embedSpeed } = await startSession(kp, views));
    } catch (e) {
      console.error('kubeplay: the session could not start', e); // eslint-disable-line no-console
    }
    let speed = 1;
    try { speed = Number(localStorage.getItem('kubeplay.speed')) || 1; } catch (_) { /* ignore */ }
    if (embedSpeed) speed = embedSpeed;
    if (play) kp.play(speed);
    performance.mark?.('kubeplay:session-open');
    opening.release();
    markReady();
  },
  () => { /* core.js has shown the failure in the loader */ },
);
