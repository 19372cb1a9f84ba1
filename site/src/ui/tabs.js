// tabs: Events, Terminal, Cluster, etcd, Explain, Lesson (WAI-ARIA tabs: arrows, Home, End).

import { $ } from './dom.js';
import * as bus from './bus.js';

export const TABS = ['events', 'terminal', 'cluster', 'etcd', 'explain', 'lesson'];
const TAB_KEY = 'kubeplay.tab';

export function initTabs() {
  const show = (name, focus = false) => {
    if (!TABS.includes(name)) return;
    for (const n of TABS) {
      const tab = $(`#tab-${n}`);
      const panel = $(`#panel-${n}`);
      const on = n === name;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      panel.hidden = !on;
    }
    if (focus) $(`#tab-${name}`).focus();
    try { localStorage.setItem(TAB_KEY, name); } catch (_) { /* ignore */ }
    bus.emit('tab', name);
  };
  TABS.forEach((n, i) => {
    const tab = $(`#tab-${n}`);
    tab.addEventListener('click', () => show(n));
    tab.addEventListener('keydown', (e) => {
      let j = -1;
      if (e.key === 'ArrowRight') j = (i + 1) % TABS.length;
      else if (e.key === 'ArrowLeft') j = (i - 1 + TABS.length) % TABS.length;
      else if (e.key === 'Home') j = 0;
      else if (e.key === 'End') j = TABS.length - 1;
      if (j >= 0) { e.preventDefault(); show(TABS[j], true); }
    });
  });
  bus.on('show-tab', (n) => show(n));
  let saved = 'events';
  try { saved = localStorage.getItem(TAB_KEY) || 'events'; } catch (_) { /* ignore */ }
  show(TABS.includes(saved) ? saved : 'events');
  return show;
}
