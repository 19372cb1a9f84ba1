// session: what the page is playing — free play, a built-in scenario or a lesson someone wrote (issue 12), its
// seed and how far its steps went (a learner's turn is checked live against the learner's cluster) —
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
import { parseEmbed, applyEmbed, selectEmbedTab, watchSize } from './embed.js';
import { installMessageAPI } from './postmessage.js';
import { PlayerPane } from './ui/player.js';
import { initShareUI, openEmbed } from './ui/sharedialog.js';
import { getEditorFiles, setEditorFiles, MAX_FILES } from './ui/editorfiles.js';
import { showBanner } from './ui/banner.js';
import { inputById, selectById } from './ui/dom.js';
import { LessonPane, formatProblems } from './ui/lessonpane.js';
import * as bus from './ui/bus.js';
import { t, getLang, setLang, onLang } from './i18n.js';

export const embedOpts = parseEmbed();

/** @typedef {{ja: string, en: string}} Texts */
/** @typedef {{name: string, content: string}} File */

/**
 * A built-in scenario as the library lists it (wasm/seam scenario.go: scenarios()).
 * @typedef {{name: string, title: Texts, summary: Texts, steps: number}} ScenarioInfo
 */

/**
 * A scenario or lesson loaded on the cluster (loadScenario's answer).
 * @typedef {{name: string, title: Texts, summary: Texts, seed: number, files: File[], steps: {yourTurn?: boolean}[]} & Record<string, any>} Loaded
 */

/**
 * What the session adds to window.kubeplay (README "Scenarios, share links and embedding").
 * @typedef {object} SessionAPI
 * @property {() => Promise<string>} shareURL
 * @property {() => ScenarioInfo[]} scenarios
 * @property {(name: string, opts?: {seed?: number, files?: File[] | null, step?: number}) => Promise<void>} loadScenario
 * @property {(i?: number) => Promise<any>} runStep
 * @property {() => ReturnType<typeof state>} session
 * @property {(text: string, opts?: {seed?: number, files?: File[] | null, step?: number}) => Promise<void>} loadLesson
 * @property {(text: string) => Promise<any>} checkLesson
 */

/** earlyInit runs before the core is loaded: the compact layout and the language of an embed. */
export function earlyInit() {
  if (embedOpts.lang && embedOpts.lang !== getLang()) setLang(embedOpts.lang);
  applyEmbed(embedOpts);
}

/**
 * @type {{name: string, seed: number, data: Loaded | null, next: number, results: any[],
 *   pending: {name: string, seed: number, lesson?: string} | null, lib: ScenarioInfo[] | null, gen: number,
 *   lesson: string, live: any}}
 */
const S = {
  name: '', // scenario name; '' = free play
  seed: 1,
  data: null, // loadScenario's answer
  next: 0, // first step not run
  results: [],
  pending: null, // what the next reset loads: {name, seed, lesson?}
  lib: null, // the built-in library, once loadLibrary fetched it
  gen: 0, // bumped by every reset: a step answered after one is not recorded
  lesson: '', // the YAML of a lesson anyone wrote ('' = built-in or free play)
  live: null, // the latest live check of the current learner's turn
};

// window.kubeplay, or the private handle main.js opens the page with (startSession).
/** @type {any} */
let kp = null;
/** @type {any} */
let editor = null;
/** @type {PlayerPane} */
let player;
let running = false;
let resetting = false; // onReset is waiting for the core (loadScenario / reset)
let lastPayload = '';

const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
const trunc = (s, n = 80) => (String(s).length > n ? String(s).slice(0, n) + '…' : String(s));

/** @type {Promise<ScenarioInfo[]> | null} */
let libLoading = null;

/**
 * loadLibrary fetches the built-in library from the core once; startSession awaits it before anything reads it.
 * @returns {Promise<ScenarioInfo[]>}
 */
