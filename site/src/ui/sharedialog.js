// sharedialog: the Share button (copies the link for the current state; offers a short link when the link is
// too long for chat apps and the short-link service answers) and the Embed dialog (builds the iframe snippet
// for a course page). Both are <dialog> elements built with text nodes only.

import { h, $, clear } from './dom.js';
import { t, getLang } from '../i18n.js';
import { LONG_LINK } from '../share.js';
import { PANES, ALL_PANES, SPEEDS, embedURL, iframeSnippet } from '../embed.js';

let ctx = null;

async function copy(text) {
  try {
    if (!navigator.clipboard || !window.isSecureContext) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_) {
    return false;
  }
}

/**
 * dialog makes a fresh <dialog> (one of that id at a time) with a title and a close button.
 * @param {string} id
 * @param {string} titleKey
 * @returns {HTMLDialogElement}
 */
export function dialog(id, titleKey) {
  document.getElementById(id)?.remove();
  const d = /** @type {HTMLDialogElement} */ (h(`dialog#${id}.kp-dialog`, { 'aria-labelledby': `${id}-title` }));
  const close = h('button.btn.btn-ghost.kp-dialog-close', { type: 'button', on: { click: () => d.close() } }, t('share.close'));
  d.append(h('div.kp-dialog-head', null, h(`h2#${id}-title.kp-dialog-title`, null, t(titleKey)), close));
  d.addEventListener('close', () => d.remove());
  document.body.append(d);
  return d;
}

function linkRow(url, labelKey) {
  const input = h('input.input.kp-link', { type: 'text', readonly: true, value: url, 'aria-label': t(labelKey), spellcheck: 'false' });
  input.addEventListener('focus', () => input.select());
  return input;
}

/** openShare shows the Share dialog and copies the link. */
export async function openShare() {
  const url = await ctx.shareURL();
  const d = dialog('share-dialog', 'share.title');
  const status = h('p.kp-status', { role: 'status', 'aria-live': 'polite' });
  const input = linkRow(url, 'share.title');
  const copyBtn = h('button.btn', {
    type: 'button',
    on: { click: async () => { status.textContent = t((await copy(url)) ? 'share.copied' : 'share.copyFailed'); input.select(); } },
  }, t('share.copy'));
  d.append(h('p.kp-text', null, t('share.what')), h('div.kp-row', null, input, copyBtn), status);
  if (url.length > LONG_LINK) {
    const shortBox = h('div.kp-short');
    const btn = h('button.btn.btn-primary#share-shorten', { type: 'button' }, t('share.shorten'));
    btn.addEventListener('click', async () => {
      btn.disabled = true;
      status.textContent = t('share.shortening');
      let r;
      try {
        r = await ctx.createShortLink(await ctx.sharePayload());
      } catch (_) { r = null; }
      clear(shortBox);
      if (r) {
        shortBox.append(h('div.kp-row', null, linkRow(r.url, 'share.shorten')));
        status.textContent = (await copy(r.url)) ? t('share.shortDone') : '';
      } else {
        status.textContent = t('share.shortUnavailable');
      }
    });
    d.append(h('p.kp-text', null, t('share.long', { n: url.length })), h('div.kp-row', null, btn), shortBox);
  }
  d.append(h('p.kp-text.muted', null, t('share.limits')));
  d.showModal();
  input.focus();
  status.textContent = t((await copy(url)) ? 'share.copied' : 'share.copyFailed');
  return url;
}

