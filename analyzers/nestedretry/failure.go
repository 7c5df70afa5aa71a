package nestedretry

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// Layers multiply only where the outer one runs the inner one again after it
// failed: a retry loop that returns as soon as the SDK call fails, or goes
// around only on errors the SDK never retries (a NoSuchKey it waits out, an
// optimistic-lock conflict of the user's own), sends a failing dependency no
// more calls than the SDK alone does. This file follows an attempt from the
// failure of one call, with the error assumed to be one the layers below
// retry, and tells whether any path leads to another attempt.

// flow is the set of ways a path through an attempt may end.
type flow uint8

const (
	flowAround flow = 1 << iota // the site runs the attempt again
	flowLeaves                  // the site stops: the loop is left, or the runner is told to stop
	flowBreak                   // an unlabelled break, not yet resolved to its switch, select or loop
)

// runnerRule is how a runner of a known retry library treats its operation's
// results (apis.RetryPackages and apis.Runners say so, with their sources).
type runnerRule struct {
	pkg    string
	kind   apis.Outcome
	marker string // the marker function of pkg, if any
}

// rule returns how the site's runner treats its operation's results: as
// its package's row says, as its own row says where that differs
// (RetryOnConflict), and, for client-go's OnError handed one of the
// predicates of errors no client retries, conflicts only.
func (c *checker) rule(s *retrysite.Site) runnerRule {
	fn := s.Runner
	kind, p := apis.OutcomeOf(fn)
	if p == nil {
		return runnerRule{kind: kind}
	}
	r := runnerRule{pkg: p.Path, kind: kind, marker: p.Marker}
	if call, _ := s.Node.(*ast.CallExpr); call != nil && len(call.Args) == 3 && typematch.IsFunc(fn, apis.K8sRetry, "OnError") {
		if p, ok := c.pass.TypesInfo.Uses[typematch.Ident(call.Args[1])].(*types.Func); ok && apis.NeverRetriedPredicate(p) {
			r.kind = apis.ConflictsOnly
		}
	}
	return r
}

// errorFlow follows an attempt from the failure of one call.
type errorFlow struct {
	c    *checker
	info *types.Info
	site *retrysite.Site
	loop bool // the site is a loop (else the attempt is a runner's operation)
	rule runnerRule
	// errVar holds the failed call's error; errExpr is the error itself
	// when the call is tested in place (if c.Del(ctx).Err() != nil).
	errVar  types.Object
	errExpr ast.Expr
	// sdkOnly: the retries below the call are a client's only (no retry
	// site of the user's own), so errors the client never retries, and
	// errors of the user's own, are not failures of the layers below.
	sdkOnly bool
	// raw: the failed call is a client's, so its error carries no retry
	// library's mark.
	raw bool
	// givesUp: the error kinds of the user's own that the retry sites of
	// the user's own below the call give up on at once (see giveups.go);
	// they are not failures of the layers below either.
	givesUp []string
	// is, when set, is the error kind (an error type's *types.TypeName or a
	// sentinel's *types.Var) the failed call's error is assumed to be, in
	// place of one the layers below retry: tests for it are true, and
	// nothing is exempt.
	is types.Object
	// wrapped: the error only wraps is (fmt.Errorf's %w, errors.Join), so
	// errors.Is finds it and == does not.
	wrapped bool
	// asserted maps the ok of a "_, ok := err.(T)" to T.
	asserted map[types.Object]types.Type
	// depth counts the predicates of the package (func(error) bool) the
	// walk is inside.
	depth int
	// namedErr is the operation's last result when it is a named error:
	// what a bare return hands the runner.
	namedErr types.Object
	namedSet bool // the operation assigns namedErr (or takes its address)
	steps    int
}

