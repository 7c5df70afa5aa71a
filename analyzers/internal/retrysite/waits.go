package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// waitOf returns how call pauses and the duration it pauses for, or (0, nil)
// when it does not wait. Besides the time package it knows the package's own
// helpers that wait for a duration parameter (sleepCtx(ctx, d)) and, through
// a WaitsFact, those of other packages.
func (a *recogniser) waitOf(call *ast.CallExpr) (WaitKind, ast.Expr) {
	fn := typematch.Callee(a.info, call)
	if fn == nil || fn.Pkg() == nil {
		return 0, nil
	}
	arg := func(i int) ast.Expr {
		if 0 <= i && i < len(call.Args) {
			return call.Args[i]
		}
		return nil
	}
	if fn.Pkg().Path() == "time" {
		switch {
		case typematch.IsFunc(fn, "time", "Sleep"):
			return Sleep, arg(0)
		case typematch.IsFunc(fn, "time", "After"):
			return After, arg(0)
		case typematch.IsFunc(fn, "time", "NewTimer"), typematch.IsFunc(fn, "time", "AfterFunc"),
			typematch.IsMethod(fn, "time", "Timer", "Reset"):
			return Timer, arg(0)
		case typematch.IsFunc(fn, "time", "Tick"), typematch.IsFunc(fn, "time", "NewTicker"),
			typematch.IsMethod(fn, "time", "Ticker", "Reset"):
			return Tick, arg(0)
		}
		return 0, nil
	}
	if k, i := a.waitHelper(fn); k != 0 {
		return k, arg(i)
	}
	return 0, nil
}

func (a *recogniser) isWait(call *ast.CallExpr) bool {
	k, _ := a.waitOf(call)
	return k != 0
}

// waitHelper reports whether fn waits for the duration passed as one of its
// parameters, and which.
func (a *recogniser) waitHelper(fn *types.Func) (WaitKind, int) {
	if fn.Pkg() != a.pkg {
		var f WaitsFact
		if a.importFact(fn, &f) && f.Param >= 0 {
			return f.Kind, f.Param
		}
		return 0, 0
	}
	if w, ok := a.helperWaits[fn]; ok {
		return w.Kind, w.Param
	}
	a.helperWaits[fn] = WaitsFact{} // recursion guard
	decl := a.decls[fn]
	if decl == nil || decl.Body == nil {
		return 0, 0
	}
	params := map[types.Object]int{}
	i := 0
	for _, field := range decl.Type.Params.List {
		for _, name := range field.Names {
			params[a.info.Defs[name]] = i
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	var found WaitsFact
	for c := range a.bodies[decl].Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		if callee := typematch.Callee(a.info, call); callee == fn {
			continue
		}
		k, d := a.waitOf(call)
		if k == 0 || k == Tick {
			continue
		}
		if id, ok := ast.Unparen(d).(*ast.Ident); ok {
			if p, ok := params[a.info.Uses[id]]; ok {
				found = WaitsFact{Kind: k, Param: p}
				break
			}
		}
	}
	a.helperWaits[fn] = found
	return found.Kind, found.Param
}

// listWaits lists the pauses of a loop body in source order: wait calls
// outside nested loops and function literals, and receives from a timer or
// ticker made before the loop.
func (a *recogniser) listWaits(body inspector.Cursor, loop ast.Stmt) []Wait {
	var out []Wait
	resets := map[types.Object]bool{}
	body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.CallExpr)(nil)}, func(c inspector.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.CallExpr:
			if k, d := a.waitOf(n); k != 0 {
				out = append(out, Wait{Kind: k, Node: n, Duration: d})
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					if obj := identObj(a.info, sel.X); obj != nil {
						resets[obj] = true
					}
				}
			} else if fn := typematch.Callee(a.info, n); fn != nil {
				if cw, ok := a.calleeWait(fn); ok {
					r := a.argsRandomness(cw.r, n, &randomCtx{visited: map[types.Object]bool{}})
					out = append(out, Wait{Kind: cw.kind, Node: n, Via: fn, Inner: cw.dur, Judged: judged(r)})
				}
			}
		}
		return true
	})
	body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.UnaryExpr)(nil)}, func(c inspector.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.UnaryExpr:
			if n.Op != token.ARROW {
				return true
			}
			if w, ok := a.tickVar(n.X, loop.Pos()); ok {
				w.Node = n // <-tick, tick := time.Tick(d) made before the loop
				out = append(out, w)
				return true
			}
			sel, ok := ast.Unparen(n.X).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "C" {
				return true
			}
			obj := identObj(a.info, sel.X)
			if obj == nil || resets[obj] || loop.Pos() <= obj.Pos() && obj.Pos() < loop.End() {
				return true // reset, or made, in the loop: that call is the wait
			}
			if w, ok := a.timerDef(obj, loop.Pos()); ok {
				w.Node = n
				out = append(out, w)
			}
		}
		return true
	})
	if len(out) > 1 {
		sortWaits(out)
	}
	return out
}

