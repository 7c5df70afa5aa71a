// Package mid forwards to base's runners: each function is a runner at
// depth 1.
package mid

import (
	"context"

	"retrysite/chain/base"
)

// Retry hands its operation on unchanged.
func Retry(ctx context.Context, op func(context.Context) error) error {
	return base.Retry(ctx, op) // want `retry call, up to 5 attempts, no wait, runner Retry`
}

// Get forwards to the generic runner, with its own type argument.
func Get[T any](ctx context.Context, fn func() (T, error)) (T, error) {
	return base.Do(ctx, fn) // want `retry call, up to 4 attempts, no wait, runner Do`
}