// changes reports whether body assigns v or takes its address.
func (w *errorFlow) changes(body *ast.BlockStmt, v types.Object) bool {
	cur, ok := w.c.ix.find(body)
	if !ok {
		return true // out of sight: it may
	}
	for n := range cur.Preorder((*ast.AssignStmt)(nil), (*ast.UnaryExpr)(nil)) {
		switch n := n.Node().(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && w.info.ObjectOf(id) == v {
					return true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && w.info.ObjectOf(id) == v {
				return true
			}
		}
	}
	return false
}

// lastNamedError returns the variable of ft's last result when it is a named
// error (func() (err error)), else nil.
func (w *errorFlow) lastNamedError(ft *ast.FuncType) types.Object {
	if ft == nil || ft.Results == nil || len(ft.Results.List) == 0 {
		return nil
	}
	last := ft.Results.List[len(ft.Results.List)-1]
	if len(last.Names) == 0 {
		return nil
	}
	v := w.info.Defs[last.Names[len(last.Names)-1]]
	if v == nil || !typematch.IsError(v.Type()) {
		return nil
	}
	return v
}

// maxFlowSteps bounds the statements walked for one lead.
const maxFlowSteps = 2000

// retried reports whether site s may run the call of lead l again after the
// call failed with an error that the layers below it retry. It says false
// when it can see that every such path leaves the site, or that the call
// cannot fail (see handsBackFailure); a lead that is not a call (a nested
// loop), a call in a nested loop or function literal, or an error it cannot
// follow, is retried.
func (c *checker) retried(s *retrysite.Site, l lead) bool {
	call, ok := l.node.(*ast.CallExpr)
	if !ok {
		return true
	}
	if l.runsOut.Kind != "" && !c.repeatsExhausted(s, call, l.runsOut) {
		return false
	}
	if l.bound.Kind == retrysite.Unbounded && l.within == "" && !handsBackFailure(c.pass.TypesInfo, call) {
		return false
	}
	w := &errorFlow{sdkOnly: !l.own, raw: l.client != nil, givesUp: l.givesUp}
	return c.afterFailure(s, call, w)&flowAround != 0
}

// handsBackFailure reports whether call may tell its caller that it failed,
// or stop before the layers below it succeed: it returns something other
// than numbers and strings (an error, a bool, a value that may carry an
// error, as go-redis' *IntCmd does), takes a context that may end it, or
// its type is not known. A call that does none of these, of an unbounded
// layer (go-zero's discovery load, returning a revision: for { if get() ==
// nil { break }; sleep }), comes back only once the layers below it
// succeeded: the site around it never goes around because it failed, and
// nothing multiplies.
func handsBackFailure(info *types.Info, call *ast.CallExpr) bool {
	sig := typematch.SignatureOf(info, call.Fun)
	if sig == nil {
		return true
	}
	for v := range sig.Params().Variables() {
		if typematch.IsContext(v.Type()) {
			return true
		}
	}
	for v := range sig.Results().Variables() {
		b, ok := v.Type().Underlying().(*types.Basic)
		if !ok || b.Info()&(types.IsNumeric|types.IsString) == 0 {
			return true
		}
	}
	return false
}

// afterFailure walks the attempt of site s on from the failure of call
// (a call, or a receive of an error another goroutine sent), with w's
// assumptions about the error (the rest of w is filled in here), and
// returns how the paths from there end; flowAround where it cannot follow
// them.
func (c *checker) afterFailure(s *retrysite.Site, call ast.Expr, w *errorFlow) flow {
	f := source.File(c.pass.Files, call.Pos())
	if s.Attempt == nil || f == nil {
		return flowAround
	}
	path, _ := astutil.PathEnclosingInterval(f, call.Pos(), call.End())
	top := -1
	for i, n := range path {
		if n == s.Attempt {
			top = i
			break
		}
	}
	if top < 1 || path[0] != call {
		return flowAround
	}
	var fnType *ast.FuncType
	if top+1 < len(path) {
		switch fn := path[top+1].(type) {
		case *ast.FuncLit:
			fnType = fn.Type
		case *ast.FuncDecl:
			fnType = fn.Type
		}
	}
	path = path[:top+1]
	for _, n := range path[1:top] {
		switch n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt, *ast.GoStmt, *ast.DeferStmt:
			return flowAround
		}
	}
	w.c, w.info, w.site, w.loop, w.rule = c, c.pass.TypesInfo, s, s.Kind == retrysite.Loop, c.rule(s)
	w.asserted = make(map[types.Object]types.Type)
	if !w.loop {
		w.namedErr = w.lastNamedError(fnType)
		w.namedSet = w.namedErr != nil && w.changes(s.Attempt, w.namedErr)
	}
	return w.fromCall(path)
}

