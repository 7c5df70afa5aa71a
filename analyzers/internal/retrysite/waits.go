package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

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
		if i < len(call.Args) {
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
		if a.importFact(fn, &f) {
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
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found.Kind != 0 {
			return found.Kind == 0
		}
		if callee := typematch.Callee(a.info, call); callee == fn {
			return true
		}
		k, d := a.waitOf(call)
		if k == 0 || k == Tick {
			return true
		}
		if id, ok := ast.Unparen(d).(*ast.Ident); ok {
			if p, ok := params[a.info.Uses[id]]; ok {
				found = WaitsFact{Kind: k, Param: p}
			}
		}
		return true
	})
	a.helperWaits[fn] = found
	return found.Kind, found.Param
}

// waits lists the pauses of a loop body in source order: wait calls outside
// nested loops and function literals, and receives from a timer or ticker
// made before the loop.
func (a *recogniser) waits(body *ast.BlockStmt, loop ast.Stmt) []Wait {
	var out []Wait
	resets := map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
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
			}
		}
		return true
	})
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.UnaryExpr:
			if n.Op != token.ARROW {
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

// tickerRange reports whether a range over a channel ranges over a ticker
// (for range ticker.C, for range time.Tick(d)) and returns its wait.
func (a *recogniser) tickerRange(x ast.Expr) (Wait, bool) {
	x = ast.Unparen(x)
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
