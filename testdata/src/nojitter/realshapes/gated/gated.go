// Package gated waits through gatedlib: a Backoff whose jitter field the
// caller leaves unset backs off in lockstep, and a helper that returns one
// of its arguments is as random as they are.
package gated

import (
	"context"
	"math/rand/v2"
	"net/http"
	"time"

	"nojitter/realshapes/gatedlib"
)

func fetch(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type settings struct {
	pause time.Duration
}

// --- reported ---

// dial's Backoff leaves Spread out: Next is a plain doubling.
func dial(ctx context.Context, url string) error {
	b := &gatedlib.Backoff{Cap: time.Minute}
	for {
		if err := fetch(ctx, url); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(b.Next()): // want `retry loop waits a deterministic duration \(b.Next\(\)\) between attempts: clients that failed together retry together; randomise the wait \(full jitter\)`
		}
	}
}

// redial waits the longest of a floor and the Backoff's step, neither
// random.
func redial(ctx context.Context, url string, floor time.Duration) error {
	b := gatedlib.Backoff{Base: time.Second, Spread: 0}
	for range 5 {
		if err := fetch(ctx, url); err == nil {
			return nil
		}
		wait := gatedlib.Longest(floor, b.Next())
		time.Sleep(wait) // want `retry loop waits a deterministic duration \(gatedlib.Longest\(floor, b.Next\(\)\)\)`
	}
	return nil
}

// poll waits its configured pause, or 2s when none is configured.
func poll(ctx context.Context, url string, s settings) error {
	for range 4 {
		if err := fetch(ctx, url); err == nil {
			return nil
		}
		time.Sleep(gatedlib.Or(s.pause, 2*time.Second)) // want `retry loop waits a deterministic duration \(gatedlib.Or\(s.pause, 2 \* time.Second\)\)`
	}
	return nil
}

// --- not reported ---

// dialSpread's Backoff sets Spread: Next draws at random.
func dialSpread(ctx context.Context, url string) error {
	b := &gatedlib.Backoff{Cap: time.Minute, Spread: 500 * time.Millisecond}
	for {
		if err := fetch(ctx, url); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(b.Next()):
		}
	}
}

// dialSpreadLater gives Spread its value after the literal.
func dialSpreadLater(ctx context.Context, url string, spread time.Duration) error {
	b := &gatedlib.Backoff{}
	b.Spread = spread
	for range 5 {
		if err := fetch(ctx, url); err == nil {
			return nil
		}
		time.Sleep(b.Next())
	}
	return nil
}

// dialWith gets its Backoff from the caller, who may set Spread.
func dialWith(ctx context.Context, url string, b *gatedlib.Backoff) error {
	for range 5 {
		if err := fetch(ctx, url); err == nil {
			return nil
		}
		time.Sleep(b.Next())
	}
	return nil
}

// redialRandom may return its random argument.
func redialRandom(ctx context.Context, url string) error {
	b := gatedlib.Backoff{Base: time.Second}
	for range 5 {
		if err := fetch(ctx, url); err == nil {
			return nil
		}
		time.Sleep(gatedlib.Longest(rand.N(time.Second), b.Next()))
	}
	return nil
}

// stretch waits what another package's backoff policy computes from its
// arguments without jitter: its fact says so, and the arguments are fixed.
func stretch(ctx context.Context, url string) error {
	for n := range 5 {
		if err := fetch(ctx, url); err == nil {
			return nil
		}
		time.Sleep(gatedlib.Stretched(time.Second, n)) // want `retry loop waits a deterministic duration \(gatedlib.Stretched\(time.Second, n\)\) between attempts`
	}
	return nil
}
