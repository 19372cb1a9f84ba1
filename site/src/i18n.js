// i18n: every string the page shows, in Japanese and English.
// Elements carry data-i18n="key" (textContent), data-i18n-aria="key" (aria-label),
// data-i18n-title="key" (title) and data-i18n-ph="key" (placeholder); applyI18n() fills them.
// Japanese follows the words of the article (docs/glossary-ja.md; the dictionaries are in i18n/ja.js, i18n/en.js and i18n/reasons.js).

import { ja } from './i18n/ja.js';
import { en } from './i18n/en.js';
import { reasons, byMessage } from './i18n/reasons.js';

const dict = { ja, en };

const LANG_KEY = 'kubeplay.lang';
let lang = initialLang();
const listeners = [];

function initialLang() {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved === 'ja' || saved === 'en') return saved;
  } catch (_) { /* storage may be unavailable */ }
  const nav = (typeof navigator !== 'undefined' && (navigator.languages?.[0] || navigator.language)) || 'en';
  return nav.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export function getLang() { return lang; }

export function setLang(l) {
  if (l !== 'ja' && l !== 'en') return;
  lang = l;
  try { localStorage.setItem(LANG_KEY, l); } catch (_) { /* ignore */ }
  document.documentElement.lang = l;
  applyI18n(document);
  for (const f of listeners) f(l);
}

// onLang registers f to run after every language switch (views re-render their dynamic text).
export function onLang(f) { listeners.push(f); }

// t returns the string for key in the current language, with {name} placeholders filled from vars.
export function t(key, vars) {
  let s = dict[lang][key] ?? dict.en[key] ?? key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
  return s;
}

export function hasKey(key) { return key in dict.en; }

// reasonText returns the one-line explanation of a Kubernetes Event, by its message where the reason alone
// does not tell (reasons.js byMessage), else by its reason, or "".
export function reasonText(reason, message = '', l = lang) {
  const m = String(message || '');
  const v = byMessage.find((x) => x.reason === reason && m.startsWith(x.prefix));
  if (v) return v[l];
  const r = reasons[reason];
  return r ? r[l] : '';
}

export function knownReasons() { return Object.keys(reasons); }

export function applyI18n(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-ph]')) el.placeholder = t(el.dataset.i18nPh);
}

// Exposed for tests: both dictionaries must have the same keys.
export const _dicts = dict;
export const _reasons = reasons;
export const _byMessage = byMessage;
