package nojitter

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/fixes"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// retryablehttp reports what the package configures outside a retry call
// and leaves without jitter: go-retryablehttp clients that retry (RetryMax
// > 0, 4 by default) with DefaultBackoff, calls of its package-level
// functions, whose default client does, and go-retry backoffs made without a
// jitter wrapper (goRetryBackoffs). run calls it once per package, after the
// retry sites, whose reports the go-retry check relies on.
func (c *checker) retryablehttp() {
	rhttp := typematch.Imports(c.pass.Pkg, apis.RetryableHTTP)
	if !rhttp && !typematch.Imports(c.pass.Pkg, apis.GoRetry) {
		return
	}
	insp, ok := c.pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	if !ok {
		return
	}
	info := c.pass.TypesInfo
	var clients, backoffs []inspector.Cursor
	var defaults []*ast.CallExpr
	f := newFlow(c.pass, insp.Root(), func(cur inspector.Cursor) {
		switch n := cur.Node().(type) {
		case *ast.CallExpr:
			fn := typematch.Callee(info, n)
			switch {
			case fn == nil || fn.Pkg() == nil:
			case fn.Pkg().Path() == apis.GoRetry && returnsGoRetryBackoff(fn):
				backoffs = append(backoffs, cur)
			case typematch.IsFunc(fn, apis.RetryMax.Pkg, apis.RetryMax.Constructor):
				clients = append(clients, cur)
			case isDefaultClientFunc(fn):
				defaults = append(defaults, n)
			}
		case *ast.CompositeLit:
			if typematch.IsNamed(info.TypeOf(n), apis.RetryMax.Pkg, apis.RetryMax.Type) {
				clients = append(clients, cur)
			}
		}
	})
	c.goRetryBackoffs(f, backoffs)
	if !rhttp {
		return
	}
	reported := map[token.Pos]bool{}
	for _, cur := range clients {
		c.client(f, cur, reported)
	}
	for _, call := range defaults {
		c.defaultClient(call)
	}
}

func isDefaultClientFunc(fn *types.Func) bool {
	for _, name := range apis.RetryableHTTPDefaultFuncs {
		if typematch.IsFunc(fn, apis.RetryableHTTP, name) {
			return true
		}
	}
	return false
}

