// Package retrier is the webhook service's own retry helper. Every retry of
// the service goes through Do, so nojitter reports its fixed wait once, here,
// and not at each of the service's calls.
package retrier

import (
	"context"
	"errors"
	"time"
)

// ErrPermanent marks a failure that no retry can mend.
var ErrPermanent = errors.New("permanent failure")

// Do runs op up to attempts times, a second apart, until it succeeds, fails
// permanently, or ctx ends.
func Do(ctx context.Context, attempts int, op func(context.Context) error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(ctx); err == nil || errors.Is(err, ErrPermanent) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second): // want `retry loop waits a fixed 1s between attempts`
		}
	}
	return err
}

// Default runs op with the service's default of 3 attempts.
func Default(ctx context.Context, op func(context.Context) error) error {
	return Do(ctx, 3, op)
}
