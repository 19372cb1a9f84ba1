// Package beat folds the pipeline trace (core/trace) into beats: the
// hand-offs of the relay as a learner reads them. It plays no Kubernetes
// component; it is the narrator of the story view, slow motion and step.
//
// Every trace record belongs to exactly one beat, in trace order:
//
//   - request: a Request record with its stages, its etcd write and its
//     Response (actor kube-apiserver, From the client). When a component's
//     own decision record is immediately followed, in the same sim event,
//     by the request it makes ("creating ReplicaSet …" then its POST), the
//     two are one beat.
//   - event: a request that POSTs or PATCHes a Kubernetes Event, with the
//     `event` record that follows it (client-go's retries under a new name
//     included), and the component's own action records that immediately
//     precede or follow it about the same object ("pulling image" after
//     Pulling). Source is SOURCE as `kubectl get events -o wide` prints it.
//   - watch: one change delivered to every watcher it concerns. The
//     apiserver delivers a change to all its watchers in one sim event (as
//     the watch cache's dispatch loop hands an event to every watcher
//     together, see core/apiserver fanOut), so the deliveries of one change
//     are consecutive records and make one beat, ending when they are made.
//   - action: one component's own action records (consecutive records of
//     one component about one object), a fault injected by the user, or an
//     etcd write outside any request (a lease expiring).
//
// A beat never spans two sim events, nor two user inputs (the seam calls
// Cut between inputs), so it is complete as soon as the sim event that
// wrote it has run, and its end (T) is that event's virtual time. Beats are
// therefore numbered in trace order and ordered by T.
//
// Heartbeat beats (Heartbeat: true) are Lease renewals in kube-node-lease,
// node status updates (the kubelet's GET of its Node and its PATCH of
// nodes/status), the node-lifecycle controller's periodic reads, and the
// watch deliveries of what those wrote. The page hides them unless asked.
//
// Each beat carries one sentence (Text, en and ja) naming who acts, and the
// caption of its class (Caption): the sentence of the article this kind of
// hand-off illustrates, kept as data in captions.yaml.
package beat
