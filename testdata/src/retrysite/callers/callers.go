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

// Calls through interfaces: Retrier.Do can be Limited's retry, Executor.Run
// is never a retry.
func throughInterfaces(ctx context.Context, r runners.Retrier, e runners.Executor) {
	_ = r.Do(func() error { return save(ctx) }) // want `retry call, an unknown number of attempts, no wait, runner Do`
	_ = e.Run(func() error { return save(ctx) })
}

// mine forwards to another package's runner: a runner too.
func mine(ctx context.Context, op func(context.Context) error) error {
	return runners.WithRetries(ctx, op) // want `retry call, up to 3 attempts, no wait, runner WithRetries`
}

// pacer is an interface of this package whose one implementation retries.
type pacer interface {
	Call(op func() error) error
}

type untilDone struct{}

func (untilDone) Call(op func() error) error {
	for { // want `retry loop, unbounded attempts, no wait`
		if err := op(); err == nil {
			return nil
		}
	}
}

func paced(ctx context.Context, p pacer) error {
	return p.Call(func() error { return save(ctx) }) // want `retry call, unbounded attempts, no wait, runner Call`
}

// retrier is another package's interface under a name of this one: its
// method stays that package's, and gets no fact here.
type retrier = runners.Retrier

type spin struct{}

func (spin) Do(op func() error) error {
	for { // want `retry loop, unbounded attempts, no wait`
		if err := op(); err == nil {
			return nil
		}
	}
}

var _ retrier = spin{}
