package testutil

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// RunRealLibs runs a over packages of the testdata/reallibs module (patterns
// relative to it, such as "./nojitter/..."), which imports the REAL libraries
// at pinned versions, and checks their // want comments: the same cases as
// the stub-based tests, proving that the stubs match the real APIs. The
// module's dependencies must be in the module cache (the proxy is off); -short
// skips it, since type-checking the real SDKs from source is slow.
func RunRealLibs(t *testing.T, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	t.Helper()
	if testing.Short() {
		t.Skip("real libraries: skipped in -short mode")
	}
	return analysistest.Run(t, filepath.Join(ModuleRoot(), "testdata", "reallibs"), a, patterns...)
}
