// Package backoff is a stub of github.com/jpillora/backoff v1.0.0 with its
// API: a counter that multiplies its wait by Factor from Min up to Max, and
// draws it at random only when Jitter is set (its default is false).
package backoff

import (
	"math"
	"math/rand"
	"sync/atomic"
	"time"
)

type Backoff struct {
	attempt  uint64
	Factor   float64
	Jitter   bool
	Min, Max time.Duration
}

// Duration returns the wait for the current attempt and counts it.
func (b *Backoff) Duration() time.Duration {
	return b.ForAttempt(float64(atomic.AddUint64(&b.attempt, 1) - 1))
}

// ForAttempt returns the wait for attempt (the first is 0).
func (b *Backoff) ForAttempt(attempt float64) time.Duration {
	lo, hi := b.Min, b.Max
	if lo <= 0 {
		lo = 100 * time.Millisecond
	}
	if hi <= 0 {
		hi = 10 * time.Second
	}
	if lo >= hi {
		return hi
	}
	factor := b.Factor
	if factor <= 0 {
		factor = 2
	}
	loF := float64(lo)
	d := loF * math.Pow(factor, attempt)
	if b.Jitter {
		d = rand.Float64()*(d-loF) + loF
	}
	return min(max(time.Duration(d), lo), hi)
}

func (b *Backoff) Reset() { atomic.StoreUint64(&b.attempt, 0) }

func (b *Backoff) Attempt() float64 { return float64(atomic.LoadUint64(&b.attempt)) }

func (b *Backoff) Copy() *Backoff {
	return &Backoff{Factor: b.Factor, Jitter: b.Jitter, Min: b.Min, Max: b.Max}
}
