import { test } from 'node:test';
import assert from 'node:assert/strict';
import { groupKeys, keyParts } from '../src/ui/etcd.js';

const keys = (tree) => Object.fromEntries([...tree].map(([r, byNs]) => [r, Object.fromEntries([...byNs].map(([ns, l]) => [ns, l.map((k) => k.key)]))]));

// The etcd view groups keys as the core counts them (wasm/seam etcd.go registryResource): the view asks for the
// keys of the groups a learner opened by these names.
test('keys group by resource and namespace; a custom resource by <group>/<resource>', () => {
  const tree = groupKeys([
    { key: '/registry/pods/default/nginx-1' },
    { key: '/registry/pods/kube-system/etcd-demo' },
    { key: '/registry/nodes/demo-worker' },
    { key: '/registry/apiextensions.k8s.io/customresourcedefinitions/crontabs.stable.example.com' },
    { key: '/registry/stable.example.com/crontabs/default/my-cron' },
    { key: '/registry/stable.example.com/clusterthings/one' },
  ]);
  assert.deepEqual(keys(tree), {
    pods: { default: ['/registry/pods/default/nginx-1'], 'kube-system': ['/registry/pods/kube-system/etcd-demo'] },
    nodes: { '': ['/registry/nodes/demo-worker'] },
    'apiextensions.k8s.io/customresourcedefinitions': { '': ['/registry/apiextensions.k8s.io/customresourcedefinitions/crontabs.stable.example.com'] },
    'stable.example.com/crontabs': { default: ['/registry/stable.example.com/crontabs/default/my-cron'] },
    'stable.example.com/clusterthings': { '': ['/registry/stable.example.com/clusterthings/one'] },
  });
});

test('a key is named within its group and namespace', () => {
  assert.deepEqual(keyParts('/registry/pods/default/nginx-1'), { resource: 'pods', ns: 'default', name: 'nginx-1' });
  assert.deepEqual(keyParts('/registry/nodes/demo-worker'), { resource: 'nodes', ns: '', name: 'demo-worker' });
  assert.deepEqual(keyParts('/registry/example.com/gadgets/default/g1'), { resource: 'example.com/gadgets', ns: 'default', name: 'g1' });
  assert.deepEqual(keyParts('/registry/apiextensions.k8s.io/customresourcedefinitions/gadgets.example.com'),
    { resource: 'apiextensions.k8s.io/customresourcedefinitions', ns: '', name: 'gadgets.example.com' });
});
