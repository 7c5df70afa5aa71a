// Package runners holds retry runners of a user's own, and functions that
// take a callback but are not runners. The recogniser's facts prove which
// is which.
package runners

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
)

var ErrGiveUp = errors.New("give up")

// WithRetries is the classic helper: a loop around the callback.
func WithRetries(ctx context.Context, fn func(context.Context) error) error { // want WithRetries:`runner\(op 1, up to 3 attempts, fixed waits\)` WithRetries:`retries\(up to 3 attempts\)` WithRetries:`reach\(local, calls param 1\)`
	var err error
	for i := 0; i < 3; i++ {
		if err = fn(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Do is a generic runner.
func Do[T any](ctx context.Context, fn func() (T, error)) (T, error) { // want Do:`runner\(op 1, unbounded attempts, waits unknown\)` Do:`retries\(unbounded attempts\)` Do:`reach\(local, calls param 1\)`
	for {
		v, err := fn()
		if err == nil {
			return v, nil
		}
		if ctx.Err() != nil {
			return v, ctx.Err()
		}
	}
}

// Forward hands its operation to another runner.
func Forward(ctx context.Context, op func(context.Context) error) error { // want Forward:`runner\(op 1, up to 3 attempts, fixed waits\)` Forward:`retries\(up to 3 attempts\)` Forward:`reach\(local, calls param 1\)`
	return WithRetries(ctx, op)
}

// ForwardLit hands a closure that calls its operation to a runner.
func ForwardLit(ctx context.Context, op func() error) error { // want ForwardLit:`runner\(op 1, up to 3 attempts, fixed waits\)` ForwardLit:`retries\(up to 3 attempts\)` ForwardLit:`reach\(local, calls param 1\)`
	return WithRetries(ctx, func(context.Context) error { return op() })
}

// Library hands its operation to cenkalti/backoff.
func Library(op func() error) error { // want Library:`runner\(op 0, up to 6 attempts, jittered\)` Library:`retries\(up to 6 attempts\)` Library:`reach\(may reach, calls param 0\)`
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 5))
}

// Pacer is a runner as a method.
type Pacer struct{ Delay time.Duration }

func (p *Pacer) Call(fn func() error) error { // want Call:`runner\(op 0, up to 10 attempts, fixed waits\)` Call:`retries\(up to 10 attempts\)` Call:`reach\(local, calls param 0\)`
	for try := 0; try < 10; try++ {
		err := fn()
		if err == nil || errors.Is(err, ErrGiveUp) {
			return err
		}
		time.Sleep(p.Delay)
	}
	return ErrGiveUp
}

// Once calls its callback once: not a runner.
func Once(fn func() error) error { // want Once:`reach\(local, calls param 0\)`
	return fn()
}

// Each calls its callback in a loop over items: not a runner.
func Each(items []string, fn func(string) error) error { // want Each:`reach\(local, calls param 1\)`
	for _, it := range items {
		if err := fn(it); err != nil {
			return err
		}
	}
	return nil
}

// Logged retries its own call and calls its logger between attempts: a
// retrying function, not a runner of the callback.
func Logged(logf func(string)) error { // want Logged:`retries\(up to 3 attempts\)` Logged:`reach\(may reach, calls param 0\)`
	for i := 0; i < 3; i++ {
		if err := Once(func() error { return nil }); err == nil {
			return nil
		}
		logf("retrying")
	}
	return ErrGiveUp
}

// Retrying takes the number of attempts from its caller.
func Retrying(ctx context.Context, attempts int, op func() error) error { // want Retrying:`runner\(op 2, an unknown number of attempts, attempts param 1, waits unknown\)` Retrying:`retries\(an unknown number of attempts\)` Retrying:`reach\(local, calls param 2\)`
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

// Twice forwards with a constant count.
func Twice(ctx context.Context, op func() error) error { // want Twice:`runner\(op 1, up to 2 attempts, waits unknown\)` Twice:`retries\(up to 2 attempts\)` Twice:`reach\(local, calls param 1\)`
	return Retrying(ctx, 2, op)
}
