package client

import "time"

// RateLimiter decides how long a key waits before it is retried
// (client-go workqueue.TypedRateLimiter).
type RateLimiter interface {
	// When returns how long key must wait, and counts one more failure.
	When(key string) time.Duration
	// Forget clears key's failure history.
	Forget(key string)
	// NumRequeues reports how many times key has failed since it was last forgotten.
	NumRequeues(key string) int
}

// clockUser is implemented by limiters that need the virtual clock; the
// queue binds it in NewQueue.
type clockUser interface {
	useClock(now func() time.Time)
}

// ItemExponentialFailureRateLimiter waits base·2^failures per key, capped at
// max (client-go's NewItemExponentialFailureRateLimiter).
type ItemExponentialFailureRateLimiter struct {
	base, max time.Duration
	failures  map[string]int
}

// NewItemExponentialFailureRateLimiter returns a per-item exponential limiter.
func NewItemExponentialFailureRateLimiter(base, max time.Duration) *ItemExponentialFailureRateLimiter {
	return &ItemExponentialFailureRateLimiter{base: base, max: max, failures: map[string]int{}}
}

// When implements RateLimiter.
func (r *ItemExponentialFailureRateLimiter) When(key string) time.Duration {
	n := r.failures[key]
	r.failures[key] = n + 1
	if n >= 62 {
		return r.max
	}
	d := r.base
	for i := 0; i < n; i++ {
		d *= 2
		if d >= r.max || d <= 0 {
			return r.max
		}
	}
	if d > r.max {
		return r.max
	}
	return d
}

// Forget implements RateLimiter.
func (r *ItemExponentialFailureRateLimiter) Forget(key string) { delete(r.failures, key) }

// NumRequeues implements RateLimiter.
func (r *ItemExponentialFailureRateLimiter) NumRequeues(key string) int { return r.failures[key] }

// BucketRateLimiter is an overall token bucket (golang.org/x/time/rate as
// used by client-go's BucketRateLimiter): burst tokens, refilled at qps. It is
// kept in integer virtual nanoseconds so every platform agrees.
type BucketRateLimiter struct {
	interval time.Duration // 1/qps
	burst    int64
	now      func() time.Time
	// tat is the theoretical arrival time of the next token (GCRA).
	tat time.Time
}

// NewBucketRateLimiter returns a token bucket of burst tokens refilled at
// qps. Its clock is bound by the queue it is given to.
func NewBucketRateLimiter(qps float64, burst int) *BucketRateLimiter {
	return &BucketRateLimiter{interval: time.Duration(float64(time.Second) / qps), burst: int64(burst)}
}

func (r *BucketRateLimiter) useClock(now func() time.Time) { r.now = now }

// When reserves one token and reports how long to wait for it.
func (r *BucketRateLimiter) When(string) time.Duration {
	if r.now == nil {
		return 0
	}
	now := r.now()
	if r.tat.Before(now) {
		r.tat = now
	}
	r.tat = r.tat.Add(r.interval)
	allowed := r.tat.Add(-time.Duration(r.burst) * r.interval)
	if d := allowed.Sub(now); d > 0 {
		return d
	}
	return 0
}

// Forget implements RateLimiter (a bucket has no per-key state).
func (r *BucketRateLimiter) Forget(string) {}

// NumRequeues implements RateLimiter.
func (r *BucketRateLimiter) NumRequeues(string) int { return 0 }

// MaxOfRateLimiter waits for the longest of its limiters.
type MaxOfRateLimiter struct{ limiters []RateLimiter }

// NewMaxOfRateLimiter combines limiters.
func NewMaxOfRateLimiter(limiters ...RateLimiter) *MaxOfRateLimiter {
	return &MaxOfRateLimiter{limiters: limiters}
}

func (r *MaxOfRateLimiter) useClock(now func() time.Time) {
	for _, l := range r.limiters {
		if cu, ok := l.(clockUser); ok {
			cu.useClock(now)
		}
	}
}

// When implements RateLimiter.
func (r *MaxOfRateLimiter) When(key string) time.Duration {
	var d time.Duration
	for _, l := range r.limiters {
		if w := l.When(key); w > d {
			d = w
		}
	}
	return d
}

// Forget implements RateLimiter.
func (r *MaxOfRateLimiter) Forget(key string) {
	for _, l := range r.limiters {
		l.Forget(key)
	}
}

// NumRequeues implements RateLimiter.
func (r *MaxOfRateLimiter) NumRequeues(key string) int {
	n := 0
	for _, l := range r.limiters {
		if m := l.NumRequeues(key); m > n {
			n = m
		}
	}
	return n
}

// DefaultControllerRateLimiter is client-go's default for controllers:
// per-item exponential 5ms·2^n capped at 1000s, and an overall bucket of
// 10 qps with a burst of 100, whichever waits longer.
func DefaultControllerRateLimiter() RateLimiter {
	return NewMaxOfRateLimiter(
		NewItemExponentialFailureRateLimiter(5*time.Millisecond, 1000*time.Second),
		NewBucketRateLimiter(10, 100),
	)
}
