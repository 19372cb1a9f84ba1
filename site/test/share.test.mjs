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

// issue 12: lessons, journals and the view travel in the link. Written by Go's share.Encode
// (site/share TestTheLessonVectorsReadTheSameInGoAndJS pins it), and by this encoder (Go decodes fromJS).
const lessonFromGo = 'v1:TJG9TsMwFIVfJTqsVptQsdyZN0BiIR2c5lK5da4t200UVXkOFsTGgniuisdATsPP4sHyOf6-e894NpYj6OkM0R2DMHCzGnVnobBzklgSCEcjLRX37K0bO5ZUC6atQtyx6GAcCFCIzC1ooxATe1ClYDlGJyBobx45ROOEiuOpYW_1uGq5X_dVLdfyh6WrlgxCRWeEa7kpLi_vl9fPr4-3WqBwcKcg2oLO6K-F80eNjpzvFoRJgSUFs5hlnggqFdJ8Oj8jeTtCQYd9fvXnvZ3Ub6S6nTPVXfkTCyf5F8ouu2SLPafCuzZim8cibgBtyrIsJ4Xe8JDRrJY9CAedJ-VnzlyuGxASh85kLZX3kTiA4F27HrjBNH0HAAD__w';
const lessonState = {
  files: [{ name: 'web.yaml', content: 'kind: Deployment\n' }], scenario: '', seed: 3, step: 1,
  lesson: 'apiVersion: kubeplay.dev/v1\nkind: Scenario\nname: mine\n# 日本語\n',
  journal: { version: 1, base: { seed: 3 }, entries: [{ steps: 0, t: 0, op: 'apply', args: ['web.yaml'] }, { steps: 12, t: 1500, op: 'run', args: ['kubectl get pods'] }], now: 30000 },
  view: { lang: 'ja', speed: 2, tab: 'terminal', filter: 'pod/web' },
};

test('a lesson, a journal and the view written by Go decode to the same state', async () => {
  assert.deepEqual(await decodeState(lessonFromGo), lessonState);
});

test('a lesson, a journal and the view survive encode then decode; empty ones are left out', async () => {
  const p = await encodeState(lessonState);
  assert.deepEqual(await decodeState(p), lessonState);
  const plain = await encodeState({ ...lessonState, lesson: '', journal: null, view: { lang: '', speed: 0 } });
  assert.deepEqual(await decodeState(plain), { files: lessonState.files, scenario: '', seed: 3, step: 1 });
  console.log(`fromJS: ${p}`);
});

test('a lesson, journal or view of the wrong shape is refused like Go refuses it', async () => {
  const cases = [
    ['a numeric lesson', '{"lesson":5}'],
    ['a journal list', '{"journal":[1]}'],
    ['a journal string', '{"journal":"x"}'],
    ['a view string', '{"view":"ja"}'],
    ['a numeric view.lang', '{"view":{"lang":1}}'],
    ['a string speed', '{"view":{"speed":"2"}}'],
  ];
  for (const [name, js] of cases) assert.equal(await code(await encodeJSON(js)), 'shape', name);
  assert.deepEqual(await decodeState(await encodeJSON('{"lesson":null,"journal":null,"view":null}')), { files: [], scenario: '', seed: 0, step: 0 });
});

test('a 1 MiB lesson is refused; a lesson just under the limit decodes', async () => {
  const big = 'x'.repeat(MAX_DECODED);
  assert.equal(await code(await encodeJSON(JSON.stringify({ lesson: big }))), 'tooLarge');
  const ok = 'y'.repeat(MAX_DECODED - 100);
  assert.equal((await decodeState(await encodeJSON(JSON.stringify({ lesson: ok })))).lesson.length, ok.length);
});