// fromCall finds where the failed call's error goes and walks on from there.
// path runs from the call up to the attempt's body.
func (w *errorFlow) fromCall(path []ast.Node) flow {
	// The call's value may pass through a method chain first: c.Get(ctx,
	// k).Result(), c.Incr(ctx, k).Err().
	i := 0
	for i+1 < len(path) {
		switch p := path[i+1].(type) {
		case *ast.ParenExpr:
			i++
			continue
		case *ast.SelectorExpr:
			if p.X == path[i] {
				i++
				continue
			}
		case *ast.CallExpr:
			if p.Fun == path[i] {
				i++
				continue
			}
		}
		break
	}
	chain, ok := path[i].(ast.Expr)
	if !ok || i+1 >= len(path) {
		return flowAround
	}
	switch p := path[i+1].(type) {
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || p.Rhs[0] != chain || (p.Tok != token.ASSIGN && p.Tok != token.DEFINE) {
			return flowAround
		}
		for j := len(p.Lhs) - 1; j >= 0; j-- {
			// By the result's type: a blank on the left has none.
			if t := resultType(w.info.TypeOf(chain), j, len(p.Lhs)); t != nil && typematch.IsError(t) {
				id, ok := ast.Unparen(p.Lhs[j]).(*ast.Ident)
				if !ok {
					return flowAround // the error is kept elsewhere
				}
				if id.Name == "_" {
					return w.dropped(path, i+1)
				}
				w.errVar = w.info.ObjectOf(id)
				break
			}
		}
		if w.errVar == nil {
			return flowAround
		}
		if ifs, ok := path[i+2].(*ast.IfStmt); ok && ifs.Init == p {
			return w.fromIf(path, i+2, ifs)
		}
		return w.resume(path, i+1, true)
	case *ast.ExprStmt:
		return w.dropped(path, i+1)
	case *ast.ReturnStmt:
		if t := w.info.TypeOf(chain); t == nil || !typematch.IsError(t) && !endsInError(t) {
			return flowAround
		}
		w.errExpr = chain
		return w.ret(p, true)
	case *ast.CallExpr:
		// return backoff.Permanent(c.Del(ctx).Err())
		if ret, ok := path[i+2].(*ast.ReturnStmt); ok && w.isMarker(p) {
			w.errExpr = p
			return w.ret(ret, true)
		}
		return flowAround
	case *ast.BinaryExpr, *ast.UnaryExpr:
		// The error tested in place: if c.Del(ctx).Err() != nil.
		if t := w.info.TypeOf(chain); t == nil || !typematch.IsError(t) {
			return flowAround
		}
		w.errExpr = chain
		for j := i + 1; j < len(path); j++ {
			switch n := path[j].(type) {
			case *ast.BinaryExpr, *ast.UnaryExpr, *ast.ParenExpr:
				continue
			case *ast.IfStmt:
				if n.Cond == path[j-1] {
					return w.fromIf(path, j, n)
				}
			}
			break
		}
	}
	return flowAround
}

// dropped walks on after path[cur], a statement that drops the failed call's
// error (_ = c.Remove(ctx), or the call alone): nothing sees the failure, so
// the attempt goes on as after a success, and the call runs again only if
// that path goes around (rclone's pcloud clean-up removes the object it found
// once, drops the error and breaks).
func (w *errorFlow) dropped(path []ast.Node, cur int) flow {
	return w.resume(path, cur, false)
}

// resultType is the type of result j of n that a call of type t assigns:
// an element of its tuple, or t itself for a single result.
func resultType(t types.Type, j, n int) types.Type {
	if tup, ok := t.(*types.Tuple); ok {
		if tup.Len() != n {
			return nil
		}
		return tup.At(j).Type()
	}
	if n != 1 {
		return nil
	}
	return t
}

// endsInError reports whether t is a tuple whose last element is an error
// (return c.Get(ctx, k).Result()).
func endsInError(t types.Type) bool {
	tup, ok := t.(*types.Tuple)
	return ok && tup.Len() > 0 && typematch.IsError(tup.At(tup.Len()-1).Type())
}

// fromIf walks the if statement at path[k], whose condition is the first
// thing to see the failed call's error, and what follows it.
func (w *errorFlow) fromIf(path []ast.Node, k int, ifs *ast.IfStmt) flow {
	o, fall, live := w.ifBranches(ifs, true)
	out := o &^ flowBreak
	if o&flowBreak != 0 {
		out |= w.breakFrom(path, k, live)
	}
	if fall {
		out |= w.resume(path, k, live)
	}
	return out
}

