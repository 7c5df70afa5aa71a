package retrydeadline

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// An attemptContext is a context a retry loop's attempt makes for itself,
// with a timeout: v, cancel := context.WithTimeout(parent, d), or
// WithDeadline(parent, time.Now().Add(d)), assigned in the loop's body.
type attemptContext struct {
	v      *types.Var
	fn     string    // "context.WithTimeout"
	parent ast.Expr  // the context it is made from
	pos    token.Pos // the assignment
}

// attemptWaits reports the waits between the attempts of retry loop s that
// end with a context the attempt made with a timeout of its own. Such a
// wait is charged to the attempt that just failed: it ends when that
// attempt's time is up (at once when the attempt timed out, or when its
// cancel ran after it), and the loop either goes round without its pause,
// sending the next attempt at once to a dependency that just timed out, or,
// seeing the context's error, gives up the retries it was about to make.
// openai-go's RequestConfig.Execute (and every Stainless-generated Go SDK's)
// reassigns ctx to the per-attempt WithTimeout when a request timeout is
// set, then waits with WaitForDelay(ctx, delay): a Retry-After longer than
// what is left of the attempt's timeout ends the call with
// DeadlineExceeded.
//
// The wait is one the retry-site recogniser found: a time.After or a timer
// in a select with a case on v.Done(), or a call of a function of this
// package that selects on its context parameter's Done, given v.
func (c *checker) attemptWaits(s *retrysite.Site) {
	ctxs := c.attemptContexts(s)
	if len(ctxs) == 0 {
		return
	}
	for _, w := range s.Waits {
		call, ok := w.Node.(*ast.CallExpr)
		if !ok {
			continue
		}
		helper := waitFunc(w, typematch.Callee(c.info, call))
		for _, use := range c.waitContextUses(s, helper, call) {
			ac, ok := ctxs[c.info.Uses[use]]
			if !ok || ac.pos >= use.Pos() {
				continue
			}
			c.reportAttemptWait(use, ac, helper != nil, call)
		}
	}
}

// attemptContexts returns the contexts made with a timeout by assignments
// in the attempt of s (outside the function literals it holds, which may
// run elsewhere), by variable.
func (c *checker) attemptContexts(s *retrysite.Site) map[types.Object]attemptContext {
	ctxs := make(map[types.Object]attemptContext)
	ast.Inspect(s.Attempt, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) != 2 || len(n.Rhs) != 1 {
				return true
			}
			call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			fn := typematch.Callee(c.info, call)
			var name string
			for _, f := range []string{"WithTimeout", "WithTimeoutCause", "WithDeadline", "WithDeadlineCause"} {
				if typematch.IsFunc(fn, "context", f) {
					name = "context." + f
				}
			}
			// A deadline fixed before the loop (WithDeadline(ctx, end)) is
			// the whole retry's, remade each time; only one counted from
			// now is the attempt's.
			if (name == "context.WithDeadline" || name == "context.WithDeadlineCause") &&
				(len(call.Args) < 2 || c.nowAdd(call.Args[1]) == nil) {
				return true
			}
			id, ok := n.Lhs[0].(*ast.Ident)
			if name == "" || !ok {
				return true
			}
			v := c.info.Defs[id]
			if v == nil {
				v = c.info.Uses[id]
			}
			if v, ok := v.(*types.Var); ok {
				ctxs[v] = attemptContext{v: v, fn: name, parent: call.Args[0], pos: n.Pos()}
			}
		}
		return true
	})
	return ctxs
}

// waitFunc returns the function the wait w calls to wait, when it is not
// one of package time's: a function that waits as the loop tells it
// (sleepCtx(ctx, d)), or one that waits a time of its own (w.Via).
func waitFunc(w retrysite.Wait, callee *types.Func) *types.Func {
	if w.Via != nil {
		return w.Via
	}
	if callee != nil && callee.Pkg() != nil && callee.Pkg().Path() != "time" {
		return callee
	}
	return nil
}

// waitContextUses returns the identifiers of the contexts the wait at call
// ends with: x in a case <-x.Done() of the select the wait's timer is in,
// or, when the wait is a call of helper, a function of this package, the
// argument it gives the context parameter the helper selects on.
func (c *checker) waitContextUses(s *retrysite.Site, helper *types.Func, call *ast.CallExpr) []*ast.Ident {
	if helper != nil {
		decl := c.decl(helper)
		if decl == nil || decl.Body == nil {
			return nil
		}
		params := helper.Signature().Params()
		var uses []*ast.Ident
		for i := 0; i < params.Len() && i < len(call.Args); i++ {
			if id, ok := ast.Unparen(call.Args[i]).(*ast.Ident); ok && c.selectsOnDone(decl.Body, params.At(i)) {
				uses = append(uses, id)
			}
		}
		return uses
	}
	sel := c.waitSelect(s, call)
	if sel == nil {
		return nil
	}
	var uses []*ast.Ident
	for _, cc := range sel.Body.List {
		if id := c.doneReceiver(cc.(*ast.CommClause).Comm); id != nil {
			uses = append(uses, id)
		}
	}
	return uses
}