/** openEmbed shows the Embed dialog. */
export function openEmbed() {
  const d = dialog('embed-dialog', 'embed.title');
  const chosen = new Set(PANES);
  // issue 12: language, starting step, speed, paused, read-only parts, and "my current files and lesson".
  const lang = h('select.select#embed-lang', null,
    h('option', { value: 'ja' }, '日本語'), h('option', { value: 'en' }, 'English'), h('option', { value: '' }, t('embed.langBrowser')));
  lang.value = getLang();
  const step = h('input.input#embed-step', { type: 'number', min: '0', max: '999', step: '1', value: '0' });
  const speed = h('select.select#embed-speed', null, ...SPEEDS.map((v) => h('option', { value: String(v) }, `${v}×`)));
  speed.value = '1';
  const paused = h('input#embed-paused', { type: 'checkbox' });
  const roEditor = h('input#embed-ro-editor', { type: 'checkbox' });
  const roTerminal = h('input#embed-ro-terminal', { type: 'checkbox' });
  const mine = h('input#embed-mine', { type: 'checkbox' });
  let fragment = '';
  const boxes = h('fieldset.kp-panes', null, h('legend', null, t('embed.panes')));
  const snippet = h('textarea.input.kp-snippet', { readonly: true, rows: '4', 'aria-label': t('embed.snippet'), spellcheck: 'false' });
  const open = h('a.btn.btn-ghost', { target: '_blank', rel: 'noopener noreferrer' }, t('embed.open'));
  const scen = h('select.select#embed-scenario', { 'aria-label': t('embed.scenario') });
  scen.append(h('option', { value: '' }, t('scenario.free')));
  for (const s of ctx.scenarios()) scen.append(h('option', { value: s.name }, getLang() === 'ja' ? s.title.ja : s.title.en));
  scen.value = ctx.current();
  const origins = h('input.input#embed-origins', { type: 'text', placeholder: 'https://course.example', spellcheck: 'false' });
  const height = h('input.input#embed-height', { type: 'number', min: '240', max: '4000', step: '20', value: '640' });
  const update = () => {
    const base = location.origin + (location.pathname.startsWith('/s/') ? '/' : location.pathname);
    const src = embedURL(base, {
      panes: ALL_PANES.filter((p) => chosen.has(p)), scenario: mine.checked ? '' : scen.value,
      origins: origins.value.split(/[\s,]+/).filter(Boolean),
      lang: lang.value, step: Number(step.value) || 0, speed: Number(speed.value), paused: paused.checked,
      readonly: [roEditor.checked && 'editor', roTerminal.checked && 'terminal'].filter(Boolean),
      fragment: mine.checked ? fragment : '',
    });
    snippet.value = iframeSnippet(src, { height: height.value });
    open.href = src;
  };
  for (const p of ALL_PANES) {
    const cb = h('input', { type: 'checkbox', checked: PANES.includes(p), value: p });
    cb.addEventListener('change', () => {
      if (cb.checked) chosen.add(p);
      else chosen.delete(p);
      if (!chosen.size) { chosen.add(p); cb.checked = true; }
      update();
    });
    boxes.append(h('label.kp-check', null, cb, ' ', t(`embed.pane.${p}`)));
  }
  for (const el of [scen, origins, height, lang, step, speed, paused, roEditor, roTerminal]) {
    el.addEventListener('input', update);
    el.addEventListener('change', update);
  }
  mine.addEventListener('change', async () => {
    if (mine.checked && !fragment) fragment = await ctx.sharePayload();
    scen.disabled = mine.checked;
    update();
  });
  const status = h('p.kp-status', { role: 'status', 'aria-live': 'polite' });
  const copyBtn = h('button.btn.btn-primary', {
    type: 'button',
    on: { click: async () => { status.textContent = t((await copy(snippet.value)) ? 'embed.copied' : 'share.copyFailed'); snippet.select(); } },
  }, t('embed.copy'));
  d.append(
    boxes,
    h('label.kp-field', null, h('span', null, t('embed.scenario')), scen),
    h('label.kp-check.kp-mine', null, mine, ' ', t('embed.mine')),
    h('div.kp-grid', null,
      h('label.kp-field', null, h('span', null, t('embed.lang')), lang),
      h('label.kp-field', null, h('span', null, t('embed.step')), step),
      h('label.kp-field', null, h('span', null, t('embed.speed')), speed)),
    h('div.kp-row', null,
      h('label.kp-check', null, paused, ' ', t('embed.paused')),
      h('label.kp-check', null, roEditor, ' ', t('embed.roEditor')),
      h('label.kp-check', null, roTerminal, ' ', t('embed.roTerminal'))),
    h('label.kp-field', null, h('span', null, t('embed.origins')), origins),
    h('label.kp-field', null, h('span', null, t('embed.height')), height),
    h('label.kp-field', null, h('span', null, t('embed.snippet')), snippet),
    h('div.kp-row', null, copyBtn, open),
    status,
  );
  update();
  d.showModal();
  return snippet.value;
}

/** initShareUI enables the Share button and adds the Embed button next to it (not inside an embed). */
export function initShareUI(context) {
  ctx = context;
  const share = $('#share');
  if (!share) return;
  share.disabled = false;
  share.removeAttribute('title');
  share.dataset.i18nTitle = 'share.title';
  share.title = t('share.title');
  share.addEventListener('click', () => { openShare().catch(() => {}); });
  if (!ctx.embed && !$('#embed')) {
    const label = h('span', { 'data-i18n': 'embed.button' }, t('embed.button'));
    const btn = h('button.btn#embed', { type: 'button' }, icon(), label);
    btn.addEventListener('click', () => openEmbed());
    share.after(btn);
  }
}

function icon() {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('class', 'icon');
  svg.setAttribute('aria-hidden', 'true');
  const p = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  p.setAttribute('d', 'M5.5 4L1.5 8l4 4M10.5 4l4 4-4 4');
  p.setAttribute('fill', 'none');
  p.setAttribute('stroke', 'currentColor');
  p.setAttribute('stroke-width', '1.5');
  p.setAttribute('stroke-linecap', 'round');
  svg.append(p);
  return svg;
}