// resume walks on after path[cur], a statement that completed normally,
// through the statements after it and after each enclosing statement, up to
// the end of the attempt. live says whether errVar still holds the error.
func (w *errorFlow) resume(path []ast.Node, cur int, live bool) flow {
	var out flow
	for ; cur+1 < len(path); cur++ {
		var rest []ast.Stmt
		switch p := path[cur+1].(type) {
		case *ast.BlockStmt:
			if cur+2 < len(path) && isSwitchLike(path[cur+2]) {
				break // a switch or select body: its other clauses are not next
			}
			rest = after(p.List, path[cur])
		case *ast.CaseClause:
			rest = after(p.Body, path[cur])
		case *ast.CommClause:
			if p.Comm == path[cur] {
				rest = p.Body
			} else {
				rest = after(p.Body, path[cur])
			}
		}
		o, fall, lv := w.list(rest, live)
		out |= o &^ flowBreak
		if o&flowBreak != 0 {
			out |= w.breakFrom(path, cur+1, lv)
		}
		if !fall {
			return out
		}
		live = lv
	}
	return out | w.end(live)
}

func isSwitchLike(n ast.Node) bool {
	switch n.(type) {
	case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		return true
	}
	return false
}

// after returns the statements of list after s.
func after(list []ast.Stmt, s ast.Node) []ast.Stmt {
	for i, x := range list {
		if x == s {
			return list[i+1:]
		}
	}
	return nil
}

// breakFrom resolves an unlabelled break met at path[k] or below: it leaves
// the innermost switch or select above, or else the site's loop.
func (w *errorFlow) breakFrom(path []ast.Node, k int, live bool) flow {
	for j := k; j < len(path); j++ {
		if isSwitchLike(path[j]) {
			return w.resume(path, j, live)
		}
	}
	return flowLeaves
}

// end is what follows the end of the attempt: the loop's condition, or the
// operation returning without an error.
func (w *errorFlow) end(live bool) flow {
	if !w.loop {
		return flowLeaves
	}
	if f, ok := w.site.Node.(*ast.ForStmt); ok && f.Cond != nil {
		switch w.eval(f.Cond, live) {
		case yes:
			return flowAround
		case no:
			return flowLeaves
		}
	}
	return flowAround | flowLeaves
}

// list walks statements in order; it returns how paths end, whether one
// falls off the end, and whether errVar still holds the error there.
func (w *errorFlow) list(stmts []ast.Stmt, live bool) (flow, bool, bool) {
	var out flow
	for _, s := range stmts {
		o, fall, lv := w.stmt(s, live)
		out |= o
		if !fall {
			return out, false, live
		}
		live = lv
	}
	return out, true, live
}

// stmt walks one statement.
func (w *errorFlow) stmt(s ast.Stmt, live bool) (flow, bool, bool) {
	w.steps++
	if w.steps > maxFlowSteps {
		return flowAround | flowLeaves, false, live
	}
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return w.ret(s, live), false, live
	case *ast.BranchStmt:
		return w.branch(s), false, live
	case *ast.BlockStmt:
		return w.list(s.List, live)
	case *ast.LabeledStmt:
		return w.stmt(s.Stmt, live)
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok && typematch.NeverReturns(w.info, call) {
			return flowLeaves, false, live
		}
	case *ast.AssignStmt:
		w.noteAssertion(s, live)
		if w.assigns(s.Lhs) {
			live = false
		}
	case *ast.IfStmt:
		if as, ok := s.Init.(*ast.AssignStmt); ok {
			w.noteAssertion(as, live)
			if w.assigns(as.Lhs) {
				live = false
			}
		}
		return w.ifBranches(s, live)
	case *ast.SwitchStmt:
		if s.Init != nil {
			if as, ok := s.Init.(*ast.AssignStmt); ok && w.assigns(as.Lhs) {
				live = false
			}
		}
		return w.switchStmt(s, live)
	case *ast.TypeSwitchStmt:
		return w.typeSwitch(s, live)
	case *ast.SelectStmt:
		var out flow
		fall := false
		for _, cl := range s.Body.List {
			cc := cl.(*ast.CommClause)
			o, f, _ := w.list(cc.Body, live)
			if o&flowBreak != 0 {
				f = true
			}
			out |= o &^ flowBreak
			fall = fall || f
		}
		return out, fall, live
	case *ast.ForStmt, *ast.RangeStmt:
		// A loop nested in the attempt: its returns count; its breaks and
		// continues are its own; it may end.
		var body *ast.BlockStmt
		if f, ok := s.(*ast.ForStmt); ok {
			body = f.Body
		} else {
			body = s.(*ast.RangeStmt).Body
		}
		o := w.nestedLoop(body, live)
		return o, true, false
	}
	return 0, true, live
}

