package policy

import (
	"context"
	"net/http"
	"time"

	"github.com/retrylint/retrylint/retry"
)

func get(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// 4 attempts of 300ms with full-jitter ceilings 50ms, 100ms, 200ms: 1.55s
// inside 1s; 3 attempts (1.05s) do not fit either, 2 (650ms) do.
func Stock(ctx context.Context, c *http.Client) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return retry.Do(ctx, retry.Policy{ // want `4 attempts x 300ms \+ waits up to 50ms, 100ms and 200ms = 1\.55s, over the 1s deadline: the third attempt cannot finish; 2 attempts fit`
		MaxAttempts:    4,
		AttemptTimeout: 300 * time.Millisecond,
		Backoff:        retry.Backoff{Base: 50 * time.Millisecond},
	}, func(ctx context.Context) error { return get(ctx, c, "http://stock.internal/") })
}

// The defaults: 3 attempts, waits below 100ms then 200ms; a variable policy.
func Defaults(ctx context.Context, c *http.Client) error {
	ctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	p := retry.Policy{AttemptTimeout: 200 * time.Millisecond}
	return retry.Do(ctx, p, func(ctx context.Context) error { // want `3 attempts x 200ms \+ waits up to 100ms and 200ms = 900ms, over the 500ms deadline: the third attempt cannot finish; 2 attempts fit`
		return get(ctx, c, "http://stock.internal/")
	})
}

// Fits: 3 x 100ms + 10ms + 20ms within 1s.
func Fits(ctx context.Context, c *http.Client) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return retry.Do(ctx, retry.Policy{
		MaxAttempts:    3,
		AttemptTimeout: 100 * time.Millisecond,
		Backoff:        retry.Backoff{Base: 10 * time.Millisecond, Jitter: retry.JitterEqual},
	}, func(ctx context.Context) error { return get(ctx, c, "http://stock.internal/") })
}

// No AttemptTimeout: the deadline bounds each attempt; the caller's
// deadline: out of sight.
func Quiet(ctx context.Context, c *http.Client) error {
	dctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	if err := retry.Do(dctx, retry.Policy{MaxAttempts: 5}, func(ctx context.Context) error {
		return get(ctx, c, "http://stock.internal/")
	}); err != nil {
		return err
	}
	return retry.Do(ctx, retry.Policy{MaxAttempts: 5, AttemptTimeout: time.Second}, func(ctx context.Context) error {
		return get(ctx, c, "http://stock.internal/")
	})
}
