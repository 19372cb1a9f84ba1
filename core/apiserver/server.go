package apiserver

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/apiserver/admission"
	"kubeplay/core/sim"
	"kubeplay/core/store"
	"kubeplay/core/trace"
)

// Component is kube-apiserver's name in the trace.
const Component = "kube-apiserver"

// EtcdComponent is etcd's name in the trace.
const EtcdComponent = "etcd"

// Components are the trace component names of a cluster's control plane
// (kubelets add kubelet/<node>).
var Components = []string{"kubectl", Component, EtcdComponent, "kube-scheduler", "kube-controller-manager"}

// registryPrefix is kube-apiserver's --etcd-prefix.
const registryPrefix = "/registry/"

// specialPrefixes are the resources stored under another name
// (SpecialDefaultResourcePrefixes).
var specialPrefixes = map[string]string{
	"nodes":                  "minions",
	"services":               "services/specs",
	"endpoints":              "services/endpoints",
	"replicationcontrollers": "controllers",
	"ingresses":              "ingress",
}

// Server is kube-apiserver. It is not safe for concurrent use: like the rest
// of core, it runs on the sim's loop.
type Server struct {
	// born is when the server started: the creation time of what it
	// computes rather than stores (APIServices).
	born  api.Time
	sim   *sim.Sim
	store *store.Store
	// encoded is the scratch space encodeStored renders objects into: the store copies what it
	// is given, so one buffer serves every write.
	encoded []byte
	// tokenKeyID is the service-account signing key's id in the tokens it issues (token.go).
	tokenKeyID string

	byGR      map[api.GroupResource]*resource
	byPrefix  map[string]*resource
	resources []*resource

	users     map[string]request.UserInfo
	rbac      rbacCache
	admission *admission.Chain
	hooks     Hooks

	// pendingKey/pendingObj hand the object being written to the store
	// watch callback, so a write is never decoded back.
	pendingKey string
	pendingObj api.Object
	// interned shares equal parts of cached objects (intern.go).
	interned interner

	ips   *ipAllocator
	ports *portAllocator

	// advertiseIP is the control plane's address once known (endpoint_reconciler.go).
	advertiseIP string

	eventLease   int64
	eventLeaseAt time.Time

	// componentUp probes a control-plane component's /healthz (componentstatus.go).
	componentUp func(component string) bool

	stats    Stats
	watchSeq int
	quiet    int
	stopEtcd func()
}

// Stats counts requests for the UI.
type Stats struct {
	Requests int
	ByVerb   map[string]int
	ByCode   map[int]int
	Watches  int
	// WatchEvents counts notifications delivered to watchers.
	WatchEvents int
}

// resource is one stored resource: its registry entry, its etcd prefix and
// its slice of the watch cache.
type resource struct {
	info      *api.ResourceInfo
	gr        api.GroupResource
	prefix    string // "/registry/pods/"
	hasStatus bool   // a status subresource (the kind has a Status field)
	hasSpec   bool   // the kind has a spec: generation is tracked
	specOnly  []int  // field indexes compared for generation (all but meta and status)

	objects map[string]map[string]*cached // namespace -> name -> object
	count   int
	// uncached: the resource has no watch cache of decoded objects (kube-apiserver's default
	// --watch-cache-sizes gives events none): its entries keep only key and revision, and reads decode
	// the key's current value from etcd (load).
	uncached bool
	load     func(key string, rev int64) ([]byte, error)

	cache    watchCache
	watchers []*watcher
	byNode   map[string][]*watcher // pods watched with spec.nodeName=X

	// custom is the CRD behind a custom resource (nil for built-in kinds).
	custom *customResource
}

// cached is one object of the watch cache's current state (obj is nil for an uncached resource: get and
// list read it from etcd).
type cached struct {
	obj    api.Object
	modRev int64
	key    string
}

