package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// A function can retry without a loop: after a failure it waits and calls
// itself again with one attempt fewer. sarama retries that way throughout:
// fetchInitialOffset answers an offsets-loading error by waiting the
// metadata backoff and returning fetchInitialOffset(topic, partition,
// retries-1); retryJoinSync waits the rebalance backoff and calls itself
// with retries-1 when refreshing the coordinator fails; findCoordinator's
// retry closure sleeps, takes one off attemptsRemaining and calls
// findCoordinator again.
//
// Such a call is a retry when
//   - it passes one of the function's integer parameters less one (n-1, or n
//     after n-- or n -= 1): a count of the attempts left, which a poll that
//     goes on until a condition holds does not keep;
//   - it is made after a failure: under an if whose condition tests an
//     error, in a case of a switch on an error, or in a function literal
//     that is handed the error (retry := func(err error) ...);
//   - a wait comes before it on its path: in a statement before it in its
//     block or an enclosing one, inside the same function (not deferred);
//   - and the function certainly reaches another process.

// recursiveSites returns the retries by recursion in decl.
func (a *recogniser) recursiveSites(decl *ast.FuncDecl) []*Site {
	fn, ok := a.info.Defs[decl.Name].(*types.Func)
	body, hasBody := a.bodies[decl]
	if !ok || !hasBody {
		return nil
	}
	var sites []*Site
	for c := range body.Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		callee := typematch.Callee(a.info, call)
		if callee == nil || callee.Origin() != fn.Origin() || !a.countsDown(decl, fn, call) || !afterFailure(a.info, c) {
			continue
		}
		waits, inner := a.waitsBefore(c)
		if len(waits) == 0 || a.reaches(call, decl) != Reaches {
			continue
		}
		sites = append(sites, &Site{Kind: Recursion, Node: call, Attempt: decl.Body, Func: inner, Bound: Bound{Kind: Unknown}, Waits: waits})
	}
	return sites
}

// countsDown reports whether the call of fn passes one of fn's integer
// parameters less one: n-1, or n itself when decl takes one off it
// (n--, n -= 1).
func (a *recogniser) countsDown(decl *ast.FuncDecl, fn *types.Func, call *ast.CallExpr) bool {
	params := fn.Signature().Params()
	for i := range params.Len() {
		p := params.At(i)
		if !isInteger(p.Type()) {
			continue
		}
		arg := typematch.ArgFor(a.info, fn, call, i)
		if arg == nil {
			continue
		}
		if be, ok := ast.Unparen(arg).(*ast.BinaryExpr); ok && be.Op == token.SUB && isIdentOf(a.info, be.X, p) {
			if n, ok := a.intConst(be.Y); ok && n == 1 {
				return true
			}
		}
		if isIdentOf(a.info, arg, p) && a.decremented(decl, p) {
			return true
		}
	}
	return false
}

// decremented reports whether decl takes one off v (v--, v -= 1).
func (a *recogniser) decremented(decl *ast.FuncDecl, v *types.Var) bool {
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && !found {
			if obj, down := a.step(st); obj == v && down {
				found = true
			}
		}
		return !found
	})
	return found
}

// afterFailure reports whether the call at cur runs only after a failure:
// inside an if whose condition tests an error, a case of a switch on an
// error, or a function literal that takes an error.
func afterFailure(info *types.Info, cur inspector.Cursor) bool {
	for c := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.CaseClause)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch n := c.Node().(type) {
		case *ast.IfStmt:
			call := cur.Node()
			inCond := n.Cond.Pos() <= call.Pos() && call.End() <= n.Cond.End()
			if !inCond && testsError(info, n.Cond) {
				return true
			}
		case *ast.CaseClause:
			if sw, ok := c.Parent().Parent().Node().(*ast.SwitchStmt); ok && (sw.Tag != nil && errorTyped(info, sw.Tag) || anyError(info, n.List)) {
				return true
			}
		case *ast.FuncLit:
			sig, ok := info.TypeOf(n).(*types.Signature)
			if !ok {
				return false
			}
			params := sig.Params()
			for i := range params.Len() {
				if typematch.IsError(params.At(i).Type()) {
					return true
				}
			}
			return false // the literal's own body decides
		case *ast.FuncDecl:
			return false
		}
	}
	return false
}

// testsError reports whether cond mentions a value of type error.
func testsError(info *types.Info, cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && !found {
			found = errorTyped(info, e)
		}
		return !found
	})
	return found
}

// anyError reports whether one of list is of type error.
func anyError(info *types.Info, list []ast.Expr) bool {
	for _, e := range list {
		if errorTyped(info, e) {
			return true
		}
	}
	return false
}

// errorTyped reports whether e is of type error.
func errorTyped(info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	return t != nil && typematch.IsError(t)
}

// isInteger reports whether t is an integer type.
func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// waitsBefore returns the waits made before the call at cur on its path:
// in the statements that come before it in its block and in each enclosing
// block, up to the function (declaration or literal) it is in, which it
// also returns.
func (a *recogniser) waitsBefore(cur inspector.Cursor) (waits []Wait, fn ast.Node) {
	for c := cur; ; c = c.Parent() {
		kind, idx := c.ParentEdge()
		switch kind {
		case edge.BlockStmt_List, edge.CaseClause_Body, edge.CommClause_Body:
			for i := range idx {
				stmt := c.Parent().ChildAt(kind, i)
				switch stmt.Node().(type) {
				case *ast.DeferStmt, *ast.GoStmt:
					continue // runs after the call, or beside it
				}
				waits = append(waits, a.listWaits(stmt, stmt.Node().(ast.Stmt))...)
			}
		case edge.FuncDecl_Body, edge.FuncLit_Body:
			return waits, c.Parent().Node()
		case edge.Invalid:
			return waits, nil
		}
	}
}
