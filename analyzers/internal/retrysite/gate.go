package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// Two shapes of backoff helpers that other packages call, summarised by
// facts so that a wait computed through them is judged, not left opaque:
//
//   - A backoff type whose jitter is a field of its own, drawn only when it
//     is set: Duration() adds rand.N(b.Jitter) if b.Jitter > 0 (the shape of
//     jpillora/backoff and its copies). The method is random only for a
//     receiver that gives Jitter a value; a literal that leaves it out (and
//     that nothing in the package sets) backs off deterministically. The
//     method's RandomFact names the field (Gate).
//   - A function that returns one of its duration arguments, unchanged: a
//     max, a min, a default for a zero value (PassFact). Its result is as
//     random as the arguments it may return. A function that computes a
//     backoff of its own from its arguments gets no such fact: its policy is
//     the other package's (see the crosspkg testdata).

// PassFact marks a function whose duration result is always one of its
// parameters (bit i of Params; the elements of a variadic one included) or
// zero, so that its result is judged by the arguments of each call.
type PassFact struct {
	Params uint64
}

func (*PassFact) AFact()         {}
func (*PassFact) String() string { return "passes a duration argument through" }

// joinRandom is join when a or b is Random: a draw gated by a receiver field
// stays gated only when everything else it is combined with is deterministic
// (or gated by the same field).
func joinRandom(a, b randomness) randomness {
	out := randomness{r: Random}
	switch {
	case a.r == Random && b.r == Random:
		if a.gate == b.gate {
			out.gate = a.gate
		}
	case a.r == Random && b.r == Fixed:
		out.gate = a.gate
	case b.r == Random && a.r == Fixed:
		out.gate = b.gate
	}
	if out.gate != "" {
		out.params = a.params | b.params
		out.server = a.server || b.server
	}
	return out
}

// gatedDraw returns the receiver field a draw of a random source is scaled
// by: rand.N(b.Jitter), rand.Int63n(int64(b.Jitter)) in a method of b. A
// zero bound panics, so such a draw only runs when the field is set.
func (a *recogniser) gatedDraw(fn *types.Func, call *ast.CallExpr, c *randomCtx) string {
	if fn.Pkg() == nil || len(call.Args) != 1 || c.params == nil {
		return ""
	}
	if !slices.Contains(randomSources, fn.Pkg().Path()) {
		return ""
	}
	arg := ast.Unparen(call.Args[0])
	for {
		conv, ok := arg.(*ast.CallExpr)
		if !ok || len(conv.Args) != 1 {
			break
		}
		if tv, ok := a.info.Types[conv.Fun]; !ok || !tv.IsType() {
			break
		}
		arg = ast.Unparen(conv.Args[0])
	}
	sel, ok := arg.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	recv := identObj(a.info, sel.X)
	if i, ok := c.params[recv]; !ok || i != recvParam {
		return ""
	}
	if f := a.fieldOf(sel); f != nil && isNumeric(f.Type()) {
		return f.Name()
	}
	return ""
}

// resolveGate judges a draw gated by the receiver field r.gate at call: the
// deterministic rest of r when the receiver of the call never sets the
// field, random otherwise.
func (a *recogniser) resolveGate(r randomness, fn *types.Func, call *ast.CallExpr) randomness {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !a.gateZero(sel.X, fn, r.gate) {
		return randomness{r: Random}
	}
	return randomness{r: Fixed, params: r.params, server: r.server}
}

// gateZero reports whether the field named gate of the receiver recv is
// always zero: recv is (the address of) a literal that leaves the field out
// or gives it a zero constant, held in a variable whose field nothing sets,
// and every other value the package gives that field goes to another
// literal or another local variable.
func (a *recogniser) gateZero(recv ast.Expr, fn *types.Func, gate string) bool {
	t := a.info.TypeOf(recv)
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), gate)
	f, ok := obj.(*types.Var)
	if !ok || !f.IsField() {
		return false
	}
	x := ast.Unparen(a.value(recv))
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok {
		return false
	}
	if st, ok := typematch.Deref(a.info.TypeOf(lit)).Underlying().(*types.Struct); !ok || !hasField(st, f) {
		return false
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return false // a positional literal gives every field a value
		}
		if id, ok := kv.Key.(*ast.Ident); ok && a.info.Uses[id] == f {
			if tv, ok := a.info.Types[kv.Value]; !ok || tv.Value == nil || !eval.IsZero(tv.Value) {
				return false
			}
		}
	}
	holder := identObj(a.info, recv)
	as := a.fields[f]
	if as == nil {
		return true
	}
	if as.unknown || as.stepped {
		return false
	}
	for _, e := range as.exprs {
		if !a.elsewhere(e, holder) {
			return false
		}
	}
	return true
}

