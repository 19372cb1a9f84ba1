// terminal: a kubectl prompt printing exactly what `kubeplay shell` prints: "$ line" then the output,
// with history (↑/↓, persisted) and Tab completion from the seam's complete().

import { h, $, fmtTime } from './dom.js';
import { t } from '../i18n.js';
import * as bus from './bus.js';

const HISTORY_KEY = 'kubeplay.history';
const MAX_HISTORY = 200;
const MAX_OUTPUT = 400000; // characters kept in the output pane
const NAMES_FILES = /(^|\s)(-f|--filename|-k|--kustomize)(=|\s|$)|>/;

export class Terminal {
  /** @param {import('../api.js').Kubeplay} kp window.kubeplay */
  constructor(kp) {
    this.kp = kp;
    this.history = loadHistory();
    this.hpos = this.history.length;
    this.draft = '';
    this.busy = false;
    this.queue = Promise.resolve(); // lines run one after another, in the order they were entered
    this.completeReq = 0; // bumped for every completion request and every Enter: late candidates are dropped
    this.prompt = '$ '; // the shell's prompt: "> " inside a here-document, a container's inside kubectl exec -ti
    /** @type {() => Record<string, string>} the editor's files, by name (app.js sets it) */
    this.files = () => ({});
    this.build();
    // window.kubeplay drains the watch output every frame and emits it as 'output'.
    kp.on('output', (text) => this.write(typeof text === 'string' ? text : text?.output || ''));
    bus.onClear(() => this.clearOut());
    // A seek rebuilds the cluster as it was then: say so where the learner types.
    bus.on('edit-done', (res) => this.write(`${res.stdout || ''}${res.stderr || ''}`));
    bus.on('relay-rebuild', (ms) => { if (typeof ms === 'number') this.write(`${t('terminal.rewound', { time: fmtTime(ms) })}\n`); });
  }

  build() {
    const panel = $('#panel-terminal');
    this.out = h('pre#terminal-output', { 'aria-live': 'polite', 'aria-label': t('terminal.output'), 'data-i18n-aria': 'terminal.output', tabindex: '0' });
    this.input = h('input.input#terminal-input', {
      type: 'text', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
      placeholder: t('terminal.ph'), 'data-i18n-ph': 'terminal.ph',
      'aria-label': t('terminal.aria'), 'data-i18n-aria': 'terminal.aria',
    });
    this.hint = h('div.term-hint', { 'data-i18n': 'terminal.hint' }, t('terminal.hint'));
    this.candidates = h('div.term-hint.term-candidates', { 'aria-live': 'polite', hidden: true });
    panel.append(h('div.term', null,
      this.out,
      h('div.term-input-row', null, this.promptEl = h('span.term-prompt', { 'aria-hidden': 'true' }, '$'), this.input),
      this.candidates,
      this.hint));
    this.input.addEventListener('keydown', (e) => this.onKey(e));
    this.out.addEventListener('click', () => { if (!window.getSelection()?.toString()) this.input.focus(); });
  }

  // write appends text to the output. Writes are gathered and added once a frame as a block of lines of
  // its own (a watch streaming thousands of lines must not re-lay out the whole pane each time; blocks
  // out of view are skipped by the browser, see .term-chunk); the oldest blocks are dropped beyond
  // MAX_OUTPUT characters. textContent stays exactly what was written.
  write(text) {
    if (!text) return;
    this.pendingOut = (this.pendingOut || '') + text;
    if (!this.outFrame) this.outFrame = requestAnimationFrame(() => this.flushOut());
  }

  flushOut() {
    this.outFrame = 0;
    const text = this.pendingOut || '';
    this.pendingOut = '';
    if (!text) return;
    const atBottom = this.out.scrollTop + this.out.clientHeight >= this.out.scrollHeight - 4;
    const last = this.out.lastChild;
    if (last && !last.textContent.endsWith('\n')) last.firstChild.appendData(text); // finish its line
    else this.out.append(h('span.term-chunk', null, text));
    this.outLen = (this.outLen || 0) + text.length;
    while (this.outLen > MAX_OUTPUT && this.out.firstChild && this.out.firstChild !== this.out.lastChild) {
      this.outLen -= this.out.firstChild.textContent.length;
      this.out.firstChild.remove();
    }
    if (atBottom || this.stick || !this.out.clientHeight) this.out.scrollTop = this.out.scrollHeight;
    this.stick = false;
  }

  clearOut() {
    if (this.outFrame) cancelAnimationFrame(this.outFrame);
    this.outFrame = 0;
    this.pendingOut = '';
    this.outLen = 0;
    this.out.textContent = '';
  }

  // drain makes window.kubeplay emit what running watches (kubectl get pods -w) printed so far.
  async drain() {
    try { await this.kp.flush(); } catch (_) { /* not ready */ }
  }

