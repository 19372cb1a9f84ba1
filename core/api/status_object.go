package api

// GetObjectMeta lets a Status travel where an Object is expected (the ERROR
// event of a watch, the answer of a binding or an eviction). A Status has
// no object metadata: each call returns a fresh empty ObjectMeta.
func (s *Status) GetObjectMeta() *ObjectMeta { return &ObjectMeta{} }

// GetObjectMeta lets a List be the answer of a list request (Do returns an
// Object). A List has no object metadata: each call returns a fresh empty
// ObjectMeta; its ListMeta carries the resourceVersion.
func (l *List) GetObjectMeta() *ObjectMeta { return &ObjectMeta{} }
