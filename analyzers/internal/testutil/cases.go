package testutil

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Case is one run of an analyzer over test packages of testdata/src, whose
// // want comments say what it must report there. Most of an analyzer's
// tests are nothing more, so they are written as a table of cases (see
// RunCases), each saying only which packages it covers and how.
type Case struct {
	// Name names the subtest: go test -run 'TestCases/Name'.
	Name string
	// Pkgs are the import paths under testdata/src analysed in the run, so
	// that facts flow from each to the ones that import it.
	Pkgs []string
	// Fixes also applies the suggested fixes and checks them
	// (RunWithSuggestedFixes); without it the run checks the // want
	// comments alone (Run).
	Fixes bool
	// Flags sets flags of the analyzer, by name, for this case only (SetFlag).
	Flags map[string]string
}

// RunCases runs each case as a subtest of t, in order. The subtests do not
// run in parallel: they set the analyzer's flags, which are process-wide.
func RunCases(t *testing.T, a *analysis.Analyzer, cases []Case) {
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			for name, value := range c.Flags {
				SetFlag(t, a, name, value)
			}
			if c.Fixes {
				RunWithSuggestedFixes(t, a, c.Pkgs...)
			} else {
				Run(t, a, c.Pkgs...)
			}
		})
	}
}

// WantNoFixes fails the test for each diagnostic of results whose message
// starts with prefix ("" for every one) and that carries a suggested fix;
// why, added to the failure, says what such a fix would get wrong. // want
// comments cannot say that a diagnostic has no fix. A prefix that no
// diagnostic starts with fails too: the check would hold of nothing.
func WantNoFixes(t *testing.T, results []*analysistest.Result, prefix, why string) {
	t.Helper()
	matched := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !strings.HasPrefix(d.Message, prefix) {
				continue
			}
			matched++
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: %q carries a fix; %s", r.Pass.Fset.Position(d.Pos), d.Message, why)
			}
		}
	}
	if matched == 0 {
		t.Errorf("no diagnostic begins with %q: nothing was checked for fixes", prefix)
	}
}
