// Package backoff is a stub of github.com/cenkalti/backoff/v5 v5.0.3: the
// API surface retrylint's analyzers know, with the real signatures.
package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

const Stop time.Duration = -1

type ZeroBackOff struct{}

func (b *ZeroBackOff) Reset()                     {}
func (b *ZeroBackOff) NextBackOff() time.Duration { return 0 }

type StopBackOff struct{}

func (b *StopBackOff) Reset()                     {}
func (b *StopBackOff) NextBackOff() time.Duration { return Stop }

type ConstantBackOff struct {
	Interval time.Duration
}

func (b *ConstantBackOff) Reset()                     {}
func (b *ConstantBackOff) NextBackOff() time.Duration { return b.Interval }

func NewConstantBackOff(d time.Duration) *ConstantBackOff { return &ConstantBackOff{Interval: d} }

type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
}

const (
	DefaultInitialInterval     = 500 * time.Millisecond
	DefaultRandomizationFactor = 0.5
	DefaultMultiplier          = 1.5
	DefaultMaxInterval         = 60 * time.Second
)

func NewExponentialBackOff() *ExponentialBackOff {
	return &ExponentialBackOff{RandomizationFactor: DefaultRandomizationFactor}
}

func (b *ExponentialBackOff) Reset()                     {}
func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }

type PermanentError struct {
	Err error
}

func Permanent(err error) error         { return &PermanentError{Err: err} }
func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

type RetryAfterError struct {
	Duration time.Duration
}

func RetryAfter(seconds int) error       { return &RetryAfterError{} }
func (e *RetryAfterError) Error() string { return "retry after" }

const DefaultMaxElapsedTime = 15 * time.Minute

type Operation[T any] func() (T, error)

type Notify func(error, time.Duration)

type retryOptions struct{}

type RetryOption func(*retryOptions)

func WithBackOff(b BackOff) RetryOption              { return nil }
func WithNotify(n Notify) RetryOption                { return nil }
func WithMaxTries(n uint) RetryOption                { return nil }
func WithMaxElapsedTime(d time.Duration) RetryOption { return nil }

func Retry[T any](ctx context.Context, operation Operation[T], opts ...RetryOption) (T, error) {
	return operation()
}

type Ticker struct {
	C <-chan time.Time
}

func NewTicker(b BackOff) *Ticker { return &Ticker{} }
func (t *Ticker) Stop()           {}
