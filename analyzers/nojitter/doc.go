// Package nojitter defines an Analyzer that reports retries that wait
// without jitter.
//
// # Analyzer nojitter
//
// nojitter: report retries that wait without jitter
//
// # Why
//
// Clients that fail together (a deploy, a dropped connection, a brief
// outage) and back off by the same deterministic rule come back together:
// every retry round is one synchronised spike, and the service that is
// trying to recover takes the whole herd again and again. Randomising the
// wait spreads the herd out (AWS Architecture Blog, "Exponential Backoff
// And Jitter"). In the simulation of 100 clients in this repository's
// examples/herd, no jitter took 550 calls and 15.9 s until the last client
// was served; full, equal or decorrelated jitter took about 280 to 410 calls
// and 1.8 to 2.6 s.
//
// # What it reports
//
//   - A retry loop (found by the shared retry-site recogniser) whose wait
//     (time.Sleep, <-time.After, a timer, a ticker a helper receives from
//     once, a helper that sleeps for its argument or for a duration it
//     computes from its arguments) is not randomised: a constant, a
//     parameter, or a backoff computed from them by shifts, products,
//     math.Pow, min/max, addition or deterministic helpers, of this package
//     or, through their facts, of another (Exponential(base, n), a policy's
//     BackoffFor(tries)). Fix: wrap the duration in retry.FullJitter.
//   - A connection supervisor that never leaves on success but, after a
//     failed connect, goes around with a deterministic wait that grows with
//     a count of failures (stepped in the loop's post statement or in the
//     branch taken on the failure), which a statement of the body after the
//     connect sets back to a constant (kafka-go's reader). A listener's
//     Accept loop is not one. Fix: wrap the duration in retry.FullJitter.
//   - A function that retries by calling itself: after a failure (an
//     error, or an answer whose status asks for another attempt: 408, 429,
//     5xx) it waits a deterministic duration and calls itself with one of
//     its integer parameters less one (retries-1), or one more when a
//     comparison of that parameter bounds the call (attempt+1 after if
//     attempt >= max { return }), and it reaches another process. Fix:
//     wrap the duration in retry.FullJitter.
//   - A retry library configured without jitter: cenkalti/backoff with
//     RandomizationFactor 0 (field, option or assignment), a ConstantBackOff
//     or ZeroBackOff; retry-go DelayType(BackOffDelay) or
//     DelayType(FixedDelay) alone; go-retry backoffs not wrapped in
//     WithJitter, WithJitterPercent or WithFullJitter; k8s wait.Backoff with
//     Jitter 0; eapache retriers without SetJitter; retry.Policy with
//     JitterNone; go-retryablehttp clients left on DefaultBackoff while
//     RetryMax > 0. Fix: the library's own knob (RandomizationFactor 0.5,
//     CombineDelay(..., RandomDelay), WithFullJitter, Jitter 0.1,
//     LinearJitterBackoff), so no dependency is added.
//   - An event loop that retries by a timer: the select case that makes
//     the attempt resets a timer when it fails and not when it succeeds,
//     and the case receiving from the timer makes the attempt again or
//     sends on the channel of the case that does, with a deterministic
//     wait. Fix: retry.FullJitter(d).
//   - A retry that reschedules its attempt instead of looping:
//     time.AfterFunc(d, resend), resend sending again (a call that is not
//     local), under an if that compares a count of tries which the same
//     branch steps first, with a deterministic d. Fix: retry.FullJitter(d).
//   - A go-retryablehttp client or go-retry backoff configured outside a
//     retry call, reported where it is made: the value is followed through
//     the package (variables, struct fields, the results of constructors,
//     the parameters of helpers), so a constructor that sets RetryMax and
//     returns the client, or a client kept in a field that a method sends
//     through, is seen whole. It is left alone when the package sets a
//     jittered Backoff or wraps the backoff in a jitter anywhere on the
//     way, or hands it to code it cannot see (another package, a channel);
//     a client made and handed on untouched is its receiver's to configure.
//   - Calls of go-retryablehttp's package-level Get, Head, Post and
//     PostForm: their default client retries 4 times with DefaultBackoff.
//     No fix: a client per call would lose the shared connection pool.
//
// A wait is randomised when its value flows from math/rand, math/rand/v2,
// crypto/rand, retry.FullJitter or retry.Backoff.Delay, a known jittering
// API, or a function (of any package) known to return a randomised duration.
// A backoff type whose jitter is a field of its own, drawn only when set
// (Duration adds rand.N(b.Jitter), or draws under if b.Jitter, a bool, as
// jpillora/backoff does), jitters only for a receiver that sets it: a
// literal that leaves the field out, or gives it zero or false, backs off
// deterministically. One that draws unless a bool field is set (if
// !b.noJitter, cloudflare/backoff) backs off deterministically for a
// receiver made by a constructor that sets the field (NewWithoutJitter), or
// a literal that gives it true.
// A wait a configuration lets its user replace with a function of their
// own (if conf.BackoffFunc != nil { return conf.BackoffFunc(n) }; return
// conf.Backoff), a function-typed field nothing in the package sets, is the
// fixed default unless the user sets it: reported so, with no fix, since a
// jitter around the whole wait would change the user's function too.
// A function-typed field the package does set (a constructor's literal, a
// package variable named in an options literal, a method value) is judged
// by those values, called with the call's arguments; one an option or the
// user may replace is, likewise, fixed unless they do.
// When the wait comes from what the analysis cannot see (an interface
// method, any other function value, a struct field, a package without
// facts), nojitter stays quiet. So it does for a retry whose every wait is known to
// last at most 100ms (a parameter of an unexported function counts the
// longest argument of its calls, an unexported field the longest value the
// package gives it, a function of the package the loop calls the constant
// it sleeps): scheduling and network delays of that
// order spread it already. It also leaves _test.go files alone: a test is no fleet of
// clients.
//
// # Flags
//
//	-nojitter.periodic   also report periodic loops (tickers, for { work(); sleep(d) })
//	-nojitter.runners    retry runners of your own: importpath.Func or importpath.Type.Method,
//	                     comma-separated; the last function argument is the operation
//	-nojitter.jitter     functions of your own that return a randomised duration, same syntax
//
// See https://github.com/retrylint/retrylint/blob/main/docs/nojitter.md.
package nojitter
