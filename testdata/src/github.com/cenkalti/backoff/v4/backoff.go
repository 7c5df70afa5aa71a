// Package backoff is a stub of github.com/cenkalti/backoff/v4 v4.3.0: the
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
	MaxElapsedTime      time.Duration
	Stop                time.Duration
	Clock               Clock
}

type Clock interface {
	Now() time.Time
}

type ExponentialBackOffOpts func(*ExponentialBackOff)

const (
	DefaultInitialInterval     = 500 * time.Millisecond
	DefaultRandomizationFactor = 0.5
	DefaultMultiplier          = 1.5
	DefaultMaxInterval         = 60 * time.Second
	DefaultMaxElapsedTime      = 15 * time.Minute
)

func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff {
	b := &ExponentialBackOff{RandomizationFactor: DefaultRandomizationFactor}
	for _, fn := range opts {
		fn(b)
	}
	return b
}

func WithInitialInterval(duration time.Duration) ExponentialBackOffOpts { return nil }
func WithRandomizationFactor(randomizationFactor float64) ExponentialBackOffOpts {
	return func(ebo *ExponentialBackOff) { ebo.RandomizationFactor = randomizationFactor }
}
func WithMultiplier(multiplier float64) ExponentialBackOffOpts         { return nil }
func WithMaxInterval(duration time.Duration) ExponentialBackOffOpts    { return nil }
func WithMaxElapsedTime(duration time.Duration) ExponentialBackOffOpts { return nil }
func WithRetryStopDuration(duration time.Duration) ExponentialBackOffOpts {
	return nil
}
func WithClockProvider(clock Clock) ExponentialBackOffOpts { return nil }

func (b *ExponentialBackOff) Reset()                        {}
func (b *ExponentialBackOff) NextBackOff() time.Duration    { return 0 }
func (b *ExponentialBackOff) GetElapsedTime() time.Duration { return 0 }

type BackOffContext interface {
	BackOff
	Context() context.Context
}

func WithContext(b BackOff, ctx context.Context) BackOffContext { return nil }

func WithMaxRetries(b BackOff, max uint64) BackOff { return b }

type OperationWithData[T any] func() (T, error)

type Operation func() error

type Notify func(error, time.Duration)

type Timer interface {
	Start(duration time.Duration)
	Stop()
	C() <-chan time.Time
}

func Retry(o Operation, b BackOff) error { return o() }

func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) { return o() }

func RetryNotify(operation Operation, b BackOff, notify Notify) error { return operation() }

func RetryNotifyWithData[T any](operation OperationWithData[T], b BackOff, notify Notify) (T, error) {
	return operation()
}

func RetryNotifyWithTimer(operation Operation, b BackOff, notify Notify, t Timer) error {
	return operation()
}

func RetryNotifyWithTimerAndData[T any](operation OperationWithData[T], b BackOff, notify Notify, t Timer) (T, error) {
	return operation()
}

type PermanentError struct {
	Err error
}

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

func Permanent(err error) error { return &PermanentError{Err: err} }

type Ticker struct {
	C <-chan time.Time
}

func NewTicker(b BackOff) *Ticker { return &Ticker{} }
func (t *Ticker) Stop()           {}
