// main: the playground's entry point. api.js defines window.kubeplay and starts loading the core
// (core.js shows the progress); once the first cluster is up the views are built and the clock plays.

import { prepare, startUI } from './ui/app.js';
import kubeplay from './api.js';

prepare();

kubeplay.ready.then(
  () => {
    startUI(kubeplay);
    let speed = 1;
    try { speed = Number(localStorage.getItem('kubeplay.speed')) || 1; } catch (_) { /* ignore */ }
    kubeplay.play(speed);
  },
  () => { /* core.js has shown the failure in the loader */ },
);
