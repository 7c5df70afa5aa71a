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
//     goes on until a condition holds does not keep; or one more (n+1, or n
//     after n++) when a comparison of that parameter bounds the call (if
//     attempt >= max { return ... } before it, or if attempt < max around
//     it: cohere's Retrier.run counts its attempts up);
//   - it is made after a failure: in the body of an if that tests for one
//     (err != nil), after an if that returns when the attempt before it,
//     a call that reaches another process, succeeded (if err == nil {
//     return nil }; see returnedOnSuccess), in a case of a switch on an
//     error other than nil, or in
//     a function literal that is handed the error (retry := func(err
//     error) ...); see afterFailure. An answer whose status asks for
//     another attempt (408, 429 or 5xx; see failedStatus) is a failure as
//     well;
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
		if callee == nil || callee.Origin() != fn.Origin() {
			continue
		}
		if !a.counts(decl, fn, c) || !afterFailure(a.info, c) && !a.returnedOnSuccess(decl, c) && !a.failedStatus(c) {
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

// counts reports whether the call of fn at cur passes one of fn's integer
// parameters as a count of attempts: less one (n-1, or n itself when decl
// takes one off it: n--, n -= 1), or one more (n+1, 1+n, or n after n++ or
// n += 1) when a comparison of it bounds the recursion (see boundedBy): a
// count up that nothing bounds is a depth, not a budget of attempts.
func (a *recogniser) counts(decl *ast.FuncDecl, fn *types.Func, cur inspector.Cursor) bool {
	call := cur.Node().(*ast.CallExpr)
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
		if be, ok := ast.Unparen(arg).(*ast.BinaryExpr); ok {
			x, y := be.X, be.Y
			if be.Op == token.ADD && isIdentOf(a.info, y, p) {
				x, y = y, x
			}
			if n, ok := a.intConst(y); ok && n == 1 && isIdentOf(a.info, x, p) &&
				(be.Op == token.SUB || be.Op == token.ADD && a.boundedBy(decl, p, cur)) {
				return true
			}
		}
		if isIdentOf(a.info, arg, p) {
			if down, up := a.stepped(decl, p); down || up && a.boundedBy(decl, p, cur) {
				return true
			}
		}
	}
	return false
}

// stepped reports whether decl takes one off v (v--, v -= 1), and whether
// it adds one to it (v++, v += 1).
func (a *recogniser) stepped(decl *ast.FuncDecl, v *types.Var) (down, up bool) {
	for n := range ast.Preorder(decl.Body) {
		if st, ok := n.(ast.Stmt); ok {
			if obj, d := a.step(st); obj == v {
				down, up = down || d, up || !d
			}
		}
	}
	return down, up
}

// boundedBy reports whether a comparison of v (<, <=, >, >=) bounds the
// recursive call at cur: it is a conjunct of the condition of an if that
// encloses the call (if attempt < max { ... }), or of an if before it that
// returns (if attempt >= max { return ... }). A comparison elsewhere (if
// depth > 0 { log.Print(...) }) bounds nothing.
func (a *recogniser) boundedBy(decl *ast.FuncDecl, v *types.Var, cur inspector.Cursor) bool {
	compares := func(cond ast.Expr) bool {
		return slices.ContainsFunc(eval.Conjuncts(cond), func(e ast.Expr) bool {
			be, ok := ast.Unparen(e).(*ast.BinaryExpr)
			if !ok || be.Op != token.LSS && be.Op != token.LEQ && be.Op != token.GTR && be.Op != token.GEQ {
				return false
			}
			return isIdentOf(a.info, be.X, v) || isIdentOf(a.info, be.Y, v)
		})
	}
	call := cur.Node()
	for c := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.FuncDecl)(nil)) {
		if is, ok := c.Node().(*ast.IfStmt); ok && within(call, is.Body) && compares(is.Cond) {
			return true
		}
	}
	for n := range ast.Preorder(decl.Body) {
		if is, ok := n.(*ast.IfStmt); ok && is.End() <= call.Pos() && returnsIn(is.Body) && compares(is.Cond) {
			return true
		}
	}
	return false
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

// failedStatus reports whether the call at cur runs only after an answer
// whose status asks for another attempt: in the body of an if with a
// conjunct that holds for a 503 and not for a 200 (resp.StatusCode >= 500,
// or a predicate of the package handed the response, such as cohere's
// r.shouldRetry(response)), or in a case of a switch on a status code
// whose every value is a retryable status (retryableStatus).
func (a *recogniser) failedStatus(cur inspector.Cursor) bool {
	call := cur.Node()
	for c := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.CaseClause)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch n := c.Node().(type) {
		case *ast.IfStmt:
			if within(call, n.Body) && slices.ContainsFunc(eval.Conjuncts(n.Cond), a.failsOnStatus) {
				return true
			}
		case *ast.CaseClause:
			if sw, ok := c.Parent().Parent().Node().(*ast.SwitchStmt); ok && a.retryableCase(sw, n) {
				return true
			}
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
	}
	return false
}

