// layout: the page's frame. The workspace is a flex/grid column under the real header (style.css), so nothing
// here sizes it; this module only
//  - keeps --header-h equal to the header's real height (under a phone's sticky header, the story's tabs stop there),
//  - opens and closes the control bar's menu below 1024 px (#menu, Escape, a click outside, a choice made),
//  - gives every control bar button a tooltip when its label is compact (title = its accessible name),
//  - scrolls the chosen tab into view in a tab strip narrower than its tabs,
//  - on a narrow screen (stacked panes), brings the story (the events tab) into view after Apply,
//  - on a phone, folds the editor to its Apply bar after Apply (#editor-fold unfolds it): one screen, no scroll.

import { $ } from './dom.js';
import { t, onLang } from '../i18n.js';
import * as bus from './bus.js';

/** The width below which the panes stack (style.css, @media (max-width: 900px)). */
export const STACKED = '(max-width: 900px)';
/** A phone (style.css, @media (max-width: 560px)): one screen, the editor folds after Apply. */
export const PHONE = '(max-width: 560px)';

// foldEditor folds the editor pane to its Apply bar and output (a phone) or unfolds it; #editor-fold says which.
function foldEditor(folded) {
  const pane = $('.editor-pane');
  const btn = $('#editor-fold');
  if (!pane || !btn) return;
  pane.classList.toggle('folded', folded);
  btn.setAttribute('aria-expanded', String(!folded));
  btn.textContent = t(folded ? 'editor.unfold' : 'editor.fold');
}

function initEditorFold() {
  const bar = $('.apply-bar');
  if (!bar || $('#editor-fold')) return;
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.id = 'editor-fold';
  btn.className = 'btn btn-small editor-fold';
  btn.setAttribute('aria-controls', 'editor');
  btn.addEventListener('click', () => foldEditor(btn.getAttribute('aria-expanded') === 'true'));
  bar.append(btn);
  foldEditor(false);
  onLang(() => foldEditor($('.editor-pane')?.classList.contains('folded') ?? false));
}

export function initLayout() {
  const header = $('.controlbar');
  if (!header) return;
  const root = document.documentElement;
  const measure = () => root.style.setProperty('--header-h', `${Math.ceil(header.getBoundingClientRect().height)}px`);
  measure();
  if (typeof ResizeObserver === 'function') new ResizeObserver(measure).observe(header);

  initMenu(header);
  titles(header);
  onLang(() => titles(header));
  // Buttons added later (the Embed button once the session starts) get their tooltip too.
  new MutationObserver(() => titles(header)).observe(header, { childList: true, subtree: true });

  bus.on('tab', (name) => {
    const tab = document.getElementById(`tab-${name}`);
    const strip = tab && tab.parentElement;
    if (strip && strip.scrollWidth > strip.clientWidth) tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  });

  initEditorFold();
  // A window that becomes a phone's after an Apply (a rotation, a resize) folds the editor as Apply would have.
  let applied = false;
  bus.on('editor-applied', () => { applied = true; });
  window.matchMedia(PHONE).addEventListener?.('change', (e) => { if (e.matches && applied) foldEditor(true); });

  bus.on('editor-applied', () => {
    // A phone: the editor folds to its Apply bar, the relay takes the screen (the page never scrolls).
    if (window.matchMedia(PHONE).matches) {
      bus.emit('show-tab', 'events');
      foldEditor(true);
      return;
    }
    if (!window.matchMedia(STACKED).matches) return;
    bus.emit('show-tab', 'events');
    // The tab strip to the top (under the sticky header): the story fills the screen below it.
    const tabs = $('.right-pane .tabs');
    if (tabs) tabs.scrollIntoView({ block: 'start', behavior: 'auto' });
  });
}

function initMenu(header) {
  const btn = $('#menu');
  const menu = $('#ctl-menu');
  if (!btn || !menu) return;
  const set = (open) => {
    header.classList.toggle('menu-open', open);
    btn.setAttribute('aria-expanded', String(open));
  };
  btn.addEventListener('click', () => {
    const open = !header.classList.contains('menu-open');
    set(open);
    if (open) menu.querySelector('button:not(:disabled), select')?.focus();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && header.classList.contains('menu-open')) { set(false); btn.focus(); }
  });
  document.addEventListener('pointerdown', (e) => {
    if (header.classList.contains('menu-open') && !menu.contains(e.target) && !btn.contains(e.target)) set(false);
  });
  // A choice made closes the menu (the language and theme switches stay: they are toggles one may press twice).
  menu.addEventListener('change', (e) => { if (e.target.id === 'scenario') set(false); });
  menu.addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (b && (b.id === 'reset' || b.id === 'share' || b.id === 'embed')) set(false);
  });
}

// titles gives each button of the bar a tooltip with its name, for when its text label is hidden.
function titles(header) {
  for (const b of header.querySelectorAll('button')) {
    if (b.dataset.i18nTitle) continue; // kept by applyI18n
    const name = b.getAttribute('aria-label') || b.textContent.trim();
    if (name && b.title !== name) b.title = name;
  }
}
