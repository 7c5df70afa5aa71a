package analysisrun

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

const src = `package p

func F() {}
func g() {}

type T struct{ X int }

func (T) m() {}

var V int

const C = 1
`

// unit type-checks src as package p, in a file of its own on disk, so
// that ReadFile can be tried on a real file.
func unit(t *testing.T) *Unit {
	t.Helper()
	dir := t.TempDir()
	name := filepath.Join(dir, "p.go")
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return &Unit{ID: "p", Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info, Module: &analysis.Module{}}
}

// mark is the fact the test analyzers export.
type mark struct{ N int }

func (*mark) AFact() {}

// factMap is the simplest Facts: every fact it is given, seen by all.
type factMap map[types.Object]analysis.Fact

func (m factMap) ObjectFact(obj types.Object, typ reflect.Type) (analysis.Fact, bool) {
	f, ok := m[obj]
	return f, ok && reflect.TypeOf(f) == typ
}
func (factMap) PackageFact(*types.Package, reflect.Type) (analysis.Fact, bool) { return nil, false }
func (m factMap) SetObjectFact(obj types.Object, fact analysis.Fact)           { m[obj] = fact }
func (factMap) SetPackageFact(analysis.Fact)                                   {}
func (m factMap) AllObjectFacts() []analysis.ObjectFact {
	var out []analysis.ObjectFact
	for obj, f := range m {
		out = append(out, analysis.ObjectFact{Object: obj, Fact: f})
	}
	return out
}
func (factMap) AllPackageFacts() []analysis.PackageFact { return nil }

// TestRun proves what a pass gives its analyzer: a diagnostic's URL
// resolved from its category against the analyzer's URL, a fact exported on
// its own object and read back as a copy, and ReadFile limited to the
// package's files.
func TestRun(t *testing.T) {
	u := unit(t)
	fileName := u.Fset.File(u.Files[0].FileStart).Name()
	a := &analysis.Analyzer{
		Name:       "marker",
		Doc:        "marks F",
		URL:        "https://example.com/marker",
		FactTypes:  []analysis.Fact{new(mark)},
		ResultType: reflect.TypeOf(""),
		Run: func(pass *analysis.Pass) (any, error) {
			f := pass.Pkg.Scope().Lookup("F")
			pass.ExportObjectFact(f, &mark{N: 7})
			var got mark
			if !pass.ImportObjectFact(f, &got) || got.N != 7 {
				t.Errorf("ImportObjectFact(F) = %v, %+v; want the fact just exported, N 7", got.N != 0, got)
			}
			if pass.ImportObjectFact(pass.Pkg.Scope().Lookup("g"), new(mark)) {
				t.Error("ImportObjectFact(g) found a fact; none was exported on g")
			}
			if _, err := pass.ReadFile(fileName); err != nil {
				t.Errorf("ReadFile of the package's own file: %v", err)
			}
			if _, err := pass.ReadFile(filepath.Join(filepath.Dir(fileName), "other.go")); err == nil {
				t.Error("ReadFile of a file not in the package succeeded")
			}
			pass.Report(analysis.Diagnostic{Pos: f.Pos(), Message: "marked", Category: "marks"})
			return "done", nil
		},
	}
	facts := factMap{}
	result, diags, err := Run(a, u, nil, facts)
	if err != nil || result != "done" {
		t.Fatalf("Run = %v, %v; want done, no error", result, err)
	}
	if len(diags) != 1 || diags[0].URL != "https://example.com/marker#marks" {
		t.Errorf("diagnostics %+v; want one, with URL https://example.com/marker#marks", diags)
	}
	if f, ok := facts[u.Pkg.Scope().Lookup("F")].(*mark); !ok || f.N != 7 {
		t.Errorf("the driver's facts hold %v for F; want the exported mark", facts[u.Pkg.Scope().Lookup("F")])
	}
}

// TestRunRefuses proves the analyzer errors that checker refuses: a result
// of another type than declared, a run on an ill-typed package by an
// analyzer that does not ask for one.
func TestRunRefuses(t *testing.T) {
	ran := false
	a := &analysis.Analyzer{
		Name: "wrongresult", Doc: "returns an int", ResultType: reflect.TypeOf(""),
		Run: func(*analysis.Pass) (any, error) { ran = true; return 1, nil },
	}
	if _, _, err := Run(a, unit(t), nil, factMap{}); err == nil || !strings.Contains(err.Error(), "declared ResultType") {
		t.Errorf("a result of the wrong type: err %v; want one naming the declared ResultType", err)
	}
	ran = false
	u := unit(t)
	u.IllTyped = true
	if _, _, err := Run(a, u, nil, factMap{}); err == nil || ran {
		t.Errorf("an ill-typed package: err %v, analyzer ran %v; want it skipped with an error", err, ran)
	}
}

