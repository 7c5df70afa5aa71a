package proof

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"slices"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestEveryFixTypeChecks covers what building with the first fixes cannot:
// the other fixes of a diagnostic (the alternatives a user picks in an
// editor, kept in txtar goldens). On the analysistest tree, each fix of each
// diagnostic with more than one is applied alone, and its package must still
// type-check (against export data, in process: a go build per fix would cost
// minutes).
func TestEveryFixTypeChecks(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks every alternative fix")
	}
	src, gopath := tree(t)
	guard(t, false)
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: src, Env: gopathEnv(gopath), Tests: true}
	pkgs, err := packages.Load(cfg, treePackages(t, src)...)
	if err != nil {
		t.Fatal(err)
	}
	imports := slices.Clone(fixImports)
	for _, p := range pkgs {
		for path := range p.Imports {
			imports = append(imports, path)
		}
	}
	exp, err := loadExports(src, gopath, imports)
	if err != nil {
		t.Fatal(err)
	}
	graph, err := checker.Analyze(analyzers.All(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := make(map[string]bool)
	checked := 0
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Errorf("%v: %v", act, act.Err)
			continue
		}
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) < 2 {
				continue
			}
			posn := act.Package.Fset.Position(d.Pos)
			for i, fix := range d.SuggestedFixes {
				key := posn.String() + "\x00" + fix.Message + "\x00" + act.Package.ID
				if seen[key] {
					continue
				}
				seen[key] = true
				checked++
				if err := typecheckWith(act.Package, act.Analyzer.Name, fix, exp); err != nil {
					t.Errorf("%s: %s: fix %d of %q (%s) breaks the package: %v", posn, act.Analyzer.Name, i, d.Message, fix.Message, err)
				}
			}
		}
	}
	if checked == 0 && !t.Failed() {
		// Every diagnostic offers one fix today (TestFixesCompileTree builds
		// those); say so rather than pass having checked nothing.
		t.Skip("no diagnostic offers more than one fix: nothing to type-check")
	}
	t.Logf("%d fixes of diagnostics with alternatives type-checked", checked)
}

// typecheckWith type-checks pkg with fix applied to its files and returns
// the first error, soft ones included: go build rejects an unused variable or
// import too.
func typecheckWith(pkg *packages.Package, analyzer string, fix analysis.SuggestedFix, exp exports) error {
	p := make(plan)
	p.add(pkg.Fset, analyzer, analysis.Diagnostic{SuggestedFixes: []analysis.SuggestedFix{fix}}, nil)
	if c := p.conflicts(); len(c) > 0 {
		return errors.New(c[0])
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range pkg.CompiledGoFiles {
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		if edits, ok := p[name]; ok {
			data = apply(data, edits)
		}
		f, err := parser.ParseFile(fset, name, data, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	var first error
	conf := &types.Config{Importer: exp, Error: func(err error) {
		if first == nil {
			first = err
		}
	}}
	conf.Check(pkg.PkgPath, fset, files, nil)
	return first
}
