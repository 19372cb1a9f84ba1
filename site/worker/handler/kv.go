package handler

import (
	"context"
	"errors"
	"sync"
)

// KV is the slice of a Workers KV namespace the handler uses.
type KV interface {
	// Get returns the value stored under key; ok is false when there is none. err is a failure of the
	// store itself (network, quota), never "not found".
	Get(ctx context.Context, key string) (value string, ok bool, err error)
	// Put stores value under key. ttlSeconds > 0 lets the entry expire (Workers KV needs at least 60).
	Put(ctx context.Context, key, value string, ttlSeconds int) error
}

// ErrKVDown is what MemKV answers while it is made to fail.
var ErrKVDown = errors.New("kv: namespace unavailable")

// MemKV is an in-memory KV for native runs and tests. Setting Fail makes every call fail, as a KV outage
// would, without losing what is stored.
type MemKV struct {
	mu   sync.Mutex
	m    map[string]string
	Fail bool
	// Puts counts successful writes (Workers KV bills and limits writes).
	Puts int
}

// NewMemKV returns an empty MemKV.
func NewMemKV() *MemKV { return &MemKV{m: map[string]string{}} }

// Get implements KV.
func (k *MemKV) Get(_ context.Context, key string) (string, bool, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.Fail {
		return "", false, ErrKVDown
	}
	v, ok := k.m[key]
	return v, ok, nil
}

// Put implements KV. Expiry is not simulated.
func (k *MemKV) Put(_ context.Context, key, value string, _ int) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.Fail {
		return ErrKVDown
	}
	k.m[key] = value
	k.Puts++
	return nil
}

// SetFail turns the simulated outage on or off.
func (k *MemKV) SetFail(fail bool) {
	k.mu.Lock()
	k.Fail = fail
	k.mu.Unlock()
}

// Len is the number of stored keys.
func (k *MemKV) Len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.m)
}
