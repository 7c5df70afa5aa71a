package retrysite

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

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
//   - A function whose duration result is deterministic but for its
//     arguments (PassFact): one of them unchanged (a max, a min, a default
//     for a zero value), or a backoff computed from them and from
//     configuration (Exponential(base, n) = base << n; cloudevents'
//     RetryParams.BackoffFor(tries) = r.Period * tries). Its result is as
//     random as the arguments (and the receiver) it depends on. A result
//     that is always zero, may be the server's Retry-After, or that a hook
//     replaces, gets no fact.

// PassFact marks a function whose duration result is a deterministic
// function of its parameters (bit i of Params; the elements of a variadic
// one included; recvBit the receiver), so that its result is judged by the
// arguments of each call.
type PassFact struct {
	Params uint64
}

func (*PassFact) AFact() {}
func (f *PassFact) String() string {
	return fmt.Sprintf("deterministic duration of params %b", f.Params)
}

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
		out.someServer = a.fromServer() || b.fromServer()
	}
	return out
}

// gatedDraw returns the receiver field that gates a draw of a random
// source in a method of b: the draw is scaled by it, rand.N(b.Jitter),
// rand.Int63n(int64(b.Jitter)) (a zero bound panics, so such a draw only
// runs when the field is set), or it is made only under if b.Jitter, a
// bool field (jpillora/backoff's ForAttempt).
func (a *recogniser) gatedDraw(fn *types.Func, call *ast.CallExpr, c *randomCtx) string {
	if fn.Pkg() == nil || c.params == nil || !slices.Contains(randomSources, fn.Pkg().Path()) {
		return ""
	}
	if g := a.boolGate(call, c); g != "" {
		return g
	}
	if len(call.Args) != 1 {
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

// boolGate returns the bool field of the receiver that gates the draw
// call, in a method of b: F when the call is in the body of if b.F, "!F"
// (random unless F is set) when it is in the body of if !b.F or the else
// branch of if b.F (cloudflare/backoff's noJitter).
func (a *recogniser) boolGate(call *ast.CallExpr, c *randomCtx) string {
	cur, ok := source.Cursor(a.root, call)
	if !ok {
		return ""
	}
	for ifCur := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		ifs, ok := ifCur.Node().(*ast.IfStmt)
		if !ok {
			return "" // the draw's function: no gate around it
		}
		inBody := call.Pos() >= ifs.Body.Pos() && call.End() <= ifs.Body.End()
		inElse := ifs.Else != nil && call.Pos() >= ifs.Else.Pos() && call.End() <= ifs.Else.End()
		if !inBody && !inElse {
			continue // in the condition
		}
		cond, negated := ast.Unparen(ifs.Cond), false
		if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			cond, negated = ast.Unparen(u.X), true
		}
		sel, ok := cond.(*ast.SelectorExpr)
		if !ok {
			continue
		}
		if i, ok := c.params[identObj(a.info, sel.X)]; !ok || i != recvParam {
			continue
		}
		if f := a.fieldOf(sel); f != nil && isBool(f.Type()) {
			if inElse != negated {
				return unlessPrefix + f.Name()
			}
			return f.Name()
		}
	}
	return ""
}

// unlessPrefix marks a gate that draws unless its field is set: "!noJitter".
const unlessPrefix = "!"

// resolveGate judges a draw gated by the receiver field r.gate at call: the
// deterministic rest of r when the receiver of the call never sets the
// field, random otherwise. A call on the receiver of the method being
// summarised (Duration calling b.ForAttempt) keeps the gate, for that
// method's own callers to resolve.
func (a *recogniser) resolveGate(r randomness, fn *types.Func, call *ast.CallExpr, c *randomCtx) randomness {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if ok && c.params != nil {
		if i, isParam := c.params[identObj(a.info, sel.X)]; isParam && i == recvParam {
			return r
		}
	}
	if field, unless := strings.CutPrefix(r.gate, unlessPrefix); unless {
		if !ok || !a.gateSet(sel.X, fn, field) {
			return randomness{r: Random}
		}
	} else if !ok || !a.gateZero(sel.X, fn, r.gate) {
		return randomness{r: Random}
	}
	return randomness{r: Fixed, params: r.params, server: r.server, someServer: r.someServer}
}

// gateSet reports whether the bool field named gate of the receiver recv is
// surely set: recv is made by a constructor that sets it (a SetsFieldsFact:
// cloudflare/backoff's NewWithoutJitter), or is (the address of) a literal
// that gives it true, and the package sets the field nowhere else.
func (a *recogniser) gateSet(recv ast.Expr, fn *types.Func, gate string) bool {
	f, x := a.gateField(recv, fn, gate)
	if f == nil || a.fields[f] != nil {
		return false
	}
	switch x := x.(type) {
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && a.info.Uses[id] == f {
					tv := a.info.Types[kv.Value]
					return tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
				}
			}
		}
	case *ast.CallExpr:
		return slices.Contains(a.setsFields(typematch.Callee(a.info, x)), gate)
	}
	return false
}

// SetsFieldsFact marks a constructor whose result, a pointer to a struct,
// always has the bool fields Fields set to true: NewWithoutJitter makes a
// Backoff with noJitter set, and a gate on that field (see boolGate) is
// then decided at each call of the constructor.
type SetsFieldsFact struct {
	Fields []string
}

func (*SetsFieldsFact) AFact() {}

