package retrydeadline_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/retrydeadline"
)

func TestBudget(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, retrydeadline.Analyzer, "retrydeadline/budget")
}

func TestOutlive(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, retrydeadline.Analyzer, "retrydeadline/outlive")
}

func TestQuiet(t *testing.T) {
	testutil.Run(t, retrydeadline.Analyzer, "retrydeadline/quiet")
}

// TestFixedWaitEndsWithContext runs the fixed outliverun package's own test:
// a retry loop that waited an hour with time.Sleep returns as soon as its
// context is cancelled.
func TestFixedWaitEndsWithContext(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, retrydeadline.Analyzer, "retrydeadline/outliverun")
	testutil.TestFixed(t, "retrydeadline/outliverun")
}

func TestPolicy(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, retrydeadline.Analyzer, "retrydeadline/policy")
}

// TestClient: an http.Client's Timeout bounds each attempt sent through it,
// followed to a literal, a package-level variable or a struct field set in
// a constructor; quiet where a value is out of sight.
func TestClient(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, retrydeadline.Analyzer, "retrydeadline/client")
	testutil.Run(t, retrydeadline.Analyzer, "retrydeadline/clientset", "retrydeadline/clientalias")
}

// TestTransport: a retry.Transport retries inside one request, so the
// client's Timeout is its deadline; the package need not import context.
func TestTransport(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, retrydeadline.Analyzer, "retrydeadline/transport")
}

// TestCenkalti: cenkalti/backoff's runners under the context's deadline
// (the fix lowers WithMaxRetries or WithMaxTries) and under their own
// total-time limit, MaxElapsedTime or WithMaxElapsedTime (no fix).
func TestCenkalti(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, retrydeadline.Analyzer, "retrydeadline/cenkalti")
}

// TestRetryableHTTP: a go-retryablehttp client's RetryMax+1 attempts of its
// HTTPClient's Timeout and DefaultBackoff's waits, inside the request's
// deadline; the fix lowers a literal RetryMax.
func TestRetryableHTTP(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, retrydeadline.Analyzer, "retrydeadline/retryablehttp")
}

// TestRetryGo: retry-go's runners (v4's Do, v5's Retrier) under the
// context's deadline, with their default, fixed and capped delays; the fix
// lowers a literal Attempts. retry-go has no total-time setting of its own.
func TestRetryGo(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, retrydeadline.Analyzer, "retrydeadline/retrygo")
}

// TestRoundTrip: a retry loop in a RoundTrip method of a transport that
// only clients with one visible Timeout use has that Timeout as its
// deadline.
func TestRoundTrip(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, retrydeadline.Analyzer, "retrydeadline/roundtrip")
}
