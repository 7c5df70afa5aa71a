// Package base holds the runners at the bottom of a chain of forwarding
// runners spread over three packages (base <- mid <- top, called from use).
package base

import (
	"context"
	"time"
)

// Retry re-runs op up to 5 times.
func Retry(ctx context.Context, op func(context.Context) error) error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop, up to 5 attempts, waits sleep\(time.Millisecond\)`
		if err = op(ctx); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// Do is a generic runner with a bound.
func Do[T any](ctx context.Context, fn func() (T, error)) (T, error) {
	var v T
	var err error
	for range 4 { // want `retry loop, up to 4 attempts, no wait`
		if v, err = fn(); err == nil {
			return v, nil
		}
	}
	return v, err
}

// Retrier is a generic type whose method is a runner.
type Retrier[T any] struct{}

// Do re-runs fn up to 3 times.
func (Retrier[T]) Do(fn func() (T, error)) (T, error) {
	var v T
	var err error
	for range 3 { // want `retry loop, up to 3 attempts, no wait`
		if v, err = fn(); err == nil {
			return v, nil
		}
	}
	return v, err
}
