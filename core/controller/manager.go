package controller

import (
	"kubeplay/core/client"
	"kubeplay/core/controller/bootstrap"
	"kubeplay/core/controller/cronjob"
	"kubeplay/core/controller/ctrlutil"
	"kubeplay/core/controller/daemonset"
	"kubeplay/core/controller/deployment"
	"kubeplay/core/controller/disruption"
	"kubeplay/core/controller/endpoint"
	"kubeplay/core/controller/endpointslice"
	"kubeplay/core/controller/endpointslicemirroring"
	"kubeplay/core/controller/garbagecollector"
	"kubeplay/core/controller/job"
	"kubeplay/core/controller/namespace"
	"kubeplay/core/controller/nodelifecycle"
	"kubeplay/core/controller/podautoscaler"
	"kubeplay/core/controller/podgc"
	"kubeplay/core/controller/replicaset"
	"kubeplay/core/controller/replication"
	"kubeplay/core/controller/resourceclaim"
	"kubeplay/core/controller/resourcequota"
	"kubeplay/core/controller/serviceaccount"
	"kubeplay/core/controller/statefulset"
	"kubeplay/core/controller/volume"
	"kubeplay/core/sim"
	"kubeplay/core/trace"
)

// Manager is kube-controller-manager: the controllers and the shared
// informers they read.
type Manager struct {
	ctx     *ctrlutil.Context
	ctrls   []ctrlutil.Controller
	running bool
}

// NewManager builds every controller on client c, which should
// authenticate as system:kube-controller-manager. Nothing runs until Start.
func NewManager(s *sim.Sim, c *client.Client) *Manager {
	ctx := &ctrlutil.Context{Sim: s, Client: c, Informers: client.NewInformerFactory(c, 0)}
	m := &Manager{ctx: ctx}
	m.ctrls = []ctrlutil.Controller{
		deployment.New(ctx),
		replicaset.New(ctx),
		garbagecollector.New(ctx),
		nodelifecycle.New(ctx),
		nodelifecycle.NewTaintEviction(ctx),
		podgc.New(ctx),
		namespace.New(ctx),
		serviceaccount.New(ctx),
		serviceaccount.NewTokens(ctx),
		bootstrap.New(ctx),
		job.New(ctx),
		daemonset.New(ctx),
		endpoint.New(ctx),
		endpointslice.New(ctx),
		endpointslicemirroring.New(ctx),
		resourcequota.New(ctx),
		volume.New(ctx),
		volume.NewLocalPath(ctx),
		volume.NewProtection(ctx),
		statefulset.New(ctx),
		cronjob.New(ctx),
		replication.New(ctx),
		disruption.New(ctx),
		podautoscaler.New(ctx),
		resourceclaim.New(ctx),
	}
	return m
}

// Controllers lists the controllers' names, in start order.
func (m *Manager) Controllers() []string {
	out := make([]string, len(m.ctrls))
	for i, c := range m.ctrls {
		out[i] = c.Name()
	}
	return out
}

// Controller returns the named controller (nil if unknown).
func (m *Manager) Controller(name string) ctrlutil.Controller {
	for _, c := range m.ctrls {
		if c.Name() == name {
			return c
		}
	}
	return nil
}

// Running reports whether the manager is started.
func (m *Manager) Running() bool { return m.running }

// Start starts every controller's loop, then the shared informers, whose
// initial lists fill the caches and queue every object.
func (m *Manager) Start() {
	if m.running {
		return
	}
	m.running = true
	m.ctx.Sim.Trace.Add(trace.Record{Kind: trace.Action, Component: ctrlutil.Component, Message: "kube-controller-manager: starting controllers"})
	for _, c := range m.ctrls {
		c.Start()
	}
	m.ctx.Informers.Start()
}

// Stop stops the informers and every controller: caches, queues,
// expectations and timers are forgotten.
func (m *Manager) Stop() {
	if !m.running {
		return
	}
	m.running = false
	m.ctx.Informers.Stop()
	for _, c := range m.ctrls {
		c.Stop()
	}
	m.ctx.Sim.Trace.Add(trace.Record{Kind: trace.Action, Component: ctrlutil.Component, Message: "kube-controller-manager: stopped"})
}
