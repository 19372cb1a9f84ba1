// bench.js: the browser benchmark page (bench.html). It loads the core like the playground does (through
// window.kubeplay, site/src/api.js: the core runs in a Web Worker), then runs kube-scheduler's SchedulingBasic
// through kubeplay.benchScheduling (asynchronous) and prints pods/s. With ?run=1 it
// starts by itself (the Go benchmark in site/e2e drives it so); nodes=, initPods=, pods= override the sizes.
// The result is also left on #result as data-done="1" and data-pods-per-sec.

import kubeplay from './api.js';

// The page's own elements (bench.html): the form's inputs, the button, #result and #loader.
const $ = (id) => /** @type {HTMLInputElement & HTMLButtonElement} */ (document.getElementById(id));
const params = new URLSearchParams(location.search);
for (const k of ['nodes', 'initPods', 'pods']) if (params.has(k)) $(k).value = params.get(k) ?? '';

function run(kp) {
  const opts = { nodes: Number($('nodes').value), initPods: Number($('initPods').value), pods: Number($('pods').value) };
  const out = $('result');
  out.dataset.done = '';
  out.textContent = `running SchedulingBasic: ${opts.nodes} nodes, ${opts.initPods} + ${opts.pods} pods…`;
  $('run').disabled = true;
  // Let the message paint before the run starts.
  setTimeout(async () => {
    let r;
    try {
      r = await kp.benchScheduling(opts);
    } catch (e) {
      r = { error: String(e && e.message ? e.message : e) };
    }
    if (!r || typeof r !== 'object') r = { error: 'benchScheduling gave no answer' };
    $('run').disabled = false;
    if (r.error) {
      out.textContent = `error: ${r.error}`;
      out.dataset.error = r.error;
      out.dataset.done = '1';
      return;
    }
    out.textContent = [
      `${r.podsPerSec.toFixed(0)} pods/s`,
      `${r.scheduled} of ${r.pods} measured pods scheduled in ${r.ms.toFixed(0)} ms on ${r.nodes} nodes`,
      `set-up (nodes + ${r.initPods} initial pods): ${r.setupMs.toFixed(0)} ms`,
      `Go heap after the run: ${(r.heapBytes / 1048576).toFixed(0)} MiB, ${r.retainedPerPod.toFixed(0)} bytes retained per measured pod`,
      `kube-scheduler's CI threshold: 680 pods/s; kubeplay's budget: 2040 pods/s`,
    ].join('\n');
    out.dataset.podsPerSec = String(r.podsPerSec);
    out.dataset.json = JSON.stringify(r);
    out.dataset.done = '1';
  }, 50);
}

kubeplay.ready.then((kp) => {
  $('loader').hidden = true;
  $('run').disabled = false;
  $('bench-form').addEventListener('submit', (e) => {
    e.preventDefault();
    run(kp);
  });
  if (params.get('run') === '1') run(kp);
}, () => {});
