// Package outofscope reaches runners in ways issue 10 left out: through a
// struct field or a variable holding a runner, none of which is a site; and
// through an interface of the package implemented by a runner, a site since
// issue 13.
package outofscope

import (
	"context"

	"retrysite/runners"
)

// Retrier is implemented only by runners.
type Retrier interface {
	Run(fn func() error) error
}

type fixed struct{}

// Run is a runner; calls of Retrier.Run can be calls of it.
func (fixed) Run(fn func() error) error {
	var err error
	for range 3 { // want `retry loop, up to 3 attempts, no wait`
		if err = fn(); err == nil {
			return nil
		}
	}
	return err
}

var _ Retrier = fixed{}

func save() error { return nil }

func viaInterface(r Retrier) error {
	return r.Run(func() error { return save() }) // want `retry call, up to 3 attempts, no wait, runner Run`
}

// service keeps a runner in a field.
type service struct {
	retry func(context.Context, func(context.Context) error) error
}

func (s *service) viaField(ctx context.Context) error {
	return s.retry(ctx, func(context.Context) error { return save() })
}

func newService() *service { return &service{retry: runners.WithRetries} }

// pacer is a package variable holding a runner.
var pacer = runners.WithRetries

func viaVariable(ctx context.Context) error {
	return pacer(ctx, func(context.Context) error { return save() })
}

func viaLocal(ctx context.Context) error {
	run := runners.WithRetries
	return run(ctx, func(context.Context) error { return save() })
}

// viaMethodValue calls a runner method bound to a variable.
func viaMethodValue(p *runners.Pacer) error {
	call := p.Call
	return call(func() error { return save() })
}
