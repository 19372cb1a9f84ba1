// Package kubectl plays kubectl, the command line: it parses kubectl command
// lines and runs them against kubeplay's kube-apiserver as the user
// kubernetes-admin (or --as someone else), printing exactly what kubectl
// v1.35 prints: "deployment.apps/nginx created", tables, "Error from
// server (NotFound): ...". apply is client-side apply: the three-way
// strategic merge patch of core/api/strategicpatch against the
// kubectl.kubernetes.io/last-applied-configuration annotation.
//
// Commands that wait (delete, rollout status, wait) advance the simulation's
// virtual time until done; get -w registers a watch that keeps printing as
// virtual time advances, until StopWatches. A command line run as a shell
// runs it (Invoke, RunLine) lets LineTime pass after it when it wrote, as a
// kubectl process and the next pasted line take on kind.
package kubectl
