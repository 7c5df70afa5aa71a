// Package retrypolicy is a stub of
// github.com/failsafe-go/failsafe-go/retrypolicy v0.9.8: the API surface
// retrylint's analyzers know, with the real signatures.
package retrypolicy

import (
	"errors"
	"time"

	"github.com/failsafe-go/failsafe-go"
)

var ErrExceeded = errors.New("retries exceeded")

type ExceededError struct {
	LastResult any
	LastError  error
}

func (e ExceededError) Error() string { return "retries exceeded" }

type RetryPolicy[R any] interface {
	failsafe.Policy[R]
}

type Builder[R any] interface {
	failsafe.FailurePolicyBuilder[Builder[R], R]
	failsafe.DelayablePolicyBuilder[Builder[R], R]
	AbortOnResult(result R) Builder[R]
	AbortOnErrors(errs ...error) Builder[R]
	AbortOnErrorTypes(errs ...any) Builder[R]
	AbortIf(predicate func(R, error) bool) Builder[R]
	ReturnLastFailure() Builder[R]
	WithMaxAttempts(maxAttempts int) Builder[R]
	WithMaxRetries(maxRetries int) Builder[R]
	WithMaxDuration(maxDuration time.Duration) Builder[R]
	WithBackoff(delay time.Duration, maxDelay time.Duration) Builder[R]
	WithBackoffFactor(delay time.Duration, maxDelay time.Duration, delayFactor float64) Builder[R]
	WithRandomDelay(delayMin time.Duration, delayMax time.Duration) Builder[R]
	WithJitter(jitter time.Duration) Builder[R]
	WithJitterFactor(jitterFactor float64) Builder[R]
	OnAbort(listener func(failsafe.ExecutionEvent[R])) Builder[R]
	OnRetryScheduled(listener func(failsafe.ExecutionScheduledEvent[R])) Builder[R]
	OnRetry(listener func(failsafe.ExecutionEvent[R])) Builder[R]
	OnRetriesExceeded(listener func(failsafe.ExecutionEvent[R])) Builder[R]
	Build() RetryPolicy[R]
}

func NewWithDefaults[R any]() RetryPolicy[R] { return NewBuilder[R]().Build() }

func NewBuilder[R any]() Builder[R] { return nil }
