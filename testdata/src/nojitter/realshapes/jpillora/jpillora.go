// Package jpillora waits through github.com/jpillora/backoff, whose Backoff
// draws its wait at random only when Jitter is set: a Backoff that leaves
// it unset, or false, doubles in lockstep.
package jpillora

import (
	"context"
	"net/http"
	"time"

	"github.com/jpillora/backoff"
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

// --- reported ---

// reconnect leaves Jitter out.
func reconnect(ctx context.Context, url string) error {
	b := &backoff.Backoff{Min: 100 * time.Millisecond, Max: 10 * time.Second, Factor: 2}
	for {
		if err := fetch(ctx, url); err == nil {
			return nil
		}
		time.Sleep(b.Duration()) // want `retry loop waits a deterministic duration \(b.Duration\(\)\) between attempts`
	}
}

// resend sets Jitter to false and asks for each attempt's wait.
func resend(ctx context.Context, url string) error {
	b := backoff.Backoff{Min: time.Second, Jitter: false}
	for attempt := range 5 {
		if err := fetch(ctx, url); err == nil {
			return nil
		}
		time.Sleep(b.ForAttempt(float64(attempt))) // want `retry loop waits a deterministic duration \(b.ForAttempt\(float64\(attempt\)\)\)`
	}
	return nil
}

// --- not reported ---

// reconnectJittered sets Jitter.
func reconnectJittered(ctx context.Context, url string) error {
	b := &backoff.Backoff{Min: 100 * time.Millisecond, Max: 10 * time.Second, Jitter: true}
	for {
		if err := fetch(ctx, url); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
}

// reconnectConfigured sets Jitter from its caller after the literal.
func reconnectConfigured(ctx context.Context, url string, jitter bool) error {
	b := &backoff.Backoff{Min: 100 * time.Millisecond}
	b.Jitter = jitter
	for {
		if err := fetch(ctx, url); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
}

// reconnectWith gets its Backoff from the caller, who may set Jitter.
func reconnectWith(ctx context.Context, url string, b *backoff.Backoff) error {
	for {
		if err := fetch(ctx, url); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
}
