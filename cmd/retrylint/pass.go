package main

import (
	"encoding/gob"
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisrun"
	"golang.org/x/tools/go/analysis"
)

// An analyzerSet is the analyzers of a run and those they require, in an
// order in which each comes after those it requires.
type analyzerSet struct {
	order []*analysis.Analyzer
	// forFacts marks those run on a dependency: the analyzers with facts
	// and those they require. x/tools' checker runs the same set.
	forFacts map[*analysis.Analyzer]bool
	byName   map[string]*analysis.Analyzer
}

func newAnalyzerSet(enabled []*analysis.Analyzer) *analyzerSet {
	s := &analyzerSet{
		order:    analysisrun.Closure(enabled),
		forFacts: make(map[*analysis.Analyzer]bool),
		byName:   make(map[string]*analysis.Analyzer),
	}
	for _, a := range s.order {
		s.byName[a.Name] = a
		for _, f := range a.FactTypes {
			gob.Register(f) // facts are kept in the cache
		}
	}
	var markFacts func(a *analysis.Analyzer)
	markFacts = func(a *analysis.Analyzer) {
		if !s.forFacts[a] {
			s.forFacts[a] = true
			for _, req := range a.Requires {
				markFacts(req)
			}
		}
	}
	for _, a := range s.order {
		if len(a.FactTypes) > 0 {
			markFacts(a)
		}
	}
	return s
}

// An actionResult is what one analyzer gave on one package.
type actionResult struct {
	result any
	diags  []jsonDiagnostic
	err    error
	// prerequisiteFailed: err is only that an analyzer it requires failed
	// (that one's error is the one reported).
	prerequisiteFailed bool
}

// A factStore holds the facts the analyzers exported on one package, for
// its own later passes and for the packages that import it.
type factStore struct {
	objects  map[objectFactKey]analysis.Fact
	packages map[packageFactKey]analysis.Fact
}

type objectFactKey struct {
	analyzer *analysis.Analyzer
	obj      types.Object
	typ      reflect.Type
}

type packageFactKey struct {
	analyzer *analysis.Analyzer
	typ      reflect.Type
}

func newFactStore() *factStore {
	return &factStore{objects: make(map[objectFactKey]analysis.Fact), packages: make(map[packageFactKey]analysis.Fact)}
}

// analyse runs the analyzers on a node: all of them on a root, those with
// facts (and what they require) on a dependency. Its findings and facts are
// then kept in the cache, unless an analyzer failed.
func (g *graph) analyse(n *node, files []*ast.File, info *types.Info) {
	if g.log != "" {
		logAnalysed(g.log, n.p.ID, n.work == analyseFacts)
	}
	module := &analysis.Module{}
	if n.p.Module != nil {
		module = analysisrun.Module(n.p.Module)
	}
	unit := &analysisrun.Unit{
		ID:           n.p.ID,
		Fset:         g.fset,
		Files:        files,
		OtherFiles:   n.p.OtherFiles,
		IgnoredFiles: n.p.IgnoredFiles,
		Pkg:          n.pkg,
		TypesInfo:    info,
		TypesSizes:   n.p.TypesSizes,
		Module:       module,
	}
	n.facts = newFactStore()
	n.results = make(map[*analysis.Analyzer]*actionResult)
	src := newSources()
	n.sizes = make(map[string]int)
	for _, a := range g.analyzers.order {
		if n.work == analyseFacts && !g.analyzers.forFacts[a] {
			continue
		}
		res := &actionResult{}
		n.results[a] = res
		// As x/tools' checker words it: the analyzers it requires on this
		// package, and itself on the packages it imports when it has facts.
		var failed []string
		for _, req := range a.Requires {
			if r := n.results[req]; r == nil || r.err != nil {
				failed = append(failed, req.Name+"@"+n.p.ID)
			}
		}
		if len(a.FactTypes) > 0 {
			for _, d := range n.deps {
				if r := d.results[a]; r != nil && r.err != nil {
					failed = append(failed, a.Name+"@"+d.p.ID)
				}
			}
		}
		if failed != nil {
			slices.Sort(failed)
			res.err = fmt.Errorf("failed prerequisites: %s", strings.Join(failed, ", "))
			res.prerequisiteFailed = true
			continue
		}
		inputs := make(map[*analysis.Analyzer]any, len(a.Requires))
		for _, req := range a.Requires {
			inputs[req] = n.results[req].result
		}
		var diags []analysis.Diagnostic
		res.result, diags, res.err = analysisrun.Run(a, unit, inputs, nodeFacts{g, n, a})
		if n.work == analyseAll {
			res.diags = jsonDiagnostics(g.fset, diags, src, n.sizes)
		}
	}
	// Only facts that the packages importing this one could find again in a
	// later run (objects that objectpath names) are kept for them, so that a
	// run from the cache sees what a first run sees.
	entry, ok := newCacheEntry(n)
	n.facts = entry.factStore(g.analyzers, n.pkg)
	if ok && !n.changed && g.cache != nil {
		g.cache.put(n.key, n.work == analyseAll, entry)
	}
	for _, res := range n.results {
		res.result = nil // only the package's own later passes use results
	}
}
