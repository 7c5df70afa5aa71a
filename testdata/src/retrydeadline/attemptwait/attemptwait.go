// Package attemptwait holds retry loops whose wait between attempts ends
// with the context the failed attempt made for itself.
package attemptwait

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errUnavailable = errors.New("service unavailable")

func send(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 500 {
		return errUnavailable
	}
	return nil
}

// Named gives the attempt's context a name of its own, and the wait selects
// on it instead of on ctx: the fix waits on ctx.
func Named(ctx context.Context, c *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		attemptCtx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err = send(attemptCtx, c, url)
		if err == nil {
			cancel()
			return nil
		}
		select {
		case <-attemptCtx.Done(): // want `retry loop waits between attempts on attemptCtx, the context this attempt made with context\.WithTimeout: the wait counts against the attempt that failed and ends when its time is up \(at once if it timed out or was cancelled\): the pause is cut short, or the retries end; wait on ctx, the context it was made from`
			cancel()
			return attemptCtx.Err()
		case <-time.After(time.Second):
		}
		cancel()
	}
	return err
}

// Shadowed declares the attempt's context under the caller's name: the wait
// means the caller's and gets the attempt's. No fix: the caller's context
// has no name left at the wait.
func Shadowed(ctx context.Context, c *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithDeadline(ctx, time.Now().Add(2*time.Second))
		err = send(ctx, c, url)
		if err == nil {
			cancel()
			return nil
		}
		timer := time.NewTimer(time.Second)
		select {
		case <-ctx.Done(): // want `retry loop waits between attempts on ctx, the context this attempt made with context\.WithDeadline: .*; wait on the context it was made from`
			timer.Stop()
			cancel()
			return ctx.Err()
		case <-timer.C:
		}
		cancel()
	}
	return err
}

// sleepCtx waits d, or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Helper is openai-go's shape: when a per-attempt timeout is set, the
// attempt's context replaces the request's in the variable the wait helper
// is later given.
func Helper(c *http.Client, req *http.Request, timeout time.Duration) (*http.Response, error) {
	var res *http.Response
	var err error
	for retry := 0; retry <= 2; retry++ {
		ctx := req.Context()
		if timeout != 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, timeout)
			defer cancel()
		}
		res, err = c.Do(req.Clone(ctx))
		if err == nil && res.StatusCode < 500 {
			return res, nil
		}
		if err == nil {
			res.Body.Close()
		}
		if werr := sleepCtx(ctx, time.Second); werr != nil { // want `retry loop waits between attempts on ctx, the context this attempt made with context\.WithTimeout: .*; wait on the context it was made from`
			return nil, werr
		}
	}
	return res, err
}

// shouldRetry is asked about the attempt's answer whole, as openai-go's
// generated client asks: false for one that succeeded.
func shouldRetry(res *http.Response, err error) bool {
	if err != nil {
		return true
	}
	if res.Header.Get("x-should-retry") == "true" {
		return true
	}
	return res.StatusCode >= 500
}

// PredicateHelper is Helper with the decision to go again left to
// shouldRetry.
func PredicateHelper(c *http.Client, req *http.Request, timeout time.Duration) (*http.Response, error) {
	var res *http.Response
	var err error
	for retry := 0; retry <= 2; retry++ {
		ctx := req.Context()
		if timeout != 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, timeout)
			defer cancel()
		}
		res, err = c.Do(req.Clone(ctx))
		if !shouldRetry(res, err) {
			break
		}
		if err == nil {
			res.Body.Close()
		}
		if werr := sleepCtx(ctx, time.Second); werr != nil { // want `retry loop waits between attempts on ctx, the context this attempt made with context\.WithTimeout: .*; wait on the context it was made from`
			return nil, werr
		}
	}
	return res, err
}

// WaitsOnCaller waits on the caller's context: its deadline bounds the whole
// retry, and the attempt's timeout only the attempt.
func WaitsOnCaller(ctx context.Context, c *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		attemptCtx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err = send(attemptCtx, c, url)
		cancel()
		if err == nil {
			return nil
		}
		if werr := sleepCtx(ctx, time.Second); werr != nil {
			return werr
		}
	}
	return err
}

// OverallDeadline makes one deadline for the whole retry, before the loop:
// waiting on it is right.
func OverallDeadline(ctx context.Context, c *http.Client, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = send(ctx, c, url); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// ScopedAttempt makes the attempt's context inside a function literal the
// attempt calls: the wait cannot see it.
func ScopedAttempt(ctx context.Context, c *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = func() error {
			ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
			defer cancel()
			return send(ctx, c, url)
		}()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// PerItem is no retry: each item gets its own timeout and a pause before
// the next; a failure ends the loop.
func PerItem(ctx context.Context, c *http.Client, urls []string) error {
	for _, url := range urls {
		itemCtx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err := send(itemCtx, c, url)
		if err != nil {
			cancel()
			return err
		}
		select {
		case <-itemCtx.Done():
			cancel()
			return itemCtx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		cancel()
	}
	return nil
}

// SharedDeadline remakes, on every attempt, a context with the deadline of
// the whole retry, fixed before the loop: waiting on it is waiting on the
// retry's own deadline.
func SharedDeadline(ctx context.Context, c *http.Client, url string) error {
	end := time.Now().Add(10 * time.Second)
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		retryCtx, cancel := context.WithDeadline(ctx, end)
		err = send(retryCtx, c, url)
		if err == nil {
			cancel()
			return nil
		}
		select {
		case <-retryCtx.Done():
			cancel()
			return retryCtx.Err()
		case <-time.After(time.Second):
		}
		cancel()
	}
	return err
}