// nestedLoop collects how paths through a nested loop's body leave the
// attempt: its returns, and breaks or continues of outer labels.
func (w *errorFlow) nestedLoop(body *ast.BlockStmt, live bool) flow {
	cur, ok := w.c.ix.find(body)
	if !ok {
		return flowAround // out of sight: it may go around
	}
	var out flow
	cur.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil), (*ast.BranchStmt)(nil)}, func(c inspector.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			out |= w.ret(n, false)
		case *ast.BranchStmt:
			if n.Label != nil {
				out |= w.branch(n) &^ flowBreak
			}
		}
		return true
	})
	return out
}

// assigns reports whether an assignment changes errVar.
func (w *errorFlow) assigns(lhs []ast.Expr) bool {
	for _, l := range lhs {
		if id, ok := ast.Unparen(l).(*ast.Ident); ok && w.errVar != nil && w.info.ObjectOf(id) == w.errVar {
			return true
		}
	}
	return false
}

func (w *errorFlow) ifBranches(s *ast.IfStmt, live bool) (flow, bool, bool) {
	switch w.eval(s.Cond, live) {
	case yes:
		return w.stmt(s.Body, live)
	case no:
		if s.Else == nil {
			return 0, true, live
		}
		return w.stmt(s.Else, live)
	}
	o1, f1, l1 := w.stmt(s.Body, live)
	o2, f2, l2 := flow(0), true, live
	if s.Else != nil {
		o2, f2, l2 = w.stmt(s.Else, live)
	}
	return o1 | o2, f1 || f2, (!f1 || l1) && (!f2 || l2)
}

// clauses walks a switch's clauses; match evaluates a case expression.
func (w *errorFlow) clauses(body *ast.BlockStmt, live bool, match func(ast.Expr) tri) (flow, bool, bool) {
	var out flow
	fall, lvAll := false, true
	take := func(stmts []ast.Stmt) {
		o, f, lv := w.list(stmts, live)
		if o&flowBreak != 0 {
			f = true
		}
		out |= o &^ flowBreak
		if f {
			fall = true
			lvAll = lvAll && lv
		}
	}
	var dflt []ast.Stmt
	hasDefault, certain := false, false
	for _, cl := range body.List {
		cc := cl.(*ast.CaseClause)
		if cc.List == nil {
			hasDefault, dflt = true, cc.Body
			continue
		}
		v := eval.AnyCase(cc.List, match)
		if v == no {
			continue
		}
		take(cc.Body)
		if v == yes {
			certain = true
			break
		}
	}
	if !certain {
		if hasDefault {
			take(dflt)
		} else {
			fall = true
		}
	}
	return out, fall, live && lvAll
}

func (w *errorFlow) switchStmt(s *ast.SwitchStmt, live bool) (flow, bool, bool) {
	if s.Tag == nil {
		return w.clauses(s.Body, live, func(e ast.Expr) tri { return w.eval(e, live) })
	}
	onErr := w.isErr(s.Tag, live)
	return w.clauses(s.Body, live, func(e ast.Expr) tri {
		if !onErr {
			return unknown
		}
		// switch err { case nil: ...; case ErrConflict: ... }
		if w.isNil(e) || w.exemptValue(e) {
			return no
		}
		return unknown
	})
}

func (w *errorFlow) typeSwitch(s *ast.TypeSwitchStmt, live bool) (flow, bool, bool) {
	var x ast.Expr
	switch a := s.Assign.(type) {
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			if ta, ok := a.Rhs[0].(*ast.TypeAssertExpr); ok {
				x = ta.X
			}
		}
	case *ast.ExprStmt:
		if ta, ok := a.X.(*ast.TypeAssertExpr); ok {
			x = ta.X
		}
	}
	onErr := x != nil && w.isErr(x, live)
	return w.clauses(s.Body, live, func(e ast.Expr) tri {
		if !onErr {
			return unknown
		}
		if w.isNil(e) {
			return no
		}
		if tv, ok := w.info.Types[e]; ok && tv.IsType() {
			return w.ofType(tv.Type)
		}
		return unknown
	})
}

// noteAssertion records the ok of "_, ok := err.(T)", err the failed call's
// error.
func (w *errorFlow) noteAssertion(as *ast.AssignStmt, live bool) {
	if len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return
	}
	ta, isTA := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
	id, isID := as.Lhs[1].(*ast.Ident)
	if !isTA || !isID || ta.Type == nil || !w.isErr(ta.X, live) {
		return
	}
	if ok := w.info.ObjectOf(id); ok != nil {
		w.asserted[ok] = w.info.TypeOf(ta.Type)
	}
}

