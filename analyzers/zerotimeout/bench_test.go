package zerotimeout_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/zerotimeout"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// BenchmarkNetHTTP measures the analyzer (and the inspector it requires) on
// net/http and the packages below it, loaded once: the packages that use
// http.Client the most.
func BenchmarkNetHTTP(b *testing.B) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadSyntax, Tests: true}, "net/http/...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		b.Fatalf("loading net/http/...: %v", err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := checker.Analyze([]*analysis.Analyzer{zerotimeout.Analyzer}, pkgs, nil); err != nil {
			b.Fatal(err)
		}
	}
}
