// Package unkeyedpost defines an Analyzer that retried POST and PATCH requests without an idempotency key.
package unkeyedpost

import "golang.org/x/tools/go/analysis"

// Analyzer is the unkeyedpost analyzer.
var Analyzer = &analysis.Analyzer{
	Name: "unkeyedpost",
	Doc:  "report retried POST and PATCH requests without an idempotency key",
	URL:  "https://github.com/retrylint/retrylint/blob/main/docs/unkeyedpost.md",
	Run:  run,
}

func run(pass *analysis.Pass) (any, error) {
	return nil, nil // TODO(unkeyedpost): lands with its issue
}
