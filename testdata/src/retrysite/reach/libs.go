package reach

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
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

// --- operations that give up when the dependency fails: polls, no site ---

var errNotYet = errors.New("not yet")

// Waits for a setting another process writes (lego's anexia provider
// re-reading the zone until its record shows): a failed read stops the
// runner at once, and only the operation's own verdict on an answer goes
// round.
func awaitRegion(ctx context.Context, s *store.Store) error {
	return backoff.Retry(func() error {
		v, err := s.Setting(ctx, "region")
		if err != nil {
			return backoff.Permanent(err)
		}
		if v == "" {
			return errNotYet
		}
		return nil
	}, backoff.NewConstantBackOff(time.Second))
}

// The same poll with the error tested where it is assigned, through
// cenkalti v5.
func awaitPeer(ctx context.Context) (bool, error) {
	return backoff5.Retry(ctx, func() (bool, error) {
		if err := store.Ping(ctx, "peer:7000"); err != nil {
			return false, backoff5.Permanent(fmt.Errorf("ping: %w", err))
		}
		return true, nil
	}, backoff5.WithBackOff(backoff5.NewConstantBackOff(time.Second)))
}

// --- operations that retry the dependency's failure: sites ---

// A failed read is retried on one path.
func awaitRegionRetrying(ctx context.Context, s *store.Store, patient bool) error {
	return backoff.Retry(func() error { // want `retry call, unbounded attempts, waits backoff, runner Retry`
		v, err := s.Setting(ctx, "region")
		if err != nil {
			if patient {
				return err
			}
			return backoff.Permanent(err)
		}
		if v == "" {
			return errNotYet
		}
		return nil
	}, backoff.NewConstantBackOff(time.Second))
}

// The first call's failure is permanent, the second's is retried.
func awaitBoth(ctx context.Context, s *store.Store) error {
	return backoff.Retry(func() error { // want `retry call, unbounded attempts, waits backoff, runner Retry`
		if _, err := s.Setting(ctx, "region"); err != nil {
			return backoff.Permanent(err)
		}
		return store.Ping(ctx, "peer:7000")
	}, backoff.NewConstantBackOff(time.Second))
}

// A failure to reach the peer is permanent, but an answer that carries a
// status code may be the peer's own failure (a 503), which the operation
// sends round: a retry of the dependency, a site (cli's withRetry, with
// an answer of the repository's own type).
func queryRetrying5xx(ctx context.Context) error {
	return backoff.Retry(func() error { // want `retry call, unbounded attempts, waits backoff, runner Retry`
		a, err := store.Query(ctx, "peer:7000")
		if err != nil {
			return backoff.Permanent(err)
		}
		if a.StatusCode >= 500 {
			return errNotYet
		}
		return nil
	}, backoff.NewConstantBackOff(time.Second))
}