// retryableStatus reports whether an answer with status code asks for
// another attempt: 408 Request Timeout, 429 Too Many Requests, or a 5xx.
func retryableStatus(code int64) bool { return code == 408 || code == 429 || code >= 500 && code < 600 }

// retryableCase reports whether clause, of sw, a switch on a response's
// StatusCode, lists only retryable statuses (a default lists none).
func (a *recogniser) retryableCase(sw *ast.SwitchStmt, clause *ast.CaseClause) bool {
	tag, ok := ast.Unparen(sw.Tag).(*ast.SelectorExpr)
	if !ok || tag.Sel.Name != "StatusCode" || !hasStatus(a.info.TypeOf(tag.X)) || len(clause.List) == 0 {
		return false
	}
	return !slices.ContainsFunc(clause.List, func(e ast.Expr) bool {
		code, ok := a.intConst(e)
		return !ok || !retryableStatus(code)
	})
}

// failsOnStatus reports whether cond holds for a response with status 503
// and for none of the statuses of an answer that asks for no retry (a
// success, a redirect, a client error: 200, 202, 204, 301, 302, 304, 400,
// 404), the variables in it that hold a response (a value with a
// StatusCode field) taken to be the answer, and those that hold an error
// nil (the request got an answer). resp.StatusCode >= 500 is such a test;
// resp.StatusCode >= 300, which a redirect passes, and != 200, which a 202
// passes, are not.
func (a *recogniser) failsOnStatus(cond ast.Expr) bool {
	role := map[types.Object]argRole{}
	hasResp := false
	for n := range ast.Preorder(cond) {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := a.info.Uses[id].(*types.Var); ok && !v.IsField() {
				switch {
				case hasStatus(v.Type()):
					role[v], hasResp = respArg, true
				case typematch.IsError(v.Type()):
					role[v] = errArg
				}
			}
		}
	}
	if !hasResp {
		return false
	}
	at := func(status int64) tri {
		out := outcome{errNil: yes, respNil: no, status: status}
		return eval.Condition(cond, func(e ast.Expr) tri {
			if call, ok := e.(*ast.CallExpr); ok {
				return a.predicateOn(call, role, out)
			}
			return a.outcomeLeaf(e, role, out, 0)
		})
	}
	return at(503) == yes && !slices.ContainsFunc(notRetried, func(status int64) bool { return at(status) != no })
}

// notRetried are statuses of answers that ask for no other attempt, one of
// each kind: successes, redirects and client errors.
var notRetried = []int64{200, 202, 204, 301, 302, 304, 400, 404}

// predicateOn returns what call, of a predicate of the package handed the
// response or its status code, answers for out.
func (a *recogniser) predicateOn(call *ast.CallExpr, role map[types.Object]argRole, out outcome) tri {
	fn := typematch.Callee(a.info, call)
	if fn == nil {
		return unknown
	}
	roleOf := func(e ast.Expr) argRole { return roleIn(a.info, role, e) }
	roles := make([]argRole, len(call.Args))
	given := false
	for i, arg := range call.Args {
		if roles[i] = roleOf(arg); a.isStatusOf(arg, roleOf) {
			roles[i] = statusArg
		}
		given = given || roles[i] != otherArg
	}
	if !given {
		return unknown
	}
	return a.onOutcome(fn, roles, out)
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
func returnsIn(block *ast.BlockStmt) bool { return endsInReturn(block.List) }

// endsInReturn reports whether the last of stmts is a return.
func endsInReturn(stmts []ast.Stmt) bool {
	if len(stmts) == 0 {
		return false
	}
	_, ok := stmts[len(stmts)-1].(*ast.ReturnStmt)
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
// goroutine, does not come before the call; nor does one in a branch of an
// earlier statement that returns (if resp.StatusCode == 404 { sleep;
// return ... }), which is another path.
func (a *recogniser) waitsBefore(cur inspector.Cursor) (waits []Wait, fn ast.Node) {
	before, fn := pathBefore(cur)
	for _, stmt := range before {
		var returning []ast.Node
		for c := range stmt.Preorder((*ast.BlockStmt)(nil), (*ast.CaseClause)(nil), (*ast.CommClause)(nil)) {
			var list []ast.Stmt
			switch n := c.Node().(type) {
			case *ast.BlockStmt:
				list = n.List
			case *ast.CaseClause:
				list = n.Body
			case *ast.CommClause:
				list = n.Body
			}
			if endsInReturn(list) {
				returning = append(returning, c.Node())
			}
		}
		for _, w := range a.waitsIn(stmt) {
			if !slices.ContainsFunc(returning, func(n ast.Node) bool { return within(w.Node, n) }) {
				waits = append(waits, w)
			}
		}
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
