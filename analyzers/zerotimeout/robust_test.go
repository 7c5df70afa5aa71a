package zerotimeout_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/zerotimeout"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// TestMissingTypeInfo runs the analyzer on its test packages with type
// information missing (as a driver that runs despite errors may give it):
// it must neither panic nor report.
func TestMissingTypeInfo(t *testing.T) {
	fset := token.NewFileSet()
	http, err := importer.ForCompiler(fset, "source", nil).Import("net/http")
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range []string{"basic", "setbefore", "names", "dot", "layout"} {
		dir := testutil.SrcDir("zerotimeout/" + pkg)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var files []*ast.File
		for _, e := range entries {
			if filepath.Ext(e.Name()) != ".go" {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		p := types.NewPackage("zerotimeout/"+pkg, pkg)
		p.SetImports([]*types.Package{http})
		pass := &analysis.Pass{
			Analyzer:  zerotimeout.Analyzer,
			Fset:      fset,
			Files:     files,
			Pkg:       p,
			TypesInfo: &types.Info{},
			ResultOf:  map[*analysis.Analyzer]any{inspect.Analyzer: inspector.New(files)},
			Report:    func(d analysis.Diagnostic) { t.Errorf("%s: reported without type information: %s", pkg, d.Message) },
		}
		if _, err := zerotimeout.Analyzer.Run(pass); err != nil {
			t.Errorf("%s: %v", pkg, err)
		}
	}
}
