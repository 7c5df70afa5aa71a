package retrydeadline_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/retrydeadline"
)

func TestCases(t *testing.T) {
	testutil.RunCases(t, retrydeadline.Analyzer, []testutil.Case{
		{Name: "Budget", Pkgs: []string{"retrydeadline/budget"}, Fixes: true},
		{Name: "Outlive", Pkgs: []string{"retrydeadline/outlive"}, Fixes: true},
		{Name: "Quiet", Pkgs: []string{"retrydeadline/quiet"}},
		// A package that imports net/http but not context: a retry of the
		// request it is handed waits past the request's context all the
		// same; a retry of local work is no site.
		{Name: "NoContextImport", Pkgs: []string{"retrydeadline/nocontext"}, Fixes: true},
		// Supervisor: a connection supervisor's wait after failed dials is a
		// retry wait, reported when it sleeps through ctx, not when it ends
		// with it; in a function with no results, its fix returns.
		{Name: "Supervisor", Pkgs: []string{"retrydeadline/supervisor"}, Fixes: true},
		// NoDone: a sleep that runs only when ctx.Done() is nil, after a
		// select on it that never falls through or in the nil branch, is quiet.
		{Name: "NoDone", Pkgs: []string{"retrydeadline/nodone"}},
		{Name: "Policy", Pkgs: []string{"retrydeadline/policy"}, Fixes: true},
		// Client: an http.Client's Timeout bounds each attempt sent through
		// it, followed to a literal, a package-level variable or a struct field
		// set in a constructor; quiet where a value is out of sight
		// (ClientOutOfSight).
		{Name: "Client", Pkgs: []string{"retrydeadline/client"}, Fixes: true},
		{Name: "ClientOutOfSight", Pkgs: []string{"retrydeadline/clientset", "retrydeadline/clientalias"}},
		// Transport: a retry.Transport retries inside one request, so the
		// client's Timeout is its deadline; the package need not import
		// context.
		{Name: "Transport", Pkgs: []string{"retrydeadline/transport"}, Fixes: true},
		// Cenkalti: cenkalti/backoff's runners under the context's deadline
		// (the fix lowers WithMaxRetries or WithMaxTries) and under their own
		// total-time limit, MaxElapsedTime or WithMaxElapsedTime (no fix).
		{Name: "Cenkalti", Pkgs: []string{"retrydeadline/cenkalti"}, Fixes: true},
		// RetryableHTTP: a go-retryablehttp client's RetryMax+1 attempts of its
		// HTTPClient's Timeout and DefaultBackoff's waits, inside the request's
		// deadline; the fix lowers a literal RetryMax.
		{Name: "RetryableHTTP", Pkgs: []string{"retrydeadline/retryablehttp"}, Fixes: true},
		// RetryGo: retry-go's runners (v4's Do, v5's Retrier) under the
		// context's deadline, with their default, fixed and capped delays; the
		// fix lowers a literal Attempts. retry-go has no total-time setting of
		// its own.
		{Name: "RetryGo", Pkgs: []string{"retrydeadline/retrygo"}, Fixes: true},
		// RoundTrip: a retry loop in a RoundTrip method of a transport that
		// only clients with one visible Timeout use has that Timeout as its
		// deadline.
		{Name: "RoundTrip", Pkgs: []string{"retrydeadline/roundtrip"}, Fixes: true},
		// Awaited: a loop that re-reads an object while the store answers
		// that it does not exist yet waits for it rather than retrying, but
		// its remote call and its time.Sleep outlive the context all the same.
		{Name: "Awaited", Pkgs: []string{"retrydeadline/awaited"}, Fixes: true},
		// AttemptWait: a wait between attempts that ends with the context the
		// attempt made with its own timeout (in a select, or through a wait
		// function of the package, also in a loop that leaves when a
		// predicate of the package says the answer succeeded, openai-go's
		// shouldRetry); the fix waits on the parent context when
		// it still has a name. Waits on the caller's or the whole retry's
		// context, an attempt context made in a function literal, and a loop
		// over items are quiet.
		{Name: "AttemptWait", Pkgs: []string{"retrydeadline/attemptwait"}, Fixes: true},
	})
}

// TestFixedWaitEndsWithContext runs the fixed outliverun package's own test:
// a retry loop that waited an hour with time.Sleep returns as soon as its
// context is cancelled.
func TestFixedWaitEndsWithContext(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, retrydeadline.Analyzer, "retrydeadline/outliverun")
	testutil.TestFixed(t, "retrydeadline/outliverun")
}

// TestFixedWaitOutlivesAttempt runs the fixed attemptwaitrun package's own
// test: once its wait between attempts ends with the caller's context
// rather than the failed attempt's, a first attempt that times out is
// retried, and the second succeeds.
func TestFixedWaitOutlivesAttempt(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, retrydeadline.Analyzer, "retrydeadline/attemptwaitrun")
	testutil.TestFixed(t, "retrydeadline/attemptwaitrun")
}

// TestPolled: a poll that re-runs its call after every failure and leaves
// once the answer is stable retries the call, and its time.Sleep outlives the
// context. No fix: the function returns no error for the select to return. A
// poll that stops at a failure, a worker that never leaves on success and a
// select on ctx.Done stay quiet.
func TestPolled(t *testing.T) {
	testutil.WantNoFixes(t, testutil.Run(t, retrydeadline.Analyzer, "retrydeadline/polled"), "",
		"the function returns no error to end the wait with")
}
