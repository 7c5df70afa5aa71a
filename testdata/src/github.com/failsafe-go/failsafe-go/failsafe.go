// Package failsafe is a stub of github.com/failsafe-go/failsafe-go v0.9.8:
// the API surface retrylint's analyzers know (executors, policies,
// executions), with the real signatures.
package failsafe

import (
	"context"
	"time"
)

type Policy[R any] interface {
	ToExecutor(typeToken R) any
}

type ResultAgnosticPolicy[R any] interface {
	Policy[R]
	ResultAgnostic()
}

type FailurePolicyBuilder[S any, R any] interface {
	HandleErrors(errs ...error) S
	HandleErrorTypes(errs ...any) S
	HandleResult(result R) S
	HandleIf(predicate func(R, error) bool) S
	OnSuccess(listener func(ExecutionEvent[R])) S
	OnFailure(listener func(ExecutionEvent[R])) S
}

type DelayFunc[R any] func(exec ExecutionAttempt[R]) time.Duration

type DelayablePolicyBuilder[S any, R any] interface {
	WithDelay(delay time.Duration) S
	WithDelayFunc(delayFunc DelayFunc[R]) S
}

type ExecutionInfo interface {
	Context() context.Context
	Attempts() int
	Executions() int
	Retries() int
	Hedges() int
	StartTime() time.Time
	ElapsedTime() time.Duration
}

type ExecutionAttempt[R any] interface {
	ExecutionInfo
	LastResult() R
	LastError() error
	IsFirstAttempt() bool
	IsRetry() bool
	IsHedge() bool
	AttemptStartTime() time.Time
	ElapsedAttemptTime() time.Duration
}

type Execution[R any] interface {
	ExecutionAttempt[R]
	IsCanceled() bool
	Canceled() <-chan struct{}
}

type ExecutionEvent[R any] struct {
	ExecutionAttempt[R]
}

type ExecutionScheduledEvent[R any] struct {
	ExecutionAttempt[R]
	Delay time.Duration
}

type ExecutionDoneEvent[R any] struct {
	ExecutionInfo
	Result R
	Error  error
}

type ExecutionResult[R any] interface {
	Done() <-chan any
	IsDone() bool
	Get() (R, error)
}

type Executor[R any] interface {
	Compose(innerPolicy Policy[R]) Executor[R]
	ComposeAny(innerPolicy ResultAgnosticPolicy[any]) Executor[R]
	Context() context.Context
	WithContext(ctx context.Context) Executor[R]
	OnDone(listener func(ExecutionDoneEvent[R])) Executor[R]
	OnSuccess(listener func(ExecutionDoneEvent[R])) Executor[R]
	OnFailure(listener func(ExecutionDoneEvent[R])) Executor[R]
	Run(fn func() error) error
	RunWithExecution(fn func(exec Execution[R]) error) error
	Get(fn func() (R, error)) (R, error)
	GetWithExecution(fn func(exec Execution[R]) (R, error)) (R, error)
	RunAsync(fn func() error) ExecutionResult[R]
	RunAsyncWithExecution(fn func(exec Execution[R]) error) ExecutionResult[R]
	GetAsync(fn func() (R, error)) ExecutionResult[R]
	GetAsyncWithExecution(fn func(exec Execution[R]) (R, error)) ExecutionResult[R]
}

func With[R any](policies ...Policy[R]) Executor[R] { return nil }

func WithAny[R any](policy ResultAgnosticPolicy[any]) Executor[R] { return nil }
