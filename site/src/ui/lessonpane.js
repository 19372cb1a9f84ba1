// lessonpane: the Lesson tab (issue 12), an editor for a lesson in the scenario format (scenarios/README.md)
// next to the playground. "Check" is kubeplay check (in the core: scenario.CheckFile): the loader's
// line-numbered problems, or the lesson played headlessly with every expectation verified and the CLI's report; "Run lesson" opens it on a fresh cluster in the player; Share and Embed carry it.
// The text is untrusted: it lives in a <textarea> and problems are shown as text nodes.

import { h, $, clear } from './dom.js';
import { t, onLang } from '../i18n.js';

/** LESSON_TEMPLATE is the lesson "New lesson" starts from: one scripted step, one learner's turn. */
export const LESSON_TEMPLATE = `apiVersion: kubeplay.dev/v1
kind: Scenario
name: my-lesson
title: {ja: イメージ名を直す, en: Fix the image name}
summary: {ja: 打ち間違えたイメージ名を直して Pod を動かす, en: Fix a mistyped image and get the Pod running}
files:
- name: web.yaml
  content: |
    apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: web
    spec:
      replicas: 1
      selector:
        matchLabels: {app: web}
      template:
        metadata:
          labels: {app: web}
        spec:
          containers:
          - name: web
            image: ngnix:1.27
steps:
- narration:
    ja: 打ち間違えたイメージ名のまま apply する。
    en: Apply the Deployment with the mistyped image.
  apply: web.yaml
  expect:
  - podStatus: {pod: web-*, status: ImagePullBackOff, within: 60s}
- yourTurn:
    ja: "web.yaml の \`ngnix\` を \`nginx\` に直して「適用」し、Pod を Running にする。"
    en: "Fix \`ngnix\` to \`nginx\` in web.yaml, press Apply, and get the Pod Running."
  hint: {ja: image の行を見る。, en: Look at the image line.}
  solution:
    run: [kubectl set image deployment/web web=nginx:1.27]
  expect:
  - podStatus: {pod: web-*, status: Running, count: 1, within: 2m}
`;

/** formatProblems writes the loader's problems as "lesson.yaml:LINE: message" lines. */
export function formatProblems(problems, file = 'lesson.yaml') {
  return (problems || []).map((p) => `${file}${p.line > 0 ? `:${p.line}` : ''}: ${p.message}`);
}

export class LessonPane {
  /**
   * @param {{check: (text) => Promise<{ok, problems, name, steps}>, verify: (text) => Promise<any>,
   *          run: (text) => Promise<void>, share: () => void, embed: () => void}} hooks
   */
  constructor(hooks) {
    this.hooks = hooks;
    const panel = $('#panel-lesson');
    this.el = panel;
    if (!panel) return;
    this.text = h('textarea.input.lesson-text#lesson-text', {
      spellcheck: 'false', autocapitalize: 'off', autocomplete: 'off', wrap: 'off',
      'aria-label': t('lesson.text'), 'data-i18n-aria': 'lesson.text', placeholder: t('lesson.placeholder'), 'data-i18n-ph': 'lesson.placeholder',
    });
    this.problems = h('ol.lesson-problems#lesson-problems', { 'aria-live': 'polite' });
    this.status = h('p.lesson-status#lesson-status', { role: 'status' });
    const btn = (id, key, fn, primary = false) => h(`button.btn${primary ? '.btn-primary' : ''}#${id}`, {
      type: 'button', 'data-i18n': key, on: { click: fn },
    }, t(key));
    this.runBtn = btn('lesson-run', 'lesson.run', () => this.run(), true);
    const bar = h('div.lesson-bar', null,
      btn('lesson-new', 'lesson.new', () => { this.set(LESSON_TEMPLATE); this.check(); }),
      btn('lesson-check', 'lesson.check', () => this.verify()),
      this.runBtn,
      h('span.spacer'),
      btn('lesson-share', 'lesson.share', () => this.hooks.share()),
      btn('lesson-embed', 'lesson.embed', () => this.hooks.embed()));
    panel.append(h('p.lesson-intro', { 'data-i18n': 'lesson.intro' }, t('lesson.intro')), bar, this.text, this.status, this.problems);
    this.text.addEventListener('input', () => { this.dirty = true; });
    onLang(() => { if (this.last) this.show(this.last); });
  }

  get value() { return this.text ? this.text.value : ''; }

  /** set replaces the text (a lesson from a link, or the template). */
  set(text) {
    if (!this.text) return;
    this.text.value = String(text ?? '');
    this.dirty = false;
  }

  /** show lists a check's answer: ✓ with the lesson's name, or its problems, each selecting its line on click. */
  show(res) {
    if (!this.el) return;
    this.last = res;
    clear(this.problems);
    this.el.dataset.state = res.ok ? 'ok' : 'fail';
    if (res.played) {
      // kubeplay check's own report, line for line (PASS name (N expectations), or FAIL and each ✗ line).
      this.status.textContent = t(res.ok ? 'lesson.passedCheck' : 'lesson.failedCheck', { name: res.name, n: res.steps });
      for (const line of String(res.text || '').split('\n').filter(Boolean)) this.problems.append(h('li.lesson-report', null, line));
      return;
    }
    if (res.ok) {
      this.status.textContent = t('lesson.ok', { name: res.name, n: res.steps });
      return;
    }
    this.status.textContent = t('lesson.bad', { n: res.problems.length });
    const lines = formatProblems(res.problems);
    res.problems.forEach((p, i) => {
      const li = h('li.lesson-problem', { dataset: { line: String(p.line || 0) } }, lines[i]);
      if (p.line > 0) li.addEventListener('click', () => this.selectLine(p.line));
      this.problems.append(li);
    });
  }

  selectLine(n) {
    const v = this.text.value;
    let from = 0;
    for (let i = 1; i < n && from >= 0; i++) from = v.indexOf('\n', from) + 1;
    if (from < 0) return;
    const to = v.indexOf('\n', from);
    this.text.focus();
    this.text.setSelectionRange(from, to < 0 ? v.length : to);
    const lh = parseFloat(getComputedStyle(this.text).lineHeight) || 18;
    this.text.scrollTop = Math.max(0, (n - 3) * lh);
  }

  async check() {
    const res = await this.hooks.check(this.value);
    this.show(res);
    return res;
  }

  /** verify is the Check button: kubeplay check in the core (it plays the lesson on a cluster of its own). */
  async verify() {
    this.status.textContent = t('lesson.checking');
    this.el.dataset.state = 'checking';
    const res = await this.hooks.verify(this.value);
    this.show(res);
    return res;
  }

  async run() {
    const res = await this.check();
    if (!res.ok) return false;
    this.runBtn.disabled = true;
    try {
      await this.hooks.run(this.value);
    } finally {
      this.runBtn.disabled = false;
    }
    return true;
  }
}
