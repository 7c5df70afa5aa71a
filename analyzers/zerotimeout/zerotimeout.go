// Package zerotimeout defines an Analyzer that http.Client values that can wait forever.
package zerotimeout

import "golang.org/x/tools/go/analysis"

// Analyzer is the zerotimeout analyzer.
var Analyzer = &analysis.Analyzer{
	Name: "zerotimeout",
	Doc:  "report http.Client values that can wait forever",
	URL:  "https://github.com/retrylint/retrylint/blob/main/docs/zerotimeout.md",
	Run:  run,
}

func run(pass *analysis.Pass) (any, error) {
	return nil, nil // TODO(zerotimeout): lands with its issue
}
