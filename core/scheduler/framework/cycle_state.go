package framework

// CycleState carries data between the extension points of one scheduling
// attempt. It is thrown away at the end of the attempt. Keys are plugin
// names by convention.
type CycleState struct {
	keys   []string
	values []any
	// SkipFilterPlugins and SkipScorePlugins are the plugins whose PreFilter
	// or PreScore returned Skip.
	SkipFilterPlugins map[string]bool
	SkipScorePlugins  map[string]bool
	// filters are the filter plugins to run this cycle (not skipped),
	// computed once after PreFilter.
	filters []FilterPlugin
}

// NewCycleState returns an empty state.
func NewCycleState() *CycleState { return &CycleState{} }

// Write stores v under key.
func (c *CycleState) Write(key string, v any) {
	for i, k := range c.keys {
		if k == key {
			c.values[i] = v
			return
		}
	}
	c.keys = append(c.keys, key)
	c.values = append(c.values, v)
}

// Read returns the value under key.
func (c *CycleState) Read(key string) (any, bool) {
	for i, k := range c.keys {
		if k == key {
			return c.values[i], true
		}
	}
	return nil, false
}

// Cloner is implemented by state values that preemption must copy before
// changing them through PreFilterExtensions.
type Cloner interface{ Clone() any }

// Clone returns a copy; values implementing Cloner are cloned.
func (c *CycleState) Clone() *CycleState {
	n := &CycleState{keys: append([]string(nil), c.keys...), values: make([]any, len(c.values)),
		SkipFilterPlugins: c.SkipFilterPlugins, SkipScorePlugins: c.SkipScorePlugins, filters: c.filters}
	for i, v := range c.values {
		if cl, ok := v.(Cloner); ok {
			n.values[i] = cl.Clone()
		} else {
			n.values[i] = v
		}
	}
	return n
}
