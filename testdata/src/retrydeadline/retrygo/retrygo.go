package retrygo

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	retryv5 "github.com/avast/retry-go/v5"
)

func call(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://inventory.internal/items", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// v4's default waits, 100ms << (k-1) plus a random delay below 100ms,
// under the context's 2s deadline: 3 attempts (2s) fit.
func V4(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return retry.Do(func() error { // want `5 attempts x 500ms \+ waits up to 200ms, 300ms, 500ms and 900ms = 4\.4s, over the 2s deadline: the fourth attempt cannot finish; 3 attempts fit`
		actx, acancel := context.WithTimeout(ctx, 500*time.Millisecond)
		defer acancel()
		return call(actx)
	}, retry.Attempts(5), retry.Context(ctx))
}

// v5's retrier, a fixed delay.
func V5(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	r := retryv5.New(retryv5.Attempts(4), retryv5.Delay(300*time.Millisecond), retryv5.DelayType(retryv5.FixedDelay), retryv5.Context(ctx))
	return r.Do(func() error { // want `4 attempts x 1s \+ waits up to 300ms, 300ms and 300ms = 4\.9s, over the 3s deadline: the third attempt cannot finish; 2 attempts fit`
		actx, acancel := context.WithTimeout(ctx, time.Second)
		defer acancel()
		return call(actx)
	})
}

// MaxDelay caps each wait: 1.1s, then 1.5s, 1.5s; 4 attempts of 200ms
// within 5s.
func Capped(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return retry.Do(func() error {
		actx, acancel := context.WithTimeout(ctx, 200*time.Millisecond)
		defer acancel()
		return call(actx)
	}, retry.Attempts(4), retry.Delay(time.Second), retry.MaxDelay(1500*time.Millisecond), retry.Context(ctx))
}

// A DelayType of the package's own: its waits are out of sight.
func CustomDelay(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return retry.Do(func() error {
		actx, acancel := context.WithTimeout(ctx, 500*time.Millisecond)
		defer acancel()
		return call(actx)
	}, retry.Attempts(5), retry.DelayType(func(n uint, err error, config *retry.Config) time.Duration { return 0 }), retry.Context(ctx))
}

// The bound is the caller's: out of sight.
func AttemptsParam(ctx context.Context, n uint) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return retry.Do(func() error {
		actx, acancel := context.WithTimeout(ctx, 500*time.Millisecond)
		defer acancel()
		return call(actx)
	}, retry.Attempts(n), retry.Context(ctx))
}

var errBusy = errors.New("busy")

// The operation takes no context: no per-attempt timeout to add up.
func NoContext() error {
	return retry.Do(func() error { return errBusy }, retry.Attempts(5))
}
