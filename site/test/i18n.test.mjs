import { test } from 'node:test';
import assert from 'node:assert/strict';
import { _dicts, _reasons, _byMessage, reasonText } from '../src/i18n.js';

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

// pagelayout: one polite register in Japanese, and distinct words for a Kubernetes Event, a trace record and a beat.
test('Japanese sentences end in the polite register (です/ます)', () => {
  const all = [...Object.entries(_dicts.ja), ...Object.entries(_reasons).map(([k, v]) => [`reason.${k}`, v.ja])];
  for (const [k, v] of all) {
    for (const sentence of v.split('。').slice(0, -1)) {
      const end = sentence.replace(/\([^()]*\)$/, '').trim(); // a closing parenthesis belongs to the sentence before it
      assert.ok(/(です|ます|ました|ません|でした|ください|ましょう)$/.test(end), `${k}: 「${sentence}。」 is not です/ます`);
    }
  }
});

test('イベント in Japanese always means a Kubernetes Event (the panel names aside)', () => {
  const panelNames = new Set(['tab.events', 'embed.pane.events']);
  for (const [k, v] of Object.entries(_dicts.ja)) {
    if (panelNames.has(k)) continue;
    for (const m of v.matchAll(/イベント/g)) {
      const before = v.slice(0, m.index);
      assert.ok(/(Kubernetes|K8s) ?$/.test(before), `${k}: 「${v}」 uses イベント without "Kubernetes"`);
    }
  }
  assert.equal(_dicts.ja['ctl.step.aria'], '1 手進める');
});

// The explanation follows the Event's message, not only its reason: the kubelet's BackOff while pulling an
// image is ImagePullBackOff (the article's triage case), while restarting a crashing container it is
// CrashLoopBackOff; its Failed is ErrImagePull for a failed pull.
test('explanations follow the Event message, not only the reason', () => {
  for (const v of _byMessage) {
    assert.ok(v.en && japanese.test(v.ja) && !japanese.test(v.en), `${v.reason} ${v.prefix}`);
    for (const sentence of v.ja.split('。').slice(0, -1)) {
      const end = sentence.replace(/\([^()]*\)$/, '').trim();
      assert.ok(/(です|ます|ました|ません|でした|ください|ましょう)$/.test(end), `${v.prefix}: 「${sentence}。」 is not です/ます`);
    }
  }
  for (const lang of ['ja', 'en']) {
    const pull = reasonText('BackOff', 'Back-off pulling image "ngnix:1.27"', lang);
    const crash = reasonText('BackOff', 'Back-off restarting failed container c in pod web-1_default(uid)', lang);
    assert.match(pull, /ImagePullBackOff/, lang);
    assert.doesNotMatch(pull, /CrashLoopBackOff/, lang);
    assert.match(crash, /CrashLoopBackOff/, lang);
    assert.match(reasonText('Failed', 'Failed to pull image "ngnix:1.27": pull access denied', lang), /ErrImagePull/, lang);
    assert.equal(reasonText('Scheduled', 'Successfully assigned default/x to demo-worker', lang), _reasons.Scheduled[lang]);
  }
});
