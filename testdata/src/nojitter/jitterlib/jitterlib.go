// Package jitterlib is a library of the user's own with a jitter function,
// a deterministic backoff and a sleep helper, used from another package.
package jitterlib

import (
	"context"
	"math/rand/v2"
	"time"
)

// Jittered returns a random duration in [d/2, d).
func Jittered(d time.Duration) time.Duration {
	return d/2 + rand.N(d/2)
}

// Exponential returns base << n: no jitter.
func Exponential(base time.Duration, n int) time.Duration {
	return base << n
}

// Sleep waits for d or until ctx ends.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Opaque computes a duration in a way the analyzer cannot follow.
func Opaque(f func() time.Duration) time.Duration { return f() }
