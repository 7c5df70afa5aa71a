// Package libs holds retry-library configurations with and without jitter.
package libs

import (
	"context"
	"errors"
	"net/http"
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

// --- reported ---

func cenkaltiOption() {
	_ = backoff.Retry(op, backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(0))) // want `retry call backs off without jitter \(RandomizationFactor 0\): clients that failed together retry together; set RandomizationFactor`
}

func cenkaltiAssign() {
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 0 // want `retry call backs off without jitter \(RandomizationFactor 0\)`
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 3))
}

func cenkaltiLiteral() {
	_ = backoff.Retry(op, &backoff.ExponentialBackOff{InitialInterval: time.Second, Multiplier: 2}) // want `retry call backs off without jitter \(RandomizationFactor 0\)`
}

func cenkaltiConstant() {
	_ = backoff.Retry(op, backoff.NewConstantBackOff(time.Second)) // want `retry call backs off without jitter \(a ConstantBackOff\): clients that failed together retry together; use an ExponentialBackOff`
}

// Literals of the backoffs that have no jitter knob: reported, with no fix
// (the struct has no RandomizationFactor field to set).
func cenkaltiKnoblessLiterals() {
	_ = backoff.Retry(op, &backoff.ZeroBackOff{})                          // want `retry call backs off without jitter \(a ZeroBackOff\)`
	_ = backoff.Retry(op, &backoff.ConstantBackOff{Interval: time.Second}) // want `retry call backs off without jitter \(a ConstantBackOff\)`
}

func cenkaltiV5(ctx context.Context) {
	b := &backoff5.ExponentialBackOff{InitialInterval: time.Second, RandomizationFactor: 0} // want `retry call backs off without jitter \(RandomizationFactor 0\)`
	_, _ = backoff5.Retry(ctx, func() (int, error) { return 0, nil }, backoff5.WithBackOff(b))
}

func retryGo() {
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.BackOffDelay)) // want `retry call backs off without jitter \(a delay type without RandomDelay\): clients that failed together retry together; combine it with RandomDelay`
	_ = retrygo.Do(op, retrygo.DelayType(retrygo.FixedDelay))                        // want `a delay type without RandomDelay`
}

func retryGoV5() {
	_ = retrygo5.New(retrygo5.DelayType(retrygo5.BackOffDelay)).Do(op) // want `retry call backs off without jitter \(a delay type without RandomDelay\)`
	_ = retrygo5.New().Do(op)
}

func goRetry(ctx context.Context) {
	_ = goretry.Do(ctx, goretry.WithMaxRetries(3, goretry.NewExponential(time.Second)), func(context.Context) error { return nil }) // want `retry call backs off without jitter \(retry.NewExponential without a jitter wrapper\): clients that failed together retry together; wrap it in retry.WithFullJitter`
	b := goretry.NewFibonacci(time.Second)                                                                                          // want `retry.NewFibonacci without a jitter wrapper`
	_ = goretry.Do(ctx, b, func(context.Context) error { return nil })
	_ = goretry.Exponential(ctx, time.Second, func(context.Context) error { return nil }) // want `retry call backs off without jitter \(retry.Exponential without jitter\)`
}

func k8s() {
	_ = wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Factor: 2, Steps: 4}, func() (bool, error) { return true, nil }) // want `retry call backs off without jitter \(Jitter 0\): clients that failed together retry together; set Jitter`
	_ = k8sretry.RetryOnConflict(wait.Backoff{Steps: 5, Duration: 10 * time.Millisecond, Jitter: 0}, op)                             // want `Jitter 0`
}

func eapache() {
	r := retrier.New(retrier.ConstantBackoff(3, time.Second), nil) // want `retry call backs off without jitter \(a retrier without SetJitter\)`
	_ = r.Run(op)
}

// lockstep is JitterNone under another name: still no jitter asked for by name.
const lockstep = retry.JitterNone

func own(ctx context.Context) error {
	_ = retry.Do(ctx, retry.Policy{Backoff: retry.Backoff{Base: time.Second, Jitter: retry.JitterNone}}, func(context.Context) error { return nil }) // want `retry call backs off without jitter \(Jitter JitterNone\)`
	// No Base: the fix's full jitter draws below DefaultBase, never zero
	// every time (retry's TestNojitterFixKeepsWaits runs the fixed literal).
	_ = retry.Do(ctx, retry.Policy{Backoff: retry.Backoff{Jitter: retry.JitterNone}}, func(context.Context) error { return nil }) // want `retry call backs off without jitter \(Jitter JitterNone\): clients that failed together retry together; set Jitter: retry.JitterFull`
	p := retry.Policy{MaxAttempts: 4, Backoff: retry.Backoff{Base: time.Second, Cap: 10 * time.Second, Jitter: retry.JitterNone}} // want `\(Jitter JitterNone\)`
	_ = retry.Do(ctx, p, func(context.Context) error { return nil })
	_ = retry.Do(ctx, retry.Policy{Backoff: retry.Backoff{Cap: time.Minute, Jitter: lockstep}}, func(context.Context) error { return nil }) // want `\(Jitter JitterNone\)`

	b := retry.Backoff{Base: 100 * time.Millisecond, Jitter: retry.JitterNone}
	for i := 1; i <= 3; i++ {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(b.Delay(i, 0, nil)) // want `retry loop waits a deterministic duration \(b.Delay\(i, 0, nil\)\) between attempts`
	}
	return nil
}

