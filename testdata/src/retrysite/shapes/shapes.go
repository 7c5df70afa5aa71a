// Package shapes holds the loop exits and waits real code uses: a type
// switch on the error, a flag set from the outcome, a result sent back by a
// goroutine made per attempt, a ticker that paces attempts, time.Tick, and a
// wait inside a called function.
package shapes

import (
	"context"
	"errors"
	"net/http"
	"time"

	"retrysite/shapes/errpred"
)

var errGaveUp = errors.New("gave up")

type tempError struct{}

func (tempError) Error() string { return "temporary" }

func call(ctx context.Context, c *http.Client, url string) error {
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

func typeSwitch(ctx context.Context, c *http.Client) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		switch err := call(ctx, c, "http://a/").(type) {
		case nil:
			return nil
		case tempError:
		default:
			return err
		}
		time.Sleep(time.Second)
	}
	return errGaveUp
}

// Success goes around: a worker, not a retry.
func typeSwitchWorker(ctx context.Context, c *http.Client, urls <-chan string) {
	for u := range urls {
		switch call(ctx, c, u).(type) {
		case nil:
			continue
		}
		time.Sleep(time.Second)
	}
}

func okFlag(c *http.Client) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		resp, err := c.Get("http://a/")
		ok := err == nil && resp.StatusCode < 500
		if ok {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errGaveUp
}

func goroutinePerAttempt(ctx context.Context, c *http.Client) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)$`
		done := make(chan error, 1)
		go func() { done <- call(ctx, c, "http://a/") }()
		select {
		case err := <-done:
			if err == nil {
				return nil
			}
		case <-time.After(5 * time.Second):
		}
		time.Sleep(time.Second)
	}
	return errGaveUp
}

func tickerPaced(c *http.Client) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C { // want `retry loop, unbounded attempts, waits tick\(time.Second\)$`
		if err := call(context.Background(), c, "http://a/"); err == nil {
			return nil
		}
	}
	return errGaveUp
}

func tickVar(ctx context.Context, c *http.Client) error {
	tick := time.Tick(time.Second)
	for { // want `retry loop, unbounded attempts, waits tick\(time.Second\)$`
		if err := call(ctx, c, "http://a/"); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick:
		}
	}
}

type client struct {
	hc    *http.Client
	pause time.Duration
}

func (c *client) backoff() {
	println("retrying")
	time.Sleep(c.pause)
}

func (c *client) viaHelper(ctx context.Context) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(in backoff\)$`
		if err := call(ctx, c.hc, "http://a/"); err == nil {
			return nil
		}
		c.backoff()
	}
	return errGaveUp
}

// Predicates of the package on the attempt's error: one false for a nil
// error (by its guard, or by the expression it returns) makes the loop a
// retry, since success then leaves it.
func isTemporary(err error) bool {
	var t tempError
	return errors.As(err, &t)
}

func isRetryable(err error) bool {
	if err == nil {
		return false
	}
	return !errors.Is(err, errGaveUp)
}

func retriesPredicate(ctx context.Context, c *http.Client) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		err := call(ctx, c, "http://a/")
		if isTemporary(err) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
	return errGaveUp
}

func retriesGuarded(ctx context.Context, c *http.Client) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		if err := call(ctx, c, "http://a/"); !isRetryable(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errGaveUp
}

// A predicate that may hold for a nil error: success may go around, so the
// loop is no retry (it paces whatever happens).
func unclear(err error) bool { return err == nil || errors.Is(err, errGaveUp) }

func unclearPredicate(ctx context.Context, c *http.Client) error {
	for i := 0; i < 3; i++ { // want `periodic loop, waits sleep\(time.Second\)`
		err := call(ctx, c, "http://a/")
		if unclear(err) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
	return errGaveUp
}

// Predicates of another package, through their facts.
func retriesImported(ctx context.Context, c *http.Client) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		err := call(ctx, c, "http://a/")
		if errpred.Retryable(err) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
	return errGaveUp
}

func retriesUntilDone(ctx context.Context, c *http.Client) error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		if err := call(ctx, c, "http://a/"); errpred.Done(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errGaveUp
}

func unclearImported(ctx context.Context, c *http.Client) error {
	for i := 0; i < 3; i++ { // want `periodic loop, waits sleep\(time.Second\)`
		err := call(ctx, c, "http://a/")
		if errpred.Unclear(err) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
	return errGaveUp
}
