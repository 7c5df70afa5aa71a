package retrydeadline

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/fixes"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// outlivingWaits reports the waits of loop site s that do not end with a
// context in scope: time.Sleep(d) and a bare <-time.After(d). loop names
// the loop in the message: a retry loop, or a polling loop that re-runs
// its call (a periodic site with a Call).
func (c *checker) outlivingWaits(s *retrysite.Site, loop string) {
	for _, w := range s.Waits {
		call, ok := w.Node.(*ast.CallExpr)
		if !ok || w.Duration == nil {
			continue
		}
		fn := typematch.Callee(c.info, call)
		var stmt ast.Stmt // the statement that waits, for the fix
		switch {
		case typematch.IsFunc(fn, "time", "Sleep"):
			stmt = c.exprStmt(call)
		case typematch.IsFunc(fn, "time", "After"):
			// Only a bare receive: in a select, another case may end it.
			recv, ok := c.parent(call).(*ast.UnaryExpr)
			if !ok || recv.Op != token.ARROW {
				continue
			}
			if stmt = c.exprStmt(recv); stmt == nil {
				continue
			}
			if _, inSelect := c.parent(stmt).(*ast.CommClause); inSelect {
				continue
			}
		default:
			continue
		}
		if d, ok := c.res.LongestWait(s, w.Duration); ok && d <= retrysite.ShortWait {
			continue
		}
		ctx, perAttempt := c.contextFor(s, call)
		if ctx == nil || typematch.IsContext(ctx.Type()) && c.onlyWithoutDone(call, ctx) {
			continue
		}
		if c.waited[call] {
			continue
		}
		c.waited[call] = true
		wait := "time.Sleep"
		if typematch.IsFunc(fn, "time", "After") {
			wait = "<-time.After"
		}
		d := analysis.Diagnostic{
			Pos: call.Pos(),
			End: call.End(),
			Message: fmt.Sprintf("%s waits with %s while %s is in scope: the wait goes on after %s is cancelled "+
				"or its deadline passes, for a caller that has given up; end the wait with the context", loop, wait, contextText(ctx), contextText(ctx)),
		}
		// A select on a per-attempt context would also end the wait when
		// the attempt's own deadline has passed, which is no cancellation:
		// the fix is offered only for a context that outlives the attempt.
		if stmt != nil && c.innermostFunc(call) == s.Func && !perAttempt {
			d.SuggestedFixes = c.selectFix(s, stmt, call, ctx)
		}
		c.rep.Report(d)
	}
}

// onlyWithoutDone reports whether the wait at call runs only when
// ctx.Done() is nil, a context that can never be cancelled: temporal's
// backoff.Retry waits in a select on ctx.Done() when there is one and
// sleeps only otherwise:
//
//	if done := ctx.Done(); done != nil {
//		select { case <-done: return err; case <-timer.C: continue }
//	}
//	time.Sleep(next) // ctx can never end here
//
// The wait is guarded when an enclosing if tests ctx.Done() == nil (or != nil
// with the wait in its else), or when a statement before it, in its block or
// an enclosing one, tests ctx.Done() != nil and never falls through.
func (c *checker) onlyWithoutDone(call *ast.CallExpr, ctx *types.Var) bool {
	cur, ok := c.cursor(call)
	if !ok {
		return false
	}
	for child, p := cur, cur.Parent(); p.Node() != nil; child, p = p, p.Parent() {
		switch n := p.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.IfStmt:
			nilTest, ok := c.doneNilTest(n, ctx)
			if ok && (child.Node() == n.Body && nilTest || child.Node() == n.Else && !nilTest) {
				return true
			}
		case *ast.BlockStmt:
			for _, st := range n.List {
				if st == child.Node() {
					break
				}
				if ifs, ok := st.(*ast.IfStmt); ok && ifs.Else == nil {
					if nilTest, ok := c.doneNilTest(ifs, ctx); ok && !nilTest && c.noFallThrough(ifs.Body) {
						return true
					}
				}
			}
		}
	}
	return false
}

// doneNilTest reports whether the condition of ifs compares ctx.Done() (or
// a variable its Init sets to it) with nil, and whether it tests for nil
// (==) rather than non-nil (!=).
func (c *checker) doneNilTest(ifs *ast.IfStmt, ctx *types.Var) (nilTest, ok bool) {
	cond, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.EQL && cond.Op != token.NEQ {
		return false, false
	}
	x, y := ast.Unparen(cond.X), ast.Unparen(cond.Y)
	if c.isNilExpr(x) {
		x, y = y, x
	}
	if !c.isNilExpr(y) {
		return false, false
	}
	if _, isIdent := x.(*ast.Ident); isIdent {
		if x = c.initValue(ifs.Init, x); x == nil {
			return false, false
		}
	}
	if !c.ctxCall(x, "Done", ctx) {
		return false, false
	}
	return cond.Op == token.EQL, true
}

