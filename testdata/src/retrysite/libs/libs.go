// Package libs holds calls to the retry libraries the recogniser knows.
package libs

import (
	"context"
	"errors"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	retrygo5 "github.com/avast/retry-go/v5"
	"github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/eapache/go-resiliency/retrier"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	goretry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"

	"github.com/retrylint/retrylint/retry"
)

func op() error { return nil }

func cenkaltiV4() {
	_ = backoff.Retry(func() error { return op() }, backoff.NewExponentialBackOff())          // want `retry call, the library default number of attempts, waits backoff, runner Retry`
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 3)) // want `retry call, up to 4 attempts, waits backoff, runner Retry, op op`
	b := &backoff.ZeroBackOff{}
	_ = backoff.RetryNotify(op, b, nil)                                                                  // want `retry call, unbounded attempts, waits backoff, runner RetryNotify, op op`
	_, _ = backoff.RetryWithData(func() (int, error) { return 1, nil }, backoff.NewExponentialBackOff()) // want `runner RetryWithData`
}

func cenkaltiV5(ctx context.Context) {
	_, _ = backoff5.Retry(ctx, func() (int, error) { return 0, nil })                                                                                           // want `retry call, the library default number of attempts, waits backoff, runner Retry`
	_, _ = backoff5.Retry(ctx, func() (int, error) { return 0, nil }, backoff5.WithMaxTries(5), backoff5.WithBackOff(backoff5.NewConstantBackOff(time.Second))) // want `retry call, up to 5 attempts, waits backoff, runner Retry`
}

func retryGo() {
	_ = retrygo.Do(op)                                                  // want `retry call, the library default of 10 attempts, waits backoff, runner Do, op op`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.Delay(time.Second)) // want `retry call, up to 3 attempts, waits backoff, runner Do`
	_ = retrygo.Do(op, retrygo.Attempts(0))                             // want `retry call, unbounded attempts`
	opts := []retrygo.Option{retrygo.Attempts(7)}
	_, _ = retrygo.DoWithData(func() (string, error) { return "", nil }, opts...) // want `retry call, up to 7 attempts, waits backoff, runner DoWithData`
	// Options out of sight may set Attempts: the count is not the default.
	_ = retrygo.Do(op, retryOptions(5)...)                // want `retry call, an unknown number of attempts, waits backoff, runner Do`
	_ = retrygo.Do(op, retrygo.Delay(time.Second), ten()) // want `retry call, an unknown number of attempts, waits backoff, runner Do`
	more := []retrygo.Option{retrygo.Delay(time.Second)}
	more = append(more, retrygo.Attempts(2))
	_ = retrygo.Do(op, more...) // want `retry call, an unknown number of attempts, waits backoff, runner Do`
}

// retryOptions makes the options a project's retries share.
func retryOptions(attempts uint) []retrygo.Option {
	return []retrygo.Option{retrygo.Attempts(attempts), retrygo.LastErrorOnly(true)}
}

// ten is an option of the user's that sets the count.
func ten() retrygo.Option { return retrygo.Attempts(10) }

// cenkaltiOptions: the options come from the caller.
func cenkaltiOptions(ctx context.Context, opts ...backoff5.RetryOption) {
	_, _ = backoff5.Retry(ctx, func() (int, error) { return 0, nil }, opts...) // want `retry call, an unknown number of attempts, waits backoff, runner Retry`
}

func goRetry(ctx context.Context) {
	b := goretry.WithMaxRetries(4, goretry.NewExponential(time.Second))
	_ = goretry.Do(ctx, b, func(ctx context.Context) error { return goretry.RetryableError(op()) })                            // want `retry call, up to 5 attempts, waits backoff, runner Do`
	_ = goretry.Do(ctx, goretry.WithFullJitter(goretry.NewFibonacci(time.Second)), func(context.Context) error { return nil }) // want `retry call, unbounded attempts, waits backoff, runner Do`
	_ = goretry.Constant(ctx, time.Second, func(context.Context) error { return nil })                                         // want `retry call, unbounded attempts, waits backoff, runner Constant`
}

