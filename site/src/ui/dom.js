// Small DOM helpers. Untrusted text (names, messages, YAML) only ever goes through textContent.

const SVG_NS = 'http://www.w3.org/2000/svg';

// h builds an element: h('div.card#id', {attrs, on: {click}}, children...). Strings become text nodes.
export function h(spec, props, ...children) {
  const { tag, id, classes } = parseSpec(spec);
  const el = document.createElement(tag);
  if (id) el.id = id;
  if (classes.length) el.className = classes.join(' ');
  setProps(el, props);
  append(el, children);
  return el;
}

// s builds an SVG element the same way.
export function s(spec, props, ...children) {
  const { tag, id, classes } = parseSpec(spec);
  const el = document.createElementNS(SVG_NS, tag);
  if (id) el.id = id;
  if (classes.length) el.setAttribute('class', classes.join(' '));
  setProps(el, props);
  append(el, children);
  return el;
}

function parseSpec(spec) {
  const m = spec.match(/^([a-zA-Z0-9]+)?((?:[.#][\w-]+)*)$/);
  const tag = (m && m[1]) || 'div';
  let id = '';
  const classes = [];
  for (const part of ((m && m[2]) || '').match(/[.#][\w-]+/g) || []) {
    if (part[0] === '#') id = part.slice(1);
    else classes.push(part.slice(1));
  }
  return { tag, id, classes };
}

function setProps(el, props) {
  if (!props) return;
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'on') {
      for (const [ev, fn] of Object.entries(v)) el.addEventListener(ev, fn);
    } else if (k === 'text') {
      el.textContent = String(v);
    } else if (k === 'dataset') {
      for (const [dk, dv] of Object.entries(v)) el.dataset[dk] = dv;
    } else if (k === 'style' && typeof v === 'object') {
      for (const [sk, sv] of Object.entries(v)) {
        if (sk.startsWith('--')) el.style.setProperty(sk, sv);
        else el.style[sk] = sv;
      }
    } else if (k === 'value' || k === 'checked' || k === 'disabled' || k === 'selected') {
      el[k] = v;
    } else {
      el.setAttribute(k, v === true ? '' : String(v));
    }
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
}

export function $(sel, root = document) { return root.querySelector(sel); }

// debounce returns f delayed until ms after the last call.
export function debounce(f, ms) {
  let timer = 0;
  const d = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => f(...args), ms);
  };
  d.flush = (...args) => { clearTimeout(timer); f(...args); };
  return d;
}

// throttleFrame runs f at most once per animation frame.
export function throttleFrame(f) {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; f(); });
  };
}

// fmtTime formats a virtual time (ms since the epoch, or an RFC3339 string) as HH:MM:SS.mmm UTC.
export function fmtTime(t, withMs = true) {
  const ms = typeof t === 'number' ? t : Date.parse(t);
  if (!Number.isFinite(ms)) return '--:--:--';
  const d = new Date(ms);
  const p = (n, w = 2) => String(n).padStart(w, '0');
  const base = `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
  return withMs ? `${base}.${p(d.getUTCMilliseconds(), 3)}` : base;
}

export function toMs(t) {
  if (typeof t === 'number') return t;
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? ms : 0;
}

// fmtBytes prints a byte count the way Kubernetes quantities read (Mi/Gi).
export function fmtBytes(n) {
  if (!Number.isFinite(n)) return '0';
  const gi = 1024 ** 3, mi = 1024 ** 2, ki = 1024;
  if (n >= gi) return `${+(n / gi).toFixed(1)}Gi`;
  if (n >= mi) return `${Math.round(n / mi)}Mi`;
  if (n >= ki) return `${Math.round(n / ki)}Ki`;
  return String(n);
}

export function fmtCPU(milli) {
  if (!Number.isFinite(milli)) return '0';
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
}

// place puts el just after prev in parent (first when prev is null), moving it only when it is not
// there already; views that keep their elements across updates use it to follow the data's order.
export function place(parent, el, prev) {
  const want = prev ? prev.nextSibling : parent.firstChild;
  if (want !== el) parent.insertBefore(el, want);
  return el;
}

// dropUnseen removes from the page, and from kept, every entry whose key is not in seen.
export function dropUnseen(kept, seen, elOf) {
  for (const [key, v] of kept) {
    if (!seen.has(key)) {
      elOf(v).remove();
      kept.delete(key);
    }
  }
}

/**
 * orError is for a view that shows a failure where the answer would be: it resolves with what p resolves
 * with, or with {error: message} when p rejects (every call to the core rejects on failure, api.js).
 * @template T
 * @param {Promise<T>} p
 * @returns {Promise<T | {error: string}>}
 */
export function orError(p) {
  return p.catch((e) => ({ error: String(e && e.message ? e.message : e) }));
}

/**
 * selectById is the <select> with that id, or null.
 * @param {string} id
 * @returns {HTMLSelectElement | null}
 */
export const selectById = (id) => /** @type {HTMLSelectElement | null} */ (document.getElementById(id));

/**
 * inputById is the <input> with that id, or null.
 * @param {string} id
 * @returns {HTMLInputElement | null}
 */
export const inputById = (id) => /** @type {HTMLInputElement | null} */ (document.getElementById(id));
