package nojitter_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/nojitter"
)

// The shapes real code waits in, each with cases reported and cases left
// alone (testdata/src/nojitter/realshapes).

// TestFieldWaits: a wait from a struct field or a configuration struct is
// fixed unless something gives the field a randomised value (in the
// package, or by a fact of the package that declares the field).
func TestFieldWaits(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/realshapes/fields")
}

// TestCalleeWaits: a function the loop calls that always waits a fixed time
// is that loop's fixed wait, here and, by a fact, across packages.
func TestCalleeWaits(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/realshapes/callee")
}

// TestLoopExits: loops that leave on success through a type switch on the
// error, a flag, a goroutine per attempt, or a range over an int whose
// counter is in the wait.
func TestLoopExits(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/realshapes/exits")
}

// TestRetryAfterBranch: waiting for the server's Retry-After is not
// reported and excuses no fixed wait of another branch.
func TestRetryAfterBranch(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/realshapes/retryafter")
}

// TestPacing: a reused timer, time.Tick or a ticker pacing a loop that ends
// on success.
func TestPacing(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/realshapes/pacing")
}

// TestTestSupport: a package that imports "testing" outside its _test.go
// files is test code: nothing reported there.
func TestTestSupport(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/realshapes/harness")
}

// TestGatedJitter: another package's backoff whose jitter is a field of its
// own, drawn only when set, is deterministic for a literal that leaves the
// field out; a helper returning one of its duration arguments is as random
// as they are.
func TestGatedJitter(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/realshapes/gatedlib", "nojitter/realshapes/gated")
}

// TestRescheduled: a retry that reschedules the attempt with
// time.AfterFunc under a count of tries, not in a loop.
func TestRescheduled(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/realshapes/resched")
}
