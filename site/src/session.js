// session: what the page is playing — free play or a built-in scenario, its seed and how far its steps went —
// and everything that restores or reproduces it: share links (#v1:… and /s/{id} short links), the embed
// parameters (?embed=1&panes=…&scenario=…), the scenario picker, the player pane, the Share and Embed dialogs
// and the postMessage API. It adds to window.kubeplay: shareURL(), scenarios(), loadScenario(name, {seed}),
// runStep(), session().
//
// Timeline: a scenario opens paused; each step runs at once on the virtual clock (its expectations advance
// time as far as they need). A link replays the steps back to back, so the same scenario, seed and step give
// the same Events. Time the learner lets run between steps, and terminal commands, are not in a link.

import { decodeState, encodeState, ShareError } from './share.js';
import { loadShortLink, createShortLink } from './shortlink.js';
import { parseEmbed, applyEmbed, selectEmbedTab } from './embed.js';
import { installMessageAPI } from './postmessage.js';
import { PlayerPane } from './ui/player.js';
import { initShareUI } from './ui/sharedialog.js';
import { getEditorFiles, setEditorFiles, MAX_FILES } from './ui/editorfiles.js';
import { showBanner } from './ui/banner.js';
import * as bus from './ui/bus.js';
import { t, getLang, setLang, onLang } from './i18n.js';

export const embedOpts = parseEmbed();

/** earlyInit runs before the core is loaded: the compact layout and the language of an embed. */
export function earlyInit() {
  if (embedOpts.lang && embedOpts.lang !== getLang()) setLang(embedOpts.lang);
  applyEmbed(embedOpts);
}

const S = {
  name: '', // scenario name; '' = free play
  seed: 1,
  data: null, // loadScenario's answer
  next: 0, // first step not run
  results: [],
  pending: null, // what the next reset loads: {name, seed}
  lib: null, // the built-in library, once loadLibrary fetched it
  gen: 0, // bumped by every reset: a step answered after one is not recorded
};

let kp = null;
let editor = null;
let player = null;
let running = false;
let resetting = false; // onReset is waiting for the core (loadScenario / reset)
let lastPayload = '';

const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
const trunc = (s, n = 80) => (String(s).length > n ? String(s).slice(0, n) + '…' : String(s));

let libLoading = null;

/** loadLibrary fetches the built-in library from the core once; startSession awaits it before anything reads it. */
export function loadLibrary() {
  if (S.lib) return Promise.resolve(S.lib);
  if (!libLoading) {
    libLoading = kp.call('scenarios').then(
      (lib) => {
        S.lib = Array.isArray(lib) ? lib : [];
        return S.lib;
      },
      (e) => {
        libLoading = null;
        throw e;
      },
    );
  }
  return libLoading;
}

/** scenarios lists the built-in library: [{name, title:{ja,en}, summary:{ja,en}, steps}] (empty until loadLibrary resolved). */
export function scenarios() {
  return S.lib || [];
}

const known = (name) => scenarios().some((s) => s.name === name);

// onReset is a 'reset' listener: kp.reset awaits it, so once kp.reset resolved S.data is filled.
async function onReset(opts) {
  const want = S.pending || { name: S.name, seed: S.seed };
  S.pending = null;
  S.results = [];
  S.next = 0;
  S.gen++;
  resetting = true;
  try {
    if (want.name) {
      const d = await kp.call('loadScenario', want.name, want.seed || 0);
      S.name = d.name;
      S.seed = d.seed;
      S.data = d;
    } else {
      const seed = want.seed || 1;
      if ((opts && opts.seed) !== seed) await kp.call('reset', JSON.stringify({ seed }));
      S.name = '';
      S.seed = seed;
      S.data = null;
    }
  } finally {
    resetting = false;
  }
  player.show(S.data);
  syncPicker();
}