// defaultClient reports a call of retryablehttp.Get, Head, Post or
// PostForm. No fix: a client made per call would drop the connection pool
// the default client shares, and where a client of the package's own should
// live is the author's call.
func (c *checker) defaultClient(call *ast.CallExpr) {
	if c.rep.Skip(call.Pos()) {
		return
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	c.rep.Report(analysis.Diagnostic{
		Pos: call.Pos(),
		End: call.End(),
		Message: fmt.Sprintf("retryablehttp.%s sends through the package's default client, which backs off without jitter (DefaultBackoff, up to %d retries): %s; send through a client of your own with Backoff set to retryablehttp.LinearJitterBackoff",
			fn.Name(), apis.RetryMax.CtorRetries, herd),
	})
}

// clientUse is what the package does with one client, wherever it goes.
type clientUse struct {
	// backoffs are the statements that set its Backoff (c.Backoff = f);
	// backoffUnknown is set when one sets it in a tuple, unread.
	backoffs       []*ast.AssignStmt
	backoffUnknown bool
	// retryMax are the values given to its RetryMax; retryMaxUnknown is set
	// when it is also changed in a way not listed (c.RetryMax++, a tuple).
	retryMax        []ast.Expr
	retryMaxUnknown bool
	// configured: a field of it is set (c.RetryWaitMax = d,
	// c.HTTPClient.Timeout = d); used: a method of it is called (c.Do,
	// c.StandardClient) or a RoundTripper sends through it.
	configured, used bool
}

// client judges a client the package makes, NewClient() or a Client literal,
// followed through the package (see flow):
//
//   - a Backoff set anywhere to something other than DefaultBackoff: the
//     package chose its backoff; quiet. So is a client that does not retry
//     (RetryMax 0, or a value that is not a constant).
//   - Backoff: DefaultBackoff in a literal, or c.Backoff = DefaultBackoff:
//     reported there, whatever happens to the client later.
//   - NewClient() left on its DefaultBackoff: reported where it is made
//     when the package configures it or sends through it (a constructor
//     that sets RetryMax and returns it; a client kept in a field that a
//     method uses). A client the package makes and hands on untouched, or
//     loses to code out of sight, may get its Backoff there: quiet.
func (c *checker) client(f *flow, cur inspector.Cursor, reported map[token.Pos]bool) {
	var (
		u        clientUse
		start    = cur
		isLit    bool
		explicit ast.Expr // a literal's Backoff
		initial  ast.Expr // a literal's RetryMax
	)
	if lit, ok := cur.Node().(*ast.CompositeLit); ok {
		isLit = true
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return // a positional literal
			}
			if k, ok := kv.Key.(*ast.Ident); ok {
				switch k.Name {
				case "Backoff":
					explicit = kv.Value
				case apis.RetryMax.Field:
					initial = kv.Value
				}
			}
		}
		if k, _ := cur.ParentEdge(); k == edge.UnaryExpr_X && cur.Parent().Node().(*ast.UnaryExpr).Op == token.AND {
			start = cur.Parent()
		}
	}
	gone := f.follow(start, c.clientRule(&u))
	if u.backoffUnknown {
		return
	}
	for _, as := range u.backoffs {
		if !c.isDefaultBackoff(as.Rhs[0]) {
			return
		}
	}
	if !c.retries(&u, isLit, initial) {
		return
	}
	if explicit != nil && c.isDefaultBackoff(explicit) {
		c.reportClient(explicit, explicit, nil, reported)
	}
	for _, as := range u.backoffs {
		c.reportClient(as, as.Rhs[0], nil, reported)
	}
	if isLit || len(u.backoffs) > 0 || gone || !u.configured && !u.used {
		return
	}
	c.reportClient(cur.Node(), nil, c.setBackoffFix(cur), reported)
}

// clientRule is the flow's rule for a go-retryablehttp client: it records
// the settings made through the expression h that holds it, and its uses.
func (c *checker) clientRule(u *clientUse) func(h inspector.Cursor) verdict {
	info := c.pass.TypesInfo
	return func(h inspector.Cursor) verdict {
		k, _ := h.ParentEdge()
		p := h.Parent()
		switch k {
		case edge.SelectorExpr_X:
			s := info.Selections[p.Node().(*ast.SelectorExpr)]
			if s == nil {
				return goOn
			}
			if s.Kind() != types.FieldVal {
				u.used = true // c.Do, c.Get, c.StandardClient(): it sends
				return settled
			}
			// A write through a field of the client configures it.
			top := p
			for k, _ := top.ParentEdge(); k == edge.SelectorExpr_X; k, _ = top.ParentEdge() {
				top = top.Parent()
			}
			switch k, _ := top.ParentEdge(); k {
			case edge.AssignStmt_Lhs:
				u.configured = true
				if top == p {
					c.setting(u, s.Obj(), top.Parent().Node().(*ast.AssignStmt))
				}
			case edge.IncDecStmt_X:
				u.configured = true
				if top == p && s.Obj().Name() == apis.RetryMax.Field {
					u.retryMaxUnknown = true
				}
			case edge.UnaryExpr_X:
				return lost // &c.RetryMax: set where it cannot be seen
			}
			return settled
		case edge.KeyValueExpr_Value:
			if lit, ok := p.Parent().Node().(*ast.CompositeLit); ok && typematch.IsNamed(info.TypeOf(lit), apis.RetryableHTTP, "RoundTripper") {
				u.used = true // &retryablehttp.RoundTripper{Client: c} sends through it
				return settled
			}
		}
		return goOn
	}
}

