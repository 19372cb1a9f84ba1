// banner: a non-blocking notice at the bottom of the page (storage quota, seam errors).

import { $ } from './dom.js';

let shownKey = '';

export function showBanner(text, kind = 'warn', key = '') {
  const b = $('#banner');
  if (!b) return;
  if (key && key === shownKey && !b.hidden) return;
  shownKey = key;
  $('#banner-text').textContent = text;
  b.classList.toggle('error', kind === 'error');
  b.hidden = false;
}

/** hideBanner hides the notice shown with key (another notice stays). */
export function hideBanner(key) {
  const b = $('#banner');
  if (b && shownKey === key) b.hidden = true;
}

export function initBanner() {
  $('#banner-close')?.addEventListener('click', () => { $('#banner').hidden = true; });
}
