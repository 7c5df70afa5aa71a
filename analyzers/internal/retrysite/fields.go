package retrysite

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// A wait read from a struct field (time.Sleep(c.retryDelay),
// w.cfg.Interval + w.cfg.Jitter) is as fixed as a constant unless something
// gives the field a randomised value. The recogniser lists every value the
// package gives each field (composite literals, assignments; see
// recogniser.fields) and judges them as alternatives: one randomised value
// makes the field random. A value that is a parameter of the function that
// sets it (a constructor, an option) is judged at that function's calls in
// the package. A field of another package's type is also random when that
// package says so (a RandomFact on the field). A field that nothing sets is
// configuration (decoded from a file, set by flags or by the user of the
// package: fixed) unless it is unexported, when it is always zero.

// fieldRandomness judges field f.
func (a *recogniser) fieldRandomness(f *types.Var, c *randomCtx) randomness {
	if c.visited[f] {
		return randomness{r: Fixed}
	}
	if f.Pkg() != a.pkg && f.Pkg() != nil && a.pass.ImportObjectFact(f, new(RandomFact)) {
		return randomness{r: Random}
	}
	as := a.fields[f]
	if as == nil || len(as.exprs) == 0 && !as.unknown {
		if f.Pkg() == a.pkg && !f.Exported() {
			return randomness{r: Fixed, zero: true} // never set: zero
		}
		return randomness{r: Fixed} // configuration set out of sight
	}
	c.visited[f] = true
	defer delete(c.visited, f)
	alts := alternatives{}
	if as.unknown {
		alts.add(randomness{r: Fixed}) // its address is taken: a decoder, a flag
	}
	for _, e := range as.exprs {
		alts.add(a.valueRandomness(e, c))
	}
	out := alts.result()
	out.zero = out.zero && !as.stepped
	return out
}

// valueRandomness judges a value given to a field, in the function that
// gives it: a parameter of that function is judged at its calls.
func (a *recogniser) valueRandomness(e ast.Expr, c *randomCtx) randomness {
	decl := a.declAt(e.Pos())
	inner := &randomCtx{params: a.allParams(decl), visited: c.visited, depth: c.depth}
	r := a.randomness(e, inner)
	if r.r != Fixed || r.params == 0 || decl == nil {
		r.params = 0
		return r
	}
	fn, _ := a.info.Defs[decl.Name].(*types.Func)
	calls := a.callersOf(fn)
	if len(calls) == 0 {
		return randomness{r: Fixed} // called from elsewhere only: configuration
	}
	alts := alternatives{}
	for _, call := range calls {
		arg := randomness{r: Fixed}
		for i, e := range call.Args {
			if r.params&paramBit(i) != 0 {
				arg = join(arg, a.randomness(e, &randomCtx{visited: c.visited, depth: c.depth}))
			}
		}
		alts.add(arg)
	}
	out := alts.result()
	out.params = 0
	return out
}

// recvParam is the index allParams gives the receiver, and recvBit its bit
// in a set of parameters: parameters from the 63rd on share index 62.
const (
	recvParam        = 63
	recvBit   uint64 = 1 << recvParam
)

// allParams maps a declaration's parameters to their index (the receiver
// to recvParam). The map is shared: callers only read it.
func (a *recogniser) allParams(decl *ast.FuncDecl) map[types.Object]int {
	if out, ok := a.paramIndex[decl]; ok {
		return out
	}
	if decl == nil {
		return map[types.Object]int{}
	}
	out := a.funcParams(decl.Type, decl.Recv)
	a.paramIndex[decl] = out
	return out
}

