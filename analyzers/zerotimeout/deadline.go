package zerotimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

const contextPath = "context"

// sendBounded reports whether the send at cur (a selector c.Do, or the
// mention of http.Get) carries a context with a deadline: it is
// c.Do(req), and req was made, in the function that sends, with a context
// made there by context.WithTimeout or WithDeadline (or derived from one),
// or by WithCancel whose cancel a watchdog calls. Get, Head, Post and
// PostForm send with context.Background(), which has no deadline. A
// request for a stream of server-sent events needs none (see eventStream).
func (c *checker) sendBounded(cur inspector.Cursor) bool {
	sel, ok := cur.Node().(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Do" {
		return false
	}
	if kind, _ := cur.ParentEdge(); kind != edge.CallExpr_Fun {
		return false // a method value: its requests are out of sight
	}
	call := cur.Parent().Node().(*ast.CallExpr)
	if len(call.Args) != 1 {
		return false
	}
	body, ok := enclosingFunc(cur)
	if !ok {
		return false
	}
	return c.eventStream(body, call.Args[0], call.Pos()) || c.requestBounded(body, call.Args[0], call.Pos(), 0)
}

// requestBounded reports whether the request e, sent at pos, carries a
// context with a deadline: one it was made with, or, for a request that is
// a parameter of the function, one every call gives it (see
// requestParamBounded).
func (c *checker) requestBounded(body inspector.Cursor, e ast.Expr, pos token.Pos, depth int) bool {
	if ctx := c.requestCarries(body, e, pos, depth); ctx != nil {
		return c.contextBounded(body, ctx, depth+1)
	}
	return c.requestParamBounded(body, e, depth+1)
}

// requestParamBounded reports whether e names a request parameter of the
// function whose body is body, which never gives it another value, and the
// function is unexported (a method only when no interface of the package
// names it), only ever called, and called at least once, each time with a
// request bounded in its caller (goreleaser's executeHTTPRequest sends the
// request its callers build with their contexts).
func (c *checker) requestParamBounded(body inspector.Cursor, e ast.Expr, depth int) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || depth > maxRequestDepth {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || len(c.assignments(body, v)) > 0 {
		return false
	}
	fn, idx, exported := c.paramOfDecl(body, v)
	return fn != nil && !exported && c.calledWith(fn, idx, func(caller inspector.Cursor, call *ast.CallExpr, arg ast.Expr) bool {
		return c.requestBounded(caller, arg, call.Pos(), depth+1)
	})
}

// paramOfDecl returns the function declared with body and the index of its
// parameter v (fn nil when body is no declaration's, idx -1 when v is not
// a parameter), and whether its callers may be out of sight: it is
// exported, or a method an interface of the package names.
func (c *checker) paramOfDecl(body inspector.Cursor, v *types.Var) (fn *types.Func, idx int, exported bool) {
	fd, ok := body.Parent().Node().(*ast.FuncDecl)
	if !ok {
		return nil, -1, false
	}
	fn, ok = c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return nil, -1, false
	}
	return fn, paramOf(fn.Signature(), v), fd.Name.IsExported() || (fd.Recv != nil && c.interfaceMethod(fd.Name.Name))
}

// calledWith reports whether fn, a function of the package, is only ever
// called, and called at least once, each time with an argument for its
// parameter idx of which ok holds in the caller's body.
func (c *checker) calledWith(fn *types.Func, idx int, ok func(caller inspector.Cursor, call *ast.CallExpr, arg ast.Expr) bool) bool {
	mentions := c.mentionsOf(fn)
	if idx < 0 || len(mentions) == 0 {
		return false
	}
	for _, m := range mentions {
		callCur, isCall := callOf(m)
		if !isCall {
			return false // a function value: its calls are out of sight
		}
		call := callCur.Node().(*ast.CallExpr)
		if call.Ellipsis.IsValid() || idx >= len(call.Args) {
			return false
		}
		caller, inFunc := enclosingFunc(callCur)
		if !inFunc || !ok(caller, call, call.Args[idx]) {
			return false
		}
	}
	return true
}

