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
