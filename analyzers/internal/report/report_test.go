package report_test

import (
	"go/ast"
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// demo reports every call to println, through a Reporter.
var demo = &analysis.Analyzer{
	Name:     "demo",
	Doc:      "report println calls",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := report.New(pass)
		ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		ins.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
			if id, ok := n.(*ast.CallExpr).Fun.(*ast.Ident); ok && id.Name == "println" {
				r.Report(analysis.Diagnostic{Pos: n.Pos(), Message: "println call"})
			}
		})
		return nil, nil
	},
}

func TestSuppress(t *testing.T) {
	testutil.Run(t, demo, "report/suppress")
}