// timerDef returns the wait of a timer or ticker variable made before pos.
func (a *recogniser) timerDef(obj types.Object, pos token.Pos) (Wait, bool) {
	t := typematch.Deref(obj.Type())
	tick := typematch.IsNamed(t, "time", "Ticker")
	if !tick && !typematch.IsNamed(t, "time", "Timer") {
		return Wait{}, false
	}
	w := Wait{Kind: Timer}
	if tick {
		w.Kind = Tick
	}
	if vals, ok := a.assigned[obj]; ok && !vals.unknown && len(vals.exprs) == 1 && vals.exprs[0].Pos() < pos {
		if call, ok := ast.Unparen(vals.exprs[0]).(*ast.CallExpr); ok {
			if k, d := a.waitOf(call); k != 0 {
				w.Duration = d
			}
		}
	}
	return w, true
}

// tickVar returns the wait of a channel variable made before pos by
// time.Tick(d).
func (a *recogniser) tickVar(x ast.Expr, pos token.Pos) (Wait, bool) {
	obj := identObj(a.info, x)
	if obj == nil || obj.Pos() >= pos {
		return Wait{}, false
	}
	call, ok := ast.Unparen(a.value(x)).(*ast.CallExpr)
	if !ok || call.Pos() >= pos {
		return Wait{}, false
	}
	if k, d := a.waitOf(call); k == Tick && typematch.IsFunc(typematch.Callee(a.info, call), "time", "Tick") {
		return Wait{Kind: k, Node: call, Duration: d}, true
	}
	return Wait{}, false
}

// tickerRange reports whether a range over a channel ranges over a ticker
// (for range ticker.C, for range time.Tick(d), for range tick) and returns
// its wait.
func (a *recogniser) tickerRange(x ast.Expr) (Wait, bool) {
	x = ast.Unparen(x)
	if w, ok := a.tickVar(x, x.Pos()); ok {
		w.Node = x
		return w, true
	}
	if call, ok := x.(*ast.CallExpr); ok {
		if k, d := a.waitOf(call); k == Tick || k == After {
			return Wait{Kind: k, Node: call, Duration: d}, true
		}
	}
	if sel, ok := x.(*ast.SelectorExpr); ok && sel.Sel.Name == "C" {
		if obj := identObj(a.info, sel.X); obj != nil {
			if w, ok := a.timerDef(obj, x.Pos()); ok {
				w.Node = x
				return w, true
			}
		}
	}
	return Wait{}, false
}

func sortWaits(ws []Wait) {
	for i := 1; i < len(ws); i++ {
		for j := i; j > 0 && ws[j].Node.Pos() < ws[j-1].Node.Pos(); j-- {
			ws[j], ws[j-1] = ws[j-1], ws[j]
		}
	}
}

// calleeWait is the pause a function makes on every call: a wait at the top
// level of its body (not under a condition, in a loop or in a function
// literal), such as a tryAgain() that logs and sleeps a configured
// interval, or a waitOrStop(ctx) that selects on a timer and the context.
type calleeWait struct {
	kind WaitKind
	r    randomness // params: the function's parameters the duration depends on
	dur  ast.Expr   // the duration in the function's body; nil for another package's
}

