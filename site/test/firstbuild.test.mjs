import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstBuild } from '../src/firstbuild.js';

const tag = { wasm: 'kubeplay.wasm', bytes: '14000000', br: '1800000', gz: '2600000', full: 'kubeplay-full.wasm', fullBytes: '15000000', fullBr: '1950000', fullGz: '2800000' };

test('the playground downloads the lite build first', () => {
  assert.deepEqual(firstBuild(tag, ''), { wasm: 'kubeplay.wasm', bytes: 14000000, br: 1800000, gz: 2600000 });
  assert.deepEqual(firstBuild(tag, '?embed=1&panes=events'), { wasm: 'kubeplay.wasm', bytes: 14000000, br: 1800000, gz: 2600000 });
});

test("a lesson's address downloads the full build first", () => {
  assert.deepEqual(firstBuild(tag, '?scenario=07-image-typo'), { wasm: 'kubeplay-full.wasm', bytes: 15000000, br: 1950000, gz: 2800000 });
  assert.deepEqual(firstBuild(tag, '?embed=1&scenario=01-hands-on&lang=ja'), { wasm: 'kubeplay-full.wasm', bytes: 15000000, br: 1950000, gz: 2800000 });
});

test('without the full build named (an older page), the lesson loads the lite build', () => {
  assert.equal(firstBuild({ wasm: 'kubeplay.wasm' }, '?scenario=x').wasm, 'kubeplay.wasm');
});