/** openScenario loads a built-in scenario on a fresh cluster (paused), then its files and its first steps. */
export async function openScenario(name, { seed = 0, files = null, step = 0 } = {}) {
  await loadLibrary();
  if (!known(name)) throw new Error(t('scenario.unknown', { name: trunc(name) }));
  S.pending = { name, seed };
  await kp.reset({ seed: seed || 1, scenario: name });
  setEditorFiles(editor, files && files.length ? files : S.data.files);
  const n = Math.min(step | 0, S.data.steps.length);
  for (let i = 0; i < n; i++) await runStep(i);
}

/** openFree builds the default cluster with seed (free play), optionally with files. */
export async function openFree({ seed = 1, files = null } = {}) {
  S.pending = { name: '', seed };
  await kp.reset({ seed });
  if (files) setEditorFiles(editor, files);
}

/** runStep runs scenario step i (and any before it that have not run). */
export async function runStep(i) {
  if (!S.data) throw new Error('no scenario is loaded');
  if (running || resetting) return null;
  running = true;
  player.setBusy(true);
  const gen = S.gen; // a reset meanwhile ends the run: its steps belong to the old session
  try {
    await nextFrame(); // let "Running…" paint
    let r = null;
    while (gen === S.gen && S.next <= i && S.next < S.data.steps.length) {
      const at = S.next;
      r = await kp.call('runStep', at);
      if (gen !== S.gen) return null;
      S.results[at] = r;
      S.next = r.next;
      player.recorded(at, r);
    }
    return gen !== S.gen ? null : r; // each answer brought its trace, Events and output with it
  } finally {
    running = false;
    player.setBusy(false);
  }
}

export const runNextStep = () => runStep(S.next);

/** state is what the postMessage API and session() report. */
export function state() {
  const c = kp.state || {};
  return {
    playing: !!c.playing, speed: c.speed ?? 1, now: kp.now(), scenario: S.name, step: S.next,
    steps: S.data ? S.data.steps.length : 0, seed: S.seed, files: editor ? editor.files.map((f) => f.name) : [],
  };
}

/** sharePayload is the v1: payload of the current state. */
export function sharePayload() {
  return encodeState({ files: getEditorFiles(editor), scenario: S.name, seed: S.seed, step: S.next });
}

/** pageBase is the playground's address without query or fragment (a short link's page is the root). */
export function pageBase() {
  const path = location.pathname.startsWith('/s/') ? '/' : location.pathname;
  return location.origin + path;
}

/** shareURL resolves to the link for the current state. */
export async function shareURL() {
  return `${pageBase()}#${await sharePayload()}`;
}

function linkError(e, payload) {
  if (e instanceof ShareError) {
    const m = /^v(\d+):/.exec(payload);
    if (e.code === 'prefix' && m && m[1] !== '1') return t('share.err.newer', { v: `v${trunc(m[1], 8)}` });
    return t(`share.err.${e.code}`);
  }
  return t('share.err.shape');
}

// restore opens the state a link carries. It resolves to whether the clock should play afterwards.
async function restore(payload) {
  lastPayload = payload;
  let st;
  try {
    st = await decodeState(payload);
  } catch (e) {
    showBanner(linkError(e, payload), 'error', 'link');
    return null;
  }
  if (st.scenario) await loadLibrary();
  if (st.scenario && !known(st.scenario)) {
    showBanner(t('scenario.unknown', { name: trunc(st.scenario) }), 'error', 'link');
    return null;
  }
  if (st.files.length > MAX_FILES) showBanner(t('share.err.files', { n: MAX_FILES }), 'warn', 'files');
  const files = st.files.slice(0, MAX_FILES);
  if (st.scenario) {
    await openScenario(st.scenario, { seed: st.seed, files, step: st.step });
    return false;
  }
  await openFree({ seed: st.seed > 0 ? st.seed : 1, files: files.length ? files : null });
  return true;
}

