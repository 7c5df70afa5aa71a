// Package nodone holds retry loops that sleep with time.Sleep beside a
// context: reported, unless the sleep runs only when ctx.Done() is nil, a
// context that can never end (temporal's backoff.Retry).
package nodone

import (
	"context"
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

// --- the sleep may run with a context that can end: reported ---

// The select on ctx.Done() falls through when the timer fires, and the
// sleep follows it.
func fallsThrough(ctx context.Context) {
	for i := 0; i < 5; i++ {
		if call(ctx) == nil {
			return
		}
		if done := ctx.Done(); done != nil {
			timer := time.NewTimer(time.Second)
			select {
			case <-done:
				return
			case <-timer.C:
			}
		}
		time.Sleep(time.Second) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
}

// An unlabelled break in a select leaves only the select.
func breaksSelect(ctx context.Context) {
	for i := 0; i < 5; i++ {
		if call(ctx) == nil {
			return
		}
		if ctx.Done() != nil {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
				break
			}
		}
		time.Sleep(time.Second) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
}

// The guard tests another context than the one the loop calls with.
func otherContext(ctx, parent context.Context) {
	for i := 0; i < 5; i++ {
		if call(ctx) == nil {
			return
		}
		if parent.Done() == nil {
			time.Sleep(time.Second) // want `retry loop waits with time\.Sleep while ctx is in scope`
		}
	}
}

// --- the sleep runs only when ctx can never end: quiet ---

// temporal's backoff.Retry: a cancellable context is waited on in a select
// that always leaves or goes around; the sleep is for the other kind.
func temporalShape(ctx context.Context) {
	for i := 0; i < 5; i++ {
		if call(ctx) == nil {
			return
		}
		if done := ctx.Done(); done != nil {
			timer := time.NewTimer(time.Second)
			select {
			case <-done:
				return
			case <-timer.C:
				continue
			}
		}
		// ctx is not cancellable
		time.Sleep(time.Second)
	}
}

// The sleep inside the nil test, the select in its else.
func nilBranch(ctx context.Context) {
	for i := 0; i < 5; i++ {
		if call(ctx) == nil {
			return
		}
		if ctx.Done() == nil {
			time.Sleep(time.Second)
		} else {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
		}
	}
}

// The sleep in the else of a non-nil test.
func elseBranch(ctx context.Context) {
	for i := 0; i < 5; i++ {
		if call(ctx) == nil {
			return
		}
		if nil != ctx.Done() {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
		} else {
			time.Sleep(time.Second)
		}
	}
}
