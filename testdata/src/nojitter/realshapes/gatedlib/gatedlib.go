// Package gatedlib is a backoff library of the user's own, used from
// another package: a doubling counter whose jitter is a field of its own,
// drawn only when set, and helpers that pick one of their durations or
// compute one.
package gatedlib

import (
	"math/rand/v2"
	"time"
)

// Backoff doubles from Base up to Cap; Spread, when set, adds a random
// extra of up to Spread.
type Backoff struct {
	tries  int
	Base   time.Duration
	Cap    time.Duration
	Spread time.Duration
}

// Next returns the wait before the next try.
func (b *Backoff) Next() time.Duration {
	if b.Base == 0 {
		b.Base = 50 * time.Millisecond
	}
	d := b.Base << b.tries
	if b.Cap > 0 && d > b.Cap {
		d = b.Cap
	}
	if b.Spread > 0 {
		d += time.Duration(rand.Int64N(int64(b.Spread)))
	}
	b.tries++
	return d
}

// Longest returns the longest of ds.
func Longest(ds ...time.Duration) time.Duration {
	var out time.Duration
	for _, d := range ds {
		if d > out {
			out = d
		}
	}
	return out
}

// Or returns d, or def when d is zero.
func Or(d, def time.Duration) time.Duration {
	if d == 0 {
		return def
	}
	return d
}

// Stretched computes a wait of its own from its arguments, with no jitter.
func Stretched(d time.Duration, n int) time.Duration {
	return d * time.Duration(n+1)
}
