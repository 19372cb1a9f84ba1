// caption: one line saying what the current beat is (who hands what to whom) and, under it, the sentence of
// the article it illustrates. In slow motion it follows the beat on screen; in normal play it shows the
// newest beat, at most a few times a second.

import { h, fmtTime } from './dom.js';
import { t, onLang } from '../i18n.js';
import { compKey } from './colors.js';
import { beatCaption, bodyText, whoActs } from './story.js';
import { isNews } from './relay.js';
import * as bus from './bus.js';

export class Caption {
  /** @param {import('../api.js').Kubeplay} kp window.kubeplay */
  constructor(kp, after) {
    this.el = h('div.relay-caption', { role: 'status', 'aria-live': 'polite' });
    this.line = h('div.cap-line');
    this.quote = h('div.cap-quote');
    this.el.append(this.line, this.quote);
    after.after(this.el);
    this.beat = null;
    this.hint();
    this.slow = false;
    this.hold = null;
    kp.on('beats', (batch) => {
      if (this.slow || this.hold) return;
      for (let i = batch.length - 1; i >= 0; i--) {
        const b = batch[i];
        if (!b.heartbeat && isNews(b)) { this.soon(b); break; }
      }
    });
    kp.on('reset', () => { this.beat = null; this.hint(); });
    bus.on('relay-rebuild', () => { this.beat = null; this.hint(); });
    bus.on('slowmo', (on) => { this.slow = on; });
    onLang(() => (this.beat ? this.show(this.beat) : this.hint()));
  }

  soon(b) {
    this.next = b;
    if (this.timer) return;
    this.timer = setTimeout(() => { this.timer = 0; if (this.next) this.show(this.next); }, 250);
  }

  show(b) {
    this.beat = b;
    this.el.dataset.kind = b.kind;
    this.el.classList.toggle('warning', !!b.warning);
    const who = b.kind === 'request' ? 'kube-apiserver' : whoActs(b);
    this.line.replaceChildren(
      h('span.cap-time', null, fmtTime(b.t)),
      h(`span.cap-who.c-${compKey(who)}`, null, who),
      h('span.cap-text', null, bodyText(b, who)));
    const q = beatCaption(b);
    this.quote.replaceChildren(h('span.cap-src', null, t('caption.article')), q);
    this.quote.hidden = !q;
  }

  hint() {
    this.el.dataset.kind = '';
    this.el.classList.remove('warning');
    this.line.replaceChildren(h('span.cap-text.muted', null, t('caption.hint')));
    this.quote.textContent = '';
    this.quote.hidden = true;
  }

  quiet() {
    this.line.replaceChildren(h('span.cap-text.muted', null, t('caption.quiet')));
    this.quote.hidden = true;
  }
}