// funcParams maps the parameters of a function type to their index, and
// the receiver of recv, when there is one, to recvParam.
func (a *recogniser) funcParams(ftype *ast.FuncType, recv *ast.FieldList) map[types.Object]int {
	out := map[types.Object]int{}
	i := 0
	for _, field := range ftype.Params.List {
		for _, name := range field.Names {
			if obj := a.info.Defs[name]; obj != nil {
				out[obj] = min(i, 62)
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	if recv != nil {
		for _, field := range recv.List {
			for _, name := range field.Names {
				if obj := a.info.Defs[name]; obj != nil {
					out[obj] = recvParam
				}
			}
		}
	}
	return out
}

// isFuncValue reports whether a function of the package is mentioned other
// than as the callee of a call (assigned, passed, a method value): its
// calls are then out of sight.
func (a *recogniser) isFuncValue(fn *types.Func) bool {
	if a.funcValues == nil {
		called := map[*ast.Ident]bool{}
		for _, calls := range a.declCalls {
			for _, call := range calls {
				called[typematch.Ident(call.Fun)] = true
			}
		}
		a.funcValues = map[*types.Func]bool{}
		for id, obj := range a.info.Uses {
			if f, ok := obj.(*types.Func); ok && f.Pkg() == a.pkg && !called[id] {
				a.funcValues[f.Origin()] = true
			}
		}
	}
	return a.funcValues[fn]
}

// callsGiving returns the calls of decl in the package, and the index of
// the parameter id names, when every value that parameter can have comes
// from them: decl is an unexported function that is only ever called (never
// a value), id one of its non-variadic parameters, and every call names an
// argument for it. Otherwise it returns nil: an exported function's callers,
// and those of a function value, are out of sight, and f(g()) spreads g's
// results over the parameters.
func (a *recogniser) callsGiving(decl *ast.FuncDecl, id *ast.Ident) (calls []*ast.CallExpr, param int) {
	if decl == nil || decl.Name.IsExported() {
		return nil, 0
	}
	fn, _ := a.info.Defs[decl.Name].(*types.Func)
	param, isParam := a.allParams(decl)[a.info.Uses[id]]
	if fn == nil || !isParam || param >= fn.Signature().Params().Len() ||
		fn.Signature().Variadic() && param == fn.Signature().Params().Len()-1 || a.isFuncValue(fn) {
		return nil, 0
	}
	calls = a.callersOf(fn)
	for _, call := range calls {
		if param >= len(call.Args) {
			return nil, 0
		}
	}
	return calls, param
}

// callersOf returns the package's calls of fn.
func (a *recogniser) callersOf(fn *types.Func) []*ast.CallExpr {
	if fn == nil {
		return nil
	}
	if a.callers == nil {
		a.callers = map[*types.Func][]*ast.CallExpr{}
		for _, calls := range a.declCalls {
			for _, call := range calls {
				if callee := typematch.Callee(a.info, call); callee != nil && callee.Pkg() == a.pkg {
					a.callers[callee] = append(a.callers[callee], call)
				}
			}
		}
	}
	return a.callers[fn]
}

// alternatives gathers the values a duration may take, one of which a run
// uses: any random one makes it random, any opaque one opaque; it comes from
// the server's Retry-After only if every non-zero value does.
type alternatives struct {
	out  randomness
	some bool
}

func (x *alternatives) add(r randomness) {
	if !x.some {
		x.out, x.some = r, true
		return
	}
	x.out = either(x.out, r)
}

func (x *alternatives) result() randomness {
	if !x.some {
		return randomness{r: Fixed}
	}
	return x.out
}

// isRetryAfter reports whether call reads the Retry-After header of an HTTP
// response (h.Get("Retry-After"), h.Values(...)).
func (a *recogniser) isRetryAfter(call *ast.CallExpr) bool {
	fn := typematch.Callee(a.info, call)
	if !typematch.IsMethod(fn, "net/http", "Header", "Get") && !typematch.IsMethod(fn, "net/http", "Header", "Values") {
		return false
	}
	return len(call.Args) == 1 && a.isRetryAfterName(call.Args[0])
}

func (a *recogniser) isRetryAfterName(e ast.Expr) bool {
	tv, ok := a.info.Types[e]
	return ok && tv.Value != nil && strings.EqualFold(strings.Trim(tv.Value.ExactString(), `"`), "Retry-After")
}

// A Judgement is what the recogniser knows of a wait's duration.
type Judgement struct {
	Randomness Randomness
	// RetryAfter: every non-zero value of the duration comes from the
	// server's Retry-After header (the server paces the client).
	RetryAfter bool
	// Zero: the duration is always zero (an unexported field nothing sets).
	Zero bool
	// PartlyRetryAfter: some values of a Fixed duration come from the
	// server's Retry-After and the others are the client's own fixed wait
	// (what it waits when the server sends none): randomising the whole
	// duration would also cut the waits the server asked for.
	PartlyRetryAfter bool
	// UnlessSet, for a Fixed duration, names a function-typed field the
	// package leaves nil and calls for the duration when the user sets it
	// (Config.Retry.BackoffFunc): the duration is fixed unless they do.
	UnlessSet string
}

// AllOwn reports whether every value of a Fixed duration is the client's
// own wait, neither the server's Retry-After nor what a user's hook
// returns: randomising the whole duration then changes nothing else.
func (j Judgement) AllOwn() bool { return !j.PartlyRetryAfter && j.UnlessSet == "" }

// Judge says whether the duration e (an expression of this package) is
// drawn at random, set by the server, or zero.
func (r *Result) Judge(e ast.Expr) Judgement {
	if r.a == nil || e == nil {
		return Judgement{Randomness: Opaque}
	}
	return judged(r.a.randomness(e, &randomCtx{visited: map[types.Object]bool{}}))
}

// exportFieldFacts marks the exported fields of the package's types that it
// gives a randomised value, so that waits read from them elsewhere count as
// jittered.
func (a *recogniser) exportFieldFacts() {
	for f := range a.fields {
		if f.Pkg() != a.pkg || !f.Exported() || !isNumeric(f.Type()) {
			continue
		}
		if a.fieldRandomness(f, &randomCtx{visited: map[types.Object]bool{}}).r == Random {
			a.pass.ExportObjectFact(f, &RandomFact{})
		}
	}
}
