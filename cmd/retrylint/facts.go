package main

import (
	"go/types"
	"reflect"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisrun"
	"golang.org/x/tools/go/analysis"
)

// Which facts a pass sees. x/tools' checker, which the driver's findings
// must match, passes each package's facts on to the packages that import it,
// dropping at each import those on objects that cannot appear in its export
// data (analysisrun.ExportedFrom): a fact on a function or variable of
// package p reaches the packages that import p but no further; a fact on a
// method, a field, a type or a constant reaches every package that depends
// on p; a fact on an unexported function reaches none. Package facts reach
// every package that depends on theirs. The driver holds each fact once, in
// the store of the package of its object, and applies the same rule when a
// pass asks for it.

// owner returns the node whose types are pkg, or nil (a package read from
// export data, which has no facts).
func (g *graph) owner(pkg *types.Package) *node {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.byTypes[pkg]
}

// visible reports whether the pass on node n sees a fact on obj, held by
// node o: checker's filter (analysisrun.ExportedFrom) at o's importer when
// n imports o, and at a package between them when n depends on o through
// others.
func visible(n, o *node, obj types.Object) bool {
	switch {
	case o == n:
		return true
	case slices.Contains(n.deps, o):
		return analysisrun.ExportedFrom(obj, o.pkg)
	case n.reach.has(o.index):
		return analysisrun.ExportedFrom(obj, n.pkg) // n.pkg: any package but obj's
	}
	return false
}

// nodeFacts are the facts the pass of one analyzer on one node sees
// (analysisrun.Facts).
type nodeFacts struct {
	g *graph
	n *node
	a *analysis.Analyzer
}

func (f nodeFacts) ObjectFact(obj types.Object, typ reflect.Type) (analysis.Fact, bool) {
	o := f.g.owner(obj.Pkg())
	if o == nil || o.facts == nil || !visible(f.n, o, obj) {
		return nil, false
	}
	fact, ok := o.facts.objects[objectFactKey{f.a, obj, typ}]
	return fact, ok
}

func (f nodeFacts) PackageFact(pkg *types.Package, typ reflect.Type) (analysis.Fact, bool) {
	o := f.g.owner(pkg)
	if o == nil || o.facts == nil || o != f.n && !f.n.reach.has(o.index) {
		return nil, false
	}
	fact, ok := o.facts.packages[packageFactKey{f.a, typ}]
	return fact, ok
}

func (f nodeFacts) SetObjectFact(obj types.Object, fact analysis.Fact) {
	f.n.facts.objects[objectFactKey{f.a, obj, reflect.TypeOf(fact)}] = fact
}

func (f nodeFacts) SetPackageFact(fact analysis.Fact) {
	f.n.facts.packages[packageFactKey{f.a, reflect.TypeOf(fact)}] = fact
}

// holders returns n and the nodes it depends on that hold facts.
func (f nodeFacts) holders() []*node {
	holders := []*node{f.n}
	for _, o := range f.g.nodes {
		if o != f.n && f.n.reach.has(o.index) && o.facts != nil {
			holders = append(holders, o)
		}
	}
	return holders
}

func (f nodeFacts) AllObjectFacts() []analysis.ObjectFact {
	var facts []analysis.ObjectFact
	for _, o := range f.holders() {
		for k, fact := range o.facts.objects {
			if k.analyzer == f.a && visible(f.n, o, k.obj) {
				facts = append(facts, analysis.ObjectFact{Object: k.obj, Fact: fact})
			}
		}
	}
	return facts
}

func (f nodeFacts) AllPackageFacts() []analysis.PackageFact {
	var facts []analysis.PackageFact
	for _, o := range f.holders() {
		for k, fact := range o.facts.packages {
			if k.analyzer == f.a {
				facts = append(facts, analysis.PackageFact{Package: o.pkg, Fact: fact})
			}
		}
	}
	return facts
}
