// One accent colour per component, shared by the diagram, the events panel and the cluster view.
// The colours themselves are CSS variables (--c-<key>) in style.css, defined for both themes.

export const COMPONENTS = [
  { key: 'kubectl', name: 'kubectl' },
  { key: 'apiserver', name: 'kube-apiserver' },
  { key: 'etcd', name: 'etcd' },
  { key: 'scheduler', name: 'kube-scheduler' },
  { key: 'kcm', name: 'kube-controller-manager' },
  { key: 'kubelet', name: 'kubelet' },
  { key: 'sim', name: 'sim' },
];

// compKey maps a trace component or an Event source to its colour key.
export function compKey(name) {
  if (!name) return 'other';
  const n = String(name);
  if (n === 'kubectl' || n.startsWith('kubectl')) return 'kubectl';
  if (n === 'kube-apiserver') return 'apiserver';
  if (n === 'etcd') return 'etcd';
  if (n === 'kube-scheduler' || n === 'default-scheduler') return 'scheduler';
  if (n.startsWith('kube-controller-manager') || n.endsWith('-controller') || n.endsWith('controller')) return 'kcm';
  if (n.startsWith('kubelet')) return 'kubelet';
  if (n === 'sim') return 'sim';
  return 'other';
}

export function compVar(name) {
  return `var(--c-${compKey(name)})`;
}