// TestRunPanics proves that an analyzer's bugs panic, as under checker: a
// fact on another package's object, a fact exported after Run, two edits
// that overlap.
func TestRunPanics(t *testing.T) {
	other := types.NewPackage("q", "q")
	foreign := types.NewFunc(token.NoPos, other, "H", types.NewSignatureType(nil, nil, nil, nil, nil, false))
	var saved *analysis.Pass
	for _, tc := range []struct {
		name string
		run  func(*analysis.Pass)
		then func()
	}{
		{"foreign fact", func(pass *analysis.Pass) { pass.ExportObjectFact(foreign, &mark{}) }, nil},
		{"fact after Run", func(pass *analysis.Pass) { saved = pass }, func() {
			saved.ExportObjectFact(saved.Pkg.Scope().Lookup("F"), &mark{})
		}},
		{"overlapping edits", func(pass *analysis.Pass) {
			pos := pass.Files[0].Package
			pass.Report(analysis.Diagnostic{Pos: pos, Message: "m", SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "fix",
				TextEdits: []analysis.TextEdit{{Pos: pos, End: pos + 5}, {Pos: pos + 2, End: pos + 3}},
			}}})
		}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := &analysis.Analyzer{Name: "bug", Doc: "has a bug", FactTypes: []analysis.Fact{new(mark)},
				Run: func(pass *analysis.Pass) (any, error) { tc.run(pass); return nil, nil }}
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", tc.name)
				}
			}()
			Run(a, unit(t), nil, factMap{})
			if tc.then != nil {
				tc.then()
			}
		})
	}
}

// TestValidateFixes proves how a fix's edits are put in order and checked:
// sorted by position, an edit without End made an insertion, two fixes of
// one message refused.
func TestValidateFixes(t *testing.T) {
	u := unit(t)
	a := &analysis.Analyzer{Name: "fixer"}
	pos := u.Files[0].Package
	fixes := []analysis.SuggestedFix{{Message: "one", TextEdits: []analysis.TextEdit{
		{Pos: pos + 4, End: pos + 6}, {Pos: pos}, {Pos: pos + 1, End: pos + 2},
	}}}
	if err := validateFixes(u.Fset, a, fixes); err != nil {
		t.Fatal(err)
	}
	want := []analysis.TextEdit{{Pos: pos, End: pos}, {Pos: pos + 1, End: pos + 2}, {Pos: pos + 4, End: pos + 6}}
	if got := fixes[0].TextEdits; !reflect.DeepEqual(got, want) {
		t.Errorf("edits %v; want %v", got, want)
	}
	twice := []analysis.SuggestedFix{{Message: "same"}, {Message: "same"}}
	if err := validateFixes(u.Fset, a, twice); err == nil {
		t.Error("two fixes with one message were accepted")
	}
}

// TestExportedFrom pins checker's filter of which facts reach a package's
// importers.
func TestExportedFrom(t *testing.T) {
	u := unit(t)
	scope := u.Pkg.Scope()
	other := types.NewPackage("q", "q")
	tv := scope.Lookup("T").Type().(*types.Named)
	for _, tc := range []struct {
		obj  types.Object
		from *types.Package
		want bool
	}{
		{scope.Lookup("F"), u.Pkg, true},                        // an exported function of the package
		{scope.Lookup("F"), other, false},                       // ... seen from another package's export data
		{scope.Lookup("g"), u.Pkg, false},                       // an unexported function
		{tv.Method(0), other, true},                             // every method, even unexported
		{scope.Lookup("V"), u.Pkg, true},                        // a package-level variable of the package
		{scope.Lookup("V"), other, false},                       // ... seen from another
		{tv.Underlying().(*types.Struct).Field(0), other, true}, // every field
		{scope.Lookup("T"), other, true},                        // every type name
		{scope.Lookup("C"), other, true},                        // every constant
	} {
		if got := ExportedFrom(tc.obj, tc.from); got != tc.want {
			t.Errorf("ExportedFrom(%v, %s) = %v; want %v", tc.obj, tc.from.Path(), got, tc.want)
		}
	}
}

// TestClosure proves that every analyzer comes after those it requires,
// once.
func TestClosure(t *testing.T) {
	base := &analysis.Analyzer{Name: "base"}
	mid := &analysis.Analyzer{Name: "mid", Requires: []*analysis.Analyzer{base}}
	top := &analysis.Analyzer{Name: "top", Requires: []*analysis.Analyzer{mid, base}}
	var names []string
	for _, a := range Closure([]*analysis.Analyzer{top, mid}) {
		names = append(names, a.Name)
	}
	if got := strings.Join(names, " "); got != "base mid top" {
		t.Errorf("Closure = %s; want base mid top", got)
	}
}
