package reach

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"
	"k8s.io/apimachinery/pkg/util/wait"

	"retrysite/reach/store"
)

// A retry library re-running a query: a site.
func regionWithBackoff(ctx context.Context, s *store.Store) (string, error) {
	var region string
	err := backoff.Retry(func() error { // want `retry call, the library default number of attempts, waits backoff, runner Retry`
		v, err := s.Setting(ctx, "region")
		region = v
		return err
	}, backoff.NewExponentialBackOff())
	return region, err
}

// A retry library polling an in-memory cache: no site.
func leaderWithBackoff(c *store.Cache) error {
	return wait.ExponentialBackoff(wait.Backoff{Duration: 10 * time.Millisecond, Factor: 2, Steps: 5}, func() (bool, error) {
		_, err := c.Get("leader")
		return err == nil, nil
	})
}

// The package's own runner, retry, given an operation that dials: a site.
func pingPeer(ctx context.Context) error {
	return retry(func() error { return store.Ping(ctx, "peer:7000") }) // want `retry call, up to 3 attempts, no wait, runner retry`
}

// The same runner given a check of memory: no site.
func waitGate(g *gate) error {
	return retry(g.isOpen)
}
