package testutil

import (
	"path/filepath"
	"testing"

	"github.com/retrylint/retrylint/internal/modroot"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// RunRealLibs runs a over packages of the testdata/reallibs module (patterns
// relative to it, such as "./nojitter/..."), which imports the REAL libraries
// at pinned versions, and checks their // want comments: the same cases as
// the stub-based tests, proving that the stubs match the real APIs.
//
// analysistest loads a module with the proxy turned off, so the module's
// dependencies are downloaded first (DownloadRealLibs): on a fresh machine
// with an empty module cache the test must not depend on another test having
// fetched them. -short skips it, since type-checking the real SDKs from
// source is slow.
func RunRealLibs(t *testing.T, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	t.Helper()
	SkipInShortMode(t, "type-checks the real libraries from source")
	dir := DownloadRealLibs(t)
	return analysistest.Run(t, dir, a, patterns...)
}

// DownloadRealLibs puts every module that testdata/reallibs needs into the
// module cache, through the module proxy the environment names (GOPROXY),
// and returns the module's directory. The go command locks the module cache,
// so test binaries of several packages may call it at once; when everything
// is already there it takes a fraction of a second.
func DownloadRealLibs(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(modroot.Dir(), "testdata", "reallibs")
	if out, err := GoInModule(dir, "mod", "download"); err != nil {
		t.Fatalf("downloading testdata/reallibs' modules (go mod download): %v\n%s", err, out)
	}
	return dir
}