// ofType says whether the failed call's error is of type t (a type
// assertion's, errors.As's target's, a type switch case's): yes when it is
// assumed to be an error of that type, no when t is exempt (the layers
// below never retry it).
func (w *errorFlow) ofType(t types.Type) tri {
	if w.is != nil {
		if n, ok := types.Unalias(typematch.Deref(t)).(*types.Named); ok && n.Obj() == w.is {
			return yes
		}
		return unknown
	}
	if w.exemptType(t) {
		return no
	}
	return unknown
}

// isSentinel says whether the failed call's error is the value e names
// (err == e, errors.Is(err, e)).
func (w *errorFlow) isSentinel(e ast.Expr) tri {
	switch {
	case w.isNil(e) || w.exemptValue(e):
		return no
	case w.is != nil && typematch.Ident(e) != nil && w.info.Uses[typematch.Ident(e)] == w.is:
		return yes
	}
	return unknown
}

// maxPredicateDepth bounds the predicates followed into one another.
const maxPredicateDepth = 3

// predicate evaluates a call of fn on the failed call's error, where fn is
// a predicate of the package whose body gives its answer in one expression
// (eval.ErrorPredicate), evaluated with its parameter for the error.
func (w *errorFlow) predicate(fn *types.Func) tri {
	if fn == nil || w.depth >= maxPredicateDepth {
		return unknown
	}
	param, result, _, ok := eval.ErrorPredicate(w.info, fn, w.c.ix.decls[fn])
	if !ok || result == nil {
		return unknown
	}
	sub := *w
	sub.errVar, sub.errExpr, sub.depth = param, nil, w.depth+1
	return sub.eval(result, true)
}

// branch is where a break, continue or goto leads.
func (w *errorFlow) branch(s *ast.BranchStmt) flow {
	switch s.Tok {
	case token.GOTO, token.FALLTHROUGH:
		return flowAround | flowLeaves
	}
	if s.Label != nil {
		lbl, _ := w.info.Uses[s.Label].(*types.Label)
		if lbl == nil {
			return flowAround | flowLeaves
		}
		if w.inAttempt(lbl.Pos()) {
			return flowAround | flowLeaves // a statement of the attempt: too rare to follow
		}
		if w.loop && s.Tok == token.CONTINUE && w.isSiteLabel(lbl) {
			return flowAround
		}
		return flowLeaves // the site's loop, or a loop around it
	}
	if s.Tok == token.CONTINUE {
		if w.loop {
			return flowAround
		}
		return flowAround | flowLeaves
	}
	return flowBreak
}

func (w *errorFlow) inAttempt(pos token.Pos) bool {
	a := w.site.Attempt
	return a.Pos() <= pos && pos < a.End()
}

// isSiteLabel reports whether lbl labels the site's loop.
func (w *errorFlow) isSiteLabel(lbl *types.Label) bool {
	f := source.File(w.c.pass.Files, w.site.Node.Pos())
	if f == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(f, w.site.Node.Pos(), w.site.Node.End())
	for _, n := range path {
		if ls, ok := n.(*ast.LabeledStmt); ok && ls.Stmt == w.site.Node {
			return w.info.Defs[ls.Label] == lbl
		}
	}
	return false
}

// ret is where a return statement leads: out of the loop, or, in a runner's
// operation, back to the runner, which retries or stops as its rule says.
func (w *errorFlow) ret(r *ast.ReturnStmt, live bool) flow {
	if w.loop {
		return flowLeaves
	}
	if len(r.Results) == 0 {
		if w.namedErr == nil || !w.namedSet {
			return flowLeaves // no error, or one that is never set: success
		}
		// A bare return hands the runner the named results: the failed
		// call's error when it was assigned to them and not since.
		if live && w.namedErr == w.errVar {
			return w.failed(false, true)
		}
		return flowAround | flowLeaves
	}
	e := r.Results[len(r.Results)-1]
	if w.rule.kind == apis.ConditionFunc {
		if len(r.Results) != 2 {
			return flowAround | flowLeaves
		}
		switch w.nonNil(r.Results[1], live) {
		case yes:
			return flowLeaves // the runner stops with the error
		case unknown:
			return flowAround | flowLeaves
		}
		switch w.eval(r.Results[0], live) {
		case yes:
			return flowLeaves
		case no:
			return flowAround
		}
		return flowAround | flowLeaves
	}
	if w.isNil(e) {
		return flowLeaves // the operation reports success
	}
	if len(r.Results) == 1 {
		if t := w.info.TypeOf(e); t != nil && !typematch.IsError(t) {
			// return c.Get(ctx, k).Result(): the call's own error.
			if e == w.errExpr {
				return w.failedReturn(e, live)
			}
			return flowAround | flowLeaves
		}
	}
	return w.failedReturn(e, live)
}