// elsewhere reports whether e, a value given to a field, goes to a
// composite literal or to the field of a local variable other than holder.
func (a *recogniser) elsewhere(e ast.Expr, holder types.Object) bool {
	cur, ok := source.Cursor(a.root, e)
	if !ok {
		return false
	}
	switch p := cur.Parent().Node().(type) {
	case *ast.KeyValueExpr:
		_, ok := cur.Parent().Parent().Node().(*ast.CompositeLit)
		return ok
	case *ast.CompositeLit:
		return true
	case *ast.AssignStmt:
		if len(p.Lhs) != len(p.Rhs) {
			return false
		}
		for i, r := range p.Rhs {
			if r != e {
				continue
			}
			sel, ok := ast.Unparen(p.Lhs[i]).(*ast.SelectorExpr)
			if !ok {
				return false
			}
			v, ok := identObj(a.info, sel.X).(*types.Var)
			return ok && v != holder && !v.IsField() && v.Parent() != a.pkg.Scope()
		}
	}
	return false
}

func hasField(st *types.Struct, f *types.Var) bool {
	for g := range st.Fields() {
		if g == f {
			return true
		}
	}
	return false
}

// passArgs resolves the parameters a deterministic result depends on (bit
// i of r.params, the receiver's recvBit) with the arguments of call, the
// elements of a variadic parameter included.
func (a *recogniser) passArgs(r randomness, fn *types.Func, call *ast.CallExpr, c *randomCtx) randomness {
	out := randomness{r: Fixed, server: r.server, zero: r.zero}
	sig := fn.Signature()
	n := sig.Params().Len()
	for i, arg := range call.Args {
		j := i
		if sig.Variadic() && j >= n-1 {
			j = n - 1
		}
		if r.params&paramBit(j) != 0 {
			out = join(out, a.randomness(arg, c))
		}
	}
	if r.params&recvBit != 0 {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return randomness{r: Opaque}
		}
		out = join(out, a.randomness(sel.X, c))
	}
	return out
}

// passesThrough reports whether every return of fn gives, as its duration
// result, one of fn's parameters (through local variables and ranges over a
// parameter) or zero, and which parameters.
func (a *recogniser) passesThrough(fn *types.Func) (uint64, bool) {
	decl := a.decls[fn]
	if decl == nil || decl.Body == nil || fn.Signature().Recv() != nil {
		return 0, false
	}
	results := fn.Signature().Results()
	idx := -1
	for j := 0; j < results.Len(); j++ {
		if typematch.IsNamed(results.At(j).Type(), "time", "Duration") {
			idx = j
			break
		}
	}
	if idx < 0 {
		return 0, false
	}
	params := a.allParams(decl)
	var bits uint64
	ok, some := true, false
	visited := map[types.Object]bool{}
	var pass func(e ast.Expr) bool
	pass = func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if tv, found := a.info.Types[e]; found && tv.Value != nil {
			return eval.IsZero(tv.Value)
		}
		id, isId := e.(*ast.Ident)
		if !isId {
			return false
		}
		v, isVar := a.info.Uses[id].(*types.Var)
		if !isVar {
			return false
		}
		if i, isParam := params[v]; isParam {
			if as := a.assigned[v]; as != nil {
				return false // a parameter reassigned
			}
			bits |= paramBit(i)
			return true
		}
		if visited[v] {
			return true
		}
		visited[v] = true
		if x, isRange := a.ranged[v]; isRange {
			return x != nil && pass(x)
		}
		as := a.assigned[v]
		if as == nil || as.unknown || as.stepped || as.tuple {
			return false
		}
		for _, x := range as.exprs {
			if d, isDef := x.(*ast.Ident); isDef && a.info.Defs[d] == v {
				continue // declared without a value: zero
			}
			if !pass(x) {
				return false
			}
		}
		return true
	}
	a.bodies[decl].Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil)}, func(cur inspector.Cursor) bool {
		ret, isRet := cur.Node().(*ast.ReturnStmt)
		if !isRet {
			return false // a function literal's returns are its own
		}
		if len(ret.Results) != results.Len() {
			ok = false // a bare or forwarded return
			return true
		}
		some = true
		ok = ok && pass(ret.Results[idx])
		return true
	})
	return bits, ok && some && bits != 0
}
