// Package retrydeadline defines an Analyzer that reports retries that cannot
// finish before their deadline, and retry waits that outlive their caller.
//
// # Analyzer retrydeadline
//
// retrydeadline: report retries that cannot fit their deadline, or wait through it
//
// Before a retry, the first question is whether there is time left to wait,
// make the attempt and handle its answer. The timing budget of a retry is
// attempts x per-attempt timeout + the waits between attempts, and it must fit
// inside the caller's deadline. An attempt that starts when it can no longer
// finish spends the dependency's capacity on an answer nobody will read, at
// the moment the dependency is least able to afford it (the AWS Builders'
// Library, "Timeouts, retries, and backoff with jitter";
// https://aws.amazon.com/builders-library/timeouts-retries-and-backoff-with-jitter/).
//
// The analyzer reports, in retries found by retrylint's shared retry-site
// recogniser:
//
//   - A worst case over the deadline. Where the deadline (context.WithTimeout,
//     or context.WithDeadline(ctx, time.Now().Add(d)), on the context the
//     attempts use), the attempt bound (a constant loop bound), the
//     per-attempt timeout (a per-attempt context.WithTimeout derived from the
//     deadline's context, or the Timeout of the http.Client the attempt
//     sends through) and the waits between attempts (constants, and
//     backoffs computed from constants and the loop counter by shifts,
//     products, sums and min; retry.FullJitter(d) counts as its ceiling d)
//     are all visible, and attempts x timeout + waits exceeds the deadline.
//     The message gives the arithmetic and how many attempts fit. Fix, when
//     the bound is an integer literal in the loop header: lower it to the
//     largest number of attempts that fits.
//
//   - The same worst case for the retry libraries, with the library's own
//     figures: retrylint's retry.Do (MaxAttempts, AttemptTimeout and the
//     Backoff's ceilings of a Policy literal); cenkalti/backoff's Retry
//     (WithMaxRetries or WithMaxTries, an ExponentialBackOff's or a
//     ConstantBackOff's longest waits) and retry-go's Do (Attempts, Delay,
//     MaxJitter, MaxDelay, DelayType), each when its operation makes one
//     call under a per-attempt timeout; and go-retryablehttp's Client.Do
//     (RetryMax, RetryWaitMin, RetryWaitMax, DefaultBackoff, and its
//     HTTPClient's Timeout per attempt) inside the request's deadline. Fix:
//     lower the literal bound (MaxAttempts, WithMaxRetries, WithMaxTries,
//     Attempts, RetryMax).
//
//   - A retry inside one request: net/http makes an http.Client's Timeout
//     the deadline of every request's context, retries in the transport
//     included. A client whose Transport is a retry.Transport (or
//     retry.NewClient) must fit its Policy in it; so must a retry loop in
//     the RoundTrip method of the package's own unexported transport, when
//     every value of that type is the Transport of a client literal with
//     the same constant Timeout.
//
//   - A library's total-time limit that cannot hold its attempts:
//     cenkalti/backoff stops retrying, rather than cancel an attempt, when
//     the next wait would end past MaxElapsedTime (v4) or WithMaxElapsedTime
//     (v5), 15 minutes unless set. When attempts time out, the later ones
//     never start, even after the shortest waits the randomization allows,
//     whatever the attempt bound says. No fix: attempts that fail fast
//     still all run. A limit shorter than the caller's deadline is no
//     finding by itself. retry-go and go-retryablehttp have no such
//     setting.
//
//   - A wait that outlives the caller: a retry loop, or a function that
//     retries by calling itself after a failure (cohere's Retrier.run), that
//     waits with time.Sleep(d) or a bare <-time.After(d) while a
//     context.Context is in scope, or, with none in scope, in a function
//     handed a *http.Request, whose Context() is its caller's (a client's
//     Do(req) that retries the request it is given). Cancelling the context, or its deadline passing, does not end
//     the wait: the goroutine sleeps on, holding what it holds, for a caller
//     that has given up. A wait for the server's Retry-After, often long, is
//     the case most worth catching. A poll that re-runs a call after every
//     failure and leaves only after some successes (until the answer is
//     stable) retries that call too, and a loop that re-reads an object
//     while the store answers that it does not exist yet re-runs its call
//     just the same. Fix, when the function's last result is
//     an error: a select that returns the context's error (with the other
//     results zero) as soon as the context ends, or waits d.
//
//   - A wait charged to the failed attempt: a retry loop whose wait between
//     attempts ends with the context the attempt made for itself, with
//     context.WithTimeout or with WithDeadline on a deadline counted from
//     now (time.Now().Add(d)): a select case on its Done beside the wait's
//     time.After or timer, or a wait function of the package that selects
//     on the context it is given. The wait ends when that attempt's time is
//     up, at once when the attempt timed out or its cancel ran, and the
//     loop then stops with the context's error (the retries it was about
//     to make never run) or goes round without its pause. Fix, when the
//     context the attempt's was made from still has a name of its own at
//     the wait: wait on that one.
//
// An http.Client's Timeout is followed where the package alone sets it: a
// literal in the function, an unexported package-level variable, or an
// unexported pointer field of the package's struct set by its
// constructors, all with the same Timeout; it is out of sight when the
// package assigns a client's Timeout elsewhere.
//
// For example:
//
//	3 attempts x 300ms + waits up to 100ms and 200ms = 1.2s, over the 800ms deadline: the third attempt cannot finish; 2 attempts fit
//	4 attempts x 1s + waits up to 100ms, 200ms and 400ms = 4.7s, over the client's 3s Timeout: the third attempt cannot finish; 2 attempts fit
//	4 attempts x 2s + waits of at least 250ms, 375ms and 562.5ms: the third attempt would start at 4.625s or later, past the 3s limit of WithMaxElapsedTime, so it never runs when attempts time out; 2 attempts start
//
// and, for time.Sleep(d) in a function that returns (*T, error):
//
//	select {
//	case <-ctx.Done():
//		return nil, ctx.Err()
//	case <-time.After(d):
//	}
//
// In a function with no results that cannot run off its end (it ends in a
// for loop with no condition that nothing breaks out of) and returns only
// when ctx has ended (under ctx.Err() != nil or a select case on
// ctx.Done(), or never: a connection supervisor), the case returns; in one
// that returns or goes on when its work is done, a return would tell its
// caller the work was done, and there is no fix.
//
// Waits that last at most 100ms (a constant, a backoff over a known bound, an
// unexported field the package only sets to such values) are left alone: they outlive a cancellation by no more than that.
//
// It stays quiet where a value is out of sight (a deadline, timeout or wait
// from a parameter or a field, an unknown bound, a client or backoff the
// caller made), about waits already in a
// select, about contexts that never end (context.Background() and
// context.TODO() alone, or a sleep that runs only when ctx.Done() is nil),
// and about a context the attempt makes afresh each round from
// context.Background(), which no caller waits on (one made from a request's
// context is reported, without a fix).
// Like retrylint's other analyzers it leaves test code
// (_test.go files, packages that import "testing" or live in an e2e
// directory) and generated files alone,
// and honours //retrylint:ignore retrydeadline <reason>.
//
// See https://github.com/retrylint/retrylint/blob/main/docs/retrydeadline.md.
package retrydeadline
