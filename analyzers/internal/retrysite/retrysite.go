// Package retrysite finds the places where a package retries, once, for the
// analyzers that ask: nojitter, nestedretry and unkeyedpost take its Result
// through Requires/ResultOf, so no analyzer walks the files for loops itself.
//
// A retry site is a loop that re-runs an attempt after it fails, or the
// operation handed to a retry runner (a known library's, or one of the
// user's own). Functions that contain a site are exported as RetriesFacts.
package retrysite

import (
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
)

// Analyzer finds the retry sites of a package.
var Analyzer = &analysis.Analyzer{
	Name:       "retrysite",
	Doc:        "find retry loops and calls to retry runners (a helper for retrylint's analyzers; reports nothing)",
	URL:        "https://github.com/retrylint/retrylint/tree/main/analyzers/internal/retrysite",
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{(*RetriesFact)(nil)},
}

func run(pass *analysis.Pass) (any, error) {
	// TODO(retrysite): the recogniser lands with issue 4.
	return &Result{}, nil
}
