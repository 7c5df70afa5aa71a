// Package held reaches runners through values that hold them: an interface
// of the package implemented by a runner, a struct field, a variable or a
// method value. A call through a holder is a runner call when every value
// the holder can have is in sight and is a runner.
package held

import (
	"context"
	"net"

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

// save reaches another process, so retrying it is a retry of a dependency.
func save() error {
	conn, err := net.Dial("tcp", "db:5432")
	if err == nil {
		conn.Close()
	}
	return err
}

func viaInterface(r Retrier) error {
	return r.Run(func() error { return save() }) // want `retry call, up to 3 attempts, no wait, runner Run`
}

// service keeps a runner in an unexported field: every value is in sight.
type service struct {
	retry func(context.Context, func(context.Context) error) error
}

func newService() *service { return &service{retry: runners.WithRetries} }

func (s *service) viaField(ctx context.Context) error {
	return s.retry(ctx, func(context.Context) error { return save() }) // want `retry call, up to 3 attempts, no wait, runner WithRetries`
}

// Do hands its operation to the runner in the field: it is a runner too,
// and a call of it is a site.
func (s *service) Do(ctx context.Context, op func(context.Context) error) error {
	return s.retry(ctx, op) // want `retry call, up to 3 attempts, no wait, runner WithRetries, attempt unseen`
}

func viaForwarder(ctx context.Context, s *service) error {
	return s.Do(ctx, func(context.Context) error { return save() }) // want `retry call, up to 3 attempts, no wait, runner Do`
}

// pacer is a package variable holding a runner.
var pacer = runners.WithRetries

func viaVariable(ctx context.Context) error {
	return pacer(ctx, func(context.Context) error { return save() }) // want `retry call, up to 3 attempts, no wait, runner WithRetries`
}

func viaLocal(ctx context.Context) error {
	run := runners.WithRetries
	return run(ctx, func(context.Context) error { return save() }) // want `retry call, up to 3 attempts, no wait, runner WithRetries`
}

// viaEither may run either of two runners, both of three attempts.
func viaEither(ctx context.Context, forward bool) error {
	run := runners.WithRetries
	if forward {
		run = runners.Forward
	}
	return run(ctx, func(context.Context) error { return save() }) // want `retry call, up to 3 attempts, no wait, runner WithRetries`
}

// viaMethodValue calls a runner method bound to a variable.
func viaMethodValue(p *runners.Pacer) error {
	call := p.Call
	return call(func() error { return save() }) // want `retry call, up to 10 attempts, no wait, runner Call`
}

// Negative cases: a holder that may hold something other than a runner, or
// whose values are out of sight.

func once(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }

// viaMaybe may run the operation once: no retry is certain.
func viaMaybe(ctx context.Context, retrying bool) error {
	run := once
	if retrying {
		run = runners.WithRetries
	}
	return run(ctx, func(context.Context) error { return save() })
}

// Client's exported field can be set by any importer.
type Client struct {
	Retry func(context.Context, func(context.Context) error) error
}

func NewClient() *Client { return &Client{Retry: runners.WithRetries} }

func (c *Client) viaExportedField(ctx context.Context) error {
	return c.Retry(ctx, func(context.Context) error { return save() })
}

// viaParam calls whatever its caller hands it.
func viaParam(ctx context.Context, run func(context.Context, func(context.Context) error) error) error {
	return run(ctx, func(context.Context) error { return save() })
}

// viaMethodExpr holds a method expression: its first parameter is the
// receiver, so the runner's operation is not where its fact says.
func viaMethodExpr(p *runners.Pacer) error {
	call := (*runners.Pacer).Call
	return call(p, func() error { return save() })
}
