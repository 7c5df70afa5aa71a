// Package nestedretry defines an Analyzer that retries wrapped around calls that already retry.
package nestedretry

import "golang.org/x/tools/go/analysis"

// Analyzer is the nestedretry analyzer.
var Analyzer = &analysis.Analyzer{
	Name: "nestedretry",
	Doc:  "report retries wrapped around calls that already retry",
	URL:  "https://github.com/retrylint/retrylint/blob/main/docs/nestedretry.md",
	Run:  run,
}

func run(pass *analysis.Pass) (any, error) {
	return nil, nil // TODO(nestedretry): lands with its issue
}
