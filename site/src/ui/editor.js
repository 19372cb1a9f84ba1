// editor: the YAML files (tabs), CodeMirror 6, Apply (kubectl apply -f), its output and lint markers,
// and autosave to localStorage.

import {
  EditorView, keymap, lineNumbers, highlightActiveLineGutter, highlightSpecialChars, drawSelection, dropCursor,
  rectangularSelection, crosshairCursor, highlightActiveLine,
} from '@codemirror/view';
import { EditorState, Prec, Compartment } from '@codemirror/state';
import { yaml } from '@codemirror/lang-yaml';
import {
  HighlightStyle, syntaxHighlighting, foldGutter, indentOnInput, defaultHighlightStyle, bracketMatching, foldKeymap,
} from '@codemirror/language';
import { history, defaultKeymap, historyKeymap } from '@codemirror/commands';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { setDiagnostics, lintGutter, lintKeymap } from '@codemirror/lint';

// setup is CodeMirror's basicSetup without autocompletion and bracket closing (the @codemirror/autocomplete
// package): the YAML mode has no completion source here, and bracket closing is rarely wanted in block YAML.
// Leaving the package out keeps 31 KB of script out of the first load.
// CodeMirror's own words (fold markers' tooltips, the search panel, the lint panel) in the page's language.
const phrases = new Compartment();
const PHRASES_JA = {
  'Fold line': '折りたたむ', 'Unfold line': '展開する', 'folded code': '折りたたまれたコード', unfold: '展開する',
  Find: '検索', Replace: '置換', next: '次へ', previous: '前へ', all: 'すべて', 'match case': '大文字と小文字を区別',
  regexp: '正規表現', 'by word': '単語単位', replace: '置換', 'replace all': 'すべて置換', close: '閉じる',
  'current match': '現在の一致', 'on line': '行', 'replaced $ matches': '$ 件を置換しました',
  'replaced match on line $': '$ 行目の一致を置換しました', 'Go to line': '行へ移動', go: '移動', to: 'へ',
  Diagnostics: '診断', 'No diagnostics': '診断はありません', 'Control character': '制御文字',
};

const setup = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  history(),
  foldGutter(),
  drawSelection(),
  dropCursor(),
  EditorState.allowMultipleSelections.of(true),
  indentOnInput(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  bracketMatching(),
  rectangularSelection(),
  crosshairCursor(),
  highlightActiveLine(),
  highlightSelectionMatches(),
  keymap.of([...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, ...lintKeymap]),
];
import { tags } from '@lezer/highlight';
import { h, $, clear, debounce } from './dom.js';
import { t, onLang, getLang } from '../i18n.js';
import * as bus from './bus.js';
import { showBanner } from './banner.js';
import { fieldPathOf, lineOfPath } from './yamlpath.js';

// MAX_TABS bounds the tabs a terminal redirection may open (editorfiles.js keeps the same bound).
const MAX_TABS = 50;
export const STORAGE_KEY = 'kubeplay.files.v1';