// setting records c.Backoff = x or c.RetryMax = n, where lhs is c.Field.
func (c *checker) setting(u *clientUse, field types.Object, as *ast.AssignStmt) {
	if field.Pkg() == nil || field.Pkg().Path() != apis.RetryableHTTP {
		return
	}
	simple := len(as.Lhs) == 1 && len(as.Rhs) == 1 && as.Tok == token.ASSIGN
	switch field.Name() {
	case "Backoff":
		if simple {
			u.backoffs = append(u.backoffs, as)
		} else {
			u.backoffUnknown = true
		}
	case apis.RetryMax.Field:
		if !simple {
			u.retryMaxUnknown = true
			return
		}
		u.retryMax = append(u.retryMax, as.Rhs[0])
	}
}

// retries reports whether the client retries (apis.RetryMax): every
// RetryMax it is given is a constant that makes more than one attempt;
// without one, NewClient's default does and a literal's own RetryMax (none
// when left out) decides.
func (c *checker) retries(u *clientUse, isLit bool, initial ast.Expr) bool {
	if u.retryMaxUnknown {
		return false
	}
	k := &apis.RetryMax
	vals := u.retryMax
	if len(vals) == 0 {
		if !isLit {
			return k.DefaultAttempts() > 1
		}
		if initial == nil {
			return k.Attempts(k.LiteralRetries) > 1
		}
		vals = []ast.Expr{initial}
	}
	for _, v := range vals {
		if n, ok := c.constInt(v); !ok || k.Attempts(int(n)) <= 1 {
			return false
		}
	}
	return true
}

// setBackoffFix sets the Backoff of a client made by c := NewClient() (or
// s.client = NewClient()) on the line after it (after any comment that ends
// the line). A client made inside an expression (a literal's field, a
// return) gets no fix: there is no statement to add the setting after.
func (c *checker) setBackoffFix(cur inspector.Cursor) []analysis.TextEdit {
	if k, _ := cur.ParentEdge(); k != edge.AssignStmt_Rhs {
		return nil
	}
	as := cur.Parent().Node().(*ast.AssignStmt)
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 || !pure(as.Lhs[0]) {
		return nil
	}
	switch k, _ := cur.Parent().ParentEdge(); k {
	case edge.BlockStmt_List, edge.CaseClause_Body, edge.CommClause_Body:
	default:
		return nil // an if or for statement's init
	}
	f := source.File(c.pass.Files, as.Pos())
	tf := c.pass.Fset.File(as.End())
	if f == nil || tf == nil {
		return nil
	}
	line := tf.Line(as.End())
	if line >= tf.LineCount() {
		return nil
	}
	eol := tf.LineStart(line+1) - 1
	q, edits := fixes.AddImport(c.pass.TypesInfo, f, as.Pos(), apis.RetryableHTTP, "retryablehttp")
	indent := strings.Repeat("\t", max(c.pass.Fset.Position(as.Pos()).Column-1, 0))
	return append(edits, analysis.TextEdit{Pos: eol, End: eol,
		NewText: fmt.Appendf(nil, "\n%s%s.Backoff = %s", indent, types.ExprString(as.Lhs[0]), fixes.QualifiedName(q, "LinearJitterBackoff"))})
}

// pure reports whether e names a variable or a field of one (c, s.client,
// s.cfg.client): evaluating it again has no effect.
func pure(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name != "_"
	case *ast.SelectorExpr:
		return pure(e.X)
	}
	return false
}

// reportClient reports at node; value, when set, is the DefaultBackoff to
// replace; edits, when set, are the fix. A setting reached from several
// clients is reported once.
func (c *checker) reportClient(node ast.Node, value ast.Expr, edits []analysis.TextEdit, reported map[token.Pos]bool) {
	if reported[node.Pos()] || c.rep.Skip(node.Pos()) {
		return
	}
	reported[node.Pos()] = true
	if value != nil {
		if sel, ok := ast.Unparen(value).(*ast.SelectorExpr); ok {
			edits = []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("LinearJitterBackoff")}}
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

func (c *checker) isDefaultBackoff(e ast.Expr) bool {
	return typematch.IsFunc(c.pass.TypesInfo.Uses[typematch.Ident(e)], apis.RetryableHTTP, "DefaultBackoff")
}

func (c *checker) constInt(e ast.Expr) (int64, bool) { return eval.Int(c.pass.TypesInfo.Types[e]) }