export function loadLibrary() {
  if (S.lib) return Promise.resolve(S.lib);
  libLoading ??= kp.call('scenarios').then(
    (lib) => {
      S.lib = Array.isArray(lib) ? lib : [];
      return S.lib;
    },
    (e) => {
      libLoading = null;
      throw e;
    },
  );
  return /** @type {Promise<ScenarioInfo[]>} */ (libLoading);
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
    S.live = null;
    S.lesson = '';
    if (want.lesson) {
      const d = await kp.call('loadScenarioText', want.lesson, want.seed || 0);
      if (!d || d.problems) throw new Error(formatProblems(d && d.problems).join('\n'));
      S.name = d.name;
      S.seed = d.seed;
      S.data = d;
      S.lesson = want.lesson;
    } else if (want.name) {
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
    // The views were cleared when kp.reset began, but a call answered between kp.reset's cluster and the one
    // just built (the snapshot poller's) brought that discarded cluster's rows: clear them (issue 12).
    if (want.lesson || want.name || (opts && opts.seed) !== (want.seed || 1)) bus.emit('clear', opts);
  } finally {
    resetting = false;
  }
  resetProgress();
  player.show(S.data);
  syncPicker();
  if (S.lesson && lessonPane) lessonPane.set(S.lesson);
}

/**
 * openScenario loads a built-in scenario on a fresh cluster (paused), then its files and its first steps.
 * @param {string} name
 * @param {{seed?: number, files?: File[] | null, step?: number}} [opts]
 */
export async function openScenario(name, { seed = 0, files = null, step = 0 } = {}) {
  await loadLibrary();
  if (!known(name)) throw new Error(t('scenario.unknown', { name: trunc(name) }));
  S.pending = { name, seed };
  await kp.reset({ seed: seed || 1, scenario: name });
  const data = /** @type {Loaded} */ (S.data); // onReset loaded it
  setEditorFiles(editor, files && files.length ? files : lessonFiles(data));
  const n = Math.min(step | 0, data.steps.length);
  if (n > 0) await replaySteps(n);
  else await restoreProgress();
  afterSteps();
}

/**
 * openFree builds the default cluster with seed (free play), optionally with files.
 * @param {{seed?: number, files?: File[] | null}} [opts]
 */
export async function openFree({ seed = 1, files = null } = {}) {
  S.pending = { name: '', seed };
  await kp.reset({ seed });
  if (files) setEditorFiles(editor, files);
}

/**
 * runStep runs scenario step i (and any before it that have not run); a learner's turn plays its solution.
 * mine: step i applies the learner's version of its file (they kept their edit) rather than the lesson's.
 */
export async function runStep(i, { mine = false } = {}) {
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
      r = await kp.call('runStep', at, at === i && mine ? JSON.stringify(mineFiles()) : '');
      if (gen !== S.gen) return null;
      S.results[at] = r;
      S.next = r.next;
      player.recorded(at, r);
      stepDone(at, r, { shown: !!S.data.steps[at].yourTurn });
      if (!restoring) showSolutionFiles(at);
    }
    return gen !== S.gen ? null : r; // each answer brought its trace, Events and output with it
  } finally {
    running = false;
    player.setBusy(false);
    afterSteps();
  }
}

export const runNextStep = () => runStep(S.next);

/** state is what the postMessage API and session() report. */
export function state() {
  const c = kp.state || {};
  return {
    playing: !!c.playing, speed: c.speed ?? 1, now: kp.now(), scenario: S.name, step: S.next,
    steps: S.data ? S.data.steps.length : 0, seed: S.seed, files: editor ? editor.files.map((f) => f.name) : [],
    lesson: !!S.lesson, results: results(), version: S.data ? S.data.version || '' : '', progress: progress.map((p) => ({ ...p })),
  };
}

/** sharePayload is the v1: payload of the current state. */
export async function sharePayload() {
  return encodeState({
    files: getEditorFiles(editor), scenario: S.lesson ? '' : S.name, seed: S.seed, step: S.next,
    lesson: S.lesson, journal: S.data ? null : await journal(), view: viewState(),
  });
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
  // A lesson opens on the player, never on its YAML (the Lesson tab holds the solution): a link made from the
  // Lesson tab does not reopen it.
  if (st.view) applyView(st.lesson && st.view.tab === 'lesson' ? { ...st.view, tab: '' } : st.view);
  if (st.scenario && !st.lesson) await loadLibrary();
  if (st.scenario && !st.lesson && !known(st.scenario)) {
    showBanner(t('scenario.unknown', { name: trunc(st.scenario) }), 'error', 'link');
    return null;
  }
  if (st.files.length > MAX_FILES) showBanner(t('share.err.files', { n: MAX_FILES }), 'warn', 'files');
  const files = st.files.slice(0, MAX_FILES);
  const step = embedOpts.step >= 0 ? embedOpts.step : st.step;
  if (st.lesson) {
    await openLesson(st.lesson, { seed: st.seed, files, step }).catch((e) => { if (!(e instanceof LessonError)) throw e; });
    return false;
  }
  if (st.scenario) {
    await openScenario(st.scenario, { seed: st.seed, files, step });
    return false;
  }
  await openFree({ seed: st.seed > 0 ? st.seed : 1, files: files.length ? files : null });
  if (st.journal) return replayJournal(st.journal);
  return true;
}

