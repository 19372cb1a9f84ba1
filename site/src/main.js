// main: the playground's entry point. api.js defines window.kubeplay and starts loading the core
// (core.js shows the progress); once the first cluster is up the views are built, the session opens what
// the address asks for (a share link, ?embed=1&scenario=…, or the default page; session.js), and the
// clock plays unless a scenario opened (scenarios start paused).

import { prepare, startUI } from './ui/app.js';
import kubeplay from './api.js';
import { earlyInit, startSession } from './session.js';

earlyInit();
prepare();

kubeplay.ready.then(
  async () => {
    const views = startUI(kubeplay);
    let play = true;
    try {
      ({ play } = await startSession(kubeplay, views));
    } catch (e) {
      console.error('kubeplay: the session could not start', e); // eslint-disable-line no-console
    }
    let speed = 1;
    try { speed = Number(localStorage.getItem('kubeplay.speed')) || 1; } catch (_) { /* ignore */ }
    if (play) kubeplay.play(speed);
  },
  () => { /* core.js has shown the failure in the loader */ },
);
