package budget

import (
	"context"
	"net/http"
	"time"

	"github.com/retrylint/retrylint/retry"
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

// The retry-decision example: an 800 ms deadline, 300 ms per attempt, waits
// of 100 ms then 200 ms: three attempts need 1.2 s; two (700 ms) fit.
func Fetch(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 800*time.Millisecond)
	defer cancel()
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `3 attempts x 300ms \+ waits up to 100ms and 200ms = 1\.2s, over the 800ms deadline: the third attempt cannot finish; 2 attempts fit`
		actx, acancel := context.WithTimeout(ctx, 300*time.Millisecond)
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(retry.FullJitter(100 * time.Millisecond << attempt)):
		}
	}
	return err
}

// A range loop, the wait before the attempt, WithDeadline(time.Now().Add(d)).
func Range(parent context.Context) error {
	ctx, cancel := context.WithDeadline(parent, time.Now().Add(time.Second))
	defer cancel()
	var err error
	for i := range 5 { // want `5 attempts x 400ms \+ waits up to 50ms, 50ms, 50ms and 50ms = 2\.2s, over the 1s deadline: the third attempt cannot finish; 2 attempts fit`
		if i > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(50 * time.Millisecond):
			}
		}
		actx, acancel := context.WithTimeout(ctx, 400*time.Millisecond)
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
	}
	return err
}

// The attempt's context travels in the request; the bound is inclusive.
func Request(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	dctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var lastErr error
	for i := 1; i <= 4; i++ { // want `4 attempts x 1s = 4s, over the 2s deadline: the third attempt cannot finish; 2 attempts fit`
		actx, acancel := context.WithTimeout(dctx, time.Second)
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			acancel()
			return nil, err
		}
		resp, err := c.Do(req)
		if err == nil {
			acancel()
			return resp, nil
		}
		acancel()
		lastErr = err
	}
	return nil, lastErr
}

const attempts = 3

// A named constant bound: reported, but no fix (the constant may serve
// elsewhere).
func Named(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	var err error
	for i := 0; i < attempts; i++ { // want `3 attempts x 300ms = 900ms, over the 500ms deadline: the second attempt cannot finish; 1 attempt fits`
		actx, acancel := context.WithTimeout(ctx, 300*time.Millisecond)
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
	}
	return err
}

// once makes one attempt under its own timeout.
func once(ctx context.Context) error {
	actx, cancel := context.WithTimeout(ctx, 250*time.Millisecond)
	defer cancel()
	return call(actx)
}

// The per-attempt timeout is in the helper that makes one attempt.
func Helper(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `3 attempts x 250ms = 750ms, over the 500ms deadline: the third attempt cannot finish; 2 attempts fit`
		if err = once(ctx); err == nil {
			return nil
		}
	}
	return err
}
