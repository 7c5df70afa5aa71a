// Package retry is a stub of github.com/avast/retry-go/v4 v4.7.0: the API
// surface retrylint's analyzers know, with the real signatures.
package retry

import (
	"context"
	"time"
)

type RetryableFunc func() error

type RetryableFuncWithData[T any] func() (T, error)

func Do(retryableFunc RetryableFunc, opts ...Option) error { return retryableFunc() }

func DoWithData[T any](retryableFunc RetryableFuncWithData[T], opts ...Option) (T, error) {
	return retryableFunc()
}

type Error []error

func (e Error) Error() string { return "" }

func Unrecoverable(err error) error { return err }
func IsRecoverable(err error) bool  { return true }

type RetryIfFunc func(error) bool

type OnRetryFunc func(attempt uint, err error)

type DelayTypeFunc func(n uint, err error, config *Config) time.Duration

type Timer interface {
	After(time.Duration) <-chan time.Time
}

type Config struct {
	attempts uint
}

type Option func(*Config)

func LastErrorOnly(lastErrorOnly bool) Option                    { return nil }
func Attempts(attempts uint) Option                              { return nil }
func UntilSucceeded() Option                                     { return nil }
func AttemptsForError(attempts uint, err error) Option           { return nil }
func Delay(delay time.Duration) Option                           { return nil }
func MaxDelay(maxDelay time.Duration) Option                     { return nil }
func MaxJitter(maxJitter time.Duration) Option                   { return nil }
func DelayType(delayType DelayTypeFunc) Option                   { return nil }
func BackOffDelay(n uint, _ error, config *Config) time.Duration { return 0 }
func FixedDelay(_ uint, _ error, config *Config) time.Duration   { return 0 }
func RandomDelay(_ uint, _ error, config *Config) time.Duration  { return 0 }
func CombineDelay(delays ...DelayTypeFunc) DelayTypeFunc         { return nil }
func FullJitterBackoffDelay(n uint, err error, config *Config) time.Duration {
	return 0
}
func OnRetry(onRetry OnRetryFunc) Option                                      { return nil }
func RetryIf(retryIf RetryIfFunc) Option                                      { return nil }
func Context(ctx context.Context) Option                                      { return nil }
func WithTimer(t Timer) Option                                                { return nil }
func WrapContextErrorWithLastError(wrapContextErrorWithLastError bool) Option { return nil }
