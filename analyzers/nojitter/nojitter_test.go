package nojitter_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/nojitter"
)

func TestLoops(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/loops")
}

func TestLibraries(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/libs")
}

func TestRetryablehttp(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/rhttp")
}

// TestFacts proves that what a function of another package returns (a
// randomised duration) and does (wait for its argument) crosses packages.
func TestFacts(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/crosspkg")
}

func TestPeriodic(t *testing.T) {
	testutil.SetFlag(t, nojitter.Analyzer, "periodic", "true")
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/periodic")
}

// TestRealLibs runs the same cases against the real libraries
// (testdata/reallibs), proving that the stubs match them.
func TestRealLibs(t *testing.T) {
	testutil.RunRealLibs(t, nojitter.Analyzer, "./nojitter/libs", "./nojitter/rhttp", "./nojitter/loops")
}

// TestUserJitter: without the flag a clock-derived offset is deterministic;
// with -nojitter.jitter naming the function, it counts as jitter.
func TestUserJitter(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/userflags")
	testutil.SetFlag(t, nojitter.Analyzer, "jitter", "nojitter/userflags2.clockJitter")
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/userflags2")
}

// TestUserRunners: a runner of the user's own whose waits are fixed is
// reported once, in the runner; a runner forwarding to it (another package)
// and the callers of both (a third package) get no diagnostic, and a runner
// with jittered waits none at all.
func TestUserRunners(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/userrunner/retrier", "nojitter/userrunner/forward", "nojitter/userrunner/app")
}
