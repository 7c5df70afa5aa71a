// Package cfbackoff waits through github.com/cloudflare/backoff, whose
// Duration draws at random unless the Backoff was made by
// NewWithoutJitter: known from that constructor's SetsFieldsFact.
package cfbackoff

import (
	"context"
	"net"
	"time"

	"github.com/cloudflare/backoff"
)

func probe(ctx context.Context, addr string) bool {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return false
	}
	conn.Close()
	return true
}

// --- reported ---

// withRetry backs off without jitter, as cloudflared's pre-checks did.
func withRetry(ctx context.Context, addr string) {
	b := backoff.NewWithoutJitter(16*time.Second, time.Second)
	for attempt := 0; attempt <= 3; attempt++ {
		if probe(ctx, addr) {
			return
		}
		timer := time.NewTimer(b.Duration()) // want `retry loop waits a deterministic duration \(b.Duration\(\)\) between attempts`
		select {
		case <-ctx.Done():
			timer.Stop()
			return
		case <-timer.C:
		}
	}
}

// --- not reported ---

// withJitter's Backoff, made by New, draws its waits.
func withJitter(ctx context.Context, addr string) {
	b := backoff.New(16*time.Second, time.Second)
	for attempt := 0; attempt <= 3; attempt++ {
		if probe(ctx, addr) {
			return
		}
		time.Sleep(b.Duration())
	}
}

// withGiven's Backoff comes from the caller.
func withGiven(ctx context.Context, addr string, b *backoff.Backoff) {
	for attempt := 0; attempt <= 3; attempt++ {
		if probe(ctx, addr) {
			return
		}
		time.Sleep(b.Duration())
	}
}
