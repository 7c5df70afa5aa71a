// Package analyzers lists retrylint's analyzers, for every driver that runs
// them all: the retrylint binary, the golangci-lint plugin, the language
// server and the benchmarks.
package analyzers

import (
	"github.com/retrylint/retrylint/analyzers/ignoredirective"
	"github.com/retrylint/retrylint/analyzers/nestedretry"
	"github.com/retrylint/retrylint/analyzers/nojitter"
	"github.com/retrylint/retrylint/analyzers/retrydeadline"
	"github.com/retrylint/retrylint/analyzers/unkeyedpost"
	"github.com/retrylint/retrylint/analyzers/zerotimeout"
	"golang.org/x/tools/go/analysis"
)

// All returns retrylint's analyzers, in the order their documentation lists them,
// followed by ignoredirective, which reports //retrylint:ignore directives that
// silence without a reason or name an unknown analyzer.
func All() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		zerotimeout.Analyzer,
		nojitter.Analyzer,
		nestedretry.Analyzer,
		unkeyedpost.Analyzer,
		retrydeadline.Analyzer,
		ignoredirective.Analyzer,
	}
}