// failedReturn is where returning the non-nil error e leads.
func (w *errorFlow) failedReturn(e ast.Expr, live bool) flow {
	marked := false
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && w.isMarker(call) {
		marked = true
	}
	return w.failed(marked, w.isErr(e, live))
}

// failed is where returning a non-nil error leads: one the runner's marker
// function made (marked), or the failed call's own error (own).
func (w *errorFlow) failed(marked, own bool) flow {
	switch w.rule.kind {
	case apis.RetriesMarked:
		switch {
		case marked:
			return flowAround
		case w.raw && own:
			return flowLeaves // a client's own error, not marked retryable
		}
		return flowAround | flowLeaves
	case apis.ConflictsOnly:
		if w.sdkOnly {
			return flowLeaves // the clients below retry no conflict
		}
		return flowAround | flowLeaves
	}
	if marked {
		return flowLeaves
	}
	return flowAround
}

// isMarker reports whether call is the runner library's marker function.
func (w *errorFlow) isMarker(call *ast.CallExpr) bool {
	return w.rule.marker != "" && typematch.IsFunc(typematch.Callee(w.info, call), w.rule.pkg, w.rule.marker)
}

// nonNil says whether e is a non-nil error.
func (w *errorFlow) nonNil(e ast.Expr, live bool) tri {
	switch {
	case w.isNil(e):
		return no
	case w.isErr(e, live):
		return yes
	}
	return unknown
}

func (w *errorFlow) isNil(e ast.Expr) bool {
	tv, ok := w.info.Types[e]
	return ok && tv.IsNil()
}

// isErr reports whether e is the failed call's error.
func (w *errorFlow) isErr(e ast.Expr, live bool) bool {
	e = ast.Unparen(e)
	if w.errExpr != nil && e == w.errExpr {
		return true
	}
	id, ok := e.(*ast.Ident)
	return ok && live && w.errVar != nil && w.info.ObjectOf(id) == w.errVar
}

// tri is the three-valued truth conditions are evaluated in (package eval).
type tri = eval.Value

const (
	unknown = eval.Unknown
	yes     = eval.Yes
	no      = eval.No
)

// eval evaluates a condition, the failed call's error being non-nil and one
// that the layers below retry.
func (w *errorFlow) eval(e ast.Expr, live bool) tri {
	return eval.Condition(e, func(x ast.Expr) tri { return w.operand(x, live) })
}

// operand evaluates an operand of a condition's connectives (eval.Condition).
func (w *errorFlow) operand(e ast.Expr, live bool) tri {
	switch e := e.(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.EQL, token.NEQ:
			v := unknown
			for _, xy := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
				if w.isErr(xy[0], live) && v == unknown {
					v = w.isSentinel(xy[1]) // a failed call's error is neither nil nor an exempt error
					if v == yes && w.wrapped {
						v = no
					}
				}
			}
			if e.Op == token.NEQ {
				return v.Not()
			}
			return v
		}
	case *ast.CallExpr:
		fn := typematch.Callee(w.info, e)
		switch {
		case len(e.Args) == 2 && w.c.errorsFunc(fn) == "Is" && w.isErr(e.Args[0], live):
			return w.isSentinel(e.Args[1])
		case len(e.Args) == 2 && w.c.errorsFunc(fn) == "As" && w.isErr(e.Args[0], live):
			if t := w.info.TypeOf(e.Args[1]); t != nil {
				if p, ok := t.Underlying().(*types.Pointer); ok {
					return w.ofType(p.Elem())
				}
			}
		case len(e.Args) == 1 && fn != nil && apis.NeverRetriedPredicate(fn) && w.isErr(e.Args[0], live) && w.sdkOnly:
			return no
		case len(e.Args) == 1 && w.isErr(e.Args[0], live):
			return w.predicate(fn)
		}
	case *ast.Ident:
		if t, ok := w.asserted[w.info.Uses[e]]; ok {
			return w.ofType(t)
		}
		if tv, ok := w.info.Types[e]; ok && tv.Value != nil {
			if b, ok := constBool(tv); ok {
				if b {
					return yes
				}
				return no
			}
		}
	}
	return unknown
}

