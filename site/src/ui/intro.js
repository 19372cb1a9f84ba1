// intro: the first-visit card. What the page is for (the article's relay from kubectl apply to a running Pod),
// then one line each: pause and Apply, step one beat, show only Kubernetes Events; a button opens lesson 02
// (the relay). Dismissed for good (localStorage). Never shown in an embed, nor when the address opens
// something of its own (a share link, a short link, ?scenario=).

import { h, $, clear } from './dom.js';
import { t, onLang } from '../i18n.js';
import * as bus from './bus.js';

export const INTRO_KEY = 'kubeplay.intro';
export const INTRO_LESSON = '02-relay';

/** wanted says whether the card belongs on this page load. */
export function wanted(loc = location, embed = false) {
  if (embed) return false;
  const q = new URLSearchParams(loc.search);
  if (q.get('embed') === '1' || q.get('embed') === 'true' || q.has('scenario')) return false;
  if (loc.hash.length > 1 || loc.pathname.startsWith('/s/')) return false;
  try {
    if (localStorage.getItem(INTRO_KEY) === 'dismissed') return false;
  } catch (_) { /* storage unavailable: show it this time */ }
  return true;
}

export function initIntro({ embed = false } = {}) {
  const card = $('#intro');
  if (!card || !wanted(location, embed)) return null;
  const dismiss = () => {
    try { localStorage.setItem(INTRO_KEY, 'dismissed'); } catch (_) { /* ignore */ }
    card.hidden = true;
    clear(card);
  };
  const render = () => {
    clear(card);
    const lesson = h('button.btn.btn-primary#intro-lesson', { type: 'button' }, t('intro.lesson'));
    lesson.addEventListener('click', () => { dismiss(); bus.emit('scenario', INTRO_LESSON); });
    const close = h('button.btn#intro-close', { type: 'button', 'aria-label': t('intro.dismiss.aria'), title: t('intro.dismiss.aria') }, t('intro.dismiss'));
    close.addEventListener('click', () => { dismiss(); $('#apply')?.focus(); });
    card.append(
      h('div.intro-text', null,
        h('h2#intro-title.intro-title', null, t('app.tagline'), h('span.intro-sub', null, t('intro.article'))),
        h('ol.intro-steps', null,
          h('li', null, h('b', null, '① ', icon('#play .icon-pause'), t('intro.pause.do')), h('span.intro-why', null, ' ', t('intro.pause.why'))),
          h('li', null, h('b', null, '② ', icon('#step svg'), t('intro.beat.do')), h('span.intro-why', null, ' ', t('intro.beat.why'))),
          h('li', null, h('b', null, '③ ', t('intro.k8s.do')), h('span.intro-why', null, ' ', t('intro.k8s.why'))))),
      h('div.intro-actions', null, lesson, close));
  };
  render();
  card.hidden = false;
  onLang(() => { if (!card.hidden) render(); });
  return card;
}

// icon copies a control bar button's icon, so the card shows the very button it names.
function icon(sel) {
  const svg = document.querySelector(sel);
  if (!svg) return '';
  const c = svg.cloneNode(true);
  c.setAttribute('class', 'icon intro-icon');
  c.setAttribute('aria-hidden', 'true');
  return c;
}