func failsafeGo() {
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithBackoff(time.Second, 30*time.Second).Build() // want `retry call backs off without jitter \(WithBackoff without WithJitter\): clients that failed together retry together; add WithJitterFactor`
	_ = failsafe.With(rp).Run(op)
}

// --- not reported ---

func jittered(ctx context.Context) {
	_ = backoff.Retry(op, backoff.NewExponentialBackOff())
	_ = backoff.Retry(op, backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(0.2)))
	_, _ = backoff5.Retry(ctx, func() (int, error) { return 0, nil })
	_ = retrygo.Do(op)
	_ = retrygo.Do(op, retrygo.DelayType(retrygo.CombineDelay(retrygo.BackOffDelay, retrygo.RandomDelay)))
	_ = retrygo.Do(op, retrygo.DelayType(retrygo.FullJitterBackoffDelay))
	_ = goretry.Do(ctx, goretry.WithMaxRetries(3, goretry.WithJitterPercent(10, goretry.NewExponential(time.Second))), func(context.Context) error { return nil })
	_ = wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Jitter: 0.2, Steps: 4}, func() (bool, error) { return true, nil })
	_ = k8sretry.RetryOnConflict(k8sretry.DefaultRetry, op)
	r := retrier.New(retrier.ConstantBackoff(3, time.Second), nil)
	r.SetJitter(0.25)
	_ = r.Run(op)
	_ = retry.Do(ctx, retry.Policy{}, func(context.Context) error { return nil })
}

// ownJittered leaves Jitter out or names a rule that jitters: the zero
// Jitter is full jitter, and a value that is no rule counts as full jitter.
func ownJittered(ctx context.Context) error {
	_ = retry.Do(ctx, retry.Policy{Backoff: retry.Backoff{Base: time.Second, Cap: 5 * time.Second}}, func(context.Context) error { return nil })
	_ = retry.Do(ctx, retry.Policy{Backoff: retry.Backoff{Cap: 5 * time.Second}}, func(context.Context) error { return nil })
	_ = retry.Do(ctx, retry.Policy{Backoff: retry.Backoff{Jitter: retry.JitterEqual}}, func(context.Context) error { return nil })
	_ = retry.Do(ctx, retry.Policy{Backoff: retry.Backoff{Base: time.Second, Cap: time.Minute, Jitter: retry.JitterDecorrelated}}, func(context.Context) error { return nil })
	_ = retry.Do(ctx, retry.Policy{Backoff: retry.Backoff{Base: time.Second, Jitter: retry.Jitter(9)}}, func(context.Context) error { return nil })

	b := retry.Backoff{Base: 100 * time.Millisecond}
	for i := 1; i <= 3; i++ {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(b.Delay(i, 0, nil))
	}
	return nil
}

func failsafeJittered() {
	rp := retrypolicy.NewBuilder[any]().WithDelay(time.Second).WithJitter(100 * time.Millisecond).Build()
	_ = failsafe.With(rp).Run(op)
	_ = failsafe.With(retrypolicy.NewWithDefaults[any]()).Run(op) // no delay: nothing to spread
}

// The backoff comes from elsewhere: quiet.
func unseen(b backoff.BackOff, f float64) {
	_ = backoff.Retry(op, b)
	_ = backoff.Retry(op, backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(f)))
}

// fetchReady asks the server whether the job is done; a non-2xx answer is
// an error.
func fetchReady(url string) (bool, error) {
	resp, err := http.Get(url)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return false, errors.New(resp.Status)
	}
	return resp.Header.Get("Ready") == "true", nil
}

// A poll that stops as soon as the server fails and goes round only until
// its answer says ready (lego's DNS providers waiting for a record): no
// retry of the server, so no wave of retries to spread. Quiet.
func awaitReady(url string) error {
	return backoff.Retry(func() error {
		ready, err := fetchReady(url)
		if err != nil {
			return backoff.Permanent(err)
		}
		if !ready {
			return errors.New("not ready")
		}
		return nil
	}, backoff.NewConstantBackOff(time.Second))
}

// The same loop handing the server's failure back to be retried: reported.
func awaitReadyRetrying(url string) error {
	return backoff.Retry(func() error {
		ready, err := fetchReady(url)
		if err != nil {
			return err
		}
		if !ready {
			return errors.New("not ready")
		}
		return nil
	}, backoff.NewConstantBackOff(time.Second)) // want `retry call backs off without jitter \(a ConstantBackOff\)`
}

// Transport errors are permanent, but a 5xx answer is retried (cli's
// withRetry): a retry of the server's failures. Reported.
func getRetrying5xx(url string) (*http.Response, error) {
	return backoff.RetryWithData(func() (*http.Response, error) {
		resp, err := http.Get(url)
		if err != nil {
			return nil, backoff.Permanent(err)
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			return nil, errors.New(resp.Status)
		}
		return resp, nil
	}, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 3)) // want `retry call backs off without jitter \(a ConstantBackOff\)`
}
