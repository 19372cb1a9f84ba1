// controlbar: play/pause, step, speed, the virtual clock, reset, scenario, share, language and theme.

import { $, fmtTime } from './dom.js';
import { t, getLang, setLang, onLang } from '../i18n.js';
import * as bus from './bus.js';

const THEME_KEY = 'kubeplay.theme';
const SPEED_KEY = 'kubeplay.speed';

export function initTheme() {
  let theme = null;
  try { theme = localStorage.getItem(THEME_KEY); } catch (_) { /* ignore */ }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.dataset.theme = theme;
}

function setTheme(theme) {
  document.documentElement.dataset.theme = theme;
  try { localStorage.setItem(THEME_KEY, theme); } catch (_) { /* ignore */ }
  syncThemeButton();
}

function syncThemeButton() {
  const dark = document.documentElement.dataset.theme === 'dark';
  const key = dark ? 'ctl.theme.toLight' : 'ctl.theme.toDark';
  const btn = $('#theme');
  btn.dataset.i18nAria = key;
  btn.setAttribute('aria-label', t(key));
  btn.title = t(key);
  btn.setAttribute('aria-pressed', String(dark));
}

function syncLangButton() {
  const btn = $('#lang');
  for (const o of btn.querySelectorAll('.lang-opt')) o.classList.toggle('active', o.dataset.lang === getLang());
  btn.setAttribute('aria-label', t('ctl.lang.aria'));
}

/**
 * @param {import('../api.js').Kubeplay} kp window.kubeplay
 * @param {import('./slowmo.js').SlowMotion} slowmo
 */
export function initControlBar(kp, slowmo) {
  const play = $('#play');
  const step = $('#step');
  const speed = $('#speed');
  const clock = $('#clock');

  let saved = null;
  try { saved = localStorage.getItem(SPEED_KEY); } catch (_) { /* ignore */ }
  if (saved && [...speed.options].some((o) => o.value === saved)) speed.value = saved;
  bus.clockState.speed = Number(speed.value);

  const render = () => {
    const playing = bus.clockState.playing;
    play.setAttribute('aria-pressed', String(playing));
    const key = playing ? 'ctl.pause' : 'ctl.play';
    play.dataset.i18nAria = key;
    play.setAttribute('aria-label', t(key));
    play.title = t(key);
  };

  /** @param {boolean} p */
  const setPlaying = (p) => {
    bus.clockState.playing = p;
    render();
  };

  // Slow motion: a toggle beside Step; while it is on, Play plays beat by beat (slowmo.js).
  const slowBtn = document.createElement('button');
  slowBtn.type = 'button';
  slowBtn.id = 'slowmo';
  slowBtn.className = 'btn btn-small slowmo-toggle';
  slowBtn.setAttribute('aria-pressed', 'false');
  slowBtn.dataset.i18n = 'ctl.slowmo';
  slowBtn.dataset.i18nTitle = 'ctl.slowmo.aria';
  slowBtn.textContent = t('ctl.slowmo');
  slowBtn.title = t('ctl.slowmo.aria');
  step.after(slowBtn);
  if (slowmo) {
    slowmo.onState = (p) => setPlaying(p);
    slowBtn.addEventListener('click', () => {
      const on = !slowmo.on;
      slowmo.setOn(on);
      slowBtn.setAttribute('aria-pressed', String(on));
      if (on && bus.clockState.playing) {
        kp.pause();
        slowmo.play();
      }
    });
    bus.on('slowmo', (on) => slowBtn.setAttribute('aria-pressed', String(on)));
  }

  play.addEventListener('click', () => {
    if (slowmo && (slowmo.on || slowmo.playing)) {
      if (slowmo.playing) slowmo.stop();
      else slowmo.play();
      return;
    }
    if (bus.clockState.playing) {
      kp.pause();
      setPlaying(false);
    } else {
      kp.play(bus.clockState.speed);
      setPlaying(true);
    }
  });

  // Step pauses first (the state flips at once; pause resolves once in-flight work finished), then runs one
  // event. Every click runs one step; steps run one after another, never overlapping.
  let stepping = Promise.resolve();
  step.addEventListener('click', () => {
    let paused = null;
    if (bus.clockState.playing) {
      paused = kp.pause();
      setPlaying(false);
    }
    if (slowmo) slowmo.stop();
    stepping = stepping
      .then(() => paused)
      .then(() => (slowmo ? slowmo.stepOne() : kp.step()))
      .catch(() => { /* not ready */ })
      .then(updateClock);
  });

  speed.addEventListener('change', () => {
    const v = Number(speed.value);
    bus.clockState.speed = v;
    try { localStorage.setItem(SPEED_KEY, speed.value); } catch (_) { /* ignore */ }
    kp.setSpeed(v);
  });

  let lastNow = -1;
  const showNow = (now) => {
    if (!Number.isFinite(now) || now === lastNow) return;
    lastNow = now;
    bus.clockState.now = now;
    clock.textContent = fmtTime(now);
  };
  function updateClock() {
    showNow(kp.now());
  }

  kp.on('tick', (e) => showNow(e.now));
  kp.on('state', (s) => {
    if (s.speed > 0) bus.clockState.speed = s.speed;
    setPlaying(s.playing);
  });
  // The clock also follows the core directly, so it is right even between ticks (step, apply).
  setInterval(updateClock, 250);

  $('#reset').addEventListener('click', () => resetCluster(kp));

  $('#lang').addEventListener('click', () => setLang(getLang() === 'ja' ? 'en' : 'ja'));
  $('#theme').addEventListener('click', () => setTheme(document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark'));
  $('#scenario').addEventListener('change', () => bus.emit('scenario', $('#scenario').value));

  onLang(() => { render(); syncThemeButton(); syncLangButton(); });

  bus.clockState.playing = kp.state.playing;
  render();
  syncThemeButton();
  syncLangButton();
  updateClock();
}

// resetCluster builds a fresh default cluster (kubeplay.reset emits 'reset': every view clears) and plays on
// if it was playing.
async function resetCluster(kp) {
  const opts = { seed: 1, scenario: /** @type {HTMLSelectElement | null} */ (document.querySelector('#scenario'))?.value || 'nginx' };
  try {
    const wasPlaying = bus.clockState.playing;
    await kp.reset(opts);
    if (wasPlaying) kp.play(bus.clockState.speed);
  } catch (e) {
    bus.emit('error', e);
  }
}
