import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEmbed, embedURL, iframeSnippet, normalizeOrigin, PANES } from '../src/embed.js';

test('embed parameters choose panes, scenario, origins and language', () => {
  const o = parseEmbed('?embed=1&panes=events,terminal,bogus&scenario=07-image-typo&origins=https://a.example/x,javascript:alert(1),http://b.example:8080&lang=ja', null);
  assert.deepEqual(o, {
    embed: true, panes: ['events', 'terminal'], scenario: '07-image-typo', scenarioParam: '07-image-typo',
    origins: ['https://a.example', 'http://b.example:8080'], lang: 'ja', step: -1, speed: 0, paused: false, readonly: [],
  });
});

test('no parameters mean the full page with every pane and no extra origins', () => {
  assert.deepEqual(parseEmbed('', null), {
    embed: false, panes: PANES, scenario: '', scenarioParam: '', origins: [], lang: '', step: -1, speed: 0, paused: false, readonly: [],
  });
});

test('origins are exact http(s) origins only', () => {
  for (const [in_, want] of [['https://a.example/path?q', 'https://a.example'], ['*', ''], ['null', ''], ['data:text/html,x', ''], ['file:///etc', '']]) {
    assert.equal(normalizeOrigin(in_), want, in_);
  }
});

test('the iframe snippet escapes its attributes and round trips through parseEmbed', () => {
  const src = embedURL('https://kubeplay.example/', { panes: ['editor', 'events'], scenario: '01-hands-on', origins: ['https://course.example'] });
  assert.equal(src, 'https://kubeplay.example/?embed=1&panes=editor,events&scenario=01-hands-on&origins=https%3A%2F%2Fcourse.example');
  const o = parseEmbed(new URL(src).search, null);
  assert.deepEqual([o.panes, o.scenario, o.origins], [['editor', 'events'], '01-hands-on', ['https://course.example']]);
  const s = iframeSnippet('https://x.example/?a="><script>', { height: 99999, title: '<b>' });
  assert.ok(!s.includes('"><script>') && s.includes('&quot;&gt;&lt;script&gt;') && s.includes('height="4000"') && s.includes('title="&lt;b&gt;"'), s);
});

test('issue 12: step, speed, paused, read-only parts and every pane travel in the iframe address', () => {
  const src = embedURL('https://kubeplay.example/', {
    panes: ['editor', 'events', 'explain', 'cluster', 'etcd', 'lesson'], lang: 'ja', step: 2, speed: 5, paused: true,
    readonly: ['editor', 'terminal'], fragment: 'v1:abc',
  });
  assert.equal(src, 'https://kubeplay.example/?embed=1&panes=editor,events,explain,cluster,etcd,lesson&lang=ja&step=2&speed=5&paused=1&readonly=editor,terminal#v1:abc');
  const o = parseEmbed(new URL(src).search, null);
  assert.deepEqual([o.panes, o.lang, o.step, o.speed, o.paused, o.readonly],
    [['editor', 'events', 'cluster', 'etcd', 'explain', 'lesson'], 'ja', 2, 5, true, ['editor', 'terminal']]);
  // Nonsense is ignored rather than obeyed.
  const bad = parseEmbed('?embed=1&step=-3&speed=7&paused=yes&readonly=editor,filesystem', null);
  assert.deepEqual([bad.step, bad.speed, bad.paused, bad.readonly], [-1, 0, false, ['editor']]);
  // The default panes and speed 1 add nothing to the address.
  assert.equal(embedURL('https://k.example/', { speed: 1, step: 0 }), 'https://k.example/?embed=1');
});