// exemptValue reports whether e names an error the layers below never
// retry: a sentinel of the table (redis.Nil), or one of the user's own.
func (w *errorFlow) exemptValue(e ast.Expr) bool {
	if w.is != nil {
		return false
	}
	id := typematch.Ident(e)
	if id == nil {
		return false
	}
	obj := w.info.Uses[id]
	switch obj.(type) {
	case *types.Var, *types.Const:
	default:
		return false
	}
	if obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
		return false
	}
	if !w.sdkOnly {
		return slices.Contains(w.givesUp, errKind(obj))
	}
	if apis.NeverRetriedObj(obj) {
		return true
	}
	return w.c.ownError(obj)
}

// exemptType reports whether an error of type t (errors.As's target, a type
// switch's case) is one the layers below never retry.
func (w *errorFlow) exemptType(t types.Type) bool {
	if w.is != nil {
		return false
	}
	n, ok := types.Unalias(typematch.Deref(t)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	if !w.sdkOnly {
		return slices.Contains(w.givesUp, errKind(n.Obj()))
	}
	if apis.NeverRetriedObj(n.Obj()) {
		return true
	}
	if _, isIface := n.Underlying().(*types.Interface); isIface || wrapsError(n) {
		return false
	}
	return w.c.ownError(n.Obj())
}

// wrapsError reports whether a named type may carry another error inside:
// it has an Unwrap method or a field of type error.
func wrapsError(n *types.Named) bool {
	ms := types.NewMethodSet(types.NewPointer(n))
	for i := range ms.Len() {
		if ms.At(i).Obj().Name() == "Unwrap" {
			return true
		}
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if typematch.ImplementsError(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// constBool returns the value of a boolean constant.
func constBool(tv types.TypeAndValue) (bool, bool) {
	if tv.Value == nil || tv.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(tv.Value), true
}

// ownError reports whether obj, an error sentinel or type, is the user's
// own: declared in this package, or in another package of its module. The
// clients below return only their own errors and the standard library's, so
// they never retry it; an outer retry that goes around only on it does not
// repeat their retries. One of this package that some function returns in
// place of a failed call's error (if err != nil { return ErrUnavailable })
// stands for the failures below, and is not counted.
func (c *checker) ownError(obj types.Object) bool {
	if obj.Pkg() != c.pass.Pkg {
		m := c.pass.Module
		path := obj.Pkg().Path()
		return m != nil && m.Path != "" && (path == m.Path || strings.HasPrefix(path, m.Path+"/"))
	}
	if c.translated == nil {
		c.translated = c.findTranslations()
	}
	return !c.translated[obj]
}

// findTranslations returns the sentinels and error types of this package
// that a return statement hands back in place of a failed call's error: the
// return stands directly in the body of an if x != nil, x an error.
func (c *checker) findTranslations() map[types.Object]bool {
	out := map[types.Object]bool{}
	info := c.pass.TypesInfo
	for r := range c.ix.root.Preorder((*ast.ReturnStmt)(nil)) {
		if !guardedByFailure(info, r) {
			continue
		}
		for m := range r.Preorder((*ast.Ident)(nil), (*ast.CompositeLit)(nil)) {
			switch m := m.Node().(type) {
			case *ast.Ident:
				if obj := info.Uses[m]; obj != nil && obj.Pkg() == c.pass.Pkg && obj.Parent() == obj.Pkg().Scope() {
					out[obj] = true
				}
			case *ast.CompositeLit:
				if n, ok := types.Unalias(info.TypeOf(m)).(*types.Named); ok {
					out[n.Obj()] = true
				}
			}
		}
	}
	return out
}

// guardedByFailure reports whether the innermost if or case around the
// statement at cur is an if x != nil, x an error, with the statement in its
// body.
func guardedByFailure(info *types.Info, cur inspector.Cursor) bool {
	for outer := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil), (*ast.CaseClause)(nil), (*ast.CommClause)(nil), (*ast.IfStmt)(nil)) {
		n, ok := outer.Node().(*ast.IfStmt)
		if !ok || !outer.ChildAt(edge.IfStmt_Body, -1).Contains(cur) {
			return false
		}
		be, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr)
		if !ok || be.Op != token.NEQ {
			return false
		}
		for _, xy := range [][2]ast.Expr{{be.X, be.Y}, {be.Y, be.X}} {
			if t := info.TypeOf(xy[0]); t != nil && typematch.IsError(t) && info.Types[xy[1]].IsNil() {
				return true
			}
		}
		return false
	}
	return false
}
