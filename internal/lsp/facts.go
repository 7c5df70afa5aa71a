package lsp

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"log"
	"maps"
	"net/url"
	"os"
	"reflect"
	"slices"
	"strings"

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

// runPass builds act's Pass with every field checker fills and runs the
// analyzer, unless act's package is ill-typed and the analyzer cannot run
// on such a package, or skip says it has nothing to do there.
func (d *factDriver) runPass(act *action, inputs map[*analysis.Analyzer]any, skip bool) (any, error) {
	pkg := act.pkg
	// checker's check that the package was loaded with enough mode bits.
	if pkg.Errors == nil && (pkg.Name == "" || pkg.PkgPath == "" || pkg.Types == nil || pkg.Fset == nil || pkg.TypesSizes == nil) {
		panic("packages must be loaded with packages.LoadSyntax mode")
	}
	module := &analysis.Module{} // never nil, as in every go/analysis driver
	if pkg.Module != nil {
		module = analysisModule(pkg.Module)
	}
	pass := &analysis.Pass{
		Analyzer:     act.analyzer,
		Fset:         pkg.Fset,
		Files:        pkg.Syntax,
		OtherFiles:   pkg.OtherFiles,
		IgnoredFiles: pkg.IgnoredFiles,
		Pkg:          pkg.Types,
		TypesInfo:    pkg.TypesInfo,
		TypesSizes:   pkg.TypesSizes,
		TypeErrors:   pkg.TypeErrors,
		Module:       module,
		ResultOf:     inputs,
		Report: func(diag analysis.Diagnostic) {
			if err := validateFixes(pkg.Fset, act.analyzer, diag.SuggestedFixes); err != nil {
				panic(err) // an analyzer's bug, as checker treats it
			}
			act.diagnostics = append(act.diagnostics, diag)
		},
		ImportObjectFact: func(obj types.Object, ptr analysis.Fact) bool {
			if obj == nil {
				panic("nil object")
			}
			return copyFact(act.objectFacts[objectFactKey{obj, factType(ptr)}], ptr)
		},
		ImportPackageFact: func(p *types.Package, ptr analysis.Fact) bool {
			if p == nil {
				panic("nil package")
			}
			return copyFact(act.packageFacts[packageFactKey{p, factType(ptr)}], ptr)
		},
		AllObjectFacts: func() []analysis.ObjectFact {
			facts := make([]analysis.ObjectFact, 0, len(act.objectFacts))
			for k, f := range act.objectFacts {
				facts = append(facts, analysis.ObjectFact{Object: k.obj, Fact: f})
			}
			return facts
		},
		AllPackageFacts: func() []analysis.PackageFact {
			facts := make([]analysis.PackageFact, 0, len(act.packageFacts))
			for k, f := range act.packageFacts {
				facts = append(facts, analysis.PackageFact{Package: k.pkg, Fact: f})
			}
			return facts
		},
	}
	pass.ExportObjectFact = func(obj types.Object, fact analysis.Fact) {
		if pass.ExportObjectFact == nil {
			log.Panicf("%s: Pass.ExportObjectFact(%s, %T) called after Run", act, obj, fact)
		}
		if obj.Pkg() != pkg.Types {
			log.Panicf("internal error: in analysis %s of package %s: Fact.Set(%s, %T): can't set facts on objects belonging another package",
				act.analyzer, pkg, obj, fact)
		}
		act.objectFacts[objectFactKey{obj, factType(fact)}] = fact
	}
	pass.ExportPackageFact = func(fact analysis.Fact) {
		if pass.ExportPackageFact == nil {
			log.Panicf("%s: Pass.ExportPackageFact(%T) called after Run", act, fact)
		}
		act.packageFacts[packageFactKey{pass.Pkg, factType(fact)}] = fact
	}
	pass.ReadFile = func(filename string) ([]byte, error) {
		if !readable(pass, filename) {
			return nil, fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", filename)
		}
		return os.ReadFile(filename)
	}
	defer func() {
		// An export after Run (from a goroutine the analyzer left
		// running) panics, as under checker.
		pass.ExportObjectFact = nil
		pass.ExportPackageFact = nil
	}()

	if pkg.IllTyped && !act.analyzer.RunDespiteErrors {
		return nil, fmt.Errorf("analysis skipped due to errors in package")
	}
	if skip {
		return nil, nil
	}
	result, err := act.analyzer.Run(pass)
	if err != nil {
		return nil, err
	}
	if got, want := reflect.TypeOf(result), act.analyzer.ResultType; got != want {
		return nil, fmt.Errorf("internal error: on package %s, analyzer %s returned a result of type %v, but declared ResultType %v",
			pass.Pkg.Path(), act.analyzer, got, want)
	}
	for i := range act.diagnostics {
		u, err := resolveURL(act.analyzer, act.diagnostics[i])
		if err != nil {
			return nil, err
		}
		act.diagnostics[i].URL = u
	}
	return result, nil
}

// inherit gives act the facts its package's import ended dep with. Object
// facts are kept only for objects an importer of dep's package may see.
// The fact values are shared, as checker shares them: an analyzer reads a
// copy (ImportObjectFact) and cannot change them.
func inherit(act, dep *action) {
	for key, fact := range dep.objectFacts {
		if exportedFrom(key.obj, dep.pkg.Types) {
			act.objectFacts[key] = fact
		}
	}
	for key, fact := range dep.packageFacts {
		act.packageFacts[key] = fact
	}
}

