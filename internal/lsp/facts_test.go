package lsp

import (
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/packages"
)

// flowModule is a module whose facts flow across packages: c imports b,
// which imports a; user imports broken, which does not type-check.
var flowModule = map[string]string{
	"go.mod": "module example.com/flow\n\ngo 1.22\n",
	"a/a.go": `package a

type Kind int

const Zero Kind = 0

var Default Kind

func Get() Kind { return helper() }

func helper() Kind { return Zero }

func (k Kind) String() string { return "kind" }
`,
	"b/b.go": `package b

import "example.com/flow/a"

type T struct{ K a.Kind }

func Wrap() a.Kind { return a.Get() + a.Default }
`,
	"c/c.go": `package c

import (
	"fmt"

	"example.com/flow/a"
	"example.com/flow/b"
)

func Use() {
	k := b.Wrap()
	fmt.Println(k.String(), b.T{}.K, a.Zero)
}
`,
	"broken/broken.go": `package broken

func Bad() int { return "not an int" }
`,
	"user/user.go": `package user

import "example.com/flow/broken"

func Call() int { return broken.Bad() }
`,
}

// writeModule writes files to a temporary directory and returns it.
func writeModule(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// markFact marks each package-level object and method with its qualified
// name. K tells apart the fact types of two analyzers.
type markFact[K any] struct{ Name string }

func (*markFact[K]) AFact()           {}
func (f *markFact[K]) String() string { return f.Name }

// filesFact counts a package's files.
type filesFact[K any] struct{ N int }

func (*filesFact[K]) AFact()           {}
func (f *filesFact[K]) String() string { return fmt.Sprint(f.N) }

type (
	markKind    struct{}
	despiteKind struct{}
)

// newMark returns an analyzer that uses every fact function: it marks the
// package's objects and itself, reports each call of a marked function of
// another package (with a fix whose edits come out of order, one without
// End), and reports the facts it can see, so that a driver that inherits
// other facts than checker's gives other diagnostics. runs, if not nil,
// counts its runs by package path.
func newMark[K any](name string, despiteErrors bool, runs map[string]int) *analysis.Analyzer {
	var mu sync.Mutex
	return &analysis.Analyzer{
		Name:             name,
		Doc:              "mark objects and report what facts show",
		URL:              "https://example.com/" + name,
		Requires:         []*analysis.Analyzer{inspect.Analyzer},
		FactTypes:        []analysis.Fact{new(markFact[K]), new(filesFact[K])},
		RunDespiteErrors: despiteErrors,
		Run: func(pass *analysis.Pass) (any, error) {
			if runs != nil {
				mu.Lock()
				runs[pass.Pkg.Path()]++
				mu.Unlock()
			}
			scope := pass.Pkg.Scope()
			for _, n := range scope.Names() {
				obj := scope.Lookup(n)
				pass.ExportObjectFact(obj, &markFact[K]{pass.Pkg.Path() + "." + n})
				if tn, ok := obj.(*types.TypeName); ok {
					if named, ok := tn.Type().(*types.Named); ok {
						for m := range named.Methods() {
							pass.ExportObjectFact(m, &markFact[K]{pass.Pkg.Path() + "." + n + "." + m.Name()})
						}
					}
				}
			}
			pass.ExportPackageFact(&filesFact[K]{len(pass.Files)})

			ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
			for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
				call := cur.Node().(*ast.CallExpr)
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					continue
				}
				fn, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func)
				var f markFact[K]
				if !ok || fn.Pkg() == pass.Pkg || !pass.ImportObjectFact(fn, &f) {
					continue
				}
				pass.Report(analysis.Diagnostic{
					Pos: call.Pos(), End: call.End(), Category: "call",
					Message: "call of " + f.Name,
					SuggestedFixes: []analysis.SuggestedFix{{
						Message: "mark the call",
						TextEdits: []analysis.TextEdit{
							{Pos: call.End(), End: call.End(), NewText: []byte(" /* after */")},
							{Pos: call.Pos(), NewText: []byte("/* before */ ")},
						},
					}},
				})
			}

			var seen []string
			for _, of := range pass.AllObjectFacts() {
				seen = append(seen, fmt.Sprintf("%s:%T:%s", of.Object.Name(), of.Fact, of.Fact))
			}
			for _, pf := range pass.AllPackageFacts() {
				seen = append(seen, fmt.Sprintf("%s:%T:%s", pf.Package.Path(), pf.Fact, pf.Fact))
			}
			slices.Sort(seen)
			var pf filesFact[K]
			if len(pass.Files) > 0 && pass.ImportPackageFact(pass.Pkg, &pf) {
				pass.Reportf(pass.Files[0].Package, "%d files; facts seen: %s", pf.N, strings.Join(seen, " "))
			}
			return nil, nil
		},
	}
}

