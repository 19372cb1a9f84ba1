// app: builds every view (before window.kubeplay is ready: they wait for its events). main.js calls startUI with
// window.kubeplay, which each view is handed: the only way the views reach the core.

import { applyI18n, getLang, setLang, t } from '../i18n.js';
import { initControlBar, initTheme } from './controlbar.js';
import { initTabs } from './tabs.js';
import { Editor } from './editor.js';
import { getEditorFiles } from './editorfiles.js';
import { EventsPanel } from './events.js';
import { StoryPanel } from './story.js';
import { Caption } from './caption.js';
import { Timeline } from './timeline.js';
import { SlowMotion } from './slowmo.js';
import { ApplyMergeView } from './applymerge.js';
import { ObjectsStrip } from './objects.js';
import { track } from './relay.js';
import { Diagram } from './diagram.js';
import { Terminal } from './terminal.js';
import { ClusterView } from './cluster.js';
import { EtcdView } from './etcd.js';
import { ExplainView } from './explain.js';
import { hideBanner, initBanner, showBanner } from './banner.js';
import { initLayout } from './layout.js';
import { initIntro } from './intro.js';
import * as bus from './bus.js';
import * as snapshot from './snapshot.js';

// prepare runs before the cluster is loaded: theme and language, so the loader is already right.
export function prepare() {
  initTheme();
  document.documentElement.lang = getLang();
  applyI18n(document);
}

// startUI builds the views on kp (window.kubeplay): the only way they reach the core.
/** @param {import('../api.js').Kubeplay} kp */
export function startUI(kp) {
  initBanner();
  const views = {};
  snapshot.connect(kp);
  track(kp);
  views.events = new EventsPanel(kp);
  views.story = new StoryPanel(kp);
  views.diagram = new Diagram(kp);
  views.caption = new Caption(kp, document.querySelector('#diagram'));
  views.objects = new ObjectsStrip(views.caption.el, kp);
  views.timeline = new Timeline(kp, views.objects.el);
  views.slowmo = new SlowMotion(kp, views);
  views.terminal = new Terminal(kp);
  views.cluster = new ClusterView(kp);
  views.etcd = new EtcdView(kp);
  views.explain = new ExplainView(kp);
  views.editor = new Editor(kp);
  views.applyMerge = new ApplyMergeView(kp);
  views.terminal.files = () => Object.fromEntries(getEditorFiles(views.editor).map((f) => [f.name, f.content]));
  initControlBar(kp, views.slowmo);
  initTabs();
  initLayout();
  initIntro({ embed: document.documentElement.classList.contains('embed') });
  bus.on('error', (e) => showBanner(`${e && e.message ? e.message : e}`, 'error'));
  // A call that reached what the first download leaves out waits while the rest of kubeplay loads (coreworker.js).
  kp.on('full', (m) => {
    const feature = m.feature === 'lessons' ? t('banner.lessons') : m.feature; // else a kubectl line or a kind
    if (m.state === 'loading') showBanner(t('banner.full', { feature }), 'warn', 'full');
    else if (m.state === 'loaded') hideBanner('full');
    else showBanner(t('banner.fullFailed', { feature, detail: m.detail || '' }), 'error', 'full-failed');
  });
  setLang(getLang()); // fills every data-i18n element, including the ones the views created
  // For tests and the console: the views, without widening window.kubeplay's contract.
  globalThis.__kubeplayUI = views;
  return views;
}

// markReady hides the loader and sets body[data-ready]: the views are built and the session has opened
// what the address asked for (main.js calls it then).
export function markReady() {
  document.body.dataset.ready = '1';
  const loader = document.getElementById('loader');
  if (loader) setTimeout(() => { loader.hidden = true; }, 300);
}