// exportedFrom reports whether obj may be visible to an importer of pkg:
// checker's over-approximation of what export data holds (exported
// functions of pkg and every method, package-level variables of pkg and
// every field, every type name and constant).
func exportedFrom(obj types.Object, pkg *types.Package) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Exported() && obj.Pkg() == pkg || obj.Signature().Recv() != nil
	case *types.Var:
		return obj.IsField() || obj.Pkg() == pkg
	case *types.TypeName, *types.Const:
		return true
	}
	return false
}

// copyFact copies the fact stored, if any, into ptr.
func copyFact(stored, ptr analysis.Fact) bool {
	if stored == nil {
		return false
	}
	reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(stored).Elem())
	return true
}

func factType(fact analysis.Fact) reflect.Type {
	t := reflect.TypeOf(fact)
	if t.Kind() != reflect.Pointer {
		log.Panicf("invalid Fact type: got %T, want pointer", fact)
	}
	return t
}

// readable is the ReadFile policy of analysis.Pass: the package's other
// and ignored files and the files of its syntax.
func readable(pass *analysis.Pass, filename string) bool {
	if slices.Contains(pass.OtherFiles, filename) || slices.Contains(pass.IgnoredFiles, filename) {
		return true
	}
	for _, f := range pass.Files {
		if pass.Fset.File(f.FileStart).Name() == filename {
			return true
		}
	}
	return false
}

// resolveURL is a diagnostic's URL as drivers give it: its own, or its
// category as a fragment, resolved against the analyzer's URL.
func resolveURL(a *analysis.Analyzer, d analysis.Diagnostic) (string, error) {
	if d.URL == "" && d.Category == "" && a.URL == "" {
		return "", nil
	}
	raw := d.URL
	if d.URL == "" && d.Category != "" {
		raw = "#" + d.Category
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("invalid Diagnostic.URL %q: %s", raw, err)
	}
	base, err := url.Parse(a.URL)
	if err != nil {
		return "", fmt.Errorf("invalid Analyzer.URL %q: %s", a.URL, err)
	}
	return base.ResolveReference(u).String(), nil
}

// validateFixes checks a diagnostic's fixes as checker does, and puts each
// fix's edits in the order checker leaves them: by position, an insertion
// before a deletion at the same point, insertions at one point in the
// order given; an edit without End gets End = Pos, one computed just past
// the end of its file is cut at the end.
func validateFixes(fset *token.FileSet, a *analysis.Analyzer, fixes []analysis.SuggestedFix) error {
	messages := make(map[string]bool)
	for i := range fixes {
		fix := &fixes[i]
		if messages[fix.Message] {
			return fmt.Errorf("analyzer %q suggests two fixes with same Message (%s)", a.Name, fix.Message)
		}
		messages[fix.Message] = true
		if err := validateFix(fset, fix); err != nil {
			return fmt.Errorf("analyzer %q suggests invalid fix (%s): %v", a.Name, fix.Message, err)
		}
	}
	return nil
}

func validateFix(fset *token.FileSet, fix *analysis.SuggestedFix) error {
	slices.SortStableFunc(fix.TextEdits, func(x, y analysis.TextEdit) int {
		return cmp.Or(cmp.Compare(x.Pos, y.Pos), cmp.Compare(x.End, y.End))
	})
	var prev *analysis.TextEdit
	for i := range fix.TextEdits {
		edit := &fix.TextEdits[i]
		file := fset.File(edit.Pos)
		if file == nil {
			return fmt.Errorf("no token.File for TextEdit.Pos (%v)", edit.Pos)
		}
		fileEnd := token.Pos(file.Base() + file.Size())
		if edit.End.IsValid() {
			if edit.End < edit.Pos {
				return fmt.Errorf("TextEdit.Pos (%v) > TextEdit.End (%v)", edit.Pos, edit.End)
			}
			endFile := fset.File(edit.End)
			if endFile != file && edit.End < fileEnd+10 {
				// An End computed from a node (ast.StructType)
				// rather than a token may lie just past the end
				// of the file (go.dev/issue/71659). checker cuts
				// it, and leaves the edit out of the order check.
				edit.End = fileEnd
				continue
			}
			if endFile == nil {
				return fmt.Errorf("no token.File for TextEdit.End (%v; File(start).FileEnd is %d)", edit.End, fileEnd)
			}
			if endFile != file {
				return fmt.Errorf("edit #%d spans files (%v and %v)", i, file.Position(edit.Pos), endFile.Position(edit.End))
			}
		} else {
			edit.End = edit.Pos
		}
		if edit.End > fileEnd {
			return fmt.Errorf("end is (%v) beyond end of file (%v)", edit.End, fileEnd)
		}
		if prev != nil && edit.Pos < prev.End {
			x, y := fset.Position(prev.Pos), fset.Position(edit.Pos)
			xend, yend := fset.Position(prev.End), fset.Position(edit.End)
			return fmt.Errorf("overlapping edits to %s (%d:%d-%d:%d and %d:%d-%d:%d)",
				x.Filename, x.Line, x.Column, xend.Line, xend.Column, y.Line, y.Column, yend.Line, yend.Column)
		}
		prev = edit
	}
	return nil
}

// analysisModule converts the module a package belongs to.
func analysisModule(mod *packages.Module) *analysis.Module {
	if mod == nil {
		return nil
	}
	var modErr *analysis.ModuleError
	if mod.Error != nil {
		modErr = &analysis.ModuleError{Err: mod.Error.Err}
	}
	return &analysis.Module{
		Path:      mod.Path,
		Version:   mod.Version,
		Replace:   analysisModule(mod.Replace),
		Time:      mod.Time,
		Main:      mod.Main,
		Indirect:  mod.Indirect,
		Dir:       mod.Dir,
		GoMod:     mod.GoMod,
		GoVersion: mod.GoVersion,
		Error:     modErr,
	}
}
