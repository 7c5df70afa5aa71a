// Package kit is a service's own retry kit: runners recognised by what their
// bodies do, and functions that take a callback but are not runners.
package kit

import (
	"context"
	"time"
)

// Retry re-runs op up to 5 times, a second apart.
func Retry(ctx context.Context, op func(context.Context) error) error { // want Retry:`reaches\(retries, up to 5 attempts\)`
	var err error
	for i := 0; i < 5; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Attempts takes the number of attempts from its caller.
func Attempts(ctx context.Context, n int, op func() error) error { // want Attempts:`reaches\(retries, an unknown number of attempts, counted by param 1\)`
	var err error
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

// Do is a generic runner.
func Do[T any](ctx context.Context, fn func() (T, error)) (T, error) { // want Do:`reaches\(retries, up to 3 attempts\)`
	var v T
	var err error
	for range 3 {
		if v, err = fn(); err == nil {
			return v, nil
		}
	}
	return v, err
}

// While re-runs op, up to 4 times, for as long as op answers that it should
// go on (its bool), error or not.
func While(op func(attempt int) (bool, error)) error { // want While:`reaches\(retries, up to 4 attempts\)`
	var err error
	var again bool
	for i := range 4 {
		if again, err = op(i); !again {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Pages calls next until it says there is no more, and stops at its first
// error: an iterator, not a runner.
func Pages(next func() (more bool, err error)) error {
	for {
		more, err := next()
		if err != nil || !more {
			return err
		}
	}
}

// Once calls op once: not a runner.
func Once(ctx context.Context, op func(context.Context) error) error { return op(ctx) }

// Each calls op once per item: not a runner.
func Each(ctx context.Context, items []string, op func(string) error) error {
	for _, it := range items {
		if err := op(it); err != nil {
			return err
		}
	}
	return nil
}
