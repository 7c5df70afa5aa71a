package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/eval"
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
//   - it is made after a failure: in the body of an if that tests for one
//     (err != nil), after an if that returns when the attempt before it,
//     a call that reaches another process, succeeded (if err == nil {
//     return nil }; see returnedOnSuccess), in a case of a switch on an
//     error other than nil, or in
//     a function literal that is handed the error (retry := func(err
//     error) ...); see afterFailure;
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
		if callee == nil || callee.Origin() != fn.Origin() || !a.countsDown(decl, fn, call) ||
			!afterFailure(a.info, c) && !a.returnedOnSuccess(decl, c) {
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
		if !typematch.IsInteger(p.Type()) {
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
// in the body of an if whose condition has a conjunct that holds only on
// one (err != nil, errors.Is(err, errBusy), isRetryable(err)), in the else
// of an if err == nil, in a case of a switch or type switch on an error
// other than nil (or its default when a case is nil; for an error that is
// an integer code, its zero plays nil's part), in a case of a
// tagless switch that tests a failure, or in a function literal that takes
// an error. (A call after a return on success is returnedOnSuccess's.)
func afterFailure(info *types.Info, cur inspector.Cursor) bool {
	call := cur.Node()
	for c := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.CaseClause)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch n := c.Node().(type) {
		case *ast.IfStmt:
			if within(call, n.Body) && anyFailed(info, eval.Conjuncts(n.Cond)) ||
				n.Else != nil && within(call, n.Else) && isNilTest(info, n.Cond, token.EQL) {
				return true
			}
		case *ast.CaseClause:
			if failureCase(info, c.Parent().Parent().Node(), n) {
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

// failureCase reports whether clause, of the switch or type switch sw, is
// taken only on a failure.
func failureCase(info *types.Info, sw ast.Node, clause *ast.CaseClause) bool {
	var subject ast.Expr // the error switched on
	var clauses []ast.Stmt
	switch sw := sw.(type) {
	case *ast.SwitchStmt:
		if sw.Tag == nil {
			return anyFailed(info, clause.List)
		}
		subject, clauses = sw.Tag, sw.Body.List
	case *ast.TypeSwitchStmt:
		subject, clauses = typeSwitchSubject(sw), sw.Body.List
	default:
		return false
	}
	if subject == nil {
		return false
	}
	// The value that means no error: nil, or for an error that is a code
	// (sarama's KError, switched on as block.Err), its zero (ErrNoError),
	// with every case a constant.
	none := func(e ast.Expr) bool { return info.Types[e].IsNil() }
	if !errorTyped(info, subject) {
		if !errorCode(info.TypeOf(subject)) || slices.ContainsFunc(clauses, func(s ast.Stmt) bool {
			return slices.ContainsFunc(s.(*ast.CaseClause).List, func(e ast.Expr) bool { return info.Types[e].Value == nil })
		}) {
			return false
		}
		none = func(e ast.Expr) bool { return eval.IsZero(info.Types[e].Value) }
	}
	hasNone := func(s ast.Stmt) bool {
		cc, ok := s.(*ast.CaseClause)
		return ok && slices.ContainsFunc(cc.List, none)
	}
	if clause.List == nil { // default
		return slices.ContainsFunc(clauses, hasNone)
	}
	return !hasNone(clause)
}

// errorCode reports whether t is an error that is an integer code (type
// KError int16 with an Error method), whose zero value is, by Go's
// convention for zero values, no error.
func errorCode(t types.Type) bool {
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0 && typematch.ImplementsError(t)
}

// anyFailed reports whether one of conds holds only on a failure: an error
// compared unequal to nil, or a call handed an error that answers a bool
// (errors.Is(err, errBusy), isRetryable(err)).
func anyFailed(info *types.Info, conds []ast.Expr) bool {
	return slices.ContainsFunc(conds, func(e ast.Expr) bool {
		if isNilTest(info, e, token.NEQ) {
			return true
		}
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || !isBool(info.TypeOf(call)) {
			return false
		}
		return slices.ContainsFunc(call.Args, func(arg ast.Expr) bool { return errorTyped(info, arg) })
	})
}

// isNilTest reports whether e compares an error with nil by op.
func isNilTest(info *types.Info, e ast.Expr, op token.Token) bool {
	be, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || be.Op != op {
		return false
	}
	return errorTyped(info, be.X) && info.Types[be.Y].IsNil() || errorTyped(info, be.Y) && info.Types[be.X].IsNil()
}

// returnedOnSuccess reports whether the call at cur runs only after an
// attempt failed, because an if before it on its path returned when the
// attempt succeeded:
//
//	err := c.status(u)
//	if err == nil { return nil }
//
// (or the attempt in the if's init). The attempt is the call that last
// gave the error before that if (an error last given otherwise, by a
// cache, is no attempt's), and it must reach another
// process (a check of a local file that returns early is no attempt). An if
// after it that returns on the failure of a later call that reaches
// another process makes what follows a success path of that call (the next
// part of an upload), and no retry; one that returns on this attempt's
// failure (errors.Is(err, errBusy)) or on the context's does not.
func (a *recogniser) returnedOnSuccess(decl *ast.FuncDecl, cur inspector.Cursor) bool {
	before, _ := pathBefore(cur)
	var onSuccess *ast.IfStmt
	var tested types.Object
	for _, c := range before {
		if is, ok := c.Node().(*ast.IfStmt); ok && isNilTest(a.info, is.Cond, token.EQL) && returnsIn(is.Body) {
			if onSuccess == nil || is.Pos() > onSuccess.Pos() {
				onSuccess, tested = is, nilTested(a.info, is.Cond)
			}
		}
	}
	if onSuccess == nil || tested == nil {
		return false
	}
	attempt := a.lastCallGiving(tested, before, onSuccess)
	if attempt == nil || a.reaches(attempt, decl) != Reaches {
		return false
	}
	for _, c := range before {
		is, ok := c.Node().(*ast.IfStmt)
		if !ok || is.Pos() < onSuccess.Pos() || !anyFailed(a.info, eval.Conjuncts(is.Cond)) || !returnsIn(is.Body) {
			continue
		}
		for n := range ast.Preorder(is.Cond) {
			id, isIdent := n.(*ast.Ident)
			if !isIdent || !errorTyped(a.info, id) {
				continue
			}
			v := identObj(a.info, id)
			if later := a.lastCallGiving(v, before, is); later != nil && later.Pos() > onSuccess.Pos() && a.reaches(later, decl) == Reaches {
				return false
			}
		}
	}
	return true
}

// lastCallGiving returns the call that last gives the error v before the
// if at: in its init, or in the last statement of the path before it (or
// nested in one) that assigns v, when that statement is such a call's (err
// := c.status(u)); nil when v's last value there comes from something else.
func (a *recogniser) lastCallGiving(v types.Object, before []inspector.Cursor, at *ast.IfStmt) *ast.CallExpr {
	if call := a.errorFrom(at.Init, v); call != nil {
		return call
	}
	var last *ast.AssignStmt
	for _, c := range before {
		if c.Node().Pos() >= at.Pos() {
			continue
		}
		for s := range c.Preorder((*ast.AssignStmt)(nil)) {
			as := s.Node().(*ast.AssignStmt)
			if slices.ContainsFunc(as.Lhs, func(l ast.Expr) bool { return identObj(a.info, l) == v }) && (last == nil || as.Pos() > last.Pos()) {
				last = as
			}
		}
	}
	if last == nil {
		return nil
	}
	return a.errorFrom(last, v)
}

// returnsIn reports whether block ends in a return.
func returnsIn(block *ast.BlockStmt) bool {
	if len(block.List) == 0 {
		return false
	}
	_, ok := block.List[len(block.List)-1].(*ast.ReturnStmt)
	return ok
}

// nilTested returns the variable that cond, a comparison of an error with
// nil, tests, or nil for another operand.
func nilTested(info *types.Info, cond ast.Expr) types.Object {
	be := ast.Unparen(cond).(*ast.BinaryExpr)
	x := be.X
	if info.Types[x].IsNil() {
		x = be.Y
	}
	return identObj(info, x)
}

// errorFrom returns the call of which stmt assigns the error v, one of its
// results (err := c.status(u), resp, err = c.hc.Do(req)), or nil.
func (a *recogniser) errorFrom(stmt ast.Node, v types.Object) *ast.CallExpr {
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !slices.ContainsFunc(as.Lhs, func(l ast.Expr) bool { return identObj(a.info, l) == v }) {
		return nil
	}
	return call
}

// within reports whether n lies inside m.
func within(n, m ast.Node) bool { return m.Pos() <= n.Pos() && n.End() <= m.End() }

// errorTyped reports whether e is of type error.
func errorTyped(info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	return t != nil && typematch.IsError(t)
}

// waitsBefore returns the waits made before the call at cur on its path
// (pathBefore), and the function it is in. A deferred wait, or one in a
// goroutine, does not come before the call.
func (a *recogniser) waitsBefore(cur inspector.Cursor) (waits []Wait, fn ast.Node) {
	before, fn := pathBefore(cur)
	for _, stmt := range before {
		waits = append(waits, a.waitsIn(stmt)...)
	}
	return waits, fn
}

// pathBefore returns the statements that run before the node at cur on its
// path: those before it in its block and in each enclosing block (not
// other cases of a switch or select), and the communication of the select
// case it is in, up to the function (declaration or literal) it is in,
// which it also returns.
func pathBefore(cur inspector.Cursor) (before []inspector.Cursor, fn ast.Node) {
	for c := cur; ; c = c.Parent() {
		kind, idx := c.ParentEdge()
		switch kind {
		case edge.BlockStmt_List, edge.CaseClause_Body, edge.CommClause_Body:
			switch c.Node().(type) {
			case *ast.CaseClause, *ast.CommClause:
				continue // the cases before it are other paths
			}
			for i := range idx {
				before = append(before, c.Parent().ChildAt(kind, i))
			}
			if kind == edge.CommClause_Body && c.Parent().Node().(*ast.CommClause).Comm != nil {
				before = append(before, c.Parent().ChildAt(edge.CommClause_Comm, -1))
			}
		case edge.FuncDecl_Body, edge.FuncLit_Body:
			return before, c.Parent().Node()
		case edge.Invalid:
			return before, nil
		}
	}
}

// waitsIn returns the waits of the statement at stmt that run where it
// stands: not those it defers or starts in a goroutine.
func (a *recogniser) waitsIn(stmt inspector.Cursor) []Wait {
	var later []ast.Node
	for c := range stmt.Preorder((*ast.DeferStmt)(nil), (*ast.GoStmt)(nil)) {
		later = append(later, c.Node())
	}
	waits := a.listWaits(stmt, stmt.Node().(ast.Stmt))
	return slices.DeleteFunc(waits, func(w Wait) bool {
		return slices.ContainsFunc(later, func(n ast.Node) bool { return within(w.Node, n) })
	})
}
