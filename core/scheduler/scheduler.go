package scheduler

import (
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins"
	"kubeplay/core/scheduler/queue"
	"kubeplay/core/sim"
)

// Identity and naming.
const (
	// Component is the scheduler's name in the trace.
	Component = "kube-scheduler"
	// DefaultSchedulerName is the profile name pods ask for in
	// spec.schedulerName, and the events' reportingController.
	DefaultSchedulerName = "default-scheduler"
)

// Virtual cost of a scheduling attempt: a fixed part plus a part per node
// evaluated by the filters and per node scored. Deterministic, so traces
// are byte-identical between runs.
const (
	CycleBaseCost    = 100 * time.Microsecond
	CostPerNodeEval  = 1 * time.Microsecond
	CostPerNodeScore = 1 * time.Microsecond
)

// Adaptive percentageOfNodesToScore bounds (schedule_one.go).
const (
	minFeasibleNodesToFind           = 100
	minFeasibleNodesPercentageToFind = 5
)

// Scheduler is kube-scheduler with the default profile.
type Scheduler struct {
	s *sim.Sim
	c *client.Client

	// Name is the profile name (default-scheduler).
	Name string
	// PercentageOfNodesToScore: 0 means adaptive (50% − nodes/125, ≥ 5%).
	PercentageOfNodesToScore int32
	// ExplainLimit caps how many pods' last attempts are kept for Explain.
	ExplainLimit int

	fw       *framework.Framework
	q        *queue.Queue
	cache    *Cache
	recorder *client.EventsRecorder

	podInformer, nodeInformer *client.Informer
	spread                    *spreadListers
	volumes                   *volumeListers
	dra                       *draListers

	running    bool
	cycleTimer *sim.Timer
	busyUntil  time.Time
	nextStart  int

	// nominated maps a node to pods nominated there by preemption.
	nominated map[string][]*framework.PodInfo
	nominee   map[string]string // pod key → node

	explain *explainStore

	// per-cycle buffers, reused
	feasible []*framework.NodeInfo
	scoreBuf []framework.PluginScores
	totals   []int64

	stats Stats
}

// Stats counts what the scheduler did.
type Stats struct {
	Attempts, Scheduled, Unschedulable, Errors, BindErrors, Preemptions int
	NodesEvaluated                                                      int64
}

// New returns a stopped scheduler talking through c (which carries the
// system:kube-scheduler identity).
func New(s *sim.Sim, c *client.Client) *Scheduler {
	return &Scheduler{s: s, c: c, Name: DefaultSchedulerName, ExplainLimit: 256}
}

// Stats reports counters since New.
func (sc *Scheduler) Stats() Stats { return sc.stats }

// Running reports whether Start was called without Stop.
func (sc *Scheduler) Running() bool { return sc.running }

// Start builds the profile, lists and watches pods and nodes, and starts
// scheduling. Pending pods found by the list are queued; bound pods fill the
// cache.
func (sc *Scheduler) Start() {
	if sc.running {
		return
	}
	sc.running = true
	sc.cache = newCache()
	sc.nominated = map[string][]*framework.PodInfo{}
	sc.nominee = map[string]string{}
	sc.explain = newExplainStore(sc.ExplainLimit)
	sc.recorder = client.NewEventsRecorder(sc.c, sc.Name, sc.Name)
	sc.spread = newSpreadListers(sc.c)
	sc.volumes = newVolumeListers(sc.c)
	sc.dra = newDRAListers(sc.c)
	fw, err := framework.New(plugins.DefaultProfile(), plugins.Registry(), framework.Deps{
		SchedulerName:  sc.Name,
		Snapshot:       sc.cache.snap,
		API:            apiClient{sc.c},
		Recorder:       recorder{sc.recorder},
		Now:            sc.s.Now,
		Rand:           sc.s.Rand(),
		SpreadSelector: sc.spread.selectorFor,
		Volumes:        sc.volumes,
		DRA:            sc.dra,
		Nominated:      func(node string) []*framework.PodInfo { return sc.nominated[node] },
		HasNominated:   func() bool { return len(sc.nominated) > 0 },
	})
	if err != nil {
		panic(err) // the default profile is static
	}
	sc.fw = fw
	sc.q = queue.New(sc.s, fw.QueueSort().Less, fw.RunPreEnqueuePlugins, sc.kick)
	sc.q.Run()
	sc.nodeInformer = client.NewInformer(sc.c, "nodes", "", client.ListOptions{}, 0)
	sc.nodeInformer.AddEventHandler(client.Handler{OnAdd: sc.onNodeAdd, OnUpdate: sc.onNodeUpdate, OnDelete: sc.onNodeDelete})
	sc.podInformer = client.NewInformer(sc.c, "pods", "", client.ListOptions{}, 0)
	sc.podInformer.AddEventHandler(client.Handler{OnAdd: sc.onPodAdd, OnUpdate: sc.onPodUpdate, OnDelete: sc.onPodDelete})
	sc.spread.run()
	sc.volumes.run(sc)
	sc.dra.run(sc)
	sc.nodeInformer.Run()
	sc.podInformer.Run()
}

// Stop stops watching and forgets everything: queue, cache, nominations and
// explanations. Start again re-lists.
func (sc *Scheduler) Stop() {
	if !sc.running {
		return
	}
	sc.running = false
	if sc.cycleTimer != nil {
		sc.cycleTimer.Stop()
		sc.cycleTimer = nil
	}
	sc.podInformer.Stop()
	sc.nodeInformer.Stop()
	sc.spread.stop()
	stopAll(sc.volumes.informers())
	stopAll(sc.dra.informers())
	sc.recorder.Stop()
	sc.q.Close()
	sc.cache = nil
	sc.nominated, sc.nominee = nil, nil
	sc.explain = newExplainStore(sc.ExplainLimit)
}

// kick schedules the next scheduling cycle if there is work and none is
// already scheduled. Cycles follow each other after each one's cost.
func (sc *Scheduler) kick() {
	if !sc.running || sc.cycleTimer != nil || sc.q.ActiveLen() == 0 {
		return
	}
	d := sc.busyUntil.Sub(sc.s.Now())
	sc.cycleTimer = sc.s.After(d, "kube-scheduler: scheduling cycle", func() {
		sc.cycleTimer = nil
		sc.scheduleOne()
		sc.kick()
	})
}

// responsible reports whether this scheduler should schedule pod.
func (sc *Scheduler) responsible(pod *api.Pod) bool {
	name := pod.Spec.SchedulerName
	return name == "" || name == sc.Name
}

func terminal(pod *api.Pod) bool {
	return pod.Status.Phase == api.PodSucceeded || pod.Status.Phase == api.PodFailed
}

// Pending reports how many pods wait in each part of the queue.
func (sc *Scheduler) Pending() map[string]int {
	out := map[string]int{}
	if sc.q == nil {
		return out
	}
	for w, n := range sc.q.Len() {
		out[w.String()] = n
	}
	return out
}