// initValue returns the value that init, the init statement of an if
// (d := ctx.Done(), err := ctx.Err()), gives the variable x names, or nil.
func (c *checker) initValue(init ast.Stmt, x ast.Expr) ast.Expr {
	as, ok := init.(*ast.AssignStmt)
	id, isIdent := ast.Unparen(x).(*ast.Ident)
	if !ok || !isIdent || len(as.Lhs) != 1 || len(as.Rhs) != 1 || c.info.ObjectOf(id) == nil ||
		c.info.ObjectOf(typematch.Ident(as.Lhs[0])) != c.info.ObjectOf(id) {
		return nil
	}
	return ast.Unparen(as.Rhs[0])
}

// noFallThrough reports whether control never runs past the end of block:
// it ends in a return, a continue, a goto, a labelled break, a call that
// never returns, or an if/else or a select each branch of which does so
// (an unlabelled break in a select leaves only the select).
func (c *checker) noFallThrough(block *ast.BlockStmt) bool {
	return len(block.List) > 0 && c.stmtLeaves(block.List[len(block.List)-1])
}

// stmtLeaves reports whether control never runs past st, a block's last
// statement (see noFallThrough).
func (c *checker) stmtLeaves(st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return st.Tok == token.CONTINUE || st.Tok == token.GOTO || st.Tok == token.BREAK && st.Label != nil
	case *ast.ExprStmt:
		call, ok := st.X.(*ast.CallExpr)
		return ok && typematch.NeverReturns(c.info, call)
	case *ast.BlockStmt:
		return c.noFallThrough(st)
	case *ast.IfStmt:
		if st.Else == nil || !c.noFallThrough(st.Body) {
			return false
		}
		return c.stmtLeaves(st.Else)
	case *ast.SelectStmt:
		for _, cl := range st.Body.List {
			cc := cl.(*ast.CommClause)
			if len(cc.Body) == 0 || !c.stmtLeaves(cc.Body[len(cc.Body)-1]) {
				return false
			}
		}
		return len(st.Body.List) > 0
	}
	return false
}

// exprStmt returns the expression statement whose expression is e, or nil.
func (c *checker) exprStmt(e ast.Expr) ast.Stmt {
	if st, ok := c.parent(e).(*ast.ExprStmt); ok {
		return st
	}
	return nil
}

// parent returns the syntactic parent of n (parentheses skipped), or nil.
func (c *checker) parent(n ast.Node) ast.Node {
	cur, ok := c.cursor(n)
	if !ok {
		return nil
	}
	for p := cur.Parent(); p.Node() != nil; p = p.Parent() {
		if _, paren := p.Node().(*ast.ParenExpr); !paren {
			return p.Node()
		}
	}
	return nil
}

// innermostFunc returns the *ast.FuncDecl or *ast.FuncLit around n.
func (c *checker) innermostFunc(n ast.Node) ast.Node {
	cur, ok := c.cursor(n)
	if !ok {
		return nil
	}
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return f.Node()
	}
	return nil
}

// contextFor returns the context the wait at call should end with: the
// context the loop's attempt passes to its checked call, else the innermost
// context.Context variable in scope at call, else, when there is no
// context variable in scope at all, a request parameter of the loop's
// function, whose context its caller gave (see requestParam). Package-level variables and
// contexts that can never end (only ever context.Background() or TODO())
// do not count. A context made inside the attempt belongs to its round: one
// derived only from Background or TODO (go-redis's tryDial bounds each dial
// with a timeout of its own) has no caller waiting on it, and one derived
// from a variable outside the attempt stands for that variable, which is
// found instead. One derived from anything else (r.Context(), a field) is
// returned with perAttempt set: the caller's context is in it, but out of
// reach for a fix.
func (c *checker) contextFor(s *retrysite.Site, call *ast.CallExpr) (ctx *types.Var, perAttempt bool) {
	usable := func(v *types.Var) (ok, perAttempt bool) {
		if !c.canEnd(v) {
			return false, false
		}
		if !s.Contains(v.Pos()) {
			return true, false
		}
		return c.derivesFromElsewhere(s, v, map[*types.Var]bool{}), true
	}
	if s.Call != nil {
		for _, arg := range s.Call.Args {
			if v := c.contextVar(arg); v != nil {
				if ok, per := usable(v); ok {
					return v, per
				}
			}
		}
	}
	scope := c.innermostScope(call.Pos())
	sawContext := false
	for ; scope != nil && scope != c.pass.Pkg.Scope() && scope != types.Universe; scope = scope.Parent() {
		var best *types.Var
		bestPer := false
		for _, name := range scope.Names() {
			v, ok := scope.Lookup(name).(*types.Var)
			if !ok || v.Pos() >= call.Pos() || !typematch.IsContext(v.Type()) {
				continue
			}
			sawContext = true
			if ok, per := usable(v); ok && (best == nil || v.Pos() > best.Pos()) {
				best, bestPer = v, per
			}
		}
		if best != nil {
			return best, bestPer
		}
	}
	if sawContext {
		return nil, false // a context that cannot end, or one detached from the caller's on purpose
	}
	return c.requestParam(s), false
}