// loadAll loads patterns in dir from source, as the server does.
func loadAll(t testing.TB, dir string, patterns ...string) []*packages.Package {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Dir: dir, Mode: packages.LoadAllSyntax | packages.NeedModule}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// render writes down everything a driver gives for one root action: the
// error, and each diagnostic with its fixes, positions as file:line:column.
func render(fset *token.FileSet, a *analysis.Analyzer, err error, diags []analysis.Diagnostic) []string {
	pos := func(p token.Pos) string { return fset.Position(p).String() }
	out := []string{fmt.Sprintf("%s: err %v", a.Name, err)}
	for _, d := range diags {
		out = append(out, fmt.Sprintf("%s: %s-%s %q url=%s category=%s", a.Name, pos(d.Pos), pos(d.End), d.Message, d.URL, d.Category))
		for _, fix := range d.SuggestedFixes {
			out = append(out, fmt.Sprintf("\tfix %q", fix.Message))
			for _, e := range fix.TextEdits {
				out = append(out, fmt.Sprintf("\t\t%s-%s %q", pos(e.Pos), pos(e.End), e.NewText))
			}
		}
		for _, r := range d.Related {
			out = append(out, fmt.Sprintf("\trelated %s-%s %q", pos(r.Pos), pos(r.End), r.Message))
		}
	}
	return out
}

// compareWithChecker runs as on each of pkgs with checker.Analyze and with
// one factDriver (so that later roots reuse the facts of earlier ones'
// dependencies), and fails on any difference. It returns the number of
// diagnostics and of suggested fixes compared.
func compareWithChecker(t *testing.T, as []*analysis.Analyzer, factFree func(string) bool, pkgs []*packages.Package) (diags, fixes int) {
	t.Helper()
	d := newFactDriver(as, factFree)
	for _, pkg := range pkgs {
		graph, err := checker.Analyze(as, []*packages.Package{pkg}, &checker.Options{Sequential: true})
		if err != nil {
			t.Fatal(err)
		}
		// checker.Graph.Roots is in analyzer order for one package.
		var want []string
		for _, act := range graph.Roots {
			want = append(want, render(pkg.Fset, act.Analyzer, act.Err, act.Diagnostics)...)
			diags += len(act.Diagnostics)
			for _, diag := range act.Diagnostics {
				fixes += len(diag.SuggestedFixes)
			}
		}
		roots, err := d.analyze(pkg)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, act := range roots {
			got = append(got, render(pkg.Fset, act.analyzer, act.err, act.diagnostics)...)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: the driver gives\n%s\nchecker gives\n%s", pkg.PkgPath, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	return diags, fixes
}

// TestDriverMatchesCheckerOnSample: on every package of the end-to-end
// sample module, retrylint's analyzers give through the driver exactly
// what checker.Analyze gives, with the standard library skipped as
// analyzers.FactFree allows and without.
func TestDriverMatchesCheckerOnSample(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "e2e"))
	if err != nil {
		t.Fatal(err)
	}
	pkgs := loadAll(t, dir, "./...")
	if len(pkgs) < 10 {
		t.Fatalf("loaded %d packages of the sample module", len(pkgs))
	}
	for _, ff := range []struct {
		name string
		f    func(string) bool
	}{{"every dependency analysed", nil}, {"standard library skipped", analyzers.FactFree}} {
		t.Run(ff.name, func(t *testing.T) {
			diags, fixes := compareWithChecker(t, analyzers.All(), ff.f, pkgs)
			// The sample has findings of every analyzer, most
			// with a fix: a comparison of nothing proves nothing.
			if diags < 10 || fixes < 5 {
				t.Errorf("compared %d diagnostics and %d fixes, want the sample's findings", diags, fixes)
			}
		})
	}
}

