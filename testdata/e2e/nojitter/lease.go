// Package nojitter is a realistic sample for retrylint's nojitter analyzer:
// a service that takes leases from a coordination store, reconnects to it,
// and refreshes its configuration. Every instance of the service runs the
// same code, so waits that are not randomised keep the fleet in lockstep.
package nojitter

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// ErrHeld is returned by Store.Acquire while another owner holds the lease.
var ErrHeld = errors.New("lease held")

// Store is the coordination store.
type Store interface {
	Acquire(ctx context.Context, key, owner string, ttl time.Duration) error
	Ping(ctx context.Context) error
	Config(ctx context.Context) (map[string]string, error)
}

// Leaser takes leases for one owner.
type Leaser struct {
	Store Store
	Owner string
}

// Acquire waits until it holds the lease, retrying every 500 ms: when a
// leader dies, every standby asks again at the same instants.
func (l *Leaser) Acquire(ctx context.Context, key string) error {
	for {
		err := l.Store.Acquire(ctx, key, l.Owner, 10*time.Second)
		if err == nil {
			return nil
		}
		if !errors.Is(err, ErrHeld) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond): // want `retry loop waits a fixed 500ms between attempts: clients that failed together retry together; randomise the wait \(full jitter\)`
		}
	}
}

// Connect pings the store with exponential backoff, but no jitter: after a
// store restart the whole fleet reconnects in waves at 100 ms, 200 ms,
// 400 ms...
func Connect(ctx context.Context, s Store) error {
	backoff := 100 * time.Millisecond
	var err error
	for attempt := 0; attempt < 6; attempt++ {
		if err = s.Ping(ctx); err == nil {
			return nil
		}
		time.Sleep(backoff) // want `retry loop waits a deterministic duration \(backoff\) between attempts` `retry loop waits with time\.Sleep while ctx is in scope`
		backoff = min(backoff*2, 5*time.Second)
	}
	return err
}

// Refresh loads the configuration, retrying with full jitter: fine.
func Refresh(ctx context.Context, s Store) (map[string]string, error) {
	ceiling := 200 * time.Millisecond
	for attempt := 0; ; attempt++ {
		cfg, err := s.Config(ctx)
		if err == nil {
			return cfg, nil
		}
		if attempt == 4 {
			return nil, err
		}
		time.Sleep(rand.N(ceiling)) // want `retry loop waits with time\.Sleep while ctx is in scope`
		ceiling *= 2
	}
}

// Watch refreshes the configuration every minute. A periodic loop is not a
// retry: nojitter reports it only with -nojitter.periodic.
func Watch(ctx context.Context, s Store, apply func(map[string]string)) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if cfg, err := s.Config(ctx); err == nil {
				apply(cfg)
			}
		}
	}
}