  // exec queues line behind the lines entered before it (a second Enter while a command runs waits for it,
  // so outputs never interleave); resolves once the line ran.
  exec(line) {
    const run = this.queue.then(() => this.execNow(line));
    this.queue = run.catch(() => {});
    return run;
  }

  async execNow(line) {
    const trimmed = line.trim();
    await this.drain();
    // At the shell's own prompt a line is trimmed; a continuation (a here-document's YAML) or a line typed
    // inside a container goes as typed, after that prompt.
    const top = this.prompt === '$ ';
    const sent = top ? trimmed : line;
    this.write(top ? (trimmed === '' ? '$\n' : `$ ${trimmed}\n`) : `${this.prompt.trimEnd()}${line ? ` ${line}` : ''}\n`);
    if (top && (trimmed === '' || trimmed.startsWith('#'))) return;
    this.busy = true;
    try {
      // A line that names a file (-f deploy.yaml) or writes one (> web.yaml) works on the editor's tabs.
      const r = await this.kp.runLine(sent, NAMES_FILES.test(sent) ? this.files() : undefined);
      this.setPrompt(typeof r.prompt === 'string' && r.prompt ? r.prompt : '$ ');
      let out = r.output;
      if (r.files) bus.emit('files-written', r.files);
      // kubectl edit opens the object in the editor: Apply there saves it, closing its tab cancels.
      if (r.edit) {
        out += `${t('terminal.editing', { ref: r.edit.ref })}\n`;
        bus.emit('edit-open', r.edit);
      }
      this.write(String(out ?? ''));
      this.stick = true; // the next flush scrolls to the end: the learner just ran a command
    } catch (e) {
      this.write(`error: ${e && e.message ? e.message : e}\n`);
    }
    this.busy = false; // the answer brought the watches' output with it: nothing is left to drain
    bus.emit('ran', trimmed);
  }

  onKey(e) {
    if (e.key === 'Enter') {
      e.preventDefault();
      const line = this.input.value;
      this.input.value = '';
      this.candidates.hidden = true;
      if (line.trim() && this.history[this.history.length - 1] !== line.trim()) {
        this.history.push(line.trim());
        if (this.history.length > MAX_HISTORY) this.history = this.history.slice(-MAX_HISTORY);
        saveHistory(this.history);
      }
      this.hpos = this.history.length;
      this.draft = '';
      this.completeReq++;
      this.exec(line);
    } else if (e.key === 'ArrowUp') {
      if (this.hpos === 0) return;
      e.preventDefault();
      if (this.hpos === this.history.length) this.draft = this.input.value;
      this.hpos--;
      this.setInput(this.history[this.hpos]);
    } else if (e.key === 'ArrowDown') {
      if (this.hpos >= this.history.length) return;
      e.preventDefault();
      this.hpos++;
      this.setInput(this.hpos === this.history.length ? this.draft : this.history[this.hpos]);
    } else if (e.key === 'Tab' && !e.shiftKey) {
      const line = this.input.value;
      if (!line.trim()) return; // let Tab move focus on an empty prompt (keyboard users)
      e.preventDefault();
      this.complete(line);
    } else if (e.key === 'l' && e.ctrlKey) {
      e.preventDefault();
      this.clearOut();
    }
  }

  // setPrompt shows the shell's next prompt before the input.
  setPrompt(p) {
    this.prompt = p;
    this.promptEl.textContent = p.trimEnd();
  }

  setInput(v) {
    this.input.value = v;
    requestAnimationFrame(() => this.input.setSelectionRange(v.length, v.length));
  }

  async complete(line) {
    const req = ++this.completeReq;
    const r = await this.kp.complete(line).catch(() => []);
    if (req !== this.completeReq || this.input.value !== line) return; // the prompt changed meanwhile
    const cands = Array.isArray(r) ? r.map(String) : [];
    const m = /(\S*)$/.exec(line);
    const word = m ? m[1] : '';
    const head = line.slice(0, line.length - word.length);
    const matching = cands.filter((c) => c.startsWith(word));
    const list = matching.length ? matching : cands;
    if (!list.length) { this.candidates.hidden = true; return; }
    if (list.length === 1) {
      this.setInput(`${head}${list[0]} `);
      this.candidates.hidden = true;
      return;
    }
    let prefix = list[0];
    for (const c of list) { while (!c.startsWith(prefix)) prefix = prefix.slice(0, -1); }
    if (prefix.length > word.length) this.setInput(head + prefix);
    this.candidates.textContent = t('terminal.candidates', { list: list.slice(0, 40).join('  ') });
    this.candidates.hidden = false;
  }
}

function loadHistory() {
  try {
    const v = JSON.parse(localStorage.getItem(HISTORY_KEY) || '[]');
    return Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [];
  } catch (_) { return []; }
}

function saveHistory(hist) {
  try { localStorage.setItem(HISTORY_KEY, JSON.stringify(hist)); } catch (_) { /* ignore quota here */ }
}