// New returns a kube-apiserver over st on simulation s. It loads whatever st
// already holds (a restart), subscribes to /registry/ and, on an empty
// store, writes the bootstrap objects: the four namespaces, the default
// ClusterRoles and ClusterRoleBindings, the system PriorityClasses and the
// kubernetes Service.
func New(s *sim.Sim, st *store.Store) *Server {
	srv := &Server{
		born:  api.NewTime(s.Now()),
		sim:   s,
		store: st,
		byGR:  map[api.GroupResource]*resource{},
		users: map[string]request.UserInfo{},
		ips:   newIPAllocator(),
		ports: newPortAllocator(),
		hooks: defaultHooks(),
		stats: Stats{ByVerb: map[string]int{}, ByCode: map[int]int{}},
	}
	srv.byPrefix = map[string]*resource{}
	for _, info := range api.Resources() {
		if !hasVerb(info, "list") {
			continue // virtual resources (bindings, reviews) are not stored
		}
		r := newResource(info)
		r.load = srv.loadValue
		srv.byGR[r.gr] = r
		if _, dup := srv.byPrefix[r.prefix]; !dup || info.Group == "" {
			srv.byPrefix[r.prefix] = r
		}
		srv.resources = append(srv.resources, r)
	}
	srv.admission = admission.NewChain()
	srv.load()
	if st.Rev() <= 1 {
		srv.bootstrap()
	}
	return srv
}

// loadValue reads key's value as of rev from etcd.
func (s *Server) loadValue(key string, rev int64) ([]byte, error) {
	kv, err := s.store.Get(key, rev)
	if err != nil {
		return nil, err
	}
	return kv.Value, nil
}

func newResource(info *api.ResourceInfo) *resource {
	p := info.Resource
	if sp, ok := specialPrefixes[info.Resource]; ok && info.Group == "" {
		p = sp
	}
	if info.Custom != nil || info.Group == crdResource.Group {
		// apiextensions-apiserver's storage is keyed by group and resource.
		p = info.Group + "/" + info.Resource
	}
	r := &resource{
		info:    info,
		gr:      info.GroupResource(),
		prefix:  registryPrefix + p + "/",
		objects: map[string]map[string]*cached{},
	}
	t := reflect.TypeOf(info.New()).Elem()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		switch f.Name {
		case "TypeMeta", "ObjectMeta":
		case "Status":
			r.hasStatus = f.Type.Kind() == reflect.Struct
		default:
			if f.Name == "Spec" {
				r.hasSpec = true
			}
			r.specOnly = append(r.specOnly, i)
		}
	}
	if r.gr.Resource == "pods" && r.gr.Group == "" {
		r.byNode = map[string][]*watcher{}
	}
	r.uncached = r.gr.Resource == "events" && r.gr.Group == ""
	return r
}

func hasVerb(info *api.ResourceInfo, verb string) bool {
	for _, v := range info.Verbs {
		if v == verb {
			return true
		}
	}
	return false
}

// load fills the watch cache from the store and subscribes to its changes.
func (s *Server) load() {
	kvs, rev, err := s.store.Range(registryPrefix, 0)
	if err != nil {
		panic("apiserver: cannot read the store: " + err.Error())
	}
	for _, kv := range kvs {
		r, ns, name := s.parseKey(kv.Key)
		if r == nil {
			continue
		}
		obj, err := r.decode(kv.Value, kv.ModRevision)
		if err != nil {
			continue
		}
		s.interned.object(obj, nil)
		r.put(ns, name, r.entry(obj, kv.ModRevision, kv.Key))
		s.observe(r, nil, obj)
	}
	for _, r := range s.resources {
		r.cache.oldest = rev + 1
	}
	cancel, err := s.store.Watch(registryPrefix, rev+1, s.onStoreEvent)
	if err != nil {
		panic("apiserver: cannot watch the store: " + err.Error())
	}
	s.stopEtcd = cancel
}

// Store returns the etcd the server writes to, for read-only views (the
// etcd panel). Writing to it behind the server's back is not supported.
func (s *Server) Store() *store.Store { return s.store }

// Sim returns the simulation the server runs on.
func (s *Server) Sim() *sim.Sim { return s.sim }

// Stats returns the request counters.
func (s *Server) Stats() Stats { return s.stats }

// StartCompaction compacts etcd every 5 minutes, like kube-apiserver's
// --etcd-compaction-interval.
func (s *Server) StartCompaction() (stop func()) {
	return s.store.StartAutoCompaction(5 * time.Minute)
}

// lookup finds a stored resource by group and plural name.
func (s *Server) lookup(group, res string) *resource {
	return s.byGR[api.GroupResource{Group: group, Resource: res}]
}

