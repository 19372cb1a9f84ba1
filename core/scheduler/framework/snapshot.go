package framework

// Snapshot is the list of nodes a scheduling cycle sees. kubeplay runs one
// cycle at a time on the sim's loop, so the cache maintains the snapshot in
// place (kube-scheduler copies changed NodeInfos by generation instead).
// List keeps a stable order: nodes in the order they were added.
type Snapshot struct {
	List []*NodeInfo
	Map  map[string]*NodeInfo
	// HavePodsWithAffinity and HavePodsWithRequiredAntiAffinity count the
	// pods with (required anti-)affinity terms, so affinity plugins can skip
	// the whole cluster when there are none.
	HavePodsWithAffinity             int
	HavePodsWithRequiredAntiAffinity int
}

// NewSnapshot returns an empty snapshot.
func NewSnapshot() *Snapshot { return &Snapshot{Map: map[string]*NodeInfo{}} }

// Get returns a node by name.
func (s *Snapshot) Get(name string) (*NodeInfo, bool) {
	n, ok := s.Map[name]
	if !ok || n.Node() == nil {
		return nil, false
	}
	return n, true
}
