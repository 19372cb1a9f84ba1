// share.js: the share-link payload, mirroring site/share (Go). The format is a promise (issue 5):
//   "v1:" + base64url without padding of raw DEFLATE (RFC 1951) of UTF-8 JSON shaped like
//   {"files":[{"name":"deploy.yaml","content":"..."}],"scenario":"","seed":1,"step":0}
// and, when set (issue 12): "lesson" (a scenario's YAML, checked by the page with kubeplay check's loader),
// "journal" (the core's journal(): {version, base, entries, now}, the learner's inputs a free-play link
// replays) and "view" ({lang, speed, tab, filter}). Unknown keys are ignored. A later format gets a new prefix; v1 payloads keep decoding forever.
//
// Everything in a payload is untrusted. decodeState refuses, with a ShareError whose code names the failure:
//   prefix   no "v1:" prefix                       base64   not base64url without padding
//   deflate  not raw DEFLATE                        tooLarge more than 1 MiB once decompressed (or a fragment
//   utf8     not UTF-8                                       too long to hold less), refused while streaming:
//   shape    not an object of the documented shape           a deflate bomb costs milliseconds
// It never renders anything: the caller puts names and contents into the page as text only.

export const PREFIX = 'v1:';
/** The largest decompressed JSON a payload may hold: 1 MiB. */
export const MAX_DECODED = 1 << 20;
/** The longest payload text that could inflate to at most MAX_DECODED (base64 of that much, plus slack). */
export const MAX_ENCODED = Math.floor((MAX_DECODED * 4) / 3) + 4;
/** Links longer than this are awkward in chat apps: the Share dialog offers a short link. */
export const LONG_LINK = 2000;

export class ShareError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'ShareError';
    this.code = code;
  }
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64_INDEX = (() => {
  const m = new Int16Array(128).fill(-1);
  for (let i = 0; i < B64.length; i++) m[B64.charCodeAt(i)] = i;
  return m;
})();

/** base64url encodes bytes without padding. */
export function toBase64url(bytes) {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + B64[n & 63];
  }
  if (bytes.length - i === 1) {
    const n = bytes[i] << 16;
    out += B64[n >> 18] + B64[(n >> 12) & 63];
  } else if (bytes.length - i === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63];
  }
  return out;
}

