// Package jitterlib is a library of the user's own with a jitter function,
// a deterministic backoff and a sleep helper, used from another package.
package jitterlib

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
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

// ServerOr waits what the server asked for when it answered with a
// Retry-After, else base << n: the server's pacing is no jitter to add.
func ServerOr(resp *http.Response, base time.Duration, n int) time.Duration {
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
		return time.Duration(s) * time.Second
	}
	return base << n
}

// RetryParams is a retry policy kept in a struct (cloudevents'
// context.RetryParams): its waits are Period times the try, no jitter.
type RetryParams struct {
	Period   time.Duration
	MaxTries int
}

// BackoffFor computes the wait before a try from the policy.
func (r *RetryParams) BackoffFor(tries int) time.Duration {
	return r.Period * time.Duration(tries)
}

// Backoff waits BackoffFor(tries), on a ticker it receives from once.
func (r *RetryParams) Backoff(ctx context.Context, tries int) error {
	if tries > r.MaxTries {
		return errors.New("too many retries")
	}
	ticker := time.NewTicker(r.BackoffFor(tries))
	defer ticker.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-ticker.C:
		return nil
	}
}

// WaitTimes waits d times n: as random as its arguments.
func WaitTimes(ctx context.Context, d time.Duration, n int) error {
	ticker := time.NewTicker(d * time.Duration(n))
	defer ticker.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-ticker.C:
		return nil
	}
}

// Pace hands a ticker to its caller and waits for none of its ticks.
func Pace(d time.Duration, ticks chan<- *time.Ticker) {
	ticker := time.NewTicker(d)
	ticks <- ticker
}

// RetryAfterError carries, with a failure, the wait the server asked for.
type RetryAfterError struct{ After time.Duration }

func (e *RetryAfterError) Error() string { return "retry after " + e.After.String() }

// RetryAfterOf returns the wait err carries, if it carries one (rclone's
// pacer.IsRetryAfter).
func RetryAfterOf(err error) (time.Duration, bool) {
	var e *RetryAfterError
	if errors.As(err, &e) {
		return e.After, true
	}
	return 0, false
}

// WaitServerOr waits ServerOr(resp, base, n) on a timer: the server's wait
// when it asked for one.
func WaitServerOr(ctx context.Context, resp *http.Response, base time.Duration, n int) error {
	t := time.NewTimer(ServerOr(resp, base, n))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
