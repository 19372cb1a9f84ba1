// player: the scenario player pane. One step at a time, like The Secret Lives of Data: the step's narration
// (rendered from safe nodes, text only), what running it does, its expectations, a "Run this step" button,
// progress, and after it ran a ✓ or ✗ per expectation with the transcript's message (expected versus got).
// After the last step the learner keeps playing freely. The session (site/src/session.js) owns the state;
// the pane only renders it and calls back.

import { h, clear } from './dom.js';
import { t, getLang, onLang } from '../i18n.js';
import { renderNarration } from '../scenario/narration.js';

export class PlayerPane {
  /**
   * @param {{onRun: (i: number, opts: {mine?: boolean}) => Promise<unknown> | void, differs: (name: string) => boolean,
   *   onHint?: (i: number) => void}} hooks
   */
  constructor(hooks) {
    this.hooks = hooks;
    /**
     * onStepRun(i, {mine}) runs step i (a learner's turn: plays its solution, "show me") and resolves when
     * it has run. Every button that runs a step awaits it; wrap it to stage how a step plays, e.g.
     *   const run = player.onStepRun; player.onStepRun = async (i, o) => { before(i); const r = await run(i, o); after(i); return r; };
     */
    this.onStepRun = (i, opts) => this.hooks.onRun(i, opts);
    this.live = []; // per learner's step: the latest live check {state, expectations}
    this.data = null; // loaded scenario: {name, title, summary, steps: [{narration, apply, run, expect}]}
    this.results = []; // per step: {expectations, transcript, passed, failure} once run
    this.next = 0; // first step not run yet
    this.view = 0; // step shown
    this.busy = false;
    this.collapsed = false;
    this.el = h('section#player.pane.player-pane', { 'aria-labelledby': 'player-title', hidden: true });
    const layout = document.querySelector('.layout');
    if (layout) layout.prepend(this.el);
    else document.body.append(this.el);
    onLang(() => this.render());
  }

  /** show a freshly loaded scenario (null hides the pane: free play). */
  show(data) {
    this.data = data;
    this.results = [];
    this.live = [];
    this.next = 0;
    this.view = 0;
    this.render();
  }

  /** showStep moves the view to step i. */
  showStep(i) {
    this.view = i;
    this.render();
  }

  /** recorded stores step i's result and moves the view to it. */
  recorded(i, res) {
    this.results[i] = res;
    this.next = Math.max(this.next, i + 1);
    this.view = i;
    this.render();
  }

  /**
   * checked shows a live check of learner's step i (pending or failed; a pass comes through recorded). Only
   * the expectations and the waiting line change, in place: the body's scroll and the focus stay.
   */
  checked(i, res) {
    this.live[i] = res;
    if (i !== this.view || !this.expectsEl || !this.expectsEl.isConnected) return;
    const step = this.data && this.data.steps[i];
    if (!step) return;
    const list = this.expectList(i, step, this.results[i]);
    this.expectsEl.replaceChildren(...list.childNodes);
    if (this.waitingEl) {
      const st = res.state;
      this.waitingEl.dataset.state = st;
      const text = this.waitingText(res);
      if (this.waitingEl.textContent !== text) this.waitingEl.textContent = text;
    }
  }

  // waitingText is the line under a learner's turn: waiting for them, or their attempts so far.
  waitingText(live) {
    const st = live ? live.state : 'pending';
    if (st === 'failed') return t('player.notYet', { n: live.attempts || 1 });
    return t('player.waiting');
  }