function syncPicker() {
  const sel = selectById('scenario');
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
  // A lesson someone wrote is the picker's last entry while it is open (issue 12).
  sel.querySelector('option[data-lesson]')?.remove();
  const data = S.data;
  if (S.lesson && data) {
    const o = document.createElement('option');
    o.value = S.name;
    o.dataset.lesson = '1';
    o.textContent = `✎ ${getLang() === 'ja' ? data.title.ja || data.title.en : data.title.en || data.title.ja}`;
    sel.append(o);
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
  player = new PlayerPane({
    onRun: (i, opts) => runStep(i, opts).catch((e) => showBanner(t('player.error', { msg: e.message }), 'error')),
    differs,
    onHint: (i) => hintShown(i),
  });
  views.player = player;
  if (views.slowmo) playStepsInSlowMotion(player, views.slowmo);
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
    const go = S.lesson && name === S.name ? openLesson(S.lesson) : name ? openScenario(name) : openFree({ seed: S.seed });
    go.catch((e) => showBanner(e.message, 'error'));
  });
  // The session's calls on window.kubeplay. kp may be the private handle main.js opens the page with
  // (kp.public is then window.kubeplay); calls that change the session wait for ready like the others, so a
  // caller's loadScenario is never undone by the page's own start.
  const pub = kp.public || kp;
  const afterReady = (f) => async (...a) => { await pub.ready; return f(...a); };
  Object.assign(pub, /** @type {SessionAPI} */ ({
    shareURL,
    scenarios: () => scenarios().map((s) => ({ ...s })),
    loadScenario: afterReady((name, opts = {}) => openScenario(name, opts)),
    runStep: afterReady((i) => runStep(typeof i === 'number' ? i : S.next)),
    session: state,
    loadLesson: afterReady((text, opts = {}) => openLesson(String(text ?? ''), opts)),
    checkLesson: (text) => checkLesson(String(text ?? '')),
  }));
  lessonPane = new LessonPane({
    check: checkLesson,
    verify: verifyLesson,
    run: (text) => openLesson(text).catch((e) => { if (!(e instanceof LessonError)) showBanner(e.message, 'error'); }),
    share: () => bus.emit('open-share'),
    embed: () => openEmbed(),
  });
  initShareUI({ shareURL, sharePayload, createShortLink, scenarios, current: () => S.name, embed: embedOpts.embed });
  if (embedOpts.readonly.includes('editor')) editor.setReadOnly(true);
  if (embedOpts.readonly.includes('terminal')) {
    const input = inputById('terminal-input');
    if (input) { input.disabled = true; input.placeholder = t('embed.readonlyTerminal'); }
  }
  // Messages wait until the session has opened what the address asked for (a ?scenario= embed must not
  // answer "free play" while its scenario is still loading).
  /** @type {(v?: unknown) => void} */
  let opened = () => {};
  const whenOpen = new Promise((r) => { opened = r; });
  const api = installMessageAPI(kp, { state, openScenario, runNextStep, shareURL, whenOpen }, embedOpts.origins);
  host = api;
  wireLessons();

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
        await openScenario(embedOpts.scenarioParam, { step: Math.max(0, embedOpts.step) });
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
  if (embedOpts.paused) play = false;
  document.body.dataset.session = 'ready';
  opened();
  api.announce();
  followAddress();
  if (embedOpts.embed) watchSize(api.notify);
  if (embedOpts.speed) {
    const sp = selectById('speed');
    if (sp) sp.value = String(embedOpts.speed);
    bus.clockState.speed = embedOpts.speed;
  }
  return { play, speed: embedOpts.speed || 0 };
}