// resourceNamed finds a stored resource by plural name, preferring the
// core group ("events" is core/v1 Event).
func (s *Server) resourceNamed(name string) *resource {
	if r := s.lookup("", name); r != nil {
		return r
	}
	if info, ok := api.ResourceFor(name); ok {
		return s.byGR[info.GroupResource()]
	}
	return nil
}

// key returns the etcd key of an object.
func (r *resource) key(ns, name string) string {
	if r.info.Namespaced {
		return r.prefix + ns + "/" + name
	}
	return r.prefix + name
}

// parseKey maps an etcd key to its resource, namespace and name.
func (s *Server) parseKey(key string) (*resource, string, string) {
	if !strings.HasPrefix(key, registryPrefix) {
		return nil, "", ""
	}
	rest := key[len(registryPrefix):]
	i := strings.IndexByte(rest, '/')
	if i < 0 {
		return nil, "", ""
	}
	r := s.byPrefix[registryPrefix+rest[:i]+"/"]
	if r == nil {
		// Two segments: services/specs, or <group>/<resource> (apiextensions-apiserver's keys).
		j := strings.IndexByte(rest[i+1:], '/')
		if j < 0 {
			return nil, "", ""
		}
		i += 1 + j
		if r = s.byPrefix[registryPrefix+rest[:i]+"/"]; r == nil {
			return nil, "", ""
		}
	}
	rest = rest[i+1:]
	if r.info.Namespaced {
		j := strings.IndexByte(rest, '/')
		if j < 0 {
			return nil, "", ""
		}
		return r, rest[:j], rest[j+1:]
	}
	return r, "", rest
}

// get returns the cached object, or nil.
func (r *resource) get(ns, name string) *cached {
	if m := r.objects[ns]; m != nil {
		return r.materialize(m[name])
	}
	return nil
}

// entry is what the cache keeps of obj, written at modRev under key: the object, or, for an uncached
// resource, where etcd has it.
func (r *resource) entry(obj api.Object, modRev int64, key string) *cached {
	if r.uncached {
		obj = nil
	}
	return &cached{obj: obj, modRev: modRev, key: key}
}

// materialize returns c with its object: an uncached resource's entry is decoded from its stored bytes
// (into a new entry, so that the cache keeps only the bytes).
func (r *resource) materialize(c *cached) *cached {
	if c == nil || c.obj != nil {
		return c
	}
	data, err := r.load(c.key, 0) // the entry is the key's current value
	var obj api.Object
	if err == nil {
		obj, err = r.decode(data, c.modRev)
	}
	if err != nil {
		panic(fmt.Sprintf("apiserver: reading %s at revision %d: %v", c.key, c.modRev, err))
	}
	return &cached{obj: obj, modRev: c.modRev, key: c.key}
}

func (r *resource) put(ns, name string, c *cached) {
	m := r.objects[ns]
	if m == nil {
		m = map[string]*cached{}
		r.objects[ns] = m
	}
	if _, ok := m[name]; !ok {
		r.count++
	}
	m[name] = c
}

func (r *resource) remove(ns, name string) {
	if m := r.objects[ns]; m != nil {
		if _, ok := m[name]; ok {
			delete(m, name)
			r.count--
			if len(m) == 0 {
				delete(r.objects, ns)
			}
		}
	}
}

// list returns the cached objects of namespace ns ("" = all) in key order.
func (r *resource) list(ns string) []*cached {
	var out []*cached
	add := func(m map[string]*cached) {
		for _, c := range m {
			out = append(out, c)
		}
	}
	if ns != "" || !r.info.Namespaced {
		add(r.objects[ns])
	} else {
		out = make([]*cached, 0, r.count)
		for _, m := range r.objects {
			add(m)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	if r.uncached {
		for i, c := range out {
			out[i] = r.materialize(c)
		}
	}
	return out
}

// traceOn reports whether trace records are being kept (formatting them is
// skipped otherwise).
func (s *Server) traceOn() bool {
	return s.quiet == 0 && s.sim.Trace != nil && !s.sim.Trace.Disabled
}

func (s *Server) trace(r trace.Record) {
	if r.Component == "" {
		r.Component = Component
	}
	s.sim.Trace.Add(r)
}
