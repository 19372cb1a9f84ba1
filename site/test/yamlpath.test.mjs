// node --test site/test: unit tests of the views' pure helpers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineOfPath, fieldPathOf } from '../src/ui/yamlpath.js';

const deploy = [
  'apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: bad', 'spec:', '  replicas: 1',
  '  selector:', '    matchLabels:', '      app: bad', '  template:', '    metadata:', '      labels:',
  '        app: bad', '    spec:', '      containers:', '      - name: c', '        image: nginx',
  '        imagePullPolcy: Always', '      - name: d', '        image: x', '',
].join('\n');

test('a field path is found on its own line, through list items', () => {
  for (const [path, line] of [
    ['spec.template.spec.containers[0].imagePullPolcy', 18],
    ['spec.template.spec.containers[0].name', 16],
    ['spec.template.spec.containers[1].image', 20],
    ['spec.replicas', 6],
    ['metadata.name', 4],
  ]) assert.equal(lineOfPath(deploy, path), line, path);
});

test('the search stays inside the document that starts at the given line', () => {
  const two = 'a: 1\n---\napiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - image: x\n    name: y\n';
  assert.equal(lineOfPath(two, 'spec.containers[0].name', 2), 8);
});

test('a missing field gives the deepest line found on the way', () => {
  assert.equal(lineOfPath(deploy, 'spec.template.spec.nodeName'), 14);
});

test('field paths are read from decoding and validation errors', () => {
  assert.equal(fieldPathOf('strict decoding error: unknown field "spec.template.spec.containers[0].imagePullPolcy"'), 'spec.template.spec.containers[0].imagePullPolcy');
  assert.equal(fieldPathOf('The Deployment "x" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0'), 'spec.replicas');
  assert.equal(fieldPathOf('deployment.apps/nginx created'), '');
});
