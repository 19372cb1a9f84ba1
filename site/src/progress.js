// progress.js: the loader's download progress, counted the same way by boot.js (the page's own download of
// kubeplay.wasm) and coreworker.js (the worker's). The bytes are counted on a clone of the response, while the
// browser compiles the response itself: only a response that came from fetch (with its URL and its place in
// the HTTP cache) lets the browser keep the compiled code and skip compiling it on the next visit.

/**
 * countProgress reads a clone of resp's body and posts {type:'progress', loaded, total, encoding} at most every
 * 30 ms and once at its end: loaded and total count decoded bytes, encoding is the response's Content-Encoding
 * ("br", "gzip" or ""), by which the page tells what the download weighs. It resolves with the bytes read and
 * the stream's error, if it failed (it never rejects).
 * @param {Response} resp
 * @param {number} total
 * @param {(m: {type: 'progress', loaded: number, total: number, encoding: string}) => void} post
 * @returns {Promise<{loaded: number, error: unknown}>}
 */
export async function countProgress(resp, total, post) {
  const reader = /** @type {ReadableStream<Uint8Array>} */ (resp.clone().body).getReader();
  const encoding = resp.headers.get('Content-Encoding') || '';
  let loaded = 0;
  let last = 0;
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      loaded += r.value.byteLength;
      const t = performance.now();
      if (t - last > 30) {
        last = t;
        post({ type: 'progress', loaded, total, encoding });
      }
    }
    post({ type: 'progress', loaded, total, encoding });
    return { loaded, error: null };
  } catch (e) {
    return { loaded, error: e };
  }
}
