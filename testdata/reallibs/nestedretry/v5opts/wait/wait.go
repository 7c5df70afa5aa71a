// Package wait holds a retry runner that hands its caller's options to
// cenkalti/backoff v5, as lego's internal/wait does: what bounds it by time
// is each caller's to say.
package wait

import (
	"context"

	"github.com/cenkalti/backoff/v5"
)

// Retry runs operation until it succeeds, under the caller's options.
func Retry(ctx context.Context, operation func() error, opts ...backoff.RetryOption) error { // want Retry:`reaches\(backoff.Retry, an unknown number of attempts, time options param 2\)`
	_, err := backoff.Retry(ctx, func() (any, error) {
		return nil, operation()
	}, opts...)
	return err
}