// ---------- lessons anyone writes, the learner's turn, messages to the host, the address (issue 12) ----------

let lessonPane = null;
let host = null; // the postMessage API: notify(type, body) posts to an allowed parent

/** LessonError: a lesson that did not pass the loader; its problems are shown, nothing was loaded. */
export class LessonError extends Error {
  constructor(problems) {
    super(formatProblems(problems).join('\n'));
    this.name = 'LessonError';
    this.problems = problems;
  }
}

const MAX_LESSON = 1 << 20; // as the loader's MaxFileBytes: a larger lesson never reaches the core

/** checkLesson runs kubeplay check's loader on a lesson's YAML: {ok, name, steps, problems:[{line, message}]}. */
export async function checkLesson(text) {
  if (text.length > MAX_LESSON) return { ok: false, problems: [{ line: 0, message: `the file is larger than ${MAX_LESSON} bytes` }] };
  return kp.call('checkScenarioText', text);
}

/** verifyLesson is kubeplay check on a lesson's YAML: the loader, then the lesson played headlessly in the core. */
export async function verifyLesson(text) {
  if (text.length > MAX_LESSON) return checkLesson(text);
  return kp.call('checkScenarioText', text, 'play');
}

/**
 * openLesson checks a lesson and, when it is valid, opens it like a built-in scenario; else shows its problems.
 * @param {string} text
 * @param {{seed?: number, files?: File[] | null, step?: number}} [opts]
 */
export async function openLesson(text, { seed = 0, files = null, step = 0 } = {}) {
  const res = await checkLesson(text);
  if (!res.ok) {
    lessonPane?.set(text);
    lessonPane?.show(res);
    const lines = formatProblems(res.problems);
    document.getElementById('banner')?.setAttribute('data-key', 'lesson');
    showBanner(`${t('lesson.broken')}\n${lines.slice(0, 4).join('\n')}${lines.length > 4 ? '\n…' : ''}`, 'error', 'lesson');
    document.body.dataset.lesson = 'invalid';
    throw new LessonError(res.problems);
  }
  document.body.dataset.lesson = 'ok';
  const banner = document.getElementById('banner');
  if (banner && /lesson/.test(banner.dataset.key || '')) banner.hidden = true;
  S.pending = { name: res.name, lesson: text, seed };
  await kp.reset({ seed: seed || 1 });
  const data = /** @type {Loaded} */ (S.data); // onReset loaded it
  setEditorFiles(editor, files && files.length ? files : lessonFiles(data));
  const n = Math.min(step | 0, data.steps.length);
  if (n > 0) await replaySteps(n);
  else await restoreProgress();
  afterSteps();
}

// lessonFiles is what the editor opens with: the lesson's files but those only a solution applies (they stay
// out of sight until the learner asks to be shown, showSolutionFiles).
function lessonFiles(data) {
  const hidden = new Set(data.solutions || []);
  return (data.files || []).filter((f) => !hidden.has(f.name));
}

// showSolutionFiles adds step i's solution file to the editor once its solution was shown.
function showSolutionFiles(i) {
  const data = S.data;
  const step = data && /** @type {{yourTurn?: boolean, solution?: string[]}} */ (data.steps[i]);
  if (!data || !step || !step.yourTurn || !editor) return;
  const files = getEditorFiles(editor);
  const add = (data.files || []).filter((f) => (data.solutions || []).includes(f.name) && (step.solution || []).includes(`kubectl apply -f ${f.name}`) && !files.some((g) => g.name === f.name));
  if (add.length) setEditorFiles(editor, files.concat(add));
}

// mineFiles is the learner's editor files by name (what "apply mine" sends).
function mineFiles() {
  const out = {};
  for (const f of getEditorFiles(editor)) out[f.name] = f.content;
  return out;
}

// differs tells the player whether the learner's editor holds a different version of a lesson's file.
function differs(name) {
  if (!S.data || !editor) return false;
  const lesson = (S.data.files || []).find((f) => f.name === name);
  const mine = getEditorFiles(editor).find((f) => f.name === name);
  return !!(lesson && mine && mine.content !== lesson.content);
}

