package testutil

import "golang.org/x/tools/go/analysis"

// ResultReporter returns a test-only analyzer that requires req and hands
// each package's pass and req's result to report. A shared analysis or
// helper (retrysite's sites, report's Reporter) reports nothing itself;
// what report makes of it meets the // want comments of the test packages.
func ResultReporter[R any](name, doc string, req *analysis.Analyzer, report func(*analysis.Pass, R)) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     name,
		Doc:      doc,
		Requires: []*analysis.Analyzer{req},
		Run: func(pass *analysis.Pass) (any, error) {
			report(pass, pass.ResultOf[req].(R))
			return nil, nil
		},
	}
}
