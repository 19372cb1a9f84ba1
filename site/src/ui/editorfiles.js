// editorfiles: read and replace the editor's tabs as a whole (share links, scenarios, embeds), on the Editor
// instance of editor.js. Names and contents are untrusted: they only ever become CodeMirror documents and
// text nodes in the tab bar.

import { DEFAULT_FILE } from './editor.js';

export const MAX_FILES = 50;
export const MAX_NAME = 200;

// cleanName keeps a file name printable and short.
export function cleanName(name, i) {
  // eslint-disable-next-line no-control-regex
  const s = String(name ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, MAX_NAME);
  return s || `file-${i + 1}.yaml`;
}

/** getEditorFiles returns [{name, content}] with every tab's current text. */
export function getEditorFiles(editor) {
  // An open kubectl edit is not one of the learner's files (it is not shared or kept).
  return editor.files.filter((f) => !f.edit).map((f) => {
    const st = f === editor.currentFile() ? editor.view.state : editor.states.get(f);
    return { name: f.name, content: st ? st.doc.toString() : f.content };
  });
}

/** setEditorFiles replaces every tab (an empty list opens the default deploy.yaml) and selects the first. */
export function setEditorFiles(editor, files) {
  const seen = new Set();
  const list = [];
  (Array.isArray(files) ? files : []).slice(0, MAX_FILES).forEach((f, i) => {
    let name = cleanName(f && f.name, i);
    while (seen.has(name)) name = `${i + 1}-${name}`;
    seen.add(name);
    list.push({ name, content: String((f && f.content) ?? '') });
  });
  if (!list.length) list.push({ ...DEFAULT_FILE });
  editor.files = list;
  editor.states = new Map();
  editor.active = 0;
  editor.view.setState(editor.stateFor(list[0]));
  editor.renderTabs();
  editor.saveSoon();
}
