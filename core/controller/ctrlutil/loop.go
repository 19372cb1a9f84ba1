package ctrlutil

import (
	"fmt"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/sim"
	"kubeplay/core/trace"
)

// Component is kube-controller-manager's name in the trace.
const Component = "kube-controller-manager"

// Controller is one control loop inside kube-controller-manager.
type Controller interface {
	// Name is the controller's name, e.g. "deployment-controller".
	Name() string
	// Start opens the controller's work queue (and timers). The shared
	// informers are started after it by the manager, so the initial list
	// reaches the new queue.
	Start()
	// Stop drops the queue, timers and every in-memory state.
	Stop()
}

// Context is what the manager hands every controller.
type Context struct {
	Sim *sim.Sim
	// Client is the manager's client (system:kube-controller-manager).
	Client *client.Client
	// Informers are the shared informers (one watch per resource).
	Informers *client.InformerFactory
}

// ClientFor returns the manager's client, named in the trace as
// kube-controller-manager/<controller>.
func (c *Context) ClientFor(controller string) *client.Client {
	return c.Client.WithComponent(Component + "/" + controller)
}

// Loop is a controller's work queue and sync function: informer handlers
// Enqueue keys; while the loop runs, each key is handed to sync in a sim
// event; an error retries it with the queue's rate limiter.
type Loop struct {
	name  string
	s     *sim.Sim
	sync  func(key string) error
	queue *client.Queue
	// busy holds the keys with asynchronous requests in flight
	// (SlowStartBatch, Parallel); gen counts Stops, so that work started
	// before a Stop dies with it.
	busy map[string]*inflight
	gen  uint64
}

// NewLoop returns a stopped loop named after its controller.
func NewLoop(s *sim.Sim, name string, sync func(key string) error) *Loop {
	return &Loop{name: name, s: s, sync: sync}
}

// Name reports the controller's name.
func (l *Loop) Name() string { return l.name }

// Sim returns the loop's simulation.
func (l *Loop) Sim() *sim.Sim { return l.s }

// Start opens a fresh queue.
func (l *Loop) Start() {
	if l.queue != nil {
		return
	}
	// client.DefaultControllerRateLimiter, with the per-item history kept
	// while a key's requests are in flight (loopLimiter).
	limiter := client.NewMaxOfRateLimiter(
		loopLimiter{client.NewItemExponentialFailureRateLimiter(5*time.Millisecond, 1000*time.Second), l},
		client.NewBucketRateLimiter(10, 100),
	)
	l.queue = client.NewQueue(l.s, l.name, limiter)
	l.queue.SetHandler(l.handle)
}

// Stop shuts the queue down; queued keys and requests in flight are
// forgotten.
func (l *Loop) Stop() {
	if l.queue != nil {
		l.queue.ShutDown()
		l.queue = nil
	}
	l.gen++
	clear(l.busy)
}

// Running reports whether the loop is started.
func (l *Loop) Running() bool { return l.queue != nil }

// Enqueue adds key (no-op while stopped).
func (l *Loop) Enqueue(key string) {
	if l.queue != nil {
		l.queue.Add(key)
	}
}

// EnqueueAfter adds key after d.
func (l *Loop) EnqueueAfter(key string, d time.Duration) {
	if l.queue != nil {
		l.queue.AddAfter(key, d)
	}
}

// EnqueueRateLimited adds key after the rate limiter's delay.
func (l *Loop) EnqueueRateLimited(key string) {
	if l.queue != nil {
		l.queue.AddRateLimited(key)
	}
}

// EnqueueObject adds the object's namespace/name key.
func (l *Loop) EnqueueObject(obj api.Object) { l.Enqueue(client.KeyFunc(obj)) }

// Queue returns the current queue (nil while stopped).
func (l *Loop) Queue() *client.Queue { return l.queue }

// Trace records an action of the controller: component
// kube-controller-manager, message "<controller>: <msg>".
func (l *Loop) Trace(verb, resource, namespace, name, format string, args ...any) {
	l.s.Trace.Add(trace.Record{
		Kind:      trace.Action,
		Component: Component,
		Verb:      verb,
		Resource:  resource,
		Namespace: namespace,
		Name:      name,
		Message:   l.name + ": " + fmt.Sprintf(format, args...),
	})
}