// waitSelect returns the select statement the wait at call waits in: the
// one whose case receives from time.After(d) itself, or from the channel of
// the timer that time.NewTimer(d) gives (or t.Reset(d) rearms), the first
// such select after the call in the attempt.
func (c *checker) waitSelect(s *retrysite.Site, call *ast.CallExpr) *ast.SelectStmt {
	cur, ok := c.cursor(call)
	if !ok {
		return nil
	}
	fn := typematch.Callee(c.info, call)
	if typematch.IsFunc(fn, "time", "After") {
		for p := range cur.Enclosing((*ast.CommClause)(nil), (*ast.SelectStmt)(nil), (*ast.FuncLit)(nil)) {
			if sel, ok := p.Node().(*ast.SelectStmt); ok {
				return sel
			}
			if _, ok := p.Node().(*ast.FuncLit); ok {
				return nil
			}
		}
		return nil
	}
	var timer types.Object
	switch {
	case typematch.IsFunc(fn, "time", "NewTimer"):
		if as, ok := cur.Parent().Node().(*ast.AssignStmt); ok && len(as.Lhs) == 1 {
			if id, ok := as.Lhs[0].(*ast.Ident); ok {
				timer = c.info.ObjectOf(id)
			}
		}
	case typematch.IsMethod(fn, "time", "Timer", "Reset"):
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
				timer = c.info.Uses[id]
			}
		}
	}
	if timer == nil {
		return nil
	}
	attempt, ok := c.cursor(s.Attempt)
	if !ok {
		return nil
	}
	for sc := range attempt.Preorder((*ast.SelectStmt)(nil)) {
		sel := sc.Node().(*ast.SelectStmt)
		if sel.Pos() > call.Pos() && c.receivesFromTimer(sel, timer) {
			return sel
		}
	}
	return nil
}

// receivesFromTimer reports whether a case of sel receives from timer's C.
func (c *checker) receivesFromTimer(sel *ast.SelectStmt, timer types.Object) bool {
	for _, cc := range sel.Body.List {
		recv := retrysite.RecvOperand(cc.(*ast.CommClause).Comm)
		if recv == nil {
			continue
		}
		if s, ok := ast.Unparen(recv).(*ast.SelectorExpr); ok && s.Sel.Name == "C" {
			if id, ok := ast.Unparen(s.X).(*ast.Ident); ok && c.info.Uses[id] == timer {
				return true
			}
		}
	}
	return false
}

// selectsOnDone reports whether body has a select with a case <-p.Done().
func (c *checker) selectsOnDone(body *ast.BlockStmt, p *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if cc, ok := n.(*ast.CommClause); ok {
			if id := c.doneReceiver(cc.Comm); id != nil && c.info.Uses[id] == p {
				found = true
			}
		}
		return !found
	})
	return found
}

// doneReceiver returns x when the select case comm receives from x.Done(),
// x a context.Context.
func (c *checker) doneReceiver(comm ast.Stmt) *ast.Ident {
	call, ok := retrysite.RecvOperand(comm).(*ast.CallExpr)
	if !ok || !typematch.IsMethod(typematch.Callee(c.info, call), "context", "Context", "Done") {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	id, _ := ast.Unparen(sel.X).(*ast.Ident)
	return id
}

// reportAttemptWait reports use, the attempt context ac where the wait at
// call ends with it (through a wait function when viaHelper), with a fix
// that waits on ac's parent instead when the parent is a variable still in
// scope under its own name.
func (c *checker) reportAttemptWait(use *ast.Ident, ac attemptContext, viaHelper bool, call *ast.CallExpr) {
	instead := "the context it was made from"
	var edits []analysis.TextEdit
	parent := c.contextVar(ac.parent)
	if parent != nil && parent != ac.v {
		edits = c.renameIn(c.waitScope(use, viaHelper, call), ac.v, parent)
		if len(edits) > 0 {
			instead = parent.Name() + ", " + instead
		}
	}
	d := analysis.Diagnostic{
		Pos: use.Pos(),
		End: use.End(),
		Message: fmt.Sprintf("retry loop waits between attempts on %s, the context this attempt made with %s: the wait "+
			"counts against the attempt that failed and ends when its time is up (at once if it timed out or was "+
			"cancelled): the pause is cut short, or the retries end; wait on %s", ac.v.Name(), ac.fn, instead),
	}
	if len(edits) > 0 {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: "wait on " + parent.Name(), TextEdits: edits}}
	}
	c.rep.Report(d)
}

// waitScope returns the code in which the wait's context stands for the
// wait: the select case holding use (its receive and what it runs), or the
// call of the wait function.
func (c *checker) waitScope(use *ast.Ident, viaHelper bool, call *ast.CallExpr) ast.Node {
	if viaHelper {
		return call
	}
	cur, ok := c.cursor(use)
	if !ok {
		return use
	}
	for cc := range cur.Enclosing((*ast.CommClause)(nil)) {
		return cc.Node()
	}
	return use
}

// renameIn returns the edits that replace every use of v in n by the name
// of to, or none when to's name means something else at one of them (a
// shadowing declaration, or to declared with v's name).
func (c *checker) renameIn(n ast.Node, v, to *types.Var) []analysis.TextEdit {
	cur, ok := c.cursor(n)
	if !ok {
		return nil
	}
	var edits []analysis.TextEdit
	for ic := range cur.Preorder((*ast.Ident)(nil)) {
		id := ic.Node().(*ast.Ident)
		if c.info.Uses[id] != v {
			continue
		}
		scope := c.innermostScope(id.Pos())
		if scope == nil {
			return nil
		}
		if _, found := scope.LookupParent(to.Name(), id.Pos()); found != to {
			return nil
		}
		edits = append(edits, analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(to.Name())})
	}
	return edits
}