  // expectList renders step i's expectations: ✓/✗/○ and a sentence in the page's language; a failure adds
  // what the cluster shows instead and why, in the page's language.
  expectList(i, step, res) {
    const list = h('ul.player-expects');
    const learner = !!step.yourTurn;
    const live = learner && !res ? this.live[i] : null;
    (step.expect || []).forEach((text, j) => {
      const r = res && res.expectations ? res.expectations[j] : live && live.state === 'failed' && live.expectations[j] && !live.expectations[j].ok ? live.expectations[j] : null;
      const state = r ? (r.ok ? 'ok' : 'fail') : 'pending';
      const mark = state === 'ok' ? '✓' : state === 'fail' ? '✗' : '○';
      const label = t(state === 'ok' ? 'player.passed' : state === 'fail' ? 'player.failed' : 'player.pending');
      const sentence = this.text(step.sentences && step.sentences[j]) || String(text);
      let got = '';
      if (state === 'fail') got = r.feedback ? this.text(r.feedback) : String(r.message || '').replace(/^[✓✗]\s*/, '');
      list.append(h('li.player-expect', { dataset: { state }, title: String(text) },
        h('span.player-mark', { 'aria-label': label, title: label }, mark),
        h('span.player-expect-text', null, sentence, got ? h('span.player-expect-got', { lang: getLang() }, got) : null)));
    });
    return list;
  }

  setBusy(b) {
    this.busy = b;
    this.render();
  }

  text(v) {
    if (!v || typeof v !== 'object') return '';
    const l = getLang();
    return String((l === 'ja' ? v.ja || v.en : v.en || v.ja) || '');
  }

