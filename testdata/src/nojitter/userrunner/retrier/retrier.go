// Package retrier holds a service's own retry runners: nojitter reports the
// fixed wait once, here in the runner, and never at the runner's callers
// (packages forward and app).
package retrier

import (
	"context"
	"time"

	"github.com/retrylint/retrylint/retry"
)

// Fixed waits a constant second between attempts.
func Fixed(ctx context.Context, op func(context.Context) error) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `retry loop waits a fixed 1s between attempts`
	}
	return err
}

// Jittered randomises its waits: quiet.
func Jittered(ctx context.Context, op func(context.Context) error) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Second))
	}
	return err
}
