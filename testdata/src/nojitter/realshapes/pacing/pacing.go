// Package pacing holds retry loops paced by a reused timer, time.Tick or a
// ticker, that end when the attempt succeeds.
package pacing

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

var errGaveUp = errors.New("gave up")

type Lease struct {
	hc         *http.Client
	url        string
	retryEvery time.Duration
}

func NewLease(hc *http.Client, url string) *Lease {
	return &Lease{hc: hc, url: url, retryEvery: 3 * time.Second}
}

func (l *Lease) renew(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, l.url, nil)
	if err != nil {
		return err
	}
	resp, err := l.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- reported ---

// One timer, reset to the same period after each failure.
func (l *Lease) Acquire(ctx context.Context) error {
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		if err := l.renew(ctx); err == nil {
			return nil
		}
		t.Reset(l.retryEvery) // want `retry loop waits a deterministic duration \(l.retryEvery\)`
	}
}

// time.Tick made before the loop paces the attempts.
func register(ctx context.Context, hc *http.Client, url string) error {
	tick := time.Tick(10 * time.Second)
	for {
		resp, err := hc.Post(url, "application/json", nil)
		if err == nil {
			return resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick: // want `retry loop waits a fixed 10s`
		}
	}
}

// A range over a ticker that ends on success: a retry loop, not a poller.
func waitHealthy(hc *http.Client, url string) error {
	ticker := time.NewTicker(2 * time.Second)
	defer ticker.Stop()
	for range ticker.C { // want `retry loop waits a fixed 2s`
		resp, err := hc.Get(url)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return nil
		}
	}
	return errGaveUp
}

// --- not reported ---

// The timer is reset to a jittered period.
func (l *Lease) AcquireJittered(ctx context.Context) error {
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		if err := l.renew(ctx); err == nil {
			return nil
		}
		t.Reset(l.retryEvery/2 + rand.N(l.retryEvery))
	}
}

// A ticker loop that keeps going after a success is a poller, reported
// only with -nojitter.periodic.
func heartbeat(ctx context.Context, hc *http.Client, url string) {
	ticker := time.NewTicker(30 * time.Second)
	defer ticker.Stop()
	for range ticker.C {
		resp, err := hc.Post(url, "text/plain", nil)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

type progress struct{ state string }

func (p *progress) finished() bool { return p.state == "finished" }

func (l *Lease) progress(ctx context.Context) (*progress, error) {
	resp, err := l.hc.Get(l.url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return &progress{state: resp.Header.Get("State")}, nil
}

// A ticker loop that asks for progress, goes on after an error, and ends
// only when a successful answer says the job finished: the local test of
// that answer is no attempt of its own, so the loop polls, and is reported
// only with -nojitter.periodic.
func (l *Lease) awaitFinished(ctx context.Context) {
	ticker := time.NewTicker(2 * time.Second)
	defer ticker.Stop()
	for range ticker.C {
		p, err := l.progress(ctx)
		if err != nil {
			continue
		}
		if p.finished() {
			break
		}
	}
}

// The same loop that also ends on a successful answer that is not
// finished retries only failures: the local test does not hide it.
func (l *Lease) awaitAccepted(ctx context.Context) bool {
	ticker := time.NewTicker(2 * time.Second)
	defer ticker.Stop()
	for range ticker.C { // want `retry loop waits a fixed 2s`
		p, err := l.progress(ctx)
		if err != nil {
			continue
		}
		if p.finished() {
			return true
		}
		return false
	}
	return false
}
