// Package analysisrun runs one analyzer on one package as x/tools'
// go/analysis/checker does: the same analysis.Pass, the same checks of what
// the analyzer does with it (facts on its own package's objects only, no
// export after Run, a result of its declared type, well-formed fixes), the
// same order of each fix's edits. retrylint's drivers that do not go through
// checker (the standalone driver, which analyses in dependency order, and
// the language server, which keeps its dependencies' facts between edits)
// build their passes here, so that their findings are checker's.
//
// Where facts come from is the driver's: it gives them through Facts,
// applying the rule of which facts of its imports a package sees
// (ExportedFrom).
package analysisrun

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"log"
	"net/url"
	"os"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// A Unit is a package as a pass sees it.
type Unit struct {
	ID           string // for messages
	Fset         *token.FileSet
	Files        []*ast.File
	OtherFiles   []string
	IgnoredFiles []string
	Pkg          *types.Package
	TypesInfo    *types.Info
	TypesSizes   types.Sizes
	TypeErrors   []types.Error
	Module       *analysis.Module // never nil, as in every go/analysis driver
	IllTyped     bool
}

// Facts is what a pass reads and writes of facts. A driver gives the facts
// of the unit and those of its dependencies that the unit sees.
type Facts interface {
	// ObjectFact and PackageFact return the fact of type typ on obj or
	// pkg, if there is one.
	ObjectFact(obj types.Object, typ reflect.Type) (analysis.Fact, bool)
	PackageFact(pkg *types.Package, typ reflect.Type) (analysis.Fact, bool)
	// SetObjectFact and SetPackageFact record a fact the analyzer
	// exported, on an object of the unit or on the unit.
	SetObjectFact(obj types.Object, fact analysis.Fact)
	SetPackageFact(fact analysis.Fact)
	AllObjectFacts() []analysis.ObjectFact
	AllPackageFacts() []analysis.PackageFact
}

// Run runs analyzer a on the unit, given the results of the analyzers it
// requires (inputs), and returns its result and its diagnostics (those it
// reported before it failed, when it fails). An
// analyzer that reports a malformed fix, or exports a fact on another
// package's object or after its Run, panics, as under checker: it is a bug
// of the analyzer.
func Run(a *analysis.Analyzer, u *Unit, inputs map[*analysis.Analyzer]any, facts Facts) (result any, diags []analysis.Diagnostic, err error) {
	name := a.Name + "@" + u.ID
	pass := &analysis.Pass{
		Analyzer:     a,
		Fset:         u.Fset,
		Files:        u.Files,
		OtherFiles:   u.OtherFiles,
		IgnoredFiles: u.IgnoredFiles,
		Pkg:          u.Pkg,
		TypesInfo:    u.TypesInfo,
		TypesSizes:   u.TypesSizes,
		TypeErrors:   u.TypeErrors,
		Module:       u.Module,
		ResultOf:     inputs,
		Report: func(d analysis.Diagnostic) {
			if err := validateFixes(u.Fset, a, d.SuggestedFixes); err != nil {
				panic(err)
			}
			diags = append(diags, d)
		},
		ImportObjectFact: func(obj types.Object, ptr analysis.Fact) bool {
			if obj == nil {
				panic("nil object")
			}
			stored, ok := facts.ObjectFact(obj, FactType(ptr))
			return ok && copyFact(stored, ptr)
		},
		ImportPackageFact: func(pkg *types.Package, ptr analysis.Fact) bool {
			if pkg == nil {
				panic("nil package")
			}
			stored, ok := facts.PackageFact(pkg, FactType(ptr))
			return ok && copyFact(stored, ptr)
		},
		AllObjectFacts:  facts.AllObjectFacts,
		AllPackageFacts: facts.AllPackageFacts,
	}
	pass.ExportObjectFact = func(obj types.Object, fact analysis.Fact) {
		if pass.ExportObjectFact == nil {
			log.Panicf("%s: Pass.ExportObjectFact(%s, %T) called after Run", name, obj, fact)
		}
		if obj.Pkg() != u.Pkg {
			log.Panicf("internal error: in analysis %s of package %s: Fact.Set(%s, %T): can't set facts on objects belonging another package",
				a, u.ID, obj, fact)
		}
		FactType(fact)
		facts.SetObjectFact(obj, fact)
	}
	pass.ExportPackageFact = func(fact analysis.Fact) {
		if pass.ExportPackageFact == nil {
			log.Panicf("%s: Pass.ExportPackageFact(%T) called after Run", name, fact)
		}
		FactType(fact)
		facts.SetPackageFact(fact)
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

	if u.IllTyped && !a.RunDespiteErrors {
		return nil, nil, fmt.Errorf("analysis skipped due to errors in package")
	}
	result, err = a.Run(pass)
	if err != nil {
		return nil, diags, err
	}
	if got, want := reflect.TypeOf(result), a.ResultType; got != want {
		return nil, diags, fmt.Errorf("internal error: on package %s, analyzer %s returned a result of type %v, but declared ResultType %v",
			u.Pkg.Path(), a, got, want)
	}
	for i := range diags {
		u, err := resolveURL(a, diags[i])
		if err != nil {
			return nil, diags, err
		}
		diags[i].URL = u
	}
	return result, diags, nil
}

// Closure returns the analyzers and everything they require, each after
// its requirements.
func Closure(roots []*analysis.Analyzer) []*analysis.Analyzer {
	var order []*analysis.Analyzer
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		order = append(order, a)
	}
	for _, a := range roots {
		visit(a)
	}
	return order
}

// ExportedFrom reports whether a fact on obj reaches the importers of pkg,
// checker's over-approximation of what pkg's export data holds: exported
// functions of pkg and every method, package-level variables of pkg and
// every field, every type name and constant. checker passes each package's
// facts on to its importers through this filter, so a fact on a function of
// p reaches p's importers but not theirs.
func ExportedFrom(obj types.Object, pkg *types.Package) bool {
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

// FactType returns the type of a fact, which must be a pointer.
func FactType(fact analysis.Fact) reflect.Type {
	t := reflect.TypeOf(fact)
	if t.Kind() != reflect.Pointer {
		log.Panicf("invalid Fact type: got %T, want pointer", fact)
	}
	return t
}

// Module converts the module a package belongs to.
func Module(mod *packages.Module) *analysis.Module {
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
		Replace:   Module(mod.Replace),
		Time:      mod.Time,
		Main:      mod.Main,
		Indirect:  mod.Indirect,
		Dir:       mod.Dir,
		GoMod:     mod.GoMod,
		GoVersion: mod.GoVersion,
		Error:     modErr,
	}
}

// copyFact copies the fact stored into ptr.
func copyFact(stored, ptr analysis.Fact) bool {
	reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(stored).Elem())
	return true
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
