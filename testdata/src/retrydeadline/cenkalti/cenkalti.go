package cenkalti

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
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

func get(ctx context.Context) (string, error) { return "", call(ctx) }

// v4 under the context's 1s deadline: 5 attempts of 300ms and constant
// waits of 100ms; 2 attempts (700ms) fit.
func V4Deadline(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return backoff.Retry(func() error { // want `5 attempts x 300ms \+ waits up to 100ms, 100ms, 100ms and 100ms = 1\.9s, over the 1s deadline: the third attempt cannot finish; 2 attempts fit`
		actx, acancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer acancel()
		return call(actx)
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewConstantBackOff(100*time.Millisecond), 4), ctx))
}

// v4's MaxElapsedTime, set on the variable: the backoff starts no attempt
// after 2s, and when attempts time out the third would start at 2.3s.
func V4Elapsed() error {
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = 100 * time.Millisecond
	b.RandomizationFactor = 0
	b.Multiplier = 2
	b.MaxElapsedTime = 2 * time.Second
	return backoff.Retry(func() error { // want `5 attempts x 1s \+ waits of at least 100ms, 200ms, 400ms and 800ms: the third attempt would start at 2\.3s or later, past the 2s limit of MaxElapsedTime, so it never runs when attempts time out; 2 attempts start`
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		return call(ctx)
	}, backoff.WithMaxRetries(b, 4))
}

// v4's option: 10s holds 5 attempts of 1s and their waits.
func V4ElapsedFits() error {
	b := backoff.NewExponentialBackOff(backoff.WithInitialInterval(100*time.Millisecond), backoff.WithMaxElapsedTime(10*time.Second))
	return backoff.Retry(func() error {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		return call(ctx)
	}, backoff.WithMaxRetries(b, 4))
}

// v5's WithMaxElapsedTime with the default backoff (500ms x 1.5, ±50%):
// even with the shortest waits the third attempt would start at 4.625s.
func V5Elapsed(ctx context.Context) (string, error) {
	return backoffv5.Retry(ctx, func() (string, error) { // want `4 attempts x 2s \+ waits of at least 250ms, 375ms and 562\.5ms: the third attempt would start at 4\.625s or later, past the 3s limit of WithMaxElapsedTime, so it never runs when attempts time out; 2 attempts start`
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		return get(actx)
	}, backoffv5.WithMaxTries(4), backoffv5.WithMaxElapsedTime(3*time.Second))
}

// v5 under the context's 2s deadline; the fix lowers WithMaxTries.
func V5Deadline(ctx context.Context) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return backoffv5.Retry(ctx, func() (string, error) { // want `5 attempts x 500ms \+ waits up to 100ms, 100ms, 100ms and 100ms = 2\.9s, over the 2s deadline: the fourth attempt cannot finish; 3 attempts fit`
		actx, acancel := context.WithTimeout(ctx, 500*time.Millisecond)
		defer acancel()
		return get(actx)
	}, backoffv5.WithMaxTries(5), backoffv5.WithBackOff(backoffv5.NewConstantBackOff(100*time.Millisecond)))
}

// The wait before the second attempt is drawn from 250ms to 750ms: the
// second attempt starts within 2.5s when the draw is short enough.
func RandomizedStart(ctx context.Context) (string, error) {
	return backoffv5.Retry(ctx, func() (string, error) {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		return get(actx)
	}, backoffv5.WithMaxTries(2), backoffv5.WithMaxElapsedTime(2500*time.Millisecond))
}

// A limit shorter than the caller's deadline that holds the attempts: 2 of
// 300ms and a wait below 750ms start within 2s and end within 10s.
func ShorterLimit(ctx context.Context) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return backoffv5.Retry(ctx, func() (string, error) {
		actx, acancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer acancel()
		return get(actx)
	}, backoffv5.WithMaxTries(2), backoffv5.WithMaxElapsedTime(2*time.Second))
}

// The per-attempt timeout is the caller's: out of sight.
func TimeoutParam(ctx context.Context, perAttempt time.Duration) (string, error) {
	return backoffv5.Retry(ctx, func() (string, error) {
		actx, cancel := context.WithTimeout(ctx, perAttempt)
		defer cancel()
		return get(actx)
	}, backoffv5.WithMaxTries(10), backoffv5.WithMaxElapsedTime(time.Second))
}

// Two calls per attempt: the operation's time is not one timeout.
func TwoCalls(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return backoff.Retry(func() error {
		actx, acancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer acancel()
		if err := call(actx); err != nil {
			return err
		}
		return call(ctx)
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewConstantBackOff(100*time.Millisecond), 4), ctx))
}

// The backoff's settings come from the caller: out of sight.
func BackoffParam(b *backoff.ExponentialBackOff) error {
	return backoff.Retry(func() error {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		return call(ctx)
	}, backoff.WithMaxRetries(b, 4))
}
