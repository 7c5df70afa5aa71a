// Package retrier is a stub of github.com/eapache/go-resiliency/retrier
// v1.7.0: the API surface retrylint's analyzers know, with the real
// signatures.
package retrier

import (
	"context"
	"time"
)

func ConstantBackoff(n int, amount time.Duration) []time.Duration { return make([]time.Duration, n) }

func ExponentialBackoff(n int, initialAmount time.Duration) []time.Duration {
	return make([]time.Duration, n)
}

func LimitedExponentialBackoff(n int, initialAmount time.Duration, limitAmount time.Duration) []time.Duration {
	return make([]time.Duration, n)
}

type Action int

const (
	Succeed Action = iota
	Fail
	Retry
)

type Classifier interface {
	Classify(error) Action
}

type DefaultClassifier struct{}

func (c DefaultClassifier) Classify(err error) Action { return Retry }

type WhitelistClassifier []error

func (list WhitelistClassifier) Classify(err error) Action { return Retry }

type BlacklistClassifier []error

func (list BlacklistClassifier) Classify(err error) Action { return Retry }

type Retrier struct {
	backoff []time.Duration
	class   Classifier
}

func New(backoff []time.Duration, class Classifier) *Retrier {
	return &Retrier{backoff: backoff, class: class}
}

func (r *Retrier) WithInfiniteRetry() *Retrier     { return r }
func (r *Retrier) WithSurfaceWorkErrors() *Retrier { return r }

func (r *Retrier) Run(work func() error) error { return work() }

func (r *Retrier) RunCtx(ctx context.Context, work func(ctx context.Context) error) error {
	return work(ctx)
}

func (r *Retrier) RunFn(ctx context.Context, work func(ctx context.Context, retries int) error) error {
	return work(ctx, 0)
}

func (r *Retrier) SetJitter(jit float64) {}