/** fromBase64url decodes strict base64url without padding (like Go's RawURLEncoding.Strict()), or throws. */
export function fromBase64url(s) {
  if (s.length % 4 === 1) throw new ShareError('base64', 'the payload is not base64url without padding (bad length)');
  const out = new Uint8Array(Math.floor((s.length * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? B64_INDEX[c] : -1;
    if (v < 0) throw new ShareError('base64', `the payload is not base64url without padding (byte ${i})`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) {
    throw new ShareError('base64', 'the payload is not base64url without padding (trailing bits)');
  }
  return out.subarray(0, o);
}

async function readAll(stream, limit) {
  const reader = stream.getReader();
  const chunks = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.byteLength;
    if (n > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(n);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.byteLength;
  }
  return out;
}

function streamOf(bytes) {
  return new Blob([bytes]).stream();
}

/** deflateRaw compresses bytes with raw DEFLATE. */
export async function deflateRaw(bytes) {
  return readAll(streamOf(bytes).pipeThrough(new CompressionStream('deflate-raw')), Infinity);
}

/** inflateRaw decompresses raw DEFLATE, refusing (ShareError tooLarge) as soon as more than limit bytes come out. */
export async function inflateRaw(bytes, limit = MAX_DECODED) {
  let out;
  try {
    out = await readAll(streamOf(bytes).pipeThrough(new DecompressionStream('deflate-raw')), limit);
  } catch (e) {
    throw new ShareError('deflate', `the payload is not raw DEFLATE data (${e && e.message ? e.message : e})`);
  }
  if (out === null) throw new ShareError('tooLarge', `the decompressed payload is larger than ${limit} bytes (1 MiB)`);
  return out;
}

/** normalizeState returns the state in the documented key order with defaults (what encodeState writes). */
export function normalizeState(state = {}) {
  return {
    files: (Array.isArray(state.files) ? state.files : []).map((f) => ({ name: String(f.name), content: String(f.content ?? '') })),
    scenario: typeof state.scenario === 'string' ? state.scenario : '',
    seed: Number.isSafeInteger(state.seed) ? state.seed : 1,
    step: Number.isSafeInteger(state.step) && state.step >= 0 ? state.step : 0,
    ...optional(state),
  };
}

// optional returns the keys written only when set, in the documented order (as Go's omitempty does).
function optional(state) {
  const o = {};
  if (typeof state.lesson === 'string' && state.lesson) o.lesson = state.lesson;
  if (isObject(state.journal)) o.journal = state.journal;
  if (isObject(state.view)) {
    const v = {};
    const { lang, speed, tab, filter } = state.view;
    if (typeof lang === 'string' && lang) v.lang = lang;
    if (typeof speed === 'number' && Number.isFinite(speed) && speed !== 0) v.speed = speed;
    if (typeof tab === 'string' && tab) v.tab = tab;
    if (typeof filter === 'string' && filter) v.filter = filter;
    if (Object.keys(v).length) o.view = v;
  }
  return o;
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** encodeJSON compresses already-serialized JSON into a v1 payload, unchecked (tests build hostile payloads with it). */
export async function encodeJSON(json) {
  return PREFIX + toBase64url(await deflateRaw(new TextEncoder().encode(json)));
}

/** encodeState returns the v1 payload for {files, scenario, seed, step, lesson?, journal?, view?}. */
export async function encodeState(state) {
  return encodeJSON(JSON.stringify(normalizeState(state)));
}

const isInt = (v) => typeof v === 'number' && Number.isSafeInteger(v);

/** checkShape validates parsed JSON like Go's decoder into share.State, and returns the state. */
export function checkShape(v) {
  const bad = (why) => new ShareError('shape', `the payload is not a kubeplay state: ${why}`);
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw bad('the JSON is not an object');
  const st = { files: /** @type {{name: string, content: string}[]} */ ([]), scenario: '', seed: 0, step: 0 };
  if (v.files !== undefined && v.files !== null) {
    if (!Array.isArray(v.files)) throw bad('files is not a list');
    v.files.forEach((f, i) => {
      if (f === null || typeof f !== 'object' || Array.isArray(f)) throw bad(`files[${i}] is not an object`);
      if (f.name !== undefined && f.name !== null && typeof f.name !== 'string') throw bad(`files[${i}].name is not a string`);
      if (f.content !== undefined && f.content !== null && typeof f.content !== 'string') throw bad(`files[${i}].content is not a string`);
      if (!f.name) throw bad(`files[${i}].name is empty`);
      st.files.push({ name: f.name, content: f.content ?? '' });
    });
  }
  if (v.scenario !== undefined && v.scenario !== null) {
    if (typeof v.scenario !== 'string') throw bad('scenario is not a string');
    st.scenario = v.scenario;
  }
  if (v.seed !== undefined && v.seed !== null) {
    if (!isInt(v.seed)) throw bad('seed is not an integer');
    st.seed = v.seed;
  }
  if (v.step !== undefined && v.step !== null) {
    if (!isInt(v.step)) throw bad('step is not an integer');
    if (v.step < 0) throw bad('step is negative');
    st.step = v.step;
  }
  if (v.lesson !== undefined && v.lesson !== null) {
    if (typeof v.lesson !== 'string') throw bad('lesson is not a string');
    if (v.lesson) st.lesson = v.lesson;
  }
  if (v.journal !== undefined && v.journal !== null) {
    if (!isObject(v.journal)) throw bad('journal is not an object');
    st.journal = v.journal;
  }
  if (v.view !== undefined && v.view !== null) {
    if (!isObject(v.view)) throw bad('view is not an object');
    for (const k of ['lang', 'tab', 'filter']) {
      if (v.view[k] !== undefined && v.view[k] !== null && typeof v.view[k] !== 'string') throw bad(`view.${k} is not a string`);
    }
    if (v.view.speed !== undefined && v.view.speed !== null && (typeof v.view.speed !== 'number' || !Number.isFinite(v.view.speed))) throw bad('view.speed is not a number');
    const view = optional({ view: v.view }).view;
    if (view) st.view = view;
  }
  return st;
}

/**
 * decodeState parses a v1 payload ("v1:…", with or without a leading "#") into {files, scenario, seed, step}.
 * It rejects with a ShareError (see the top of this file).
 */
export async function decodeState(str) {
  let s = typeof str === 'string' ? str : '';
  if (s.startsWith('#')) s = s.slice(1);
  if (!s.startsWith(PREFIX)) throw new ShareError('prefix', 'not a kubeplay share payload (it must start with "v1:")');
  const rest = s.slice(PREFIX.length);
  if (rest.length > MAX_ENCODED) throw new ShareError('tooLarge', `the link is longer than a 1 MiB state can be (${rest.length} characters)`);
  const compressed = fromBase64url(rest);
  const raw = await inflateRaw(compressed, MAX_DECODED);
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(raw);
  } catch (_) {
    throw new ShareError('utf8', 'the payload is not UTF-8 text');
  }
  if (text.trim() === '') throw new ShareError('shape', 'the payload is not a kubeplay state: empty JSON');
  let v;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new ShareError('shape', `the payload is not a kubeplay state: ${e && e.message ? e.message : e}`);
  }
  return checkShape(v);
}