function results() {
  if (!S.data) return [];
  return S.data.steps.map((_, i) => {
    const r = S.results[i];
    let st = 'pending';
    if (r) st = r.passed ? 'passed' : 'failed';
    else if (S.live && S.live.index === i) st = S.live.state;
    return { step: i, state: st };
  });
}

// ---------- progress a course can use (issue 27): one record per step, told to the host once per change ----------

/**
 * A step's progress as the host hears it (kubeplay:step) and an embed keeps it across reloads.
 * @typedef {{index: number, state: 'pending' | 'failed' | 'passed', attempts: number, hintsShown: number,
 *   solutionShown: boolean, firstPassedAt: {virtual: number, wall: number} | null}} StepProgress
 */

/** @type {StepProgress[]} */
let progress = [];
/** @type {string[]} the last record told to the host, per step (JSON) */
let told = [];
let restoring = false; // an embed's saved progress is being put back: nothing is told or counted

/** @returns {StepProgress} */
function progressOf(i) {
  progress[i] ??= { index: i, state: 'pending', attempts: 0, hintsShown: 0, solutionShown: false, firstPassedAt: null };
  return progress[i];
}

function resetProgress() {
  progress = [];
  progress = S.data ? S.data.steps.map((_, i) => progressOf(i)) : [];
  told = progress.map((p) => JSON.stringify(p)); // a fresh pending record is no change
}

// progressChanged sets step i's state and tells the host when the record changed.
function progressChanged(i, state) {
  if (restoring || !S.data) return;
  const p = progressOf(i);
  if (state === 'passed' || state === 'failed' || state === 'pending') {
    if (p.state !== 'passed') p.state = state;
  }
  if (p.state === 'passed' && !p.firstPassedAt) p.firstPassedAt = { virtual: kp.now(), wall: Date.now() };
  const rec = JSON.stringify(p);
  if (told[i] === rec) return;
  told[i] = rec;
  const r = S.results[i] || (S.live && S.live.index === i ? S.live : null);
  const failed = (r && r.expectations || []).filter((e) => !e.ok).map((e) => ({
    expectation: e.text, got: e.got || e.message, feedback: e.feedback ? e.feedback[getLang()] || e.feedback.en : undefined,
  }));
  host?.notify('step', { ...p, passed: p.state === 'passed', failed });
  saveProgress();
}

/** hintShown counts a hint the learner opened on step i. */
function hintShown(i) {
  progressOf(i).hintsShown++;
  progressChanged(i, '');
}

// stepDone records a step that ran or passed, tells the host, and at the end tells it the lesson's summary.
// A learner's turn run by runStep played the author's solution ("show me"): it is solutionShown, not passed.
function stepDone(i, r, { shown = false } = {}) {
  if (!restoring) {
    if (shown) progressOf(i).solutionShown = true;
    progressChanged(i, shown ? (progressOf(i).state === 'failed' ? 'failed' : 'pending') : r.passed ? 'passed' : 'failed');
  }
  if (r.done && S.data && !restoring) {
    const list = S.data.steps.map((_, j) => progressOf(j));
    host?.notify('lesson-complete', {
      name: S.name, version: S.data.version || '', steps: list.length,
      passed: list.filter((p) => p.state === 'passed').length,
      solutionShown: list.filter((p) => p.solutionShown).length,
      attempts: list.reduce((n, p) => n + p.attempts, 0),
      hintsShown: list.reduce((n, p) => n + p.hintsShown, 0),
      results: list.map((p) => ({ ...p })),
    });
  }
  addressSoon();
}

// An embed keeps its progress in the browser's storage, keyed by the lesson's content hash: a reload (or
// the same lesson embedded again) puts the steps back where the learner was. Nothing is sent anywhere.
const progressKey = () => (S.data && S.data.version ? `kubeplay:progress:${S.data.version}` : '');

function saveProgress() {
  const key = progressKey();
  if (!embedOpts.embed || !key || restoring) return;
  try {
    localStorage.setItem(key, JSON.stringify({ next: S.next, progress }));
  } catch (_) { /* storage full or blocked: progress lives as long as the page */ }
}