// requestCarries returns the expression of the context that the request e,
// sent or returned at pos, carries, or nil when it cannot be told: the
// context handed to the call that made it (http.NewRequestWithContext,
// req.WithContext, req.Clone, or a helper that builds requests with its
// context parameter), found through the last assignment to a variable.
func (c *checker) requestCarries(body inspector.Cursor, e ast.Expr, pos token.Pos, depth int) ast.Expr {
	if depth > maxRequestDepth {
		return nil
	}
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		if ctx := requestContext(c.pass.TypesInfo, call); ctx != nil {
			return ctx
		}
		return c.helperContext(call, depth+1)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	// The last assignment to the request before the send decides.
	rhs := c.lastAssignment(body, v, pos)
	if rhs == nil {
		return nil
	}
	return c.requestCarries(body, rhs, rhs.Pos(), depth+1)
}

// requestContext returns the context that a call making a request gives it:
// http.NewRequestWithContext(ctx, ...), req.WithContext(ctx),
// req.Clone(ctx); nil for any other call.
func requestContext(info *types.Info, call *ast.CallExpr) ast.Expr {
	fn := typematch.Callee(info, call)
	switch {
	case typematch.IsFunc(fn, httpPath, "NewRequestWithContext"),
		typematch.IsMethod(fn, httpPath, "Request", "WithContext"),
		typematch.IsMethod(fn, httpPath, "Request", "Clone"):
		if len(call.Args) > 0 {
			return call.Args[0]
		}
	}
	return nil
}

// lastAssignment returns the value last given to the local variable v
// directly in the function body before pos (its definition or a plain
// assignment), or nil when there is none, or it is a multi-value one that
// is not a call's first result. An assignment that holds pos (the v of
// ctx = f(ctx)) gives v its value only after pos.
func (c *checker) lastAssignment(body inspector.Cursor, v *types.Var, pos token.Pos) ast.Expr {
	var last ast.Expr
	for _, def := range c.assignments(body, v) {
		if def.end > pos {
			break
		}
		if !def.update {
			last = def.rhs
		}
	}
	return last
}

// contextBounded reports whether the context e has a deadline or a
// watchdog: made in this function (by its last assignment before e, when
// it has several) by WithTimeout or WithDeadline, by
// WithCancel whose cancel function a goroutine or a timer calls, or
// derived from such a context by WithValue or WithCancel, or by a function
// that keeps its argument's deadline (DerivedContextFact).
func (c *checker) contextBounded(body inspector.Cursor, e ast.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			return false
		}
		outer, declared := c.declaringBody(v)
		if declared && c.groupWatchdog(outer, c.groupOf(outer, v)) {
			return true
		}
		if declared && outer.Node() != body.Node() {
			// A closure's capture (a probe per goroutine under the
			// caller's deadline): followed in the function that declares
			// it, when nothing gives it another value there.
			if c.definition(outer, v) == nil && len(c.assignments(outer, v)) > 0 {
				return false
			}
			return c.contextBounded(outer, e, depth+1)
		}
		def := c.definition(body, v)
		if def == nil {
			// Given several values (ctx = withStats(ctx); ctx, cancel :=
			// context.WithTimeout(ctx, d)): the last before this use decides.
			if last := c.lastAssignment(body, v, id.Pos()); last != nil {
				return c.contextBounded(body, last, depth+1)
			}
			return len(c.assignments(body, v)) == 0 && c.paramBounded(body, v)
		}
		call, ok := ast.Unparen(def.rhs).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := typematch.Callee(c.pass.TypesInfo, call)
		if isContextFunc(fn, "WithCancel", "WithCancelCause") && len(def.lhs) == 2 && c.watchdog(body, def.lhs[1]) {
			return true
		}
		return c.contextBounded(body, call, depth+1)
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	switch {
	case isContextFunc(fn, "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause"):
		return true
	case isContextFunc(fn, "WithValue", "WithCancel", "WithCancelCause"):
		return len(call.Args) > 0 && c.contextBounded(body, call.Args[0], depth+1)
	}
	if arg := c.derivedFrom(call, depth); arg != nil {
		return c.contextBounded(body, arg, depth+1)
	}
	return false
}

