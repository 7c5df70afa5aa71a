package outlive

import (
	"context"
	"net/http"
	"strconv"
	tm "time"
)

type Result struct{ Body []byte }

type Status int

func fetch(ctx context.Context) (*Result, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://inventory.internal/items", nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return &Result{}, nil
}

// time.Sleep while ctx is in scope, through an import alias.
func Get(ctx context.Context) (*Result, error) {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		var r *Result
		if r, err = fetch(ctx); err == nil {
			return r, nil
		}
		tm.Sleep(tm.Duration(attempt+1) * 100 * tm.Millisecond) // want `retry loop waits with time\.Sleep while ctx is in scope: the wait goes on after ctx is cancelled or its deadline passes, for a caller that has given up; end the wait with the context`
	}
	return nil, err
}

// The server's Retry-After, waited with a bare receive: the case most worth catching.
func Post(ctx context.Context, c *http.Client, req *http.Request) (Status, string, Result, error) {
	for {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil && resp.StatusCode != http.StatusTooManyRequests {
			return Status(resp.StatusCode), resp.Status, Result{}, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		<-tm.After(tm.Duration(secs) * tm.Second) // want `retry loop waits with <-time\.After while ctx is in scope`
	}
}

// No error result: reported, no fix.
func Forever(ctx context.Context) {
	for {
		if _, err := fetch(ctx); err == nil {
			return
		}
		tm.Sleep(tm.Second) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
}

// Generic results get *new(T).
func Typed[T any](ctx context.Context, get func(context.Context) (T, error)) (T, error) {
	var err error
	for range 3 {
		var v T
		if v, err = get(ctx); err == nil {
			return v, nil
		}
		if _, ferr := fetch(ctx); ferr != nil {
			tm.Sleep(tm.Second) // want `retry loop waits with time\.Sleep while ctx is in scope`
		}
	}
	return *new(T), err
}

// One step past 100ms is reported: the counter reaches 10 attempts.
func Grows(ctx context.Context) error {
	var err error
	for retry := range 11 {
		if _, err = fetch(ctx); err == nil {
			return nil
		}
		tm.Sleep(tm.Duration(retry+1) * 10 * tm.Millisecond) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
	return err
}

// PerAttempt bounds each attempt with a context of its own, made afresh in
// the loop; the wait must still end with the caller's ctx, which outlives
// the round.
func PerAttempt(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(ctx, tm.Second)
		_, err = fetch(actx)
		cancel()
		if err == nil {
			return nil
		}
		tm.Sleep(tm.Second) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
	return err
}

// PerRequest bounds each attempt with a context made from the request's:
// the request's cancellation is in it, so the wait is reported, but a
// select on the attempt's context would also end the wait when that
// attempt's own second ran out, so no fix is offered.
func PerRequest(r *http.Request) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(r.Context(), tm.Second)
		_, err = fetch(ctx)
		cancel()
		if err == nil {
			return nil
		}
		tm.Sleep(2 * tm.Second) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
	return err
}

// SendBoth retries its caller's request and has a context of its own in
// scope: the wait ends with the context, the innermost in scope.
func SendBoth(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			return resp, nil
		}
		tm.Sleep(tm.Minute) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
}

// Both retries the loop and, on a 5xx, itself: the wait they share is
// reported once, as the loop's.
func Both(ctx context.Context, c *http.Client, u string, attempt int) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		tm.Sleep(tm.Second) // want `^retry loop waits with time\.Sleep while ctx is in scope`
		if err == nil && resp.StatusCode >= 500 && attempt < 3 {
			resp.Body.Close()
			return Both(ctx, c, u, attempt+1)
		}
	}
	return nil
}
