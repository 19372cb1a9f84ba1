// layout: the page's frame. The workspace is a flex/grid column under the real header (style.css), so nothing
// here sizes it; this module only
//  - keeps --header-h equal to the header's real height (under a phone's sticky header, the story's tabs stop there),
//  - opens and closes the control bar's menu below 1024 px (#menu, Escape, a click outside, a choice made),
//  - gives every control bar button a tooltip when its label is compact (title = its accessible name),
//  - scrolls the chosen tab into view in a tab strip narrower than its tabs,
//  - on a narrow screen (stacked panes), brings the story (the events tab) into view after Apply.

import { $ } from './dom.js';
import { onLang } from '../i18n.js';
import * as bus from './bus.js';

/** The width below which the panes stack (style.css, @media (max-width: 900px)). */
export const STACKED = '(max-width: 900px)';

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

  bus.on('editor-applied', () => {
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
