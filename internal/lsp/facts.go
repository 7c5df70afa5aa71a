package lsp

import (
	"fmt"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisrun"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// go/analysis/checker.Analyze runs every analyzer that has facts on every
// dependency of the package it is given, each time it is called: for a
// package that imports net/http, hundreds of packages on every keystroke,
// although a recheck (recheck.go) hands it the very same dependency values
// as the last analysis did. The factDriver runs the analyzers as checker
// does in Sequential mode, but keeps the facts each dependency ended with,
// keyed by the *packages.Package it analysed: a dependency the loader keeps
// is analysed once, and each edit analyses only the root.

// factDriver runs a fixed list of analyzers on root packages, keeping the
// facts of their dependencies. It is not safe for concurrent use: the loader
// calls it under its semaphore.
type factDriver struct {
	analyzers []*analysis.Analyzer
	// factFree, if not nil, reports the import paths of the packages on
	// which every analyzer returns at once, with no fact: a dependency
	// there is not run (its facts are what it inherits, as if each
	// analyzer had run and exported nothing).
	factFree func(importPath string) bool

	facts map[*packages.Package]map[*analysis.Analyzer]*action // dependencies analysed, with the outcome of each fact analyzer
}

func newFactDriver(analyzers []*analysis.Analyzer, factFree func(string) bool) *factDriver {
	return &factDriver{
		analyzers: analyzers,
		factFree:  factFree,
		facts:     make(map[*packages.Package]map[*analysis.Analyzer]*action),
	}
}

// action is one analyzer applied to one package, as checker.Action: its
// result for the analyzers that require it, its error, its diagnostics and
// the facts it ends with (those inherited from the package's imports and
// those it exported).
type action struct {
	analyzer     *analysis.Analyzer
	pkg          *packages.Package
	result       any
	err          error
	diagnostics  []analysis.Diagnostic
	objectFacts  map[objectFactKey]analysis.Fact
	packageFacts map[packageFactKey]analysis.Fact
}

func (act *action) String() string { return fmt.Sprintf("%s@%s", act.analyzer, act.pkg) }

type objectFactKey struct {
	obj types.Object
	typ reflect.Type
}

type packageFactKey struct {
	pkg *types.Package
	typ reflect.Type
}

// analyze runs the driver's analyzers on root and returns their actions
// there, in the analyzers' order (checker.Graph.Roots). The dependencies of
// root are run first, those not kept from an earlier call only.
func (d *factDriver) analyze(root *packages.Package) ([]*action, error) {
	if err := analysis.Validate(d.analyzers); err != nil {
		return nil, err
	}
	// On a dependency, checker runs the analyzers that have facts (their
	// facts flow up to the root) and those they require.
	var factAnalyzers []*analysis.Analyzer
	seen := make(map[*analysis.Analyzer]bool)
	var visit func([]*analysis.Analyzer)
	visit = func(as []*analysis.Analyzer) {
		for _, a := range as {
			if !seen[a] {
				seen[a] = true
				visit(a.Requires)
				if len(a.FactTypes) > 0 {
					factAnalyzers = append(factAnalyzers, a)
				}
			}
		}
	}
	visit(d.analyzers)
	if len(factAnalyzers) > 0 {
		// Dependencies before importers, so that each inherits the
		// facts of its imports.
		packages.Visit([]*packages.Package{root}, nil, func(p *packages.Package) {
			if p == root || d.facts[p] != nil {
				return
			}
			skip := d.factFree != nil && d.factFree(p.PkgPath)
			acts := d.run(p, factAnalyzers, skip)
			// An importer reads only the facts: the results (an
			// inspector, say) and the actions of analyzers without
			// facts are not kept.
			kept := make(map[*analysis.Analyzer]*action, len(factAnalyzers))
			for _, a := range factAnalyzers {
				acts[a].result = nil
				kept[a] = acts[a]
			}
			d.facts[p] = kept
		})
	}
	acts := d.run(root, d.analyzers, false)
	roots := make([]*action, len(d.analyzers))
	for i, a := range d.analyzers {
		roots[i] = acts[a]
	}
	return roots, nil
}

// retain drops the facts of every dependency not reachable from roots,
// so that the driver holds no more than the graphs the loader keeps.
func (d *factDriver) retain(roots []*packages.Package) {
	reachable := make(map[*packages.Package]bool)
	packages.Visit(roots, func(p *packages.Package) bool {
		reachable[p] = true
		return true
	}, nil)
	for p := range d.facts {
		if !reachable[p] {
			delete(d.facts, p)
		}
	}
}

// run runs analyzers, and those they require, on pkg, whose imports have
// been run already, and returns the actions by analyzer. With skip, no
// analyzer's Run is called: each action ends with what it inherited.
func (d *factDriver) run(pkg *packages.Package, analyzers []*analysis.Analyzer, skip bool) map[*analysis.Analyzer]*action {
	acts := make(map[*analysis.Analyzer]*action)
	var exec func(a *analysis.Analyzer) *action
	exec = func(a *analysis.Analyzer) *action {
		if act := acts[a]; act != nil {
			return act
		}
		act := &action{analyzer: a, pkg: pkg}
		// What checker calls the action's dependencies: the analyzers
		// a requires, on pkg (horizontal edges), then, when a has
		// facts, a on each import, in path order (vertical edges).
		var failed []string
		inputs := make(map[*analysis.Analyzer]any)
		for _, req := range a.Requires {
			dep := exec(req)
			if dep.err != nil {
				failed = append(failed, dep.String())
			}
			inputs[req] = dep.result
		}
		act.objectFacts = make(map[objectFactKey]analysis.Fact)
		act.packageFacts = make(map[packageFactKey]analysis.Fact)
		if len(a.FactTypes) > 0 {
			for _, path := range slices.Sorted(maps.Keys(pkg.Imports)) {
				dep := d.facts[pkg.Imports[path]][a]
				if dep.err != nil {
					failed = append(failed, dep.String())
				}
				inherit(act, dep)
			}
		}
		acts[a] = act
		if failed != nil {
			slices.Sort(failed)
			act.err = fmt.Errorf("failed prerequisites: %s", strings.Join(failed, ", "))
			return act
		}
		act.result, act.err = d.runPass(act, inputs, skip)
		return act
	}
	for _, a := range analyzers {
		exec(a)
	}
	return acts
}

// runPass runs act's analyzer on its package, unless skip says it has
// nothing to do there (and the package is not one it would refuse).
func (d *factDriver) runPass(act *action, inputs map[*analysis.Analyzer]any, skip bool) (any, error) {
	pkg := act.pkg
	// checker's check that the package was loaded with enough mode bits.
	if pkg.Errors == nil && (pkg.Name == "" || pkg.PkgPath == "" || pkg.Types == nil || pkg.Fset == nil || pkg.TypesSizes == nil) {
		panic("packages must be loaded with packages.LoadSyntax mode")
	}
	if skip && (!pkg.IllTyped || act.analyzer.RunDespiteErrors) {
		return nil, nil
	}
	module := &analysis.Module{}
	if pkg.Module != nil {
		module = analysisrun.Module(pkg.Module)
	}
	unit := &analysisrun.Unit{
		ID:           pkg.ID,
		Fset:         pkg.Fset,
		Files:        pkg.Syntax,
		OtherFiles:   pkg.OtherFiles,
		IgnoredFiles: pkg.IgnoredFiles,
		Pkg:          pkg.Types,
		TypesInfo:    pkg.TypesInfo,
		TypesSizes:   pkg.TypesSizes,
		TypeErrors:   pkg.TypeErrors,
		Module:       module,
		IllTyped:     pkg.IllTyped,
	}
	result, diags, err := analysisrun.Run(act.analyzer, unit, inputs, act)
	act.diagnostics = diags
	return result, err
}

// The facts a pass on act's package sees: those it inherited and those it
// exported (analysisrun.Facts).

func (act *action) ObjectFact(obj types.Object, typ reflect.Type) (analysis.Fact, bool) {
	f, ok := act.objectFacts[objectFactKey{obj, typ}]
	return f, ok
}

func (act *action) PackageFact(pkg *types.Package, typ reflect.Type) (analysis.Fact, bool) {
	f, ok := act.packageFacts[packageFactKey{pkg, typ}]
	return f, ok
}

func (act *action) SetObjectFact(obj types.Object, fact analysis.Fact) {
	act.objectFacts[objectFactKey{obj, reflect.TypeOf(fact)}] = fact
}

func (act *action) SetPackageFact(fact analysis.Fact) {
	act.packageFacts[packageFactKey{act.pkg.Types, reflect.TypeOf(fact)}] = fact
}

func (act *action) AllObjectFacts() []analysis.ObjectFact {
	facts := make([]analysis.ObjectFact, 0, len(act.objectFacts))
	for k, f := range act.objectFacts {
		facts = append(facts, analysis.ObjectFact{Object: k.obj, Fact: f})
	}
	return facts
}

func (act *action) AllPackageFacts() []analysis.PackageFact {
	facts := make([]analysis.PackageFact, 0, len(act.packageFacts))
	for k, f := range act.packageFacts {
		facts = append(facts, analysis.PackageFact{Package: k.pkg, Fact: f})
	}
	return facts
}

// inherit gives act the facts its package's import ended dep with. Object
// facts are kept only for objects an importer of dep's package may see.
// The fact values are shared, as checker shares them: an analyzer reads a
// copy (ImportObjectFact) and cannot change them.
func inherit(act, dep *action) {
	for key, fact := range dep.objectFacts {
		if analysisrun.ExportedFrom(key.obj, dep.pkg.Types) {
			act.objectFacts[key] = fact
		}
	}
	for key, fact := range dep.packageFacts {
		act.packageFacts[key] = fact
	}
}