/** @returns {{next: number, progress: StepProgress[]} | null} */
function savedProgress() {
  const key = progressKey();
  if (!embedOpts.embed || !key) return null;
  try {
    const v = JSON.parse(localStorage.getItem(key) || 'null');
    if (!v || typeof v.next !== 'number' || !Array.isArray(v.progress) || !S.data) return null;
    const n = S.data.steps.length;
    const progress = v.progress.slice(0, n).map((p, i) => ({
      index: i, state: ['pending', 'failed', 'passed'].includes(p && p.state) ? p.state : 'pending',
      attempts: Math.max(0, p && p.attempts | 0), hintsShown: Math.max(0, p && p.hintsShown | 0), solutionShown: !!(p && p.solutionShown),
      firstPassedAt: p && p.firstPassedAt && typeof p.firstPassedAt.virtual === 'number' && typeof p.firstPassedAt.wall === 'number'
        ? { virtual: p.firstPassedAt.virtual, wall: p.firstPassedAt.wall } : null,
    }));
    return { next: Math.min(Math.max(0, v.next | 0), n), progress };
  } catch (_) {
    return null;
  }
}

// replaySteps runs the first n steps for a link (step=) or saved progress: instantly, and without telling the
// host (these are not the learner's doing).
async function replaySteps(n) {
  restoring = true;
  try {
    await runStep(n - 1);
  } finally {
    restoring = false;
  }
  // The learner starts on the step that is theirs to do, not on the last one replayed.
  if (S.data && S.next < S.data.steps.length) player.showStep(S.next);
}

// restoreProgress runs the steps an embed's learner had reached (a learner's turn by its solution, as a
// link's step= does) without telling the host, then puts their records back.
async function restoreProgress() {
  const saved = savedProgress();
  if (!saved || saved.next === 0) return;
  await replaySteps(saved.next);
  progress = saved.progress;
  told = progress.map((p) => JSON.stringify(p));
  saveProgress();
}

const learnerNow = () => S.data && S.next < S.data.steps.length && !!S.data.steps[S.next].yourTurn;

// afterSteps: when the current step is the learner's turn, it is looked at once. Time stands still on the
// learner's turn unless they press play: their Apply or command checks it (an attempt, liveCheck).
function afterSteps() {
  if (!learnerNow()) return;
  checkSoon({ mode: '' });
}

/** @type {{mode: string, line?: string} | null} the check waiting to run (an attempt outranks a look) */
let wanted = null;
let checking = false;
let checkedAt = -1; // the virtual time of the last look: time that did not move needs no new one

/**
 * checkSoon asks for a check of the learner's turn: mode '' is a look (now, the clock still), 'attempt' the
 * learner applied, 'run' they ran line in the terminal (an attempt unless it only reads, the core decides).
 * @param {{mode: string, line?: string}} req
 */
function checkSoon(req) {
  if (!learnerNow()) return;
  if (!wanted || (req.mode && !wanted.mode)) wanted = req;
  if (req.mode === '') checkedAt = -1;
  Promise.resolve().then(liveCheck);
}

// liveCheck runs the check wanted. An attempt waits on the virtual clock in the core (as a scripted step's
// expectations do) and answers at once: passed, or failed with what the cluster shows and why.
async function liveCheck() {
  if (checking || running || resetting || !wanted) return;
  if (!learnerNow()) { wanted = null; return; }
  const req = wanted;
  const now = kp.now();
  if (!req.mode && now === checkedAt) { wanted = null; return; }
  wanted = null;
  checking = true;
  const gen = S.gen;
  try {
    const r = await kp.call('checkStep', req.mode, req.line || '');
    if (gen !== S.gen || !r || r.index < 0) return;
    checkedAt = kp.now();
    const p = progressOf(r.index);
    if (r.attempts > p.attempts) p.attempts = r.attempts;
    if (r.state === 'passed') {
      S.live = null;
      const res = { index: r.index, passed: true, expectations: r.expectations, transcript: r.transcript, next: r.next, done: r.done, now: r.now };
      S.results[r.index] = res;
      S.next = r.next;
      player.recorded(r.index, res);
      stepDone(r.index, res);
      afterSteps();
      return;
    }
    S.live = r;
    player.checked(r.index, r);
    progressChanged(r.index, r.state);
  } catch (_) {
    /* a reset meanwhile, or the core stopped: the next action checks again */
  } finally {
    checking = false;
    if (wanted) liveCheck();
  }
}

