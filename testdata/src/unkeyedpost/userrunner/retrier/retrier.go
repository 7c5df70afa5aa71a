// Package retrier is a service's own retry helper, in a package of its own.
package retrier

import (
	"context"
	"time"
)

// Do re-runs op up to 4 times, half a second apart.
func Do(ctx context.Context, op func(context.Context) error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		time.Sleep(500 * time.Millisecond)
	}
	return err
}

// Value is a generic runner.
func Value[T any](ctx context.Context, fn func() (T, error)) (T, error) {
	var v T
	var err error
	for range 3 {
		if v, err = fn(); err == nil {
			return v, nil
		}
	}
	return v, err
}

// Named forwards to Do: a runner at depth 1.
func Named(ctx context.Context, name string, op func(context.Context) error) error {
	return Do(ctx, op)
}

// Once calls op once: not a runner.
func Once(ctx context.Context, op func(context.Context) error) error { return op(ctx) }
