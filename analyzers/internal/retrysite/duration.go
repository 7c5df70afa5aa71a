package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// ShortWait is the longest wait the analyzers leave alone: one that ends
// within a tenth of a second. Cancelling it holds nothing worth a select
// (retrydeadline), and a retry whose every wait is that short is spread
// already by the scheduling and network delays of that order, and over
// within a second or so (nojitter).
const ShortWait = 100 * time.Millisecond

// Duration evaluates the duration expression e, with the loop counter (when
// not nil) at k: constants, local variables assigned once, the counter,
// arithmetic, conversions, min and max, and retry.FullJitter(d) as its
// ceiling d.
func (r *Result) Duration(e ast.Expr, counter *types.Var, k int64) (time.Duration, bool) {
	if r.a == nil {
		return 0, false
	}
	info := r.a.info
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		v, exact := constant.Int64Val(constant.ToInt(tv.Value))
		return time.Duration(v), exact
	}
	switch e := e.(type) {
	case *ast.Ident:
		if counter != nil && info.Uses[e] == counter {
			return time.Duration(k), true
		}
		if v := r.Value(e); v != e {
			return r.Duration(v, counter, k)
		}
	case *ast.BinaryExpr:
		x, ok1 := r.Duration(e.X, counter, k)
		y, ok2 := r.Duration(e.Y, counter, k)
		if !ok1 || !ok2 {
			return 0, false
		}
		return eval.IntOp(e.Op, x, y)
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return r.Duration(e.Args[0], counter, k) // a conversion: time.Duration(n)
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && len(e.Args) > 0 {
			if b, ok := info.Uses[id].(*types.Builtin); ok && (b.Name() == "min" || b.Name() == "max") {
				best, ok := r.Duration(e.Args[0], counter, k)
				for _, a := range e.Args[1:] {
					v, ok2 := r.Duration(a, counter, k)
					ok = ok && ok2
					if b.Name() == "min" {
						best = min(best, v)
					} else {
						best = max(best, v)
					}
				}
				return best, ok
			}
		}
		if typematch.IsFunc(typematch.Callee(info, e), apis.Retry, "FullJitter") && len(e.Args) == 1 {
			return r.Duration(e.Args[0], counter, k)
		}
	}
	return 0, false
}

// LoopCounter returns the counter of for i := a; ...; i++ (and its first
// value a, a constant) or of for i := range n (first 0), or nil.
func LoopCounter(info *types.Info, loop ast.Node) (counter *types.Var, first int64) {
	switch l := loop.(type) {
	case *ast.RangeStmt:
		if id, ok := l.Key.(*ast.Ident); ok {
			counter, _ = info.Defs[id].(*types.Var)
		}
		return counter, 0
	case *ast.ForStmt:
		init, ok := l.Init.(*ast.AssignStmt)
		if !ok || len(init.Lhs) != 1 || len(init.Rhs) != 1 || init.Tok != token.DEFINE {
			return nil, 0
		}
		id, _ := init.Lhs[0].(*ast.Ident)
		if id == nil {
			return nil, 0
		}
		v, _ := info.Defs[id].(*types.Var)
		tv := info.Types[init.Rhs[0]]
		post, ok := l.Post.(*ast.IncDecStmt)
		if v == nil || tv.Value == nil || !ok || post.Tok != token.INC || info.Uses[typematch.Ident(post.X)] != v {
			return nil, 0
		}
		first, exact := constant.Int64Val(constant.ToInt(tv.Value))
		if !exact {
			return nil, 0
		}
		return v, first
	}
	return nil, 0
}

// longestArg evaluates the longest value of a wait that is a parameter of
// the unexported function declaring the loop site s (retryFor(ctx, 600,
// 100*time.Millisecond, dial)): the longest of the durations every call in
// the package gives it. ok is false unless every mention of the function
// is a call and every call's argument is known: an exported function's
// callers, and those of a function value, are out of sight.
func (r *Result) longestArg(s *Site, dur ast.Expr) (longest time.Duration, ok bool) {
	a := r.a
	id, isIdent := ast.Unparen(dur).(*ast.Ident)
	decl, isDecl := s.Func.(*ast.FuncDecl)
	if !isIdent || !isDecl {
		return 0, false
	}
	calls, param := a.callsGiving(decl, id)
	for _, call := range calls {
		d, known := r.Duration(call.Args[param], nil, 0)
		if !known {
			return 0, false
		}
		longest = max(longest, d)
	}
	return longest, len(calls) > 0
}

// longestField evaluates the longest value of a wait read from an
// unexported field of the package (ticker := time.NewTicker(p.readyPoll)):
// the longest of the durations the package gives it, in composite literals
// and assignments, test files included. ok is false unless every one of
// them is known and nothing else can set the field (its address taken, a
// value stepped from the old one, a field of another package or exported,
// which code out of sight may set).
func (r *Result) longestField(dur ast.Expr) (longest time.Duration, ok bool) {
	a := r.a
	sel, isSel := ast.Unparen(dur).(*ast.SelectorExpr)
	if !isSel {
		return 0, false
	}
	f, isVar := a.info.Uses[sel.Sel].(*types.Var)
	if !isVar || !f.IsField() || f.Pkg() != a.pkg || f.Exported() {
		return 0, false
	}
	as := a.fields[f]
	if as == nil || len(as.exprs) == 0 || as.unknown || as.stepped || as.tuple {
		return 0, false
	}
	for _, e := range as.exprs {
		d, known := r.Duration(e, nil, 0)
		if !known {
			return 0, false
		}
		longest = max(longest, d)
	}
	return longest, true
}

// LongestWait evaluates the longest the wait dur of loop site s can last:
// a constant, or a duration computed from the loop counter over every
// attempt of a known bound.
func (r *Result) LongestWait(s *Site, dur ast.Expr) (time.Duration, bool) {
	if r.a == nil {
		return 0, false
	}
	if d, ok := r.longestArg(s, dur); ok {
		return d, true
	}
	if d, ok := r.longestField(dur); ok {
		return d, true
	}
	counter, first := LoopCounter(r.a.info, s.Node)
	if counter == nil || s.Bound.Kind != Known {
		// Without the count, only a wait that does not depend on the
		// counter is known: evaluated with no counter, one that does is not.
		return r.Duration(dur, nil, 0)
	}
	var longest time.Duration
	for k := range s.Bound.Attempts {
		d, ok := r.Duration(dur, counter, first+int64(k))
		if !ok {
			return 0, false
		}
		longest = max(longest, d)
	}
	return longest, true
}
