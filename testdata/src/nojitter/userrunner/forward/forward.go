// Package forward hands its operation to retrier.Fixed: a runner with fixed
// waits too, but the wait is retrier's, so nothing is reported here.
package forward

import (
	"context"

	"nojitter/userrunner/retrier"
)

// Named forwards to the fixed runner.
func Named(ctx context.Context, name string, op func(context.Context) error) error {
	return retrier.Fixed(ctx, op)
}
