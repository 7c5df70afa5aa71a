// Package periodic holds pollers and workers, reported only with -nojitter.periodic.
package periodic

import (
	"context"
	"math/rand/v2"
	"time"
)

func job() error { return nil }

func ticker(ctx context.Context) {
	t := time.NewTicker(30 * time.Second)
	defer t.Stop()
	for { // want `periodic loop wakes every 30s in lockstep: a fleet of timers started together stays synchronised; add a random per-host offset`
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = job()
		}
	}
}

func worker() {
	for { // want `periodic loop wakes every 1m0s in lockstep`
		_ = job()
		time.Sleep(time.Minute)
	}
}

func offset() {
	for {
		_ = job()
		time.Sleep(time.Minute + rand.N(10*time.Second))
	}
}

// A retry loop is nojitter's main rule, not a periodic loop.
func retry() error {
	for range 3 {
		if err := job(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `retry loop waits a fixed 1s`
	}
	return nil
}
