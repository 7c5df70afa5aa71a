// Package analyzers lists retrylint's analyzers, for every driver that runs
// them all: the retrylint binary, the golangci-lint plugin, the language
// server and the benchmarks.
package analyzers

import (
	"github.com/retrylint/retrylint/analyzers/ignoredirective"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
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

// FactFree reports whether every analyzer returns at once, with no finding
// and no fact, on the package at importPath: the standard library, whose
// behaviour the analyzers' tables give (see typematch.InStdlib). A driver
// that runs a dependency only for its facts (go vet's protocol does, on
// every package of the graph) can skip such a package without reading it:
// its facts are empty either way.
//
// It stops at the standard library on purpose: the SDK packages the API
// tables name, and packages that import nothing that reaches another
// process, still give facts from their own code (an SDK function that
// returns a client with no Timeout, a function that calls its parameter
// again until it succeeds) that change their importers' findings, and
// nothing a vet config gives tells them from packages that give none
// (TestFactFreeOnlyStdlib).
func FactFree(importPath string) bool { return typematch.InStdlib(importPath) }
