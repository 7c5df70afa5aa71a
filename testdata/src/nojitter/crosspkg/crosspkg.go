// Package crosspkg waits through jitterlib: facts carry what jitterlib's
// functions return and do.
package crosspkg

import (
	"context"
	"net/http"
	"time"

	"nojitter/jitterlib"
)

func op() error { return nil }

func jittered() error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(jitterlib.Jittered(time.Second))
	}
	return nil
}

func viaSleepHelper(ctx context.Context) error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		if err := jitterlib.Sleep(ctx, time.Second); err != nil { // want `retry loop waits a fixed 1s between attempts`
			return err
		}
	}
	return nil
}

func viaSleepHelperJittered(ctx context.Context) error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		if err := jitterlib.Sleep(ctx, jitterlib.Jittered(time.Second)); err != nil {
			return err
		}
	}
	return nil
}

// A backoff computed by another package from its arguments, with no
// jitter: as fixed as its arguments.
func exponential() error {
	for n := range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(jitterlib.Exponential(time.Second, n)) // want `retry loop waits a deterministic duration \(jitterlib.Exponential\(time.Second, n\)\) between attempts`
	}
	return nil
}

// The same backoff of a jittered base is jittered.
func exponentialJittered() error {
	for n := range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(jitterlib.Exponential(jitterlib.Jittered(time.Second), n))
	}
	return nil
}

// A backoff that may be the server's Retry-After is the server's pacing:
// another package's gets no summary, and the wait stays unjudged.
func serverOr(resp *http.Response) error {
	for n := range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(jitterlib.ServerOr(resp, time.Second, n))
	}
	return nil
}

// cloudevents' doWithRetry: the wait is a method of the policy, which
// waits on a ticker what the policy computes, Period times the try.
func policy(ctx context.Context, p *jitterlib.RetryParams) error {
	for try := 0; ; try++ {
		if err := op(); err == nil {
			return nil
		}
		if err := p.Backoff(ctx, try+1); err != nil { // want `retry loop waits a deterministic duration \(in jitterlib.Backoff\) between attempts`
			return err
		}
	}
}

// A wait of another package computed from its arguments: fixed for fixed
// arguments, random for a random one.
func waitTimes(ctx context.Context) error {
	for n := range 3 {
		if err := op(); err == nil {
			return nil
		}
		if err := jitterlib.WaitTimes(ctx, time.Second, n); err != nil { // want `retry loop waits a deterministic duration \(in jitterlib.WaitTimes\) between attempts`
			return err
		}
	}
	return nil
}

func waitTimesJittered(ctx context.Context) error {
	for n := range 3 {
		if err := op(); err == nil {
			return nil
		}
		if err := jitterlib.WaitTimes(ctx, jitterlib.Jittered(time.Second), n); err != nil {
			return err
		}
	}
	return nil
}

// A ticker another package makes and hands over, without receiving from
// it, is no wait: this loop does not wait at all.
func paced(ticks chan<- *time.Ticker) error {
	for range 3 {
		if err := op(); err == nil {
			return nil
		}
		jitterlib.Pace(time.Second, ticks)
	}
	return nil
}

// The wait an error carries is the one its server asked for: its pacing,
// not the client's, and no jitter is wanted.
func serverAsked() error {
	for range 3 {
		err := op()
		if err == nil {
			return nil
		}
		if d, ok := jitterlib.RetryAfterOf(err); ok {
			time.Sleep(d)
		}
	}
	return nil
}

// A policy whose Period the caller jitters: its waits are as random as the
// receiver the caller hands over.
func jitteredPolicy(ctx context.Context) error {
	p := &jitterlib.RetryParams{Period: jitterlib.Jittered(time.Second), MaxTries: 3}
	for try := 0; ; try++ {
		if err := op(); err == nil {
			return nil
		}
		if err := p.Backoff(ctx, try+1); err != nil {
			return err
		}
	}
}

func jitteredPolicyFor() error {
	p := &jitterlib.RetryParams{Period: jitterlib.Jittered(time.Second), MaxTries: 3}
	for try := range 3 {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(p.BackoffFor(try + 1))
	}
	return nil
}

// A wait of another package that may be the server's Retry-After gets no
// summary either.
func waitServerOr(ctx context.Context, resp *http.Response) error {
	for n := range 3 {
		if err := op(); err == nil {
			return nil
		}
		if err := jitterlib.WaitServerOr(ctx, resp, time.Second, n); err != nil {
			return err
		}
	}
	return nil
}
