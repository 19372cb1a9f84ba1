// firstbuild.js: which of the two builds (core/lite) the page downloads first. kubeplay.wasm, the lite build, is
// the playground's first download; a call that reaches what it leaves out makes the core's worker load
// kubeplay-full.wasm (coreworker.js). A lesson's address (?scenario=NAME, which course pages embed) loads the
// full build at once: lessons are not in the lite one, which would only add its download to the full one's.

/**
 * What the page downloads first, from the sizes build.mjs writes (boot.js's script tag, or manifest.json):
 * the file's name, its raw size and its size served brotli or gzip.
 * @param {{wasm?: string, bytes?: string | number, br?: string | number, gz?: string | number,
 *   full?: string, fullBytes?: string | number, fullBr?: string | number, fullGz?: string | number}} d
 * @param {string} search location.search
 * @returns {{wasm: string, bytes: number, br: number, gz: number}}
 */
export function firstBuild(d, search) {
  if (d.full && new URLSearchParams(search).has('scenario')) {
    return { wasm: d.full, bytes: Number(d.fullBytes) || 0, br: Number(d.fullBr) || 0, gz: Number(d.fullGz) || 0 };
  }
  return { wasm: d.wasm || 'kubeplay.wasm', bytes: Number(d.bytes) || 0, br: Number(d.br) || 0, gz: Number(d.gz) || 0 };
}
