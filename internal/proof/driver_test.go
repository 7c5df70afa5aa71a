package proof

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"runtime/debug"
	"sync"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/analysisrun"
	"golang.org/x/tools/go/analysis"
)

// A panicError is a panic of an analyzer, turned into an error by guard.
type panicError struct {
	analyzer string
	value    any
	stack    []byte
}

func (e *panicError) Error() string {
	return fmt.Sprintf("analyzer %s panicked: %v\n%s", e.analyzer, e.value, e.stack)
}

// guardMu serialises the tests that swap the analyzers' Run functions.
var guardMu sync.Mutex

// guard makes every analyzer of analyzers.All() and their requirements
// return a panic as an error (with its stack) instead of crashing the test
// binary, so that one test names every crash instead of the first killing the
// process; with despiteErrors it also sets RunDespiteErrors, to run them on
// packages with errors as a lenient driver would. The test's cleanup restores
// the analyzers. Only this package's test binary sees the change.
func guard(t testing.TB, despiteErrors bool) {
	t.Helper()
	guardMu.Lock()
	type saved struct {
		run     func(*analysis.Pass) (any, error)
		despite bool
	}
	old := make(map[*analysis.Analyzer]saved)
	for _, a := range analysisrun.Closure(analyzers.All()) {
		old[a] = saved{a.Run, a.RunDespiteErrors}
		run := a.Run
		name := a.Name
		a.Run = func(pass *analysis.Pass) (res any, err error) {
			defer func() {
				if r := recover(); r != nil {
					res, err = nil, &panicError{name + " on " + pass.Pkg.Path(), r, debug.Stack()}
				}
			}()
			return run(pass)
		}
		if despiteErrors {
			a.RunDespiteErrors = true
		}
	}
	t.Cleanup(func() {
		for a, s := range old {
			a.Run, a.RunDespiteErrors = s.run, s.despite
		}
		guardMu.Unlock()
	})
}

// A unit is one type-checked package, as a driver hands it to analyzers.
type unit struct {
	fset  *token.FileSet
	files []*ast.File
	pkg   *types.Package
	info  *types.Info
	sizes types.Sizes
}

// newInfo returns a types.Info with every map a driver fills.
func newInfo() *types.Info {
	return &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Instances:    make(map[*ast.Ident]types.Instance),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:       make(map[ast.Node]*types.Scope),
		FileVersions: make(map[*ast.File]string),
	}
}

type factKey struct {
	obj types.Object // nil for a package fact
	pkg *types.Package
	typ reflect.Type
}

// analyze runs roots and their requirements over one package in process,
// without loading anything: the driver the fuzz tests and the benchmarks
// use, where go/packages per input would cost far more than the analyzers.
// Dependencies carry no facts (as for packages an analyzer knows from its
// API tables). It returns the diagnostics by analyzer, or the first error or
// panic; every exported fact is gob-encoded, as unitchecker would, and every
// fix is checked to lie inside the package's files.
func analyze(u *unit, roots []*analysis.Analyzer) (map[*analysis.Analyzer][]analysis.Diagnostic, error) {
	results := make(map[*analysis.Analyzer]any)
	diags := make(map[*analysis.Analyzer][]analysis.Diagnostic)
	facts := make(map[factKey]analysis.Fact)
	inPkg := make(map[*token.File]bool)
	for _, f := range u.files {
		inPkg[u.fset.File(f.FileStart)] = true
	}
	for _, a := range analysisrun.Closure(roots) {
		var err error
		check := func(fact analysis.Fact) {
			if err == nil {
				if e := gob.NewEncoder(new(bytes.Buffer)).Encode(fact); e != nil {
					err = fmt.Errorf("%s: fact %T is not gob-encodable: %v", a.Name, fact, e)
				}
			}
		}
		pass := &analysis.Pass{
			Analyzer:   a,
			Fset:       u.fset,
			Files:      u.files,
			Pkg:        u.pkg,
			TypesInfo:  u.info,
			TypesSizes: u.sizes,
			Module:     &analysis.Module{},
			ResultOf:   make(map[*analysis.Analyzer]any),
			Report: func(d analysis.Diagnostic) {
				for _, fix := range d.SuggestedFixes {
					for _, e := range fix.TextEdits {
						tf := u.fset.File(e.Pos)
						if tf == nil || !inPkg[tf] || e.End < e.Pos || (e.End.IsValid() && u.fset.File(e.End) != tf) {
							if err == nil {
								err = fmt.Errorf("%s: fix %q has an edit outside the package's files or reversed", a.Name, fix.Message)
							}
						}
					}
				}
				diags[a] = append(diags[a], d)
			},
			ReadFile: func(string) ([]byte, error) { return nil, fmt.Errorf("analyzers read no files") },
			ImportObjectFact: func(obj types.Object, fact analysis.Fact) bool {
				return importFact(facts, factKey{obj, nil, reflect.TypeOf(fact)}, fact)
			},
			ImportPackageFact: func(pkg *types.Package, fact analysis.Fact) bool {
				return importFact(facts, factKey{nil, pkg, reflect.TypeOf(fact)}, fact)
			},
			ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
				if obj.Pkg() != u.pkg {
					panic(fmt.Sprintf("%s exports a fact for %v of another package", a.Name, obj))
				}
				check(fact)
				facts[factKey{obj, nil, reflect.TypeOf(fact)}] = fact
			},
			ExportPackageFact: func(fact analysis.Fact) {
				check(fact)
				facts[factKey{nil, u.pkg, reflect.TypeOf(fact)}] = fact
			},
			AllObjectFacts: func() []analysis.ObjectFact {
				var out []analysis.ObjectFact
				for k, f := range facts {
					if k.obj != nil {
						out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
					}
				}
				return out
			},
			AllPackageFacts: func() []analysis.PackageFact {
				var out []analysis.PackageFact
				for k, f := range facts {
					if k.obj == nil {
						out = append(out, analysis.PackageFact{Package: k.pkg, Fact: f})
					}
				}
				return out
			},
		}
		for _, r := range a.Requires {
			pass.ResultOf[r] = results[r]
		}
		res, runErr := runGuarded(a, pass)
		if runErr != nil {
			return diags, fmt.Errorf("%s: %w", a.Name, runErr)
		}
		if err != nil {
			return diags, err
		}
		if got := reflect.TypeOf(res); got != a.ResultType {
			return diags, fmt.Errorf("%s returned a %v, declared %v", a.Name, got, a.ResultType)
		}
		results[a] = res
	}
	return diags, nil
}

func runGuarded(a *analysis.Analyzer, pass *analysis.Pass) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, &panicError{a.Name, r, debug.Stack()}
		}
	}()
	return a.Run(pass)
}

func importFact(facts map[factKey]analysis.Fact, k factKey, into analysis.Fact) bool {
	f, ok := facts[k]
	if ok {
		reflect.ValueOf(into).Elem().Set(reflect.ValueOf(f).Elem())
	}
	return ok
}
