package nojitter_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/nojitter"
)

// TestConstructors: go-retryablehttp clients and go-retry backoffs
// configured in one function and used in others (returned, kept in fields,
// handed to helpers) are reported where they are made, unless the package
// visibly gives them jitter or loses them to code out of sight; the
// package-level retryablehttp functions send through a default client
// without jitter.
func TestConstructors(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter/constructors")
}

// TestConstructorsRealLibs runs the same cases against the real
// go-retryablehttp and go-retry (testdata/reallibs), proving that the stubs
// match them.
func TestConstructorsRealLibs(t *testing.T) {
	testutil.RunRealLibs(t, nojitter.Analyzer, "./nojitter/constructors")
}
