// Package wait holds a retry runner that hands its caller's options to
// cenkalti/backoff v5, as lego's internal/wait does: what bounds it by time
// is each caller's to say.
package wait

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v5"
)

// Retry runs operation until it succeeds, under the caller's options.
func Retry(ctx context.Context, operation func() error, opts ...backoff.RetryOption) error { // want Retry:`reaches\(backoff.Retry, an unknown number of attempts, time options param 2\)`
	_, err := backoff.Retry(ctx, func() (any, error) {
		return nil, operation()
	}, opts...)
	return err
}

// WithDefault puts a limit in front of the caller's options: it hands on
// options of its own making, and the caller's may still override the limit,
// so the time is not known at its calls.
func WithDefault(ctx context.Context, operation func() error, opts ...backoff.RetryOption) error { // want WithDefault:`reaches\(backoff.Retry, an unknown number of attempts\)`
	opts = append([]backoff.RetryOption{backoff.WithMaxElapsedTime(time.Minute)}, opts...)
	_, err := backoff.Retry(ctx, func() (any, error) {
		return nil, operation()
	}, opts...)
	return err
}

// Runner is a runner held by a type, called as a method expression too.
type Runner struct{}

// Retry runs operation under the caller's options.
func (Runner) Retry(ctx context.Context, operation func() error, opts ...backoff.RetryOption) error { // want Retry:`reaches\(backoff.Retry, an unknown number of attempts, time options param 2\)`
	_, err := backoff.Retry(ctx, func() (any, error) {
		return nil, operation()
	}, opts...)
	return err
}