func (f *SetsFieldsFact) String() string { return "sets " + strings.Join(f.Fields, ", ") }

// setsFields returns the bool fields that every result of fn has set to
// true: from its fact for a function of another package, from its body for
// one of this package.
func (a *recogniser) setsFields(fn *types.Func) []string {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	if fn.Pkg() != a.pkg {
		var f SetsFieldsFact
		if a.importFact(fn, &f) {
			return f.Fields
		}
		return nil
	}
	return a.constructorSets(fn, a.decls[fn])
}

// constructorSets reads a constructor of the package that returns one
// local variable, a pointer to a struct, and sets bool fields of it to
// true in statements of its body's top level (b := New(...); b.noJitter =
// true; return b), or returns a literal that does.
func (a *recogniser) constructorSets(fn *types.Func, decl *ast.FuncDecl) []string {
	if decl == nil || decl.Body == nil || fn.Signature().Results().Len() != 1 {
		return nil
	}
	if _, ok := typematch.Deref(fn.Signature().Results().At(0).Type()).Underlying().(*types.Struct); !ok {
		return nil
	}
	var ret types.Object
	var fields []string
	for _, st := range decl.Body.List {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if len(st.Lhs) != 1 || len(st.Rhs) != 1 || st.Tok != token.ASSIGN {
				continue
			}
			sel, ok := ast.Unparen(st.Lhs[0]).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			f := a.fieldOf(sel)
			tv := a.info.Types[st.Rhs[0]]
			if f != nil && isBool(f.Type()) && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value) {
				if ret == nil {
					ret = identObj(a.info, sel.X)
				}
				if identObj(a.info, sel.X) == ret {
					fields = append(fields, f.Name())
				}
			}
		case *ast.ReturnStmt:
			if len(st.Results) == 1 && ret != nil && identObj(a.info, st.Results[0]) == ret {
				return fields
			}
			return nil
		}
	}
	return nil
}

// exportSetsFields exports a SetsFieldsFact for each exported constructor
// of the package that sets bool fields of its result.
func (a *recogniser) exportSetsFields() {
	for fn, d := range a.decls {
		if fn.Exported() {
			if fields := a.constructorSets(fn, d); len(fields) > 0 {
				a.pass.ExportObjectFact(fn, &SetsFieldsFact{Fields: fields})
			}
		}
	}
}

// gateField returns the field named gate of the receiver recv of a call of
// fn, and the expression recv holds, the address operator dropped (a
// literal, a constructor's call); a nil field when recv has none.
func (a *recogniser) gateField(recv ast.Expr, fn *types.Func, gate string) (*types.Var, ast.Expr) {
	t := a.info.TypeOf(recv)
	if t == nil {
		return nil, nil
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), gate)
	f, ok := obj.(*types.Var)
	if !ok || !f.IsField() {
		return nil, nil
	}
	x := ast.Unparen(a.value(recv))
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	return f, x
}

// gateZero reports whether the field named gate of the receiver recv is
// always zero: recv is (the address of) a literal that leaves the field out
// or gives it a zero constant, held in a variable whose field nothing sets,
// and every other value the package gives that field goes to another
// literal or another local variable.
func (a *recogniser) gateZero(recv ast.Expr, fn *types.Func, gate string) bool {
	f, x := a.gateField(recv, fn, gate)
	if f == nil {
		return false
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
			if tv, ok := a.info.Types[kv.Value]; !ok || !isZeroConst(tv.Value) {
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

// isZeroConst reports whether v is the constant zero of its kind: 0, or
// false for a bool gate.
func isZeroConst(v constant.Value) bool {
	return eval.IsZero(v) || v != nil && v.Kind() == constant.Bool && !constant.BoolVal(v)
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
// i of r.params, the receiver's recvBit) with the arguments of call, of a
// function of signature sig, the elements of a variadic parameter included.
func (a *recogniser) passArgs(r randomness, sig *types.Signature, call *ast.CallExpr, c *randomCtx) randomness {
	out := randomness{r: Fixed, server: r.server, zero: r.zero, someServer: r.someServer, unless: r.unless}
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
		out = join(out, a.receiverRandomness(sel.X, c))
	}
	return out
}

// receiverRandomness judges the receiver x of a call whose duration
// depends on it. A receiver that is itself a number (type Delay
// time.Duration) is judged as any value. A struct the method reads fields
// of is judged by the literal it was made with, when the function can see
// one: a field given a randomised value there (RetryParams{Period:
// jittered}) makes the duration random. A parameter, or the receiver, of
// the function judged is left to its callers; any other struct (a
// constructor's result, a field) is configuration, as the fields' own
// values say.
func (a *recogniser) receiverRandomness(x ast.Expr, c *randomCtx) randomness {
	if t := a.info.TypeOf(x); t != nil {
		if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsNumeric != 0 {
			return a.randomness(x, c)
		}
	}
	v := ast.Unparen(x)
	if obj := identObj(a.info, v); obj != nil {
		if i, ok := c.params[obj]; ok {
			return randomness{r: Fixed, params: 1 << uint(i%64)} // the caller's receiver, or argument, decides
		}
		v = ast.Unparen(a.value(v))
	}
	if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
		v = ast.Unparen(u.X)
	}
	if lit, ok := v.(*ast.CompositeLit); ok {
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if a.randomness(elt, c).r == Random {
				return randomness{r: Random}
			}
		}
	}
	return randomness{r: Fixed}
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