// requestParam returns a *http.Request parameter of the function that
// holds the loop of s, or nil. Its caller made the request, and the
// request's Context() is the caller's: typesense's APICall.Do(req) and
// cohere's Retrier.run(fn, request) retry the request they are handed,
// and a wait between attempts should end when its context does.
func (c *checker) requestParam(s *retrysite.Site) *types.Var {
	sig := c.funcSignature(s.Func)
	if sig == nil {
		return nil
	}
	for v := range sig.Params().Variables() {
		if v.Name() != "" && v.Name() != "_" && isRequestPointer(v.Type()) {
			return v
		}
	}
	return nil
}

func isRequestPointer(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	return ok && typematch.IsNamed(p.Elem(), "net/http", "Request")
}

// contextText is how code names the context v stands for: v itself, or the
// context of the request v.
func contextText(v *types.Var) string {
	if isRequestPointer(v.Type()) {
		return v.Name() + ".Context()"
	}
	return v.Name()
}

// derivesFromElsewhere reports whether the context variable v, made inside
// the attempt of s, derives through context.With... from something other
// than Background, TODO or a variable declared outside the attempt: a
// request's context, a field, a parameter's method.
func (c *checker) derivesFromElsewhere(s *retrysite.Site, v *types.Var, seen map[*types.Var]bool) bool {
	if seen[v] {
		return false // ctx, cancel = context.WithTimeout(ctx, d): its other values decide
	}
	seen[v] = true
	values, complete := c.res.Values(v)
	if !complete {
		return true
	}
	for _, e := range values {
		if c.rootElsewhere(s, e, seen) {
			return true
		}
	}
	return false
}

// rootElsewhere reports whether the context expression e, given to a
// variable made inside the attempt of s, comes from something other than
// Background, TODO or a variable declared outside the attempt.
func (c *checker) rootElsewhere(s *retrysite.Site, e ast.Expr, seen map[*types.Var]bool) bool {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		v, ok := c.info.Uses[id].(*types.Var)
		if !ok {
			return true
		}
		if !s.Contains(v.Pos()) {
			return false // the outer variable is the one found
		}
		return c.derivesFromElsewhere(s, v, seen)
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return true
	}
	fn := typematch.Callee(c.info, call)
	if typematch.IsFunc(fn, "context", "Background") || typematch.IsFunc(fn, "context", "TODO") ||
		typematch.IsFunc(fn, "context", "WithoutCancel") {
		return false // none of these ends; WithoutCancel cuts its parent's ending off
	}
	if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "context" && strings.HasPrefix(fn.Name(), "With") && len(call.Args) > 0 {
		return c.rootElsewhere(s, call.Args[0], seen)
	}
	return true
}

// innermostScope returns the scope at pos, in whichever file of the package
// holds it.
func (c *checker) innermostScope(pos token.Pos) *types.Scope {
	return source.Scope(c.info, source.File(c.pass.Files, pos), pos)
}

// contextVar returns the variable e names when it is a local
// context.Context, or nil.
func (c *checker) contextVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() || !typematch.IsContext(v.Type()) {
		return nil
	}
	return v
}

// canEnd reports whether context variable v may be cancelled or have a
// deadline: a parameter (its caller decides), or a local given at least one
// value other than context.Background() and context.TODO().
func (c *checker) canEnd(v *types.Var) bool {
	values, complete := c.res.Values(v)
	if !complete || len(values) == 0 {
		return true
	}
	for _, e := range values {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := typematch.Callee(c.info, call)
		if !typematch.IsFunc(fn, "context", "Background") && !typematch.IsFunc(fn, "context", "TODO") {
			return true
		}
	}
	return false
}