// paramBounded reports whether the context parameter v of the function
// whose body is body, which never gives it another value, is bounded at
// every call: the function is of the package, unexported (a method only
// when no interface of the package names it), only ever called, and
// called at least once, each time with a context bounded in its caller.
// An exported function's callers are out of sight (but see
// deferToCallers). The answer does not depend on the way here, so it is
// remembered per parameter, with the parameters it counted as bounded by
// their own callers, and each caller is followed afresh: a chain of
// helpers of any length is followed once, and a call of the function from
// itself counts as unbounded.
func (c *checker) paramBounded(body inspector.Cursor, v *types.Var) bool {
	fn, idx, exported := c.paramOfDecl(body, v)
	if fn == nil {
		return false
	}
	if exported {
		return c.deferToCallers(fn, idx)
	}
	key := paramKey{fn, idx, c.deferrals != nil}
	a, seen := c.paramAnswers[key]
	if !seen {
		c.paramAnswers[key] = paramAnswer{} // while computing: unbounded
		outer := c.deferrals
		if outer != nil {
			c.deferrals = map[*types.Func]int{}
		}
		bounded := c.calledWith(fn, idx, func(caller inspector.Cursor, _ *ast.CallExpr, arg ast.Expr) bool {
			return c.contextBounded(caller, arg, 0)
		})
		a = paramAnswer{bounded: bounded, deferrals: c.deferrals}
		c.deferrals = outer
		c.paramAnswers[key] = a
	}
	if !a.bounded {
		return false
	}
	for f, p := range a.deferrals {
		if !c.deferToCallers(f, p) {
			return false
		}
	}
	return true
}

// paramKey names a context parameter of a function, asked about with
// (deferring) or without parameters counted as bounded by their callers.
type paramKey struct {
	fn        *types.Func
	param     int
	deferring bool
}

// paramAnswer is what paramBounded found for a parameter: whether every
// call bounds it, and the parameters of exported functions it counted as
// bounded by their own callers.
type paramAnswer struct {
	bounded   bool
	deferrals map[*types.Func]int
}

func isContextFunc(fn *types.Func, names ...string) bool {
	for _, n := range names {
		if typematch.IsFunc(fn, contextPath, n) {
			return true
		}
	}
	return false
}

// A definition is the single assignment that gives a local variable its
// value: lhs are all the names assigned, rhs the one call or value.
type definition struct {
	lhs []ast.Expr
	rhs ast.Expr
	// pos and end are the statement's; update says it is x op= y, whose
	// value depends on the one before.
	pos, end token.Pos
	update   bool
}

// definition returns the only assignment to the local variable v in the
// function body (closures included), or nil when there are several or it
// is not there.
func (c *checker) definition(body inspector.Cursor, v *types.Var) *definition {
	defs := c.assignments(body, v)
	if len(defs) != 1 || defs[0].rhs == nil {
		return nil
	}
	return &defs[0]
}

// assignments lists the assignments to the local variable v in body
// (closures included), in source order: rhs is nil for one whose value
// cannot be singled out (a tuple it cannot split).
func (c *checker) assignments(body inspector.Cursor, v *types.Var) []definition {
	var defs []definition
	for cur := range body.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil)) {
		var lhs, rhs []ast.Expr
		update := false
		switch s := cur.Node().(type) {
		case *ast.AssignStmt:
			lhs, rhs = s.Lhs, s.Rhs
			update = s.Tok != token.ASSIGN && s.Tok != token.DEFINE
		case *ast.ValueSpec:
			for _, name := range s.Names {
				lhs = append(lhs, name)
			}
			rhs = s.Values
		}
		for i, l := range lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || c.pass.TypesInfo.ObjectOf(id) != v {
				continue
			}
			def := definition{lhs: lhs, pos: cur.Node().Pos(), end: cur.Node().End(), update: update}
			switch {
			case len(rhs) == len(lhs):
				def.rhs = rhs[i]
			case len(rhs) == 1 && i == 0:
				def.rhs = rhs[0] // t, err := f(): f's first result
			}
			defs = append(defs, def)
		}
	}
	return defs
}

