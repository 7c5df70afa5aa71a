// Package nojitter defines an Analyzer that retries that wait without jitter.
package nojitter

import "golang.org/x/tools/go/analysis"

// Analyzer is the nojitter analyzer.
var Analyzer = &analysis.Analyzer{
	Name: "nojitter",
	Doc:  "report retries that wait without jitter",
	URL:  "https://github.com/retrylint/retrylint/blob/main/docs/nojitter.md",
	Run:  run,
}

func run(pass *analysis.Pass) (any, error) {
	return nil, nil // TODO(nojitter): lands with its issue
}