// selectFix replaces the waiting statement by a select that returns the
// context's error, with the other results zero, as soon as ctx ends; in a
// function with no results that already returns only when ctx has ended (a
// connection supervisor), a select that returns. It offers nothing when the
// function has results but no error last (a nil result would reach a caller
// that expects a value), has no results and returns when its work is done
// (a return on ctx's end would tell the caller it was done), or when a
// result's zero value cannot be written in this file.
func (c *checker) selectFix(s *retrysite.Site, stmt ast.Stmt, call *ast.CallExpr, ctx *types.Var) []analysis.SuggestedFix {
	sig := c.funcSignature(s.Func)
	if sig == nil {
		return nil
	}
	void := sig.Results().Len() == 0
	if void && !c.returnsOnlyOnEnd(s.Func, ctx) ||
		!void && !types.Identical(sig.Results().At(sig.Results().Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return nil
	}
	file := source.File(c.pass.Files, stmt.Pos())
	if file == nil {
		return nil
	}
	var results []string
	for i := 0; i < sig.Results().Len()-1; i++ {
		z, ok := zeroValue(sig.Results().At(i).Type(), c.qualifierAt(file))
		if !ok {
			return nil
		}
		results = append(results, z)
	}
	name := contextText(ctx)
	ret, message := "return", "wait in a select that returns when "+name+" ends"
	if !void {
		results = append(results, name+".Err()")
		ret, message = "return "+strings.Join(results, ", "), "wait in a select that returns "+name+".Err() when "+name+" ends"
	}
	// The context variable must be the one in scope at the wait (not shadowed).
	if _, obj := c.innermostScope(stmt.Pos()).LookupParent(ctx.Name(), stmt.Pos()); obj != ctx {
		return nil
	}
	timePkg, ok := fixes.Qualifier(c.info, call)
	if !ok {
		return nil
	}
	tf := c.pass.Fset.File(stmt.Pos())
	if tf == nil {
		return nil
	}
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil || tf.Size() != len(content) {
		return nil
	}
	indent := fixes.Indent(content, tf.Offset(stmt.Pos()))
	// Two edits around the duration, which stays as written: another fix
	// (nojitter's jitter) may edit inside it at the same time.
	dur := call.Args[0]
	head := fmt.Sprintf("select {\n%scase <-%s.Done():\n%s\t%s\n%scase <-%s(",
		indent, name, indent, ret, indent, fixes.QualifiedName(timePkg, "After"))
	return []analysis.SuggestedFix{{
		Message: message,
		TextEdits: []analysis.TextEdit{
			{Pos: stmt.Pos(), End: dur.Pos(), NewText: []byte(head)},
			{Pos: dur.End(), End: stmt.End(), NewText: []byte("):\n" + indent + "}")},
		},
	}}
}

// returnsOnlyOnEnd reports whether fn (with no results) stops only when ctx
// has ended: it cannot run off its end (its body ends in a for loop with no
// condition that nothing breaks out of), and every return statement of its
// own (not of the function literals in it) stands in the body of an if whose
// condition holds only once ctx has ended (ctx.Err() != nil, see
// ctxEnded), or in a select case that receives from ctx.Done().
func (c *checker) returnsOnlyOnEnd(fn ast.Node, ctx *types.Var) bool {
	cur, ok := c.root.FindNode(fn)
	if !ok || !endsInEndlessLoop(fn) {
		return false
	}
	for ret := range cur.Preorder((*ast.ReturnStmt)(nil)) {
		onEnd := false
		for up := range ret.Enclosing((*ast.IfStmt)(nil), (*ast.CommClause)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
			switch n := up.Node().(type) {
			case *ast.IfStmt:
				onEnd = ret.Node().Pos() >= n.Body.Pos() && ret.Node().End() <= n.Body.End() && c.ctxEnded(n.Cond, n.Init, ctx)
			case *ast.CommClause:
				onEnd = c.receivesDone(n.Comm, ctx)
			}
			if onEnd || up.Node() == fn {
				break
			}
			if _, lit := up.Node().(*ast.FuncLit); lit {
				onEnd = true // a return of the literal, not of fn
				break
			}
		}
		if !onEnd {
			return false
		}
	}
	return true
}

// endsInEndlessLoop reports whether the body of fn ends in a for loop with
// no condition that no break leaves: fn cannot run off its end.
func endsInEndlessLoop(fn ast.Node) bool {
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		body = fn.Body
	case *ast.FuncLit:
		body = fn.Body
	}
	if body == nil || len(body.List) == 0 {
		return false
	}
	last, label := body.List[len(body.List)-1], ""
	if l, ok := last.(*ast.LabeledStmt); ok {
		last, label = l.Stmt, l.Label.Name
	}
	loop, ok := last.(*ast.ForStmt)
	return ok && loop.Cond == nil && !breaksOut(loop.Body, label, 0)
}