// TestDriverMatchesCheckerOnFacts: on a module whose facts flow across two
// packages (c sees a's through b), a dependency that does not type-check,
// and an analyzer that runs despite errors, the driver gives exactly what
// checker.Analyze gives: the same facts seen, the same fixes (edits in
// checker's order), the same errors.
func TestDriverMatchesCheckerOnFacts(t *testing.T) {
	dir := writeModule(t, flowModule)
	pkgs := loadAll(t, dir, "./...")
	as := []*analysis.Analyzer{newMark[markKind]("mark", false, nil), newMark[despiteKind]("despite", true, nil)}
	diags, fixes := compareWithChecker(t, as, nil, pkgs)
	if diags < 10 || fixes < 3 {
		t.Errorf("compared %d diagnostics and %d fixes", diags, fixes)
	}

	// What the comparison covers: facts of a reach c through b (the
	// type's method, not a's unexported function), and a dependency's
	// errors skip the analyzer that does not run despite them.
	d := newFactDriver(as, nil)
	for _, pkg := range pkgs {
		roots, err := d.analyze(pkg)
		if err != nil {
			t.Fatal(err)
		}
		switch pkg.PkgPath {
		case "example.com/flow/c":
			summary := roots[0].diagnostics[len(roots[0].diagnostics)-1].Message
			for _, want := range []string{":example.com/flow/a.Kind.String ", ":example.com/flow/b.Wrap ", "example.com/flow/a:*lsp.filesFact[github.com/retrylint/retrylint/internal/lsp.markKind]:1"} {
				if !strings.Contains(summary, want) {
					t.Errorf("c sees %q, want it to hold %q", summary, want)
				}
			}
			if strings.Contains(summary, "helper") {
				t.Errorf("c sees a's unexported function: %q", summary)
			}
		case "example.com/flow/user":
			if roots[0].err == nil || !strings.Contains(roots[0].err.Error(), "failed prerequisites") || roots[1].err != nil {
				t.Errorf("on user, which imports broken: mark's error %v, despite's %v", roots[0].err, roots[1].err)
			}
		}
	}
}

// TestDependenciesAnalysedOnce: the loader analyses each dependency once;
// an edit of the root's file analyses the root only, an unsaved edit of a
// dependency analyses that dependency again; a dependency FactFree names is
// never run; the driver forgets the facts of the graphs the loader forgets.
func TestDependenciesAnalysedOnce(t *testing.T) {
	dir := writeModule(t, flowModule)
	runs := make(map[string]int)
	std := func(p string) bool { return !strings.Contains(strings.Split(p, "/")[0], ".") }
	l := newLoader([]*analysis.Analyzer{newMark[markKind]("mark", false, runs)}, std)
	ctx := context.Background()
	cPath := filepath.Join(dir, "c", "c.go")
	bPath := filepath.Join(dir, "b", "b.go")
	analyze := func(path string, overlay map[string][]byte, wantHow string) {
		t.Helper()
		res, err := l.analyze(ctx, path, overlay)
		if err != nil {
			t.Fatal(err)
		}
		if res.how != wantHow {
			t.Fatalf("%s %s, want %s", path, res.how, wantHow)
		}
	}
	check := func(when string, want map[string]int) {
		t.Helper()
		// fmt and the rest of the standard library: never run.
		if fmt.Sprint(runs) != fmt.Sprint(want) {
			t.Errorf("%s: runs by package %v, want %v", when, runs, want)
		}
	}
	const flow = "example.com/flow/"

	analyze(cPath, nil, "loaded")
	check("after the load", map[string]int{flow + "a": 1, flow + "b": 1, flow + "c": 1})
	cText := []byte(flowModule["c/c.go"] + "\nfunc Edited() {}\n")
	analyze(cPath, map[string][]byte{cPath: cText}, "rechecked")
	check("after an edit of c", map[string]int{flow + "a": 1, flow + "b": 1, flow + "c": 2})
	// The edit adds an import of a package already in the graph (fmt
	// imports strconv).
	cText = []byte(strings.Replace(string(cText), "func Edited() {}", "func Edited() { _ = strconv.Itoa }", 1))
	cText = []byte(strings.Replace(string(cText), `"fmt"`, "\"fmt\"\n\t\"strconv\"", 1))
	analyze(cPath, map[string][]byte{cPath: cText}, "rechecked")
	check("after an edit of c adding an import", map[string]int{flow + "a": 1, flow + "b": 1, flow + "c": 3})

	bText := []byte(flowModule["b/b.go"] + "\nfunc Edited() {}\n")
	analyze(cPath, map[string][]byte{cPath: cText, bPath: bText}, "loaded")
	check("after an edit of b", map[string]int{flow + "a": 2, flow + "b": 2, flow + "c": 4})

	// The loader keeps keepGraphs graphs; the driver, the facts of
	// their dependencies only.
	for _, p := range []string{"a/a.go", "b/b.go", "user/user.go", "broken/broken.go"} {
		analyze(filepath.Join(dir, p), map[string][]byte{cPath: cText, bPath: bText}, "loaded")
	}
	reachable := make(map[*packages.Package]bool)
	packages.Visit(l.keptRoots(), func(p *packages.Package) bool { reachable[p] = true; return true }, nil)
	for p := range l.driver.facts {
		if !reachable[p] {
			t.Errorf("facts of %s kept, though no kept graph holds it", p)
		}
	}
	if len(l.graphs) != keepGraphs || len(l.driver.facts) == 0 {
		t.Errorf("%d graphs kept and facts of %d packages", len(l.graphs), len(l.driver.facts))
	}
}
