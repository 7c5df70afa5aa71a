// Package callers calls the runners of package runners: each call is a
// RunnerCall site whose attempt is the closure or function passed.
package callers

import (
	"context"

	"retrysite/runners"
)

func save(context.Context) error { return nil }

func calls(ctx context.Context) {
	_ = runners.WithRetries(ctx, func(ctx context.Context) error { return save(ctx) }) // want `retry call, up to 3 attempts, no wait, runner WithRetries`
	_ = runners.WithRetries(ctx, save)                                                 // want `retry call, up to 3 attempts, no wait, runner WithRetries, op save`
	_, _ = runners.Do(ctx, func() (int, error) { return 1, nil })                      // want `retry call, unbounded attempts, no wait, runner Do`
	_ = runners.Forward(ctx, save)                                                     // want `retry call, up to 3 attempts, no wait, runner Forward, op save`
	p := &runners.Pacer{}
	_ = p.Call(func() error { return nil })                         // want `retry call, up to 10 attempts, no wait, runner Call`
	_ = runners.Retrying(ctx, 4, func() error { return save(ctx) }) // want `retry call, up to 4 attempts, no wait, runner Retrying`
	_ = runners.Twice(ctx, func() error { return nil })             // want `retry call, up to 2 attempts, no wait, runner Twice`
	_ = mine(ctx, save)                                             // want `retry call, up to 3 attempts, no wait, runner mine, op save`
	// Not runners.
	_ = runners.Once(func() error { return nil })
	_ = runners.Each([]string{"a"}, func(string) error { return nil })
	_ = runners.Logged(func(string) {})
}

// mine forwards to another package's runner: a runner too.
func mine(ctx context.Context, op func(context.Context) error) error {
	return runners.WithRetries(ctx, op) // want `retry call, up to 3 attempts, no wait, runner WithRetries`
}