  render() {
    const el = this.el;
    const d = this.data;
    // The learner's place survives a re-render of the same step: the body's scroll and the focused control.
    const oldBody = el.querySelector('.player-body');
    const keep = oldBody && this.shownView === this.view ? { top: oldBody.scrollTop, focus: el.contains(document.activeElement) ? focusKey(document.activeElement) : '' } : null;
    this.shownView = this.view;
    this.expectsEl = null;
    this.waitingEl = null;
    const layout = document.querySelector('.layout');
    if (layout) layout.classList.toggle('has-player', !!d);
    el.hidden = !d;
    clear(el);
    if (!d) return;
    const n = d.steps.length;
    const i = Math.min(Math.max(0, this.view), Math.max(0, n - 1));
    const step = d.steps[i] || { narration: {}, run: [], expect: [] };
    const res = this.results[i];
    const done = this.next >= n;

    const progress = h('progress.player-progress', { max: String(n), value: String(this.next), 'aria-label': t('player.aria') });
    const head = h('div.pane-head.player-head', null,
      h('h2#player-title.pane-title.player-title', { title: this.text(d.summary) }, this.text(d.title)),
      h('span.player-count', { 'aria-live': 'polite' }, t('player.step', { i: i + 1, n })),
      progress,
      h('button.btn.btn-ghost.btn-icon.player-toggle', {
        type: 'button', 'aria-expanded': String(!this.collapsed),
        'aria-label': t(this.collapsed ? 'player.expand' : 'player.collapse'), title: t(this.collapsed ? 'player.expand' : 'player.collapse'),
        on: { click: () => { this.collapsed = !this.collapsed; this.render(); } },
      }, this.collapsed ? '▾' : '▴'),
    );
    el.append(head);
    if (this.collapsed) return;

    const body = h('div.player-body');
    const narration = h('div.player-narration', { lang: getLang() });
    const nodes = step.narration ? (getLang() === 'ja' ? step.narration.ja : step.narration.en) : null;
    narration.append(renderNarration(nodes && nodes.length ? nodes : step.narration && (step.narration.ja || step.narration.en)));
    body.append(narration);
    const learner = !!step.yourTurn;
    if (learner) {
      const goal = h('div.player-goal', { lang: getLang() });
      const g = getLang() === 'ja' ? step.yourTurn.ja : step.yourTurn.en;
      goal.append(h('p.player-label', null, t('player.yourTurn')), renderNarration(g && g.length ? g : (step.yourTurn.ja || step.yourTurn.en)));
      body.append(goal);
      if (step.hint && !res) {
        const hn = getLang() === 'ja' ? step.hint.ja : step.hint.en;
        const details = h('details.player-hint', null, h('summary', null, t('player.hint')), renderNarration(hn && hn.length ? hn : (step.hint.ja || step.hint.en)));
        if (this.hintOpen === i) details.open = true;
        details.addEventListener('toggle', () => {
          if (!details.open || this.hintOpen === i) return;
          this.hintOpen = i;
          this.hooks.onHint?.(i);
        });
        body.append(details);
      }
    }
    const differs = !learner && !res && step.apply && i === this.next && this.hooks.differs ? this.hooks.differs(step.apply) : false;
    if (differs) body.append(h('p.player-differs', { role: 'note' }, t('player.differs', { file: step.apply })));

    const ran = [];
    if (step.apply) ran.push(`kubectl apply -f ${step.apply}`);
    for (const l of step.run || []) ran.push(String(l));
    if (ran.length && !res) {
      body.append(h('p.player-label', null, t('player.runsFirst')), h('pre.player-cmds', null, ran.map((l) => `$ ${l}`).join('\n')));
    }

    if ((step.expect || []).length) {
      body.append(h('p.player-label', null, t('player.expect')));
      this.expectsEl = this.expectList(i, step, res);
      body.append(this.expectsEl);
    }
    if (learner && !res && i === this.next) {
      const live = this.live[i];
      this.waitingEl = h('p.player-waiting', { dataset: { state: live ? live.state : 'pending' }, 'aria-live': 'polite' }, this.waitingText(live));
      body.append(this.waitingEl);
    }
    if (res) {
      if (res.failure) body.append(h('p.player-failure', { role: 'alert' }, t('player.error', { msg: res.failure })));
      body.append(h('p.player-summary', { dataset: { state: res.passed ? 'ok' : 'fail' } }, t(res.passed ? 'player.allPassed' : 'player.someFailed')));
      if (res.transcript) {
        body.append(h('details.player-transcript', null, h('summary', null, t('player.transcript')), h('pre', null, res.transcript)));
      }
    }
    if (done && i === n - 1 && res) body.append(h('p.player-done', null, t('player.done')));
    el.append(body);

    const canRun = i === this.next && !done;
    const bar = h('div.player-bar',
      null,
      h('button.btn.btn-icon.player-prev', {
        type: 'button', 'aria-label': t('player.prev'), title: t('player.prev'), disabled: i === 0,
        on: { click: () => { this.view = i - 1; this.render(); } },
      }, '←'),
      // After a step ran, the main button moves on to the next one (whose narration comes first).
      res && i + 1 < n && i + 1 <= this.next
        ? h('button.btn.btn-primary.player-advance', {
          type: 'button', on: { click: () => { this.view = i + 1; this.render(); } },
        }, `${t('player.next')} →`)
        : learner
          ? h('button.btn.player-showme', {
            type: 'button', disabled: !canRun || this.busy || !(step.solution && step.solution.length), title: (step.solution || []).join('\n'),
            on: { click: () => this.onStepRun(i) },
          }, this.busy ? t('player.running') : t('player.showMe'))
          : differs
            ? h('span.player-choice', null,
              h('button.btn.btn-primary.player-run.player-run-lesson', { type: 'button', disabled: this.busy, on: { click: () => this.onStepRun(i, { mine: false }) } }, t('player.applyLesson')),
              h('button.btn.player-run-mine', { type: 'button', disabled: this.busy, on: { click: () => this.onStepRun(i, { mine: true }) } }, t('player.applyMine')))
            : h('button.btn.btn-primary.player-run', {
              type: 'button', disabled: !canRun || this.busy,
              on: { click: () => this.onStepRun(i) },
            }, this.busy ? t('player.running') : t('player.run')),
      h('button.btn.btn-icon.player-next', {
        type: 'button', 'aria-label': t('player.next'), title: t('player.next'), disabled: i >= n - 1 || i >= this.next,
        on: { click: () => { this.view = i + 1; this.render(); } },
      }, '→'),
    );
    el.append(bar);
    if (keep) {
      body.scrollTop = keep.top;
      const f = keep.focus && el.querySelector(keep.focus);
      if (f instanceof HTMLElement) f.focus({ preventScroll: true });
    }
  }
}

// focusKey is a selector that finds the same control after a re-render (its classes), or ''.
function focusKey(node) {
  if (!(node instanceof HTMLElement) || !node.classList.length) return '';
  return `${node.tagName.toLowerCase()}.${[...node.classList].map((c) => CSS.escape(c)).join('.')}`;
}
