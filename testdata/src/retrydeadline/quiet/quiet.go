package quiet

import (
	"context"
	"errors"
	"net/http"
	"time"
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

// Fits: 3 x 200ms + 100ms + 200ms = 900ms within 1s.
func Fits(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, acancel := context.WithTimeout(ctx, 200*time.Millisecond)
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond << attempt):
		}
	}
	return err
}

// The deadline comes from the caller: out of sight.
func CallerDeadline(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		actx, acancel := context.WithTimeout(ctx, time.Second)
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
	}
	return err
}

// The per-attempt timeout is a parameter: out of sight.
func TimeoutParam(ctx context.Context, perAttempt time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		actx, acancel := context.WithTimeout(ctx, perAttempt)
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
	}
	return err
}

// No per-attempt timeout: the deadline bounds every attempt, none is doomed
// by arithmetic.
func NoAttemptTimeout(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		err = call(ctx)
		if err == nil {
			return nil
		}
	}
	return err
}

// WithoutCancel drops the deadline: nothing to fit.
func Detached(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	free := context.WithoutCancel(ctx)
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		actx, acancel := context.WithTimeout(free, time.Second)
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
	}
	return err
}

// A wait that ends with the context, and a loop without a context in scope.
func Waits(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}

func work() error { return errors.New("unavailable") }

func NoContext() error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = work(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// context.Background() alone never ends: a select on it would wait the same.
func Background() error {
	ctx := context.Background()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// detachedOnce times its attempt from a fresh context, not the one it is
// handed: the helper's timeout says nothing about the caller's deadline.
func detachedOnce(ctx context.Context) error {
	actx, cancel := context.WithTimeout(context.Background(), 250*time.Millisecond)
	defer cancel()
	return call(actx)
}

func HelperOwnContext(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = detachedOnce(ctx); err == nil {
			return nil
		}
	}
	return err
}

// Waits of at most 100ms end within a tenth of a second of a cancellation:
// a constant one, and one grown from the counter over a known bound.
func ShortWaits(ctx context.Context) error {
	var err error
	for ctx.Err() == nil {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	for retry := range 10 {
		time.Sleep(time.Duration(retry+1) * 10 * time.Millisecond)
		if err = call(ctx); err == nil {
			return nil
		}
	}
	return err
}

// ProbeDial is go-redis's tryDial: each round makes its own context, from
// context.Background(), to bound one dial. That context belongs to the
// round; no caller waits on it, so the wait after a failure outlives
// nobody.
func ProbeDial(closed func() bool) {
	for {
		if closed() {
			return
		}
		ctx := context.Background()
		var cancel context.CancelFunc
		if closed != nil {
			ctx, cancel = context.WithTimeout(ctx, time.Second)
		}
		err := call(ctx)
		if cancel != nil {
			cancel()
		}
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		return
	}
}

// DetachedPerRound makes each round's context from the request's without its
// cancellation: nothing ends the wait's context but the attempt's timeout.
func DetachedPerRound(r *http.Request) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), time.Second)
		err = call(ctx)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// sendOwn retries a request it built itself, with no context: nothing the
// wait could end with, so nothing to report.
func sendOwn(c *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	for {
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Minute)
	}
}

// sendCounted retries the request its caller gives, but a request of type
// other than *http.Request carries no context of the caller's to end with.
func sendCounted(c *http.Client, req http.Request) (*http.Response, error) {
	for {
		resp, err := c.Do(&req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Minute)
	}
}

// runEnds calls itself again after a 503 (cohere's Retrier.run), its wait
// in a select that ends with the request's context: nothing outlives it.
func runEnds(send func(*http.Request) (*http.Response, error), req *http.Request, attempt int) (*http.Response, error) {
	if attempt >= 3 {
		return nil, errors.New("out of attempts")
	}
	resp, err := send(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= http.StatusInternalServerError {
		resp.Body.Close()
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(time.Hour):
		}
		return runEnds(send, req, attempt+1)
	}
	return resp, nil
}
