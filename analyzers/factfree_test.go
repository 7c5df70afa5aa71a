package analyzers

import (
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
)

// TestFactFreeStdlib checks what FactFree promises the drivers that skip
// such packages: run on standard-library packages that make clients, send
// requests, retry and wait (and on everything they import), the analyzers
// report nothing and export no fact. httptest's Server.Client returns an
// http.Client with no Timeout, which zerotimeout would report in a user's
// package.
func TestFactFreeStdlib(t *testing.T) {
	testutil.SkipInShortMode(t, "loads the standard library from source")
	roots := []string{"net/http/httptest", "net/http/httputil", "database/sql", "net/rpc"}
	for _, path := range roots {
		if !FactFree(path) {
			t.Errorf("FactFree(%q) = false, want true", path)
		}
	}
	for _, path := range []string{"example.com/m", "golang.org/x/net/http2", "github.com/hashicorp/go-retryablehttp"} {
		if FactFree(path) {
			t.Errorf("FactFree(%q) = true, want false", path)
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax}, roots...)
	if err != nil {
		t.Fatal(err)
	}
	graph, err := checker.Analyze(All(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	actions := 0
	for act := range graph.All() {
		actions++
		if !FactFree(act.Package.PkgPath) {
			t.Errorf("%s is not standard: the test's roots should import only the standard library", act.Package.PkgPath)
		}
		for _, d := range act.Diagnostics {
			t.Errorf("%s: %s reported %q", act.Package.Fset.Position(d.Pos), act.Analyzer.Name, d.Message)
		}
		for _, f := range act.AllObjectFacts() {
			t.Errorf("%s exported %T on %v", act.Analyzer.Name, f.Fact, f.Object)
		}
		for _, f := range act.AllPackageFacts() {
			t.Errorf("%s exported %T on package %s", act.Analyzer.Name, f.Fact, f.Package.Path())
		}
	}
	if actions < 100 {
		t.Errorf("%d actions ran; the roots and their dependencies should need more", actions)
	}
}