function syncPicker() {
  const sel = document.getElementById('scenario');
  if (!sel) return;
  if (sel.options.length !== scenarios().length + 1 || sel.dataset.lang !== getLang()) {
    sel.textContent = '';
    const free = document.createElement('option');
    free.value = '';
    free.textContent = t('scenario.free');
    sel.append(free);
    for (const s of scenarios()) {
      const o = document.createElement('option');
      o.value = s.name;
      o.textContent = getLang() === 'ja' ? s.title.ja || s.title.en : s.title.en || s.title.ja;
      o.title = s.name;
      sel.append(o);
    }
    sel.dataset.lang = getLang();
  }
  sel.value = S.name;
}

/**
 * startSession wires the session into the ready page (after startUI) and opens what the address asks for:
 * a short link, a #v1: link, ?scenario=NAME, or the default page. Resolves to {play}: whether the clock
 * should play (free play does; a scenario opens paused). Errors become a banner; the page is never blank.
 */
export async function startSession(kpApi, views) {
  kp = kpApi;
  editor = views.editor;
  if (embedOpts.embed) editor.save = () => {}; // embeds keep their own state: nothing shared through storage
  player = new PlayerPane({ onRun: (i) => runStep(i).catch((e) => showBanner(t('player.error', { msg: e.message }), 'error')) });
  views.player = player;
  try {
    S.seed = (await kp.stats()).seed || 1;
  } catch (_) { /* keep 1 */ }
  // The library is parsed in the core on first use: the default page does not wait for it (the picker,
  // whose width does not depend on its options, fills in when it arrives); openScenario, restore and
  // ?scenario= await it before known().
  loadLibrary().then(() => syncPicker(), () => {});
  kp.on('reset', onReset);
  onLang(syncPicker);
  syncPicker();
  bus.on('scenario', (name) => {
    const go = name ? openScenario(name) : openFree({ seed: S.seed });
    go.catch((e) => showBanner(e.message, 'error'));
  });
  Object.assign(kp, {
    shareURL,
    scenarios: () => scenarios().map((s) => ({ ...s })),
    loadScenario: (name, opts = {}) => openScenario(name, opts),
    runStep: (i) => runStep(typeof i === 'number' ? i : S.next),
    session: state,
  });
  initShareUI({ shareURL, sharePayload, createShortLink, scenarios, current: () => S.name, embed: embedOpts.embed });
  // Messages wait until the session has opened what the address asked for (a ?scenario= embed must not
  // answer "free play" while its scenario is still loading).
  let opened;
  const whenOpen = new Promise((r) => { opened = r; });
  const api = installMessageAPI(kp, { state, openScenario, runNextStep, shareURL, whenOpen }, embedOpts.origins);

  let play = true;
  try {
    let payload = null;
    try {
      payload = await loadShortLink();
    } catch (e) {
      showBanner(t('share.err.short', { msg: e.message }), 'error', 'link');
    }
    if (!payload && location.hash.length > 1) payload = location.hash.slice(1);
    let restored = null;
    if (payload) restored = await restore(payload);
    if (restored !== null) {
      play = restored;
    } else if (embedOpts.scenarioParam && !payload) {
      await loadLibrary();
      if (known(embedOpts.scenarioParam)) {
        await openScenario(embedOpts.scenarioParam);
        play = false;
      } else {
        showBanner(t('scenario.unknown', { name: trunc(embedOpts.scenarioParam) }), 'error', 'link');
      }
    }
    if (embedOpts.embed && !S.name && restored === null) setEditorFiles(editor, []);
  } catch (e) {
    showBanner(String(e && e.message ? e.message : e), 'error');
  }
  selectEmbedTab(embedOpts);
  window.addEventListener('hashchange', () => {
    const p = location.hash.length > 1 ? location.hash.slice(1) : '';
    if (!p || p === lastPayload) return;
    kp.pause();
    restore(p).then((playAfter) => { if (playAfter) kp.play(); }, (e) => showBanner(e.message, 'error'));
  });
  document.body.dataset.session = 'ready';
  opened();
  api.announce();
  return { play };
}
