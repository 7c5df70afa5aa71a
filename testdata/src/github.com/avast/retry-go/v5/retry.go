// Package retry is a stub of github.com/avast/retry-go/v5 v5.1.1: the API
// surface retrylint's analyzers know, with the real signatures.
package retry

import (
	"context"
	"time"
)

type RetryIfFunc func(error) bool

type OnRetryFunc func(attempt uint, err error)

type DelayContext interface {
	Delay() time.Duration
	MaxJitter() time.Duration
	MaxBackOffN() uint
	MaxDelay() time.Duration
}

type DelayTypeFunc func(n uint, err error, config DelayContext) time.Duration

type Timer interface {
	After(time.Duration) <-chan time.Time
}

type retrierCore struct {
	attempts uint
}

type Retrier struct {
	*retrierCore
}

type RetrierWithData[T any] struct {
	*retrierCore
}

type Option func(*retrierCore)

func New(opts ...Option) *Retrier { return &Retrier{retrierCore: &retrierCore{}} }

func NewWithData[T any](opts ...Option) *RetrierWithData[T] {
	return &RetrierWithData[T]{retrierCore: &retrierCore{}}
}

func LastErrorOnly(lastErrorOnly bool) Option          { return nil }
func Attempts(attempts uint) Option                    { return nil }
func UntilSucceeded() Option                           { return nil }
func AttemptsForError(attempts uint, err error) Option { return nil }
func Delay(delay time.Duration) Option                 { return nil }
func MaxDelay(maxDelay time.Duration) Option           { return nil }
func MaxJitter(maxJitter time.Duration) Option         { return nil }
func DelayType(delayType DelayTypeFunc) Option         { return nil }

func BackOffDelay(n uint, _ error, config DelayContext) time.Duration { return 0 }
func FixedDelay(_ uint, _ error, config DelayContext) time.Duration   { return 0 }
func RandomDelay(_ uint, _ error, config DelayContext) time.Duration  { return 0 }
func CombineDelay(delays ...DelayTypeFunc) DelayTypeFunc              { return nil }
func FullJitterBackoffDelay(n uint, err error, config DelayContext) time.Duration {
	return 0
}

func OnRetry(onRetry OnRetryFunc) Option                                      { return nil }
func RetryIf(retryIf RetryIfFunc) Option                                      { return nil }
func Context(ctx context.Context) Option                                      { return nil }
func WithTimer(t Timer) Option                                                { return nil }
func WrapContextErrorWithLastError(wrapContextErrorWithLastError bool) Option { return nil }

type RetryableFunc func() error

type RetryableFuncWithData[T any] func() (T, error)

func (r *Retrier) Do(retryableFunc RetryableFunc) error { return retryableFunc() }

func (r *RetrierWithData[T]) Do(retryableFunc RetryableFuncWithData[T]) (T, error) {
	return retryableFunc()
}

type Error []error

func (e Error) Error() string { return "" }

func Unrecoverable(err error) error { return err }
func IsRecoverable(err error) bool  { return true }
