// Package floor defines the analyzers of the benchmark's floor checkers:
// analyzers that require inspect and do nothing, built from the same
// golang.org/x/tools as retrylint, so that the benchmark can tell what
// retrylint's analyzers cost from what loading and type-checking cost.
//
// Facts declares a fact type. Declaring one is what makes a driver load and
// type-check every dependency from source (facts are computed on each
// package), so a checker running Facts is the least any fact-using linter can
// cost: retrylint's retrysite analyzer declares facts, so this is its floor.
// NoFacts declares none, so its driver reads dependencies from export data:
// the difference between the two is what facts cost.
package floor

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
)

// Facts requires inspect, declares a fact type and reports nothing.
var Facts = &analysis.Analyzer{
	Name:      "floor",
	Doc:       "do nothing, with a fact type (the benchmark's load floor for fact-using linters)",
	URL:       "https://github.com/retrylint/retrylint/tree/main/internal/bench/floor",
	Requires:  []*analysis.Analyzer{inspect.Analyzer},
	FactTypes: []analysis.Fact{(*fact)(nil)},
	Run:       nop,
}

// NoFacts is Facts without the fact type.
var NoFacts = &analysis.Analyzer{
	Name:     "floor",
	Doc:      "do nothing, without facts (the benchmark's load floor from export data)",
	URL:      "https://github.com/retrylint/retrylint/tree/main/internal/bench/floor",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      nop,
}

// fact is never exported: declaring it is the point.
type fact struct{}

func (*fact) AFact() {}

func nop(*analysis.Pass) (any, error) { return nil, nil }