func k8s(ctx context.Context) {
	_ = wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Factor: 2, Steps: 5}, func() (bool, error) { return true, nil }) // want `retry call, up to 5 attempts, waits backoff, runner ExponentialBackoff`
	b := wait.Backoff{Duration: time.Second, Steps: 3}
	_ = wait.ExponentialBackoffWithContext(ctx, b, func(context.Context) (bool, error) { return true, nil }) // want `retry call, up to 3 attempts, waits backoff, runner ExponentialBackoffWithContext`
	// Polling is not retrying.
	_ = wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(context.Context) (bool, error) { return true, nil })
}

// A function value of unknown origin: the site is found, its attempt is not.
func unseen(f backoff.Operation) {
	_ = backoff.Retry(f, backoff.NewExponentialBackOff()) // want `runner Retry, attempt unseen`
}

// Not runners: the library's other functions.
func notRunners() {
	_ = backoff.Permanent(errors.New("x"))
	_ = retrygo.Unrecoverable(errors.New("x"))
}

func own(ctx context.Context) {
	_ = retry.Do(ctx, retry.Policy{MaxAttempts: 4}, func(ctx context.Context) error { return op() })                   // want `retry call, up to 4 attempts, waits backoff, runner Do`
	_ = retry.Do(ctx, retry.Policy{}, func(ctx context.Context) error { return op() })                                 // want `retry call, the library default of 3 attempts, waits backoff, runner Do`
	_, _ = retry.DoValue(ctx, retry.Policy{MaxAttempts: -1}, func(ctx context.Context) (int, error) { return 1, nil }) // want `retry call, unbounded attempts, waits backoff, runner DoValue`
}

func clientGo() {
	_ = k8sretry.RetryOnConflict(k8sretry.DefaultRetry, op)                                                      // want `retry call, the library default of 5 attempts, waits backoff, runner RetryOnConflict, op op`
	_ = k8sretry.OnError(k8sretry.DefaultBackoff, func(error) bool { return true }, op)                          // want `retry call, the library default of 4 attempts, waits backoff, runner OnError`
	_ = k8sretry.OnError(wait.Backoff{Steps: 2}, func(error) bool { return true }, func() error { return op() }) // want `retry call, up to 2 attempts, waits backoff, runner OnError`
}

func eapacheRetrier(ctx context.Context) {
	r := retrier.New(retrier.ConstantBackoff(3, time.Second), nil)
	_ = r.Run(op)                                                                                                                                // want `retry call, up to 4 attempts, waits backoff, runner Run, op op`
	_ = retrier.New(retrier.ExponentialBackoff(5, time.Second), nil).WithInfiniteRetry().RunCtx(ctx, func(context.Context) error { return nil }) // want `retry call, unbounded attempts, waits backoff, runner RunCtx`
}

type client struct{}

func (c *client) call() error { return nil }

func method(c *client) {
	_ = backoff.Retry(c.call, backoff.NewExponentialBackOff()) // want `runner Retry, op call`
}

func failsafeGo() {
	rp := retrypolicy.NewBuilder[int]().WithMaxRetries(4).WithDelay(time.Second).Build()
	_, _ = failsafe.With(rp).Get(func() (int, error) { return 1, nil }) // want `retry call, up to 5 attempts, waits backoff, runner Get`
	_ = failsafe.With[any](retrypolicy.NewWithDefaults[any]()).Run(op)  // want `retry call, the library default of 3 attempts, waits backoff, runner Run, op op`
	// No retry policy: not a retry.
	var other failsafe.Policy[any]
	_ = failsafe.With(other).Run(op)
}

func retryGoV5() {
	_ = retrygo5.New(retrygo5.Attempts(4)).Do(op) // want `retry call, up to 4 attempts, waits backoff, runner Do, op op`
	r := retrygo5.NewWithData[string]()
	_, _ = r.Do(func() (string, error) { return "", nil }) // want `retry call, the library default of 10 attempts, waits backoff, runner Do`
}
