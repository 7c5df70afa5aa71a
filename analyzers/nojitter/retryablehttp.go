package nojitter

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/fixes"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

const retryablehttpPath = "github.com/hashicorp/go-retryablehttp"

// retryablehttp reports go-retryablehttp clients that retry (RetryMax > 0,
// 4 by default) with DefaultBackoff, which does not jitter.
func (c *checker) retryablehttp() {
	if !typematch.Imports(c.pass.Pkg, retryablehttpPath) {
		return
	}
	insp, ok := c.pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	if !ok {
		return
	}
	for cur := range insp.Root().Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.CallExpr:
			if typematch.IsFunc(typematch.Callee(c.pass.TypesInfo, n), retryablehttpPath, "NewClient") {
				c.newClient(insp.Root(), n, cur.Parent().Node())
			}
		case *ast.CompositeLit:
			if typematch.IsNamed(c.pass.TypesInfo.TypeOf(n), retryablehttpPath, "Client") {
				c.clientLiteral(n)
			}
		}
	}
}

// newClient follows c := retryablehttp.NewClient() through the function's
// settings of c.Backoff and c.RetryMax. A client that escapes the function
// before it is configured (returned, passed on) may be configured elsewhere:
// quiet.
func (c *checker) newClient(root inspector.Cursor, call *ast.CallExpr, parent ast.Node) {
	as, ok := parent.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return
	}
	v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() {
		return
	}
	vals, complete := c.res.Values(v)
	if !complete || len(vals) != 1 {
		return
	}
	var backoff, retryMax *ast.AssignStmt
	escapes := false
	for use, obj := range c.pass.TypesInfo.Uses {
		if obj != v {
			continue
		}
		sel, set := selectorOf(root, use)
		if sel == nil {
			escapes = true
			break
		}
		if set != nil {
			switch sel.Sel.Name {
			case "Backoff":
				backoff = set
			case "RetryMax":
				retryMax = set
			}
		}
	}
	if escapes {
		return
	}
	if backoff != nil {
		if c.isDefaultBackoff(backoff.Rhs[0]) && c.retries(retryMax) {
			c.reportClient(backoff, backoff.Rhs[0], nil)
		}
		return
	}
	if !c.retries(retryMax) {
		return
	}
	// Insert the setting on the line after the client is made (after any
	// comment that ends its line).
	f := c.file(as.Pos())
	tf := c.pass.Fset.File(as.End())
	if f == nil || tf == nil {
		return
	}
	line := tf.Line(as.End())
	if line >= tf.LineCount() {
		return
	}
	eol := tf.LineStart(line+1) - 1
	q, edits := fixes.AddImport(c.pass.TypesInfo, f, as.Pos(), retryablehttpPath, "retryablehttp")
	indent := strings.Repeat("\t", max(c.pass.Fset.Position(as.Pos()).Column-1, 0))
	edits = append(edits, analysis.TextEdit{Pos: eol, End: eol,
		NewText: fmt.Appendf(nil, "\n%s%s.Backoff = %s", indent, id.Name, fixes.QualifiedName(q, "LinearJitterBackoff"))})
	c.reportClient(call, nil, edits)
}

// clientLiteral reports &retryablehttp.Client{RetryMax: n, Backoff: DefaultBackoff}.
func (c *checker) clientLiteral(lit *ast.CompositeLit) {
	var backoff, retryMax ast.Expr
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return
		}
		if k, ok := kv.Key.(*ast.Ident); ok {
			switch k.Name {
			case "Backoff":
				backoff = kv.Value
			case "RetryMax":
				retryMax = kv.Value
			}
		}
	}
	if backoff == nil || retryMax == nil || !c.isDefaultBackoff(backoff) {
		return
	}
	if n, ok := c.constInt(retryMax); !ok || n <= 0 {
		return
	}
	c.reportClient(backoff, backoff, nil)
}

// reportClient reports at node; value, when set, is the DefaultBackoff to
// replace; edits, when set, are the fix.
func (c *checker) reportClient(node ast.Node, value ast.Expr, edits []analysis.TextEdit) {
	if c.rep.Skip(node.Pos()) {
		return
	}
	if value != nil {
		if call, ok := value.(*ast.SelectorExpr); ok {
			edits = []analysis.TextEdit{{Pos: call.Sel.Pos(), End: call.Sel.End(), NewText: []byte("LinearJitterBackoff")}}
		} else {
			edits = nil
		}
	}
	d := analysis.Diagnostic{
		Pos: node.Pos(), End: node.End(),
		Message: "retryablehttp client retries with DefaultBackoff, which has no jitter: " + herd + "; use retryablehttp.LinearJitterBackoff",
	}
	if len(edits) > 0 {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: "use LinearJitterBackoff", TextEdits: edits}}
	}
	c.rep.Report(d)
}

// selectorOf returns the selector id.X whose base is id, and the
// assignment statement that sets it, if any.
func selectorOf(root inspector.Cursor, id *ast.Ident) (*ast.SelectorExpr, *ast.AssignStmt) {
	cur, ok := root.FindNode(id)
	if !ok {
		return nil, nil
	}
	sel, ok := cur.Parent().Node().(*ast.SelectorExpr)
	if !ok || sel.X != id {
		return nil, nil
	}
	as, ok := cur.Parent().Parent().Node().(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Lhs[0] != sel {
		return sel, nil
	}
	return sel, as
}

func (c *checker) isDefaultBackoff(e ast.Expr) bool {
	e = ast.Unparen(e)
	var id *ast.Ident
	switch x := e.(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return false
	}
	return typematch.IsFunc(c.pass.TypesInfo.Uses[id], retryablehttpPath, "DefaultBackoff")
}

// retries reports whether a client whose RetryMax is set by as (nil: the
// default of 4) retries.
func (c *checker) retries(as *ast.AssignStmt) bool {
	if as == nil {
		return true
	}
	n, ok := c.constInt(as.Rhs[0])
	return ok && n > 0
}

func (c *checker) constInt(e ast.Expr) (int64, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	return constantInt(tv)
}
