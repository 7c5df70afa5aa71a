// Package app calls the runners of retrier and forward: no diagnostic here,
// the fixed wait is reported once, in retrier.Fixed.
package app

import (
	"context"

	"nojitter/userrunner/forward"
	"nojitter/userrunner/retrier"
)

func save(context.Context) error { return nil }

func calls(ctx context.Context) {
	_ = retrier.Fixed(ctx, save)
	_ = retrier.Fixed(ctx, func(ctx context.Context) error { return save(ctx) })
	_ = forward.Named(ctx, "save", save)
	_ = retrier.Jittered(ctx, save)
}
