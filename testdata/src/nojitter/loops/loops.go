// Package loops holds retry loops that wait with and without jitter.
package loops

import (
	"context"
	"math"
	"math/rand"
	rand2 "math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"github.com/cenkalti/backoff/v4"
	"k8s.io/apimachinery/pkg/util/wait"
)

func op() error { return nil }

type waiter interface{ Next() time.Duration }

// --- reported ---

func constant() error {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second) // want `retry loop waits a fixed 2s between attempts: clients that failed together retry together; randomise the wait \(full jitter\)`
	}
	return nil
}

func param(d time.Duration) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(d) // want `retry loop waits a deterministic duration \(d\) between attempts`
	}
}

func exponential(ctx context.Context, base time.Duration) error {
	for attempt := 0; attempt < 5; attempt++ {
		if err := op(); err == nil {
			return nil
		}
		wait := base << attempt
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait): // want `retry loop waits a deterministic duration \(base << attempt\)`
		}
	}
	return nil
}

func pow(base time.Duration) error {
	for attempt := 0; attempt < 5; attempt++ {
		if err := op(); err == nil {
			return nil
		}
		d := time.Duration(float64(base) * math.Pow(2, float64(attempt)))
		d = min(d, 30*time.Second)
		time.Sleep(d) // want `retry loop waits a deterministic duration`
	}
	return nil
}

func helper(n int) time.Duration { return time.Duration(n*n) * 100 * time.Millisecond }

func viaHelper() error {
	for n := 0; n < 4; n++ {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(helper(n)) // want `retry loop waits a deterministic duration \(helper\(n\)\)`
	}
	return nil
}

func timer(ctx context.Context) error {
	t := time.NewTimer(time.Second)
	defer t.Stop()
	for {
		if err := op(); err == nil {
			return nil
		}
		t.Reset(500 * time.Millisecond) // want `retry loop waits a fixed 500ms`
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

func noFactor() error {
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 0
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff()) // want `retry loop waits a deterministic duration \(b.NextBackOff\(\)\)`
	}
	return nil
}

// retryAfter reads the server's Retry-After, in seconds.
func retryAfter(resp *http.Response) time.Duration {
	n, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil {
		return 0
	}
	return time.Duration(n) * time.Second
}

func honoursRetryAfter(c *http.Client, req *http.Request) (*http.Response, error) {
	for range 3 {
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode != http.StatusServiceUnavailable {
			return resp, nil
		}
		d := time.Second
		if resp != nil {
			if ra := retryAfter(resp); ra > 0 {
				d = ra
			}
		}
		time.Sleep(d) // want `retry loop waits a deterministic duration \(d\) between attempts when the server sends no Retry-After`
	}
	return nil, context.DeadlineExceeded
}

// --- not reported ---

func randomised(base time.Duration) error {
	for attempt := 0; attempt < 5; attempt++ {
		if err := op(); err == nil {
			return nil
		}
		d := base << attempt
		d = d/2 + time.Duration(rand.Int63n(int64(d/2)))
		time.Sleep(d)
	}
	return nil
}

func randV2(base time.Duration) error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(rand2.N(base))
	}
	return nil
}

func jitterHelper(d time.Duration) time.Duration {
	return d/2 + time.Duration(rand.Int63n(int64(d)))
}

func viaJitterHelper(base time.Duration) error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(jitterHelper(base))
	}
	return nil
}

func capped(d time.Duration) time.Duration { return min(d, time.Minute) }

func viaCapOfJitter(base time.Duration) error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(capped(jitterHelper(base)))
	}
	return nil
}

func k8sJitter() error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(wait.Jitter(time.Second, 0.5))
	}
	return nil
}

func cenkaltiJitter() error {
	b := backoff.NewExponentialBackOff()
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
	return nil
}

func unseen(w waiter) error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(w.Next()) // an interface method: quiet
	}
	return nil
}

func unseenFunc(next func() time.Duration) error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(next()) // a function value: quiet
	}
	return nil
}

type cfg struct{ delay time.Duration }

func field(c *cfg) error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(c.delay) // a field: quiet
	}
	return nil
}

func immediate() error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(0)
	}
	return nil
}

// A poller, not a retry loop: nojitter leaves it to -nojitter.periodic.
func poll() {
	for {
		_ = op()
		time.Sleep(time.Minute)
	}
}

func ignored() error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		//retrylint:ignore nojitter the server paces us
		time.Sleep(time.Second)
	}
	return nil
}