const errgroupPath = "golang.org/x/sync/errgroup"

// groupOf returns the group of g, v := errgroup.WithContext(ctx) (or =)
// when that is the only assignment to v in body, nil otherwise.
func (c *checker) groupOf(body inspector.Cursor, v *types.Var) ast.Expr {
	for cur := range body.Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		if len(as.Lhs) != 2 || len(as.Rhs) != 1 || c.pass.TypesInfo.ObjectOf(typematch.Ident(as.Lhs[1])) != v {
			continue
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if ok && typematch.IsFunc(typematch.Callee(c.pass.TypesInfo, call), errgroupPath, "WithContext") && len(c.assignments(body, v)) == 1 {
			return as.Lhs[0]
		}
		return nil
	}
	return nil
}

// groupWatchdog reports whether the errgroup named by e, made in body by
// errgroup.WithContext, runs a watchdog: a function given to its Go or
// TryGo that waits on the clock (a ticker, a timer, time.After) and
// returns an error of its own, which cancels the group's context and so
// ends the others' requests (ollama's check for a stalled download part).
func (c *checker) groupWatchdog(body inspector.Cursor, e ast.Expr) bool {
	id, ok := e.(*ast.Ident) // nil e: no group
	if !ok || id.Name == "_" {
		return false
	}
	group := c.pass.TypesInfo.ObjectOf(id)
	for cur := range body.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := typematch.Callee(c.pass.TypesInfo, call)
		if !typematch.IsMethod(fn, errgroupPath, "Group", "Go") && !typematch.IsMethod(fn, errgroupPath, "Group", "TryGo") {
			continue
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || len(call.Args) != 1 || c.pass.TypesInfo.Uses[typematch.Ident(sel.X)] != group {
			continue
		}
		if lit, ok := ast.Unparen(call.Args[0]).(*ast.FuncLit); ok && c.clockWatchdog(lit) {
			return true
		}
	}
	return false
}

// clockWatchdog reports whether the function literal lit waits on the clock
// and returns an error of its own on some path: not nil, and not what a
// context says (ctx.Err(), context.Cause(ctx)).
func (c *checker) clockWatchdog(lit *ast.FuncLit) bool {
	clock, fails := false, false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.CallExpr:
			fn := typematch.Callee(c.pass.TypesInfo, n)
			for _, name := range []string{"NewTicker", "NewTimer", "After", "Tick"} {
				clock = clock || typematch.IsFunc(fn, "time", name)
			}
		case *ast.ReturnStmt:
			if len(n.Results) == 1 && !c.isNil(n.Results[0]) && !c.contextError(n.Results[0]) {
				fails = true
			}
		}
		return true
	})
	return clock && fails
}

// contextError reports whether e is what a context says of itself:
// ctx.Err() or context.Cause(ctx).
func (c *checker) contextError(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	return typematch.IsFunc(fn, contextPath, "Cause") || typematch.IsMethod(fn, contextPath, "Context", "Err")
}

// watchdog reports whether the cancel function named by e is called by a
// watchdog: inside a function started with go, or handed to time.AfterFunc
// (itself or inside a function literal given to it).
func (c *checker) watchdog(body inspector.Cursor, e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	cancel := c.pass.TypesInfo.ObjectOf(id)
	if cancel == nil || id.Name == "_" {
		return false
	}
	for cur := range body.Preorder((*ast.Ident)(nil)) {
		if c.pass.TypesInfo.Uses[cur.Node().(*ast.Ident)] != cancel {
			continue
		}
		for anc := range cur.Enclosing((*ast.GoStmt)(nil), (*ast.CallExpr)(nil)) {
			if anc.Node().Pos() < body.Node().Pos() {
				break // outside the function that made the context
			}
			if _, ok := anc.Node().(*ast.GoStmt); ok {
				return true
			}
			if fn := typematch.Callee(c.pass.TypesInfo, anc.Node().(*ast.CallExpr)); typematch.IsFunc(fn, "time", "AfterFunc") {
				return true
			}
		}
	}
	return false
}
