import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeState, decodeState, encodeJSON, fromBase64url, toBase64url, deflateRaw, ShareError, MAX_DECODED } from '../src/share.js';

// Written by site/share's Go encoder (share.Encode): the JS decoder must read it the same.
const fromGo = 'v1:HMkxCsIwFAbgq5TfNRU7CW_2FtYhNE8MJn-KL0spPYeLuLmI5yoeQ3D-ZpxjUoMcZ9BnhSDomMq0nXxOcBgKq7JCcI0M0hz-mpW156ZZ76_18fm-nz2xnBxsUPpbLBDsuvbiGawthIOpBsjewaqOkG75BQAA__8';

const code = async (p) => {
  try {
    await decodeState(p);
  } catch (e) {
    assert.ok(e instanceof ShareError, `${e}`);
    return e.code;
  }
  return 'ok';
};

test('a payload written by the Go encoder decodes to the same state', async () => {
  assert.deepEqual(await decodeState(fromGo), {
    files: [{ name: 'deploy.yaml', content: 'kind: Deployment\n# 日本語\n' }], scenario: '01-hands-on', seed: 7, step: 1,
  });
});

test('a state survives encode then decode, with or without the leading #', async () => {
  const st = { files: [{ name: 'a.yaml', content: 'x: 1\n' }, { name: 'b.yaml', content: '' }], scenario: '', seed: 42, step: 3 };
  const p = await encodeState(st);
  assert.match(p, /^v1:[A-Za-z0-9_-]+$/);
  assert.deepEqual(await decodeState(p), st);
  assert.deepEqual(await decodeState('#' + p), st);
});

test('base64url round trips every length without padding', () => {
  for (let n = 0; n < 10; n++) {
    const b = Uint8Array.from({ length: n }, (_, i) => (i * 97 + 13) & 255);
    assert.deepEqual([...fromBase64url(toBase64url(b))], [...b]);
  }
});

test('unknown keys are ignored', async () => {
  const st = await decodeState(await encodeJSON('{"files":[],"scenario":"x","seed":1,"step":0,"future":{"a":1}}'));
  assert.deepEqual(st, { files: [], scenario: 'x', seed: 1, step: 0 });
});

test('hostile payloads are refused with a code naming why', async () => {
  const big = new Uint8Array(MAX_DECODED + 10).fill(32);
  const bomb = 'v1:' + toBase64url(await deflateRaw(big));
  const cases = [
    ['no prefix', 'v2:abc', 'prefix'],
    ['bad base64', 'v1:@@@@', 'base64'],
    ['bad base64 length', 'v1:abcde', 'base64'],
    ['non-zero trailing bits', 'v1:AB', 'base64'],
    ['not deflate', 'v1:' + toBase64url(new Uint8Array([0xff, 0xff, 0xff, 0xff])), 'deflate'],
    ['a 2 MiB fragment', 'v1:' + 'A'.repeat(2 << 20), 'tooLarge'],
    ['a deflate bomb', bomb, 'tooLarge'],
    ['not UTF-8', 'v1:' + toBase64url(await deflateRaw(new Uint8Array([0x7b, 0xff, 0x7d]))), 'utf8'],
    ['a list', await encodeJSON('[1,2]'), 'shape'],
    ['a string', await encodeJSON('"hello"'), 'shape'],
    ['files not a list', await encodeJSON('{"files":"x"}'), 'shape'],
    ['a file without a name', await encodeJSON('{"files":[{"content":"x"}]}'), 'shape'],
    ['a numeric name', await encodeJSON('{"files":[{"name":5}]}'), 'shape'],
    ['a fractional seed', await encodeJSON('{"seed":1.5}'), 'shape'],
    ['a negative step', await encodeJSON('{"step":-1}'), 'shape'],
    ['empty JSON', await encodeJSON('  '), 'shape'],
    ['broken JSON', await encodeJSON('{"files":'), 'shape'],
  ];
  for (const [name, payload, want] of cases) assert.equal(await code(payload), want, name);
});

test('a deflate bomb is refused quickly', async () => {
  const bomb = 'v1:' + toBase64url(await deflateRaw(new Uint8Array(64 << 20)));
  const t0 = performance.now();
  assert.equal(await code(bomb), 'tooLarge');
  assert.ok(bomb.length < 200000, `bomb payload is ${bomb.length} chars`);
  console.log(`bomb of ${bomb.length} chars refused in ${(performance.now() - t0).toFixed(1)} ms`);
});