// calleeWait returns the pause fn always makes, if any: for a function of
// another package, from its WaitsFact.
func (a *recogniser) calleeWait(fn *types.Func) (calleeWait, bool) {
	if fn.Pkg() == nil {
		return calleeWait{}, false
	}
	if fn.Pkg() != a.pkg {
		var f WaitsFact
		if a.importFact(fn, &f) && f.Param < 0 {
			return calleeWait{kind: f.Kind, r: randomness{r: f.Randomness, unless: f.Unless, params: f.Params}}, true
		}
		return calleeWait{}, false
	}
	fn = fn.Origin()
	if w, ok := a.calleeWaits[fn]; ok {
		return w, w.kind != 0
	}
	a.calleeWaits[fn] = calleeWait{} // recursion guard
	decl := a.decls[fn]
	if decl == nil || decl.Body == nil {
		return calleeWait{}, false
	}
	c := &randomCtx{params: a.allParams(decl), visited: map[types.Object]bool{}}
	var out calleeWait
	visit := func(cur inspector.Cursor) bool {
		var w calleeWait
		switch n := cur.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			// A ticker of the function's own, received from once
			// (ticker := time.NewTicker(d); select { case <-ticker.C: }):
			// a one-shot timer, cloudevents' RetryParams.Backoff.
			t, ok := a.localTicker(n, decl)
			if !ok {
				return true
			}
			w = calleeWait{kind: Timer, r: a.randomness(t.Duration, c), dur: t.Duration}
		case *ast.CallExpr:
			if k, d := a.waitOf(n); k != 0 {
				if k == Tick || d == nil {
					return true
				}
				w = calleeWait{kind: k, r: a.randomness(d, c), dur: d}
			} else if callee := typematch.Callee(a.info, n); callee != nil {
				inner, ok := a.calleeWait(callee)
				if !ok {
					return true
				}
				w = calleeWait{kind: inner.kind, r: a.argsRandomness(inner.r, n, c), dur: inner.dur}
			} else {
				return true
			}
		default:
			return true
		}
		if out.kind == 0 {
			out = w
		} else {
			out.r = join(out.r, w.r) // waits in sequence
		}
		return true
	}
	filter := []ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.UnaryExpr)(nil)}
	for st := range a.bodies[decl].Children() {
		switch st.Node().(type) {
		case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.ForStmt, *ast.RangeStmt, *ast.GoStmt,
			*ast.DeferStmt, *ast.LabeledStmt:
			continue // not on every call, or not before it returns
		case *ast.SelectStmt:
			for cl := range st.ChildAt(edge.SelectStmt_Body, -1).Children() {
				if cc, ok := cl.Node().(*ast.CommClause); ok && cc.Comm != nil {
					cl.ChildAt(edge.CommClause_Comm, -1).Inspect(filter, visit)
				}
			}
		default:
			st.Inspect(filter, visit)
		}
	}
	a.calleeWaits[fn] = out
	return out, out.kind != 0
}

// localTicker returns the ticker that recv (<-ticker.C) receives from when
// it is a local variable of decl given one value, by time.NewTicker(d),
// before the receive.
func (a *recogniser) localTicker(recv *ast.UnaryExpr, decl *ast.FuncDecl) (Wait, bool) {
	sel, ok := ast.Unparen(recv.X).(*ast.SelectorExpr)
	if recv.Op != token.ARROW || !ok || sel.Sel.Name != "C" {
		return Wait{}, false
	}
	obj := identObj(a.info, sel.X)
	if obj == nil || obj.Pos() < decl.Pos() || obj.Pos() >= decl.End() {
		return Wait{}, false
	}
	w, ok := a.timerDef(obj, recv.Pos())
	return w, ok && w.Kind == Tick && w.Duration != nil // a timer's wait is its NewTimer call
}

// argsRandomness resolves the parameters a callee's wait depends on with
// the arguments of call, judged in the caller's context c.
func (a *recogniser) argsRandomness(r randomness, call *ast.CallExpr, c *randomCtx) randomness {
	if r.r != Fixed || r.params == 0 {
		return r
	}
	out := randomness{r: Fixed, server: r.server, someServer: r.someServer, unless: r.unless}
	for i, arg := range call.Args {
		if r.params&paramBit(i) != 0 {
			out = join(out, a.randomness(arg, c))
		}
	}
	if r.params&recvBit != 0 {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return randomness{r: Opaque}
		}
		out = join(out, a.receiverRandomness(sel.X, c))
	}
	return out
}

// judged turns a randomness into what analyzers read.
func judged(r randomness) Judgement {
	fixed := r.r == Fixed
	out := Judgement{Randomness: r.r, RetryAfter: r.server && fixed, Zero: r.zero && fixed,
		PartlyRetryAfter: !r.server && r.someServer && fixed}
	if fixed {
		out.UnlessSet = r.unless
	}
	return out
}
