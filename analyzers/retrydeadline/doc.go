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
// The analyzer reports, in retry loops found by retrylint's shared retry-site
// recogniser:
//
//   - A worst case over the deadline. Where the deadline (context.WithTimeout,
//     or context.WithDeadline(ctx, time.Now().Add(d)), on the context the
//     attempts use), the attempt bound (a constant loop bound), the
//     per-attempt timeout (a per-attempt context.WithTimeout derived from the
//     deadline's context) and the waits between attempts (constants, and
//     backoffs computed from constants and the loop counter by shifts,
//     products, sums and min; retry.FullJitter(d) counts as its ceiling d)
//     are all visible, and attempts x timeout + waits exceeds the deadline.
//     The message gives the arithmetic and how many attempts fit. Fix, when
//     the bound is an integer literal in the loop header: lower it to the
//     largest number of attempts that fits.
//   - A wait that outlives the caller: a retry loop that waits with
//     time.Sleep(d) or a bare <-time.After(d) while a context.Context is in
//     scope. Cancelling the context, or its deadline passing, does not end
//     the wait: the goroutine sleeps on, holding what it holds, for a caller
//     that has given up. A wait for the server's Retry-After, often long, is
//     the case most worth catching. Fix, when the function's last result is
//     an error: a select that returns the context's error (with the other
//     results zero) as soon as the context ends, or waits d.
//
// For example:
//
//	3 attempts x 300ms + waits up to 100ms and 200ms = 1.2s, over the 800ms deadline: the third attempt cannot finish; 2 attempts fit
//
// and, for time.Sleep(d) in a function that returns (*T, error):
//
//	select {
//	case <-ctx.Done():
//		return nil, ctx.Err()
//	case <-time.After(d):
//	}
//
// Waits that last at most 100ms (a constant, or a backoff over a known bound)
// are left alone: they outlive a cancellation by no more than that.
//
// It stays quiet where a value is out of sight (a deadline, timeout or wait
// from a parameter or a field, an unknown bound), about waits already in a
// select, and about contexts that never end (context.Background() and
// context.TODO() alone). Like retrylint's other analyzers it leaves test code
// (_test.go files, packages that import "testing") and generated files alone,
// and honours //retrylint:ignore retrydeadline <reason>.
//
// See https://github.com/retrylint/retrylint/blob/main/docs/retrydeadline.md.
package retrydeadline
