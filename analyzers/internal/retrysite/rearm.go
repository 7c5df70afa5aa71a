package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// An event loop can retry without going around on failure: the case that
// makes the attempt arms a timer when the attempt fails, and the case that
// receives from that timer makes the attempt again, or signals the case
// that does (tailscale's audit-log flushWorker):
//
//	case <-l.flusher:
//		if err := l.flush(ctx); err != nil {
//			retry.Reset(delay)
//		}
//	case <-retry.C:
//		l.flushAsync() // sends on l.flusher
//
// A timer armed after every attempt, failed or not, paces a periodic loop
// instead, and one whose case does not lead back to the attempt (an alarm)
// retries nothing.

// rearms reports whether the loop body retries the walker's attempt by a
// timer that only its failure arms.
func (a *recogniser) rearms(w *walker, body *ast.BlockStmt) bool {
	if !w.att.errResult && len(w.att.errs) == 0 {
		return false
	}
	armed := func(sc scenario) map[types.Object]bool {
		w.resets = map[types.Object]bool{}
		defer func() { w.resets = nil }()
		w.sc, w.steps = sc, 0
		w.run(body)
		return w.resets
	}
	onFailure, onSuccess := armed(failErr), armed(success)
	for t := range onFailure {
		if !onSuccess[t] && a.timerReruns(body, t, w.att) {
			return true
		}
	}
	return false
}

// timerReruns reports whether a select case of body that receives from the
// timer t makes the attempt again: it calls the attempt's function, sends on
// the channel the attempt's own case receives from, or calls a function of
// the package that sends on it.
func (a *recogniser) timerReruns(body *ast.BlockStmt, t types.Object, att *attempt) bool {
	callee := typematch.Callee(a.info, att.call)
	var kick types.Object // the channel whose case makes the attempt
	var timerCases []*ast.CommClause
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CommClause:
			if n.Comm == nil {
				return true
			}
			x := RecvOperand(n.Comm)
			if n.Pos() <= att.call.Pos() && att.call.End() <= n.End() {
				kick = chanObj(a.info, x)
			}
			if a.isTimerC(x, t) {
				timerCases = append(timerCases, n)
			}
		}
		return true
	})
	for _, cc := range timerCases {
		found := false
		for _, s := range cc.Body {
			ast.Inspect(s, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.SendStmt:
					found = found || (kick != nil && chanObj(a.info, n.Chan) == kick)
				case *ast.CallExpr:
					fn := typematch.Callee(a.info, n)
					found = found || (fn != nil && fn == callee) || (kick != nil && a.sendsOn(fn, kick))
				}
				return !found
			})
		}
		if found {
			return true
		}
	}
	return false
}

// isTimerC reports whether x is t.C for the timer t.
func (a *recogniser) isTimerC(x ast.Expr, t types.Object) bool {
	sel, ok := x.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "C" && chanObj(a.info, sel.X) == t &&
		typematch.IsNamed(typematch.Deref(a.info.TypeOf(sel.X)), "time", "Timer")
}

// sendsOn reports whether the function fn of the package has a send on the
// channel ch (a field or variable) in its body.
func (a *recogniser) sendsOn(fn *types.Func, ch types.Object) bool {
	decl := a.decls[fn]
	if decl == nil || decl.Body == nil {
		return false
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if s, ok := n.(*ast.SendStmt); ok && chanObj(a.info, s.Chan) == ch {
			found = true
		}
		return !found
	})
	return found
}

// chanObj returns the variable or field e names (x, or the F of v.F), or
// nil.
func chanObj(info *types.Info, e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return info.ObjectOf(e)
	case *ast.SelectorExpr:
		if v, ok := info.ObjectOf(e.Sel).(*types.Var); ok {
			return v
		}
	}
	return nil
}