export const DEFAULT_FILE = {
  name: 'deploy.yaml',
  content: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        ports:
        - containerPort: 80
        resources:
          requests:
            cpu: 100m
            memory: 128Mi
`,
};

const highlight = HighlightStyle.define([
  { tag: [tags.definition(tags.propertyName), tags.propertyName], class: 'tok-key' },
  { tag: [tags.string, tags.special(tags.string), tags.content, tags.attributeValue], class: 'tok-str' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], class: 'tok-num' },
  { tag: [tags.keyword, tags.typeName, tags.labelName], class: 'tok-kw' },
  { tag: [tags.comment, tags.lineComment], class: 'tok-comment' },
  { tag: tags.meta, class: 'tok-meta' },
  { tag: [tags.separator, tags.punctuation, tags.squareBracket, tags.brace], class: 'tok-punct' },
]);

export class Editor {
  /** @param {import('../api.js').Kubeplay} kp window.kubeplay */
  constructor(kp) {
    this.kp = kp;
    this.files = [];
    this.states = new Map(); // file object -> EditorState
    this.active = 0;
    this.applying = false;
    this.outputs = [];
    bus.on('relay-rebuild', (ms) => { if (typeof ms === 'number') this.outputAt(ms); });
    // After Reset the cluster has applied nothing: the output box says so again.
    kp.on('reset', () => { this.outputs = []; this.outputAt(-Infinity); });
    onLang((l) => this.view?.dispatch({ effects: phrases.reconfigure(EditorState.phrases.of(l === 'ja' ? PHRASES_JA : {})) }));
    bus.on('edit-open', (e) => this.openEdit(e));
    bus.on('files-written', (files) => { for (const [name, content] of Object.entries(files || {})) this.writeFile(name, content); });
    this.saveSoon = debounce(() => this.save(), 400);
    this.load();
    const extensions = this.extensions();
    this.extensionsList = extensions;
    this.view = new EditorView({
      state: this.stateFor(this.files[this.active]),
      parent: $('#editor'),
    });
    this.renderTabs();
    $('#apply').addEventListener('click', () => this.apply());
    $('#file-add').addEventListener('click', () => this.addFile());
    // Save before the page goes away, so a quick reload keeps the last keystrokes.
    window.addEventListener('pagehide', () => this.saveSoon.flush());
    document.addEventListener('visibilitychange', () => { if (document.hidden) this.saveSoon.flush(); });
    onLang(() => this.renderTabs());
  }

  extensions() {
    return [
      setup,
      phrases.of(EditorState.phrases.of(getLang() === 'ja' ? PHRASES_JA : {})),
      yaml(),
      syntaxHighlighting(highlight),
      lintGutter(),
      EditorState.tabSize.of(2),
      Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => { this.apply(); return true; } }])),
      EditorView.contentAttributes.of({ 'aria-label': 'YAML' }),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) {
          this.states.set(this.files[this.active], u.state);
          this.saveSoon();
        }
      }),
    ];
  }

  /** setReadOnly makes every file read-only (an embed's readonly=editor): no edits, no new or renamed tabs. */
  setReadOnly(on) {
    this.readOnly = !!on;
    this.extensionsList = on ? [...this.extensions(), EditorState.readOnly.of(true), EditorView.editable.of(false)] : this.extensions();
    this.states = new Map();
    this.view.setState(this.stateFor(this.files[this.active]));
    document.documentElement.classList.toggle('readonly-editor', this.readOnly);
  }

  stateFor(file) {
    let st = this.states.get(file);
    if (!st) {
      st = EditorState.create({ doc: file.content, extensions: this.extensionsList || this.extensions() });
      this.states.set(file, st);
    }
    return st;
  }

  load() {
    let data;
    try { data = JSON.parse(localStorage.getItem(STORAGE_KEY) || 'null'); } catch (_) { data = null; }
    if (data && Array.isArray(data.files) && data.files.length) {
      this.files = data.files
        .filter((f) => f && typeof f.name === 'string' && typeof f.content === 'string')
        .map((f) => ({ name: f.name, content: f.content }));
      this.active = Math.min(Math.max(0, data.active | 0), this.files.length - 1);
    }
    if (!this.files.length) {
      this.files = [{ ...DEFAULT_FILE }];
      this.active = 0;
    }
  }

  save() {
    for (const f of this.files) {
      const st = this.states.get(f);
      if (st) f.content = st.doc.toString();
    }
    // An open kubectl edit is not a file of the learner's: it is not kept.
    const files = this.files.filter((f) => !f.edit);
    const data = JSON.stringify({ files: files.map((f) => ({ name: f.name, content: f.content })), active: Math.max(0, files.indexOf(this.currentFile())) });
    try {
      localStorage.setItem(STORAGE_KEY, data);
    } catch (_) {
      showBanner(t('banner.quota'), 'warn', 'quota');
    }
  }

  currentFile() { return this.files[this.active]; }

  content() { return this.view.state.doc.toString(); }

  // setContent replaces the active file's text (scenarios, tests).
  setContent(text) {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
  }

  select(i) {
    if (i < 0 || i >= this.files.length) return;
    this.states.set(this.files[this.active], this.view.state);
    this.active = i;
    this.view.setState(this.stateFor(this.files[i]));
    this.renderTabs();
    this.saveSoon();
  }

  uniqueName(base) {
    const names = new Set(this.files.map((f) => f.name));
    if (!names.has(base)) return base;
    const m = base.match(/^(.*?)(\.ya?ml)?$/);
    for (let n = 2; ; n++) {
      const cand = `${m[1]}-${n}${m[2] || ''}`;
      if (!names.has(cand)) return cand;
    }
  }

  addFile() {
    if (this.readOnly) return;
    const f = { name: this.uniqueName('untitled.yaml'), content: '' };
    this.files.push(f);
    this.select(this.files.length - 1);
    this.view.focus();
  }

  // writeFile is a terminal line's `> NAME`: the tab of that name gets the text (a new tab if there is none),
  // and is shown, as the learner's editor opening the file they just wrote.
  writeFile(name, content) {
    let i = this.files.findIndex((f) => f.name === name && !f.edit);
    if (i < 0) {
      if (this.files.length >= MAX_TABS) return;
      this.files.push({ name, content });
      i = this.files.length - 1;
    } else {
      this.files[i].content = content;
      this.states.delete(this.files[i]);
      if (i === this.active) this.view.setState(this.stateFor(this.files[i]));
    }
    this.select(i);
  }

  // openEdit opens the object `kubectl edit` fetched as a tab of its own (its file is kubectl's: a header
  // comment, then the YAML). Apply saves it as kubectl edit does; closing the tab cancels the edit.
  openEdit(e) {
    const f = { name: this.uniqueName(`kubectl-edit-${e.ref.replace(/[^A-Za-z0-9.-]+/g, '-')}.yaml`), content: e.text, edit: e };
    this.files.push(f);
    this.select(this.files.length - 1);
    this.view.focus();
    $('#editor').scrollIntoView?.({ block: 'nearest' });
  }

  // saveEdit is Apply on an edit's tab: kubectl edit's answer; an invalid edit reopens with its errors, a
  // finished one (saved or unchanged) closes the tab.
  async saveEdit(file, content) {
    const res = await this.kp.editSave(file.edit, content);
    if (res.reopen) {
      if (this.currentFile() === file) this.setContent(res.reopen);
      else file.content = res.reopen;
    } else {
      this.dropFile(this.files.indexOf(file));
    }
    bus.emit('edit-done', res);
    return { ...res, diagnostics: [] };
  }

  // dropFile removes tab i without asking.
  dropFile(i) {
    if (i < 0) return;
    const f = this.files[i];
    this.files.splice(i, 1);
    this.states.delete(f);
    if (!this.files.length) this.files.push({ name: this.uniqueName('untitled.yaml'), content: '' });
    this.active = Math.min(this.active > i ? this.active - 1 : this.active, this.files.length - 1);
    this.view.setState(this.stateFor(this.files[this.active]));
    this.renderTabs();
    this.saveSoon();
  }

  closeFile(i) {
    if (this.readOnly) return;
    const f = this.files[i];
    if (f && f.edit) {
      // Closing the editor without saving: kubectl edit's words.
      this.dropFile(i);
      const res = { stdout: 'Edit cancelled, no changes made.\n', stderr: '', code: 0 };
      this.showOutput(res);
      bus.emit('edit-done', res);
      return;
    }
    const st = this.states.get(f);
    const text = st ? st.doc.toString() : f.content;
    if (text.trim() !== '' && !window.confirm(t('editor.closeConfirm'))) return;
    this.dropFile(i);
  }

  startRename(i, tabEl) {
    if (this.readOnly) return;
    const f = this.files[i];
    const input = h('input.input.file-rename', { value: f.name, 'aria-label': t('editor.renamePrompt'), size: Math.max(8, f.name.length) });
    const nameBtn = tabEl.querySelector('.file-tab-name');
    nameBtn.replaceWith(input);
    input.focus();
    input.select();
    let done = false;
    const finish = (commit) => {
      if (done) return;
      done = true;
      const v = input.value.trim();
      if (commit && v && v !== f.name) f.name = this.uniqueName(v);
      this.renderTabs();
      this.saveSoon();
      $('#file-tabs .file-tab[aria-selected="true"] .file-tab-name')?.focus();
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { e.preventDefault(); finish(true); }
      if (e.key === 'Escape') { e.preventDefault(); finish(false); }
    });
    input.addEventListener('blur', () => finish(true));
  }

  renderTabs() {
    const box = $('#file-tabs');
    clear(box);
    this.files.forEach((f, i) => {
      const selected = i === this.active;
      const tab = h('div.file-tab', { 'aria-selected': String(selected), role: 'presentation' });
      const name = h('button.file-tab-name', {
        type: 'button', role: 'tab', 'aria-selected': String(selected), tabindex: selected ? '0' : '-1',
        title: `${f.name} — ${t('editor.rename')}: F2`,
        on: {
          click: () => this.select(i),
          dblclick: () => this.startRename(i, tab),
          keydown: (e) => {
            if (e.key === 'F2') { e.preventDefault(); this.startRename(i, tab); }
            if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
              e.preventDefault();
              const n = (i + (e.key === 'ArrowRight' ? 1 : -1) + this.files.length) % this.files.length;
              this.select(n);
              box.querySelectorAll('.file-tab-name')[n]?.focus();
            }
            if (e.key === 'Delete') { e.preventDefault(); this.closeFile(i); }
          },
        },
      }, f.name);
      tab.append(name);
      if (selected) {
        tab.append(h('button.btn.btn-ghost.btn-icon', {
          type: 'button', 'aria-label': `${t('editor.rename')}: ${f.name}`, title: t('editor.rename'),
          on: { click: () => this.startRename(i, tab) },
        }, pencil()));
      }
      tab.append(h('button.btn.btn-ghost.btn-icon', {
        type: 'button', 'aria-label': `${t('editor.close')}: ${f.name}`, title: t('editor.close'),
        on: { click: () => this.closeFile(i) },
      }, cross()));
      box.append(tab);
    });
  }

  async apply() {
    if (this.applying) return;
    this.applying = true;
    const btn = $('#apply');
    btn.disabled = true;
    const label = btn.querySelector('[data-i18n]');
    if (label) label.textContent = t('editor.applying');
    const file = this.currentFile();
    const content = this.content();
    const at = this.kp.now();
    let res;
    try {
      res = file.edit ? await this.saveEdit(file, content) : await runApply(this.kp, file.name, content);
    } catch (e) {
      res = { stdout: '', stderr: `error: ${e && e.message ? e.message : e}\n`, code: 1, diagnostics: [] };
    }
    this.showOutput(res);
    // Remember what each Apply printed and when, so a seek shows the output of the last Apply before it
    // (a new Apply after seeking back ends the old branch there).
    this.outputs = (this.outputs || []).filter((o) => o.t <= at);
    this.outputs.push({ t: at, res });
    // The answer is asynchronous: mark the file that was applied, and only while it is still the open one
    // (another file's editor state must not get its markers).
    if (this.currentFile() === file) this.markDiagnostics(res.diagnostics || []);
    btn.disabled = false;
    if (label) label.textContent = t('editor.apply');
    this.applying = false;
    bus.emit('editor-applied', res);
  }

  // outputAt shows kubectl's output as it was at virtual time ms (after a seek).
  outputAt(ms) {
    const last = (this.outputs || []).filter((o) => o.t <= ms).pop();
    if (last) { this.showOutput(last.res); return; }
    const out = $('#apply-output');
    clear(out);
    out.append(h('span.muted', { 'data-i18n': 'editor.outputEmpty' }, t('editor.outputEmpty')));
  }

  showOutput(res) {
    const out = $('#apply-output');
    clear(out);
    if (res.stdout) out.append(h('span.ok', null, res.stdout));
    if (res.stderr) out.append(h('span.err', null, res.stderr));
    if (!res.stdout && !res.stderr) out.append(h('span.muted', null, res.code ? t('common.error') : ''));
    out.scrollTop = out.scrollHeight;
  }

  markDiagnostics(diags) {
    const doc = this.view.state.doc;
    const list = [];
    const text = doc.toString();
    for (const d of diags) {
      let n = Math.min(Math.max(1, d.line | 0 || 1), doc.lines);
      // An error naming a field but pointing at its document's first (top-level) line: find the field.
      const path = fieldPathOf(d.message);
      if (path && !/^\s/.test(doc.line(n).text)) {
        const better = lineOfPath(text, path, n);
        if (better > n) n = better;
      }
      const line = doc.line(n);
      const indent = line.text.length - line.text.trimStart().length;
      const from = line.from + indent;
      const to = Math.max(from, line.to);
      list.push({ from, to, severity: /** @type {'warning' | 'error'} */ (d.severity === 'warning' ? 'warning' : 'error'), message: String(d.message || ''), source: 'kubectl' });
    }
    this.view.dispatch(setDiagnostics(this.view.state, list));
  }
}

// runApply applies content as kubectl apply -f FILENAME (kubeplay.applyFile) and returns {stdout, stderr, code,
// diagnostics}; it rejects like every call to the core.
async function runApply(kp, filename, content) {
  return normalize(await kp.applyFile(filename, content));
}

function normalize(r) {
  return {
    stdout: String(r.stdout ?? r.output ?? ''),
    stderr: String(r.stderr ?? ''),
    code: r.code | 0,
    diagnostics: Array.isArray(r.diagnostics) ? r.diagnostics : [],
  };
}

function pencil() {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('class', 'icon');
  svg.setAttribute('aria-hidden', 'true');
  const p = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  p.setAttribute('d', 'M11.3 1.7l3 3L5.5 13.5 1.8 14.2l.7-3.7zM10.2 3.9l1.9 1.9');
  svg.append(p);
  return svg;
}

function cross() {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('class', 'icon');
  svg.setAttribute('aria-hidden', 'true');
  const p = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  p.setAttribute('d', 'M3.5 4.6l1.1-1.1L8 6.9l3.4-3.4 1.1 1.1L9.1 8l3.4 3.4-1.1 1.1L8 9.1l-3.4 3.4-1.1-1.1L6.9 8z');
  svg.append(p);
  return svg;
}