// breaksOut reports whether n holds a break that leaves the loop whose body
// it is (depth counts the loops, switches and selects between n and the
// break), or a goto.
func breaksOut(n ast.Node, label string, depth int) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found || m == nil {
			return false
		}
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if m == n {
				return true
			}
			found = breaksOut(m, label, depth+1) // a plain break in it leaves it
			return false
		case *ast.BranchStmt:
			switch {
			case m.Tok == token.GOTO:
				found = true
			case m.Tok == token.BREAK && m.Label == nil:
				found = depth == 0
			case m.Tok == token.BREAK:
				found = m.Label.Name == label
			}
		}
		return true
	})
	return found
}

// ctxEnded reports whether cond (after init) holds only once ctx has ended:
// ctx.Err() != nil, err != nil after err := ctx.Err(), an && with one such
// side, or an || whose sides are both such.
func (c *checker) ctxEnded(cond ast.Expr, init ast.Stmt, ctx *types.Var) bool {
	for _, conj := range eval.Conjuncts(cond) {
		ended := true
		for _, d := range eval.Disjuncts(conj) {
			ended = ended && c.errSet(d, init, ctx)
		}
		if ended {
			return true
		}
	}
	return false
}

// errSet reports whether e is ctx.Err() != nil, or err != nil after init,
// err := ctx.Err().
func (c *checker) errSet(e ast.Expr, init ast.Stmt, ctx *types.Var) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	x, y := b.X, b.Y
	if c.isNilExpr(x) {
		x, y = y, x
	}
	return c.isNilExpr(y) && (c.ctxCall(x, "Err", ctx) || c.ctxCall(c.initValue(init, x), "Err", ctx))
}

// receivesDone reports whether the select case comm receives from
// ctx.Done().
func (c *checker) receivesDone(comm ast.Stmt, ctx *types.Var) bool {
	var e ast.Expr
	switch comm := comm.(type) {
	case *ast.ExprStmt:
		e = comm.X
	case *ast.AssignStmt:
		if len(comm.Rhs) == 1 {
			e = comm.Rhs[0]
		}
	}
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	return ok && u.Op == token.ARROW && c.ctxCall(u.X, "Done", ctx)
}

// ctxCall reports whether e is the call ctx.method().
func (c *checker) ctxCall(e ast.Expr, method string, ctx *types.Var) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == method && c.contextVar(sel.X) == ctx
}

func (c *checker) isNilExpr(e ast.Expr) bool {
	tv, ok := c.info.Types[e]
	return ok && tv.IsNil()
}

// funcSignature returns the signature of a *ast.FuncDecl or *ast.FuncLit.
func (c *checker) funcSignature(fn ast.Node) *types.Signature {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		if obj, ok := c.info.Defs[fn.Name].(*types.Func); ok {
			return obj.Signature()
		}
	case *ast.FuncLit:
		if sig, ok := c.info.TypeOf(fn).(*types.Signature); ok {
			return sig
		}
	}
	return nil
}

// qualifierAt returns a types.Qualifier that names packages as file imports
// them, and reports (through ok) packages the file does not import.
func (c *checker) qualifierAt(file *ast.File) func(*types.Package) (string, bool) {
	return func(p *types.Package) (string, bool) {
		if p == c.pass.Pkg {
			return "", true
		}
		for _, spec := range file.Imports {
			pn, ok := c.info.PkgNameOf(spec), true
			if pn == nil || pn.Imported() != p {
				continue
			}
			if pn.Name() == "." {
				return "", ok
			}
			if pn.Name() == "_" {
				continue
			}
			return pn.Name(), ok
		}
		return "", false
	}
}

// zeroValue writes the zero value of t, naming packages with qual; false
// when it cannot (a type from a package the file does not import).
func zeroValue(t types.Type, qual func(*types.Package) (string, bool)) (string, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		case u.Kind() == types.UnsafePointer:
			return "nil", true
		}
		return "", false
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature:
		return "nil", true
	case *types.Interface:
		if _, isParam := types.Unalias(t).(*types.TypeParam); !isParam {
			return "nil", true
		}
	}
	ok := true
	name := types.TypeString(t, func(p *types.Package) string {
		n, found := qual(p)
		ok = ok && found
		return n
	})
	if !ok {
		return "", false
	}
	if _, isParam := types.Unalias(t).(*types.TypeParam); isParam {
		return "*new(" + name + ")", true
	}
	return name + "{}", true // a struct or an array
}
