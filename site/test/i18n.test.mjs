import { test } from 'node:test';
import assert from 'node:assert/strict';
import { _dicts, _reasons } from '../src/i18n.js';

const japanese = /[\u3040-\u30ff\u3400-\u9fff]/;

test('Japanese and English have the same keys', () => {
  assert.deepEqual(Object.keys(_dicts.ja).sort(), Object.keys(_dicts.en).sort());
});

test('no English string contains Japanese text', () => {
  for (const [k, v] of Object.entries(_dicts.en)) assert.ok(!japanese.test(v), `${k}: ${v}`);
  for (const [k, v] of Object.entries(_reasons)) assert.ok(!japanese.test(v.en), `${k}: ${v.en}`);
});

test('every Event reason is explained in both languages', () => {
  for (const r of ['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started', 'Killing', 'BackOff', 'Failed',
    'FailedScheduling', 'Unhealthy', 'ScalingReplicaSet', 'SuccessfulCreate', 'SuccessfulDelete', 'FailedCreate',
    'NodeNotReady', 'RegisteredNode', 'TaintManagerEviction', 'Preempted', 'Completed']) {
    assert.ok(_reasons[r]?.en && _reasons[r]?.ja, r);
    assert.ok(japanese.test(_reasons[r].ja), `${r} has Japanese text`);
  }
});