// ---------- the journal: a free-play link replays what the learner did (relaycore's seam functions) ----------

async function journal() {
  try {
    const j = await kp.call('journal');
    return j && typeof j === 'object' && Array.isArray(j.entries) && j.entries.length ? j : null;
  } catch (_) {
    return null; // this core keeps no journal
  }
}

// replayJournal rebuilds the cluster to a link's journal; resolves to whether the clock plays afterwards.
async function replayJournal(j) {
  try {
    await kp.call('replay', JSON.stringify(j));
    return true;
  } catch (e) {
    showBanner(t('share.err.replay', { msg: trunc(e && e.message ? e.message : e, 160) }), 'warn', 'link');
    return true;
  }
}

// ---------- the view in a link: language, speed, open tab, events filter ----------

function viewState() {
  const tab = document.querySelector('.tabs [role="tab"][aria-selected="true"]');
  const speed = Number(selectById('speed')?.value) || bus.clockState.speed || 1;
  return {
    lang: getLang(), speed: speed !== 1 ? speed : 0, tab: tab ? tab.id.replace(/^tab-/, '') : '',
    filter: inputById('ev-object')?.value || '',
  };
}

function applyView(v) {
  if ((v.lang === 'ja' || v.lang === 'en') && !embedOpts.lang) setLang(v.lang);
  const sp = selectById('speed');
  if (sp && v.speed && [...sp.options].some((o) => Number(o.value) === v.speed)) {
    sp.value = String(v.speed);
    sp.dispatchEvent(new Event('change'));
  }
  if (v.tab && /^[a-z]{1,20}$/.test(v.tab)) bus.emit('show-tab', v.tab);
  const f = inputById('ev-object');
  if (f && typeof v.filter === 'string') {
    f.value = v.filter.slice(0, 200);
    f.dispatchEvent(new Event('input'));
  }
}

// ---------- the address follows the state (not in an embed): replaceState, debounced ----------

let addressTimer = 0;
let following = false;

function addressSoon() {
  if (!following) return;
  clearTimeout(addressTimer);
  addressTimer = setTimeout(async () => {
    if (running || resetting) return addressSoon();
    try {
      const p = await sharePayload();
      if (p === lastPayload) return;
      lastPayload = p;
      history.replaceState(history.state, '', `${pageBase()}${location.search}#${p}`);
    } catch (_) { /* keep the address */ }
  }, 800);
}

function followAddress() {
  if (embedOpts.embed) return;
  following = true;
  const soon = () => addressSoon();
  kp.on('applied', soon);
  bus.on('ran', soon);
  bus.on('tab', soon);
  onLang(soon);
  document.getElementById('speed')?.addEventListener('change', soon);
  document.getElementById('ev-object')?.addEventListener('input', soon);
  document.getElementById('editor')?.addEventListener('input', soon);
}

// wireLessons: the learner's actions and the running clock check the learner's turn; the host hears of applies.
function wireLessons() {
  kp.on('applied', (r) => {
    checkSoon({ mode: 'attempt' });
    host?.notify('applied', { filename: String(r && r.filename || ''), code: r ? r.code | 0 : 0 });
  });
  bus.on('ran', (line) => checkSoon({ mode: 'run', line: String(line || '') }));
  // While the learner lets the clock run (they pressed play), each moment is looked at.
  kp.on('tick', (s) => { if (s && s.playing && s.now !== checkedAt) checkSoon({ mode: '' }); });
  bus.on('open-share', () => document.getElementById('share')?.click());
}

// playStepsInSlowMotion makes "Run this step" (and "Show me") play the step's hand-offs one beat at a time
// in the diagram, the story and the caption, and only then show its ✓/✗. The core runs the step at once on
// the virtual clock; slow motion presents the beats it made (slowmo.present). Replays of a link, the
// postMessage API and kubeplay.runStep() call runStep directly and stay instant.
function playStepsInSlowMotion(pl, slowmo) {
  const run = pl.onStepRun;
  pl.onStepRun = async (i, opts) => {
    const results = [];
    const recorded = pl.recorded;
    pl.recorded = (...args) => { results.push(args); };
    try {
      return await slowmo.present(() => run(i, opts));
    } finally {
      pl.recorded = recorded;
      for (const args of results) pl.recorded(...args);
    }
  };
}
