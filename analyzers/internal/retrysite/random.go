package retrysite

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// Randomness says whether a duration is drawn at random.
type Randomness int

const (
	// Opaque: the value comes from somewhere the analysis cannot see (an
	// interface method, a function value, another package without a fact).
	// Analyzers stay quiet.
	Opaque Randomness = iota
	// Random: some path of the value draws from a random source.
	Random
	// Fixed: every path is deterministic and visible (constants, parameters,
	// struct fields nothing randomises (fields.go), shifts, products,
	// math.Pow, min/max, deterministic helpers).
	Fixed
)

// RandomFact marks a function that returns a randomised duration, so that
// waits in other packages that use it count as jittered. With Gate, the
// draw is scaled by the receiver's field of that name (rand.N(b.Jitter)):
// the result is random only when the caller's receiver gives that field a
// value, and otherwise deterministic in the parameters Params (bit i, the
// receiver recvBit; see gate.go).
type RandomFact struct {
	Gate   string
	Params uint64
}

func (*RandomFact) AFact() {}
func (f *RandomFact) String() string {
	if field, unless := strings.CutPrefix(f.Gate, unlessPrefix); unless {
		return "random unless " + field + " is set"
	}
	if f.Gate != "" {
		return "random if " + f.Gate + " is set"
	}
	return "random"
}

// randomness is the result of following a value: its randomness and, for a
// Fixed value inside a function, the parameters it also depends on (a Fixed
// value that depends on a Random argument is Random).
type randomness struct {
	r      Randomness
	params uint64 // bit i: depends on parameter i of the function analysed
	// server: the value comes from the server's Retry-After (every non-zero
	// alternative does); zero: the value is always zero; someServer: some
	// alternative comes from the server's Retry-After (a fixed wait when
	// it sends none), so a wait that randomised the whole value would also
	// cut the server's.
	server, zero, someServer bool
	// gate, for a Random value: the draw is scaled by this field of the
	// function's receiver, so the value is random only when the caller's
	// receiver sets it (gate.go); params and server then describe the
	// deterministic rest.
	gate string
	// hook, for an Opaque value: it is a call of a function-typed field
	// left to the user (hooks.go), named so. unless, for a Fixed value: it
	// is fixed unless the user sets that hook.
	hook, unless string
}

// join combines the values an expression is computed from (a + b,
// min(a, b)).
func join(a, b randomness) randomness {
	switch {
	case a.r == Random || b.r == Random:
		return joinRandom(a, b)
	case a.r == Opaque || b.r == Opaque:
		return randomness{r: Opaque}
	}
	return randomness{r: Fixed, params: a.params | b.params, server: a.server || b.server, zero: a.zero && b.zero,
		someServer: a.fromServer() || b.fromServer(), unless: cmp.Or(a.unless, b.unless)}
}

// fromServer reports whether some alternative of r comes from the server's
// Retry-After.
func (r randomness) fromServer() bool { return r.server || r.someServer }

// either combines the values a variable may hold, one of which a run uses
// (its assignments, a function's returns): the same as join, but it comes
// from the server only if every non-zero alternative does.
func either(a, b randomness) randomness {
	// A user's hook the package leaves nil runs only if the user sets it:
	// the other value is the one taken unless they do.
	switch {
	case a.hook != "" && b.r != Opaque:
		return unlessSet(b, a.hook)
	case b.hook != "" && a.r != Opaque:
		return unlessSet(a, b.hook)
	}
	out := join(a, b)
	if out.r == Fixed {
		out.server = (a.server || a.zero) && (b.server || b.zero) && (a.server || b.server)
	}
	return out
}

// unlessSet notes on a Fixed r that it holds unless the user sets hook.
func unlessSet(r randomness, hook string) randomness {
	if r.r == Fixed {
		r.unless = cmp.Or(r.unless, hook)
	}
	return r
}

// randomCtx is the state of one question: the function whose parameters are
// tracked and the variables being followed (to cut cycles: d = d * 2).
type randomCtx struct {
	params  map[types.Object]int
	visited map[types.Object]bool
	depth   int
}

// Randomised says whether the duration e (an expression of this package) is
// drawn at random.
func (r *Result) Randomised(e ast.Expr) Randomness {
	if r.a == nil || e == nil {
		return Opaque
	}
	return r.a.randomness(e, &randomCtx{visited: map[types.Object]bool{}}).r
}

func (a *recogniser) randomness(e ast.Expr, c *randomCtx) randomness {
	c.depth++
	defer func() { c.depth-- }()
	if c.depth > 40 {
		return randomness{r: Opaque}
	}
	if tv, ok := a.info.Types[e]; ok && tv.Value != nil {
		return randomness{r: Fixed, zero: eval.IsZero(tv.Value)}
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return a.randomness(e.X, c)
	case *ast.UnaryExpr:
		if e.Op == token.SUB || e.Op == token.ADD || e.Op == token.XOR {
			return a.randomness(e.X, c)
		}
	case *ast.BinaryExpr:
		return join(a.randomness(e.X, c), a.randomness(e.Y, c))
	case *ast.Ident:
		return a.varRandomness(a.info.Uses[e], c)
	case *ast.IndexExpr:
		if typematch.IsNamed(a.info.TypeOf(e.X), "net/http", "Header") && a.isRetryAfterName(e.Index) {
			return randomness{r: Fixed, server: true} // resp.Header["Retry-After"]
		}
		// delays[i]: the list decides.
		return a.randomness(e.X, c)
	case *ast.CompositeLit:
		alts := alternatives{}
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			alts.add(a.randomness(el, c))
		}
		return alts.result()
	case *ast.CallExpr:
		return a.callRandomness(e, c)
	case *ast.SelectorExpr:
		sel, ok := a.info.Selections[e]
		if !ok || sel.Kind() != types.FieldVal {
			break
		}
		// A field of a standard-library value (resp.Header, resp.StatusCode):
		// data, the same for every client; a Retry-After is not jitter.
		if f := sel.Obj(); f.Pkg() != nil && isStd(f.Pkg().Path()) {
			return randomness{r: Fixed}
		}
		// A duration an error carries (rclone's retryAfterError, an SDK's
		// RateLimitError{RetryAfter}) came with the failed attempt's
		// answer: the server's pacing, not a policy of the client's.
		if typematch.ImplementsError(sel.Recv()) || typematch.ImplementsError(types.NewPointer(sel.Recv())) {
			return randomness{r: Fixed, server: true}
		}
		// A field of a literal the function can see (cfg := config{Jitter:
		// 100 * time.Millisecond}): its value, whatever the field's name.
		if obj := identObj(a.info, e.X); obj != nil && len(a.fieldAssigns[obj]) == 0 {
			x := ast.Unparen(a.value(e.X))
			if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
				x = ast.Unparen(u.X)
			}
			if lit, ok := x.(*ast.CompositeLit); ok {
				if v, ok := a.field(lit, e.Sel.Name); ok {
					return a.randomness(v, c)
				}
				return randomness{r: Fixed, zero: true} // the zero value
			}
		}
		// Any other: what the package (and its own package) gives the field,
		// and, for a field of the receiver, whatever the caller's receiver
		// holds there: a caller of another package may give it a jittered
		// value (RetryParams{Period: jittered}) that this package never sees.
		if f, ok := sel.Obj().(*types.Var); ok {
			r := a.fieldRandomness(f, c)
			if i, isParam := c.params[identObj(a.info, e.X)]; isParam && i == recvParam && r.r == Fixed {
				r.params |= recvBit
			}
			return r
		}
	}
	return randomness{r: Opaque}
}

// deterministicStd are the standard-library packages whose functions and
// fields are deterministic functions of their inputs (math.Pow,
// time.Duration.Round, strconv.Atoi, resp.Header.Get): the randomness of the
// standard library lives in the rand packages only, handled apart.
var deterministicStd = map[string]bool{
	"bytes": true, "cmp": true, "errors": true, "fmt": true, "math": true, "math/bits": true, "net/http": true,
	"net/url": true, "slices": true, "sort": true, "strconv": true, "strings": true, "time": true, "unicode/utf8": true,
}

func isStd(path string) bool { return deterministicStd[path] }

func (a *recogniser) varRandomness(obj types.Object, c *randomCtx) randomness {
	v, ok := obj.(*types.Var)
	if !ok {
		return randomness{r: Opaque}
	}
	if i, ok := c.params[v]; ok {
		return randomness{r: Fixed, params: 1 << uint(i%64)}
	}
	if v.Pkg() != a.pkg || v.IsField() {
		return randomness{r: Opaque}
	}
	if c.visited[v] {
		return randomness{r: Fixed} // a cycle adds nothing new
	}
	as := a.assigned[v]
	if x, ok := a.ranged[v]; ok && as == nil {
		if x == nil {
			return randomness{r: Fixed} // an index or a counter
		}
		c.visited[v] = true
		defer delete(c.visited, v)
		return a.randomness(x, c) // an element of the collection
	}
	if as == nil {
		// A parameter or result of a function not being followed: what the
		// caller passes is, for the wait, a fixed input.
		if isParam(v) {
			return randomness{r: Fixed}
		}
		return randomness{r: Opaque}
	}
	if as.unknown {
		return randomness{r: Opaque}
	}
	c.visited[v] = true
	defer delete(c.visited, v)
	alts := alternatives{}
	if isParam(v) {
		if i, ok := c.params[v]; ok {
			alts.add(randomness{r: Fixed, params: 1 << uint(i%64)})
		}
	}
	for _, x := range as.exprs {
		if id, ok := x.(*ast.Ident); ok && a.info.Defs[id] == v {
			alts.add(randomness{r: Fixed, zero: true}) // declared without a value
			continue
		}
		if a.bounds(v, x) {
			continue
		}
		alts.add(a.randomness(x, c))
	}
	out := alts.result()
	out.zero = out.zero && !as.stepped
	return out
}

// bounds reports whether x, a value assigned to v, only caps v's other
// values: the assignment is all an if does that tests whether v exceeds x
// (if delay > maxDelay { delay = maxDelay }). A cap on the server's
// Retry-After leaves the wait the server's (cohere's retryDelay caps it at
// 60s), and a cap on a random draw leaves it random; the values capped
// decide. A floor is no such bound: a Retry-After floored at 2s is 2s for
// every client the server sent none.
func (a *recogniser) bounds(v *types.Var, x ast.Expr) bool {
	cur, ok := source.Cursor(a.root, x)
	if !ok {
		return false
	}
	assign, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || assign.Tok != token.ASSIGN || len(assign.Lhs) != 1 || !isIdentOf(a.info, assign.Lhs[0], v) {
		return false
	}
	ifs, ok := cur.Parent().Parent().Parent().Node().(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 || ifs.Body.List[0] != assign {
		return false
	}
	cond, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch cond.Op {
	case token.GTR, token.GEQ: // v > x
		return isIdentOf(a.info, cond.X, v) && a.sameValue(cond.Y, x)
	case token.LSS, token.LEQ: // x < v
		return isIdentOf(a.info, cond.Y, v) && a.sameValue(cond.X, x)
	}
	return false
}

// sameValue reports whether e and f are the same constant, or name the
// same variable or the same field of it (c.maxDelay).
func (a *recogniser) sameValue(e, f ast.Expr) bool {
	if x, y := a.info.Types[e].Value, a.info.Types[f].Value; x != nil && y != nil {
		return constant.Compare(x, token.EQL, y)
	}
	if se, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		sf, ok := ast.Unparen(f).(*ast.SelectorExpr)
		return ok && a.info.Uses[se.Sel] != nil && a.info.Uses[se.Sel] == a.info.Uses[sf.Sel] && a.sameValue(se.X, sf.X)
	}
	obj := identObj(a.info, e)
	return obj != nil && identObj(a.info, f) == obj
}

// isParam reports whether v is a parameter (or named result) of a function.
func isParam(v *types.Var) bool {
	return v.Kind() == types.ParamVar || v.Kind() == types.RecvVar || v.Kind() == types.ResultVar
}

// randomSources are the packages whose every function draws at random.
var randomSources = []string{"math/rand", "math/rand/v2", "crypto/rand"}

func (a *recogniser) callRandomness(call *ast.CallExpr, c *randomCtx) randomness {
	// A conversion: time.Duration(x), float64(x).
	if tv, ok := a.info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			return a.randomness(call.Args[0], c)
		}
		return randomness{r: Opaque}
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := a.info.Uses[id].(*types.Builtin); ok {
			switch b.Name() {
			case "min", "max", "len", "cap":
				return a.joinArgs(call, c)
			}
			return randomness{r: Opaque}
		}
	}
	if a.fromResponse(call) {
		return randomness{r: Fixed, server: true}
	}
	fn := typematch.Callee(a.info, call)
	if fn == nil { // a function value
		if r, ok := a.storedFuncCall(call, c); ok {
			return r
		}
		return a.hookCall(call)
	}
	if a.isRetryAfter(call) {
		return randomness{r: Fixed, server: true}
	}
	return a.calleeRandomness(fn, call, c)
}

// joinArgs joins the randomness of call's arguments: what a function that
// only combines them returns.
func (a *recogniser) joinArgs(call *ast.CallExpr, c *randomCtx) randomness {
	out := randomness{r: Fixed}
	for _, arg := range call.Args {
		out = join(out, a.randomness(arg, c))
	}
	return out
}

// calleeRandomness judges the duration a call of fn returns: a random
// source, a jittering API, a function of this package followed to its
// returns, another package's by its facts, the standard library's by its
// arguments.
func (a *recogniser) calleeRandomness(fn *types.Func, call *ast.CallExpr, c *randomCtx) randomness {
	if g := a.gatedDraw(fn, call, c); g != "" {
		return randomness{r: Random, gate: g}
	}
	if r, ok := a.knownRandomness(fn, call); ok {
		return randomness{r: r}
	}
	if fn.Pkg() == nil {
		return randomness{r: Opaque}
	}
	path := fn.Pkg().Path()
	switch {
	case fn.Pkg() == a.pkg:
		if fn.Signature().Recv() != nil && types.IsInterface(fn.Signature().Recv().Type()) {
			return randomness{r: Opaque}
		}
		res := a.funcRandomness(fn)
		if res.r == Random && res.gate != "" {
			res = a.resolveGate(res, fn, call, c)
		}
		if res.r != Fixed {
			return res
		}
		return a.passArgs(res, fn.Signature(), call, c)
	case a.pass.ImportObjectFact(fn, new(RandomFact)):
		var f RandomFact
		a.pass.ImportObjectFact(fn, &f)
		if f.Gate == "" {
			return randomness{r: Random}
		}
		res := a.resolveGate(randomness{r: Random, gate: f.Gate, params: f.Params}, fn, call, c)
		if res.r != Fixed {
			return res
		}
		return a.passArgs(res, fn.Signature(), call, c)
	case a.pass.ImportObjectFact(fn, new(PassFact)):
		var f PassFact
		a.pass.ImportObjectFact(fn, &f)
		return a.passArgs(randomness{r: Fixed, params: f.Params}, fn.Signature(), call, c)
	case isStd(path):
		if fn.Signature().Recv() != nil && types.IsInterface(fn.Signature().Recv().Type()) {
			return randomness{r: Opaque}
		}
		out := a.joinArgs(call, c)
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && fn.Signature().Recv() != nil {
			out = join(out, a.randomness(sel.X, c))
		}
		return out
	}
	return randomness{r: Opaque}
}

// fromResponse reports whether call, of a function value or an interface
// method out of sight, is given nothing but the HTTP response and returns a
// duration first (linodego's c.retryAfter(resp), set through SetRetryAfter):
// such a function reads the server's answer, so its duration is taken for
// the server's pacing (its Retry-After under some spelling), not a wait of
// the client's own. A function value in sight (a literal, a function or
// method value of a function with a body) is not out of sight: it may
// ignore the response.
func (a *recogniser) fromResponse(call *ast.CallExpr) bool {
	if fn := typematch.Callee(a.info, call); fn != nil && !typematch.IsInterfaceMethod(fn) {
		return false
	}
	if _, lit := ast.Unparen(a.value(call.Fun)).(*ast.FuncLit); lit {
		return false
	}
	if fn := a.namedFunc(call.Fun); fn != nil && !typematch.IsInterfaceMethod(fn) {
		return false
	}
	sig := typematch.SignatureOf(a.info, call.Fun)
	if sig == nil || sig.Results().Len() == 0 || !typematch.IsNamed(sig.Results().At(0).Type(), "time", "Duration") || len(call.Args) == 0 {
		return false
	}
	for _, arg := range call.Args {
		if t := a.info.TypeOf(arg); t == nil || t == typematch.Deref(t) || !typematch.IsNamed(typematch.Deref(t), "net/http", "Response") {
			return false
		}
	}
	return true
}

// knownRandomness knows the random sources and the jittering APIs of the
// known libraries.
func (a *recogniser) knownRandomness(fn *types.Func, call *ast.CallExpr) (Randomness, bool) {
	if fn.Pkg() == nil {
		return 0, false
	}
	path := fn.Pkg().Path()
	if slices.Contains(randomSources, path) {
		return Random, true
	}
	if a.userJitter(fn) {
		return Random, true
	}
	switch {
	case typematch.IsFunc(fn, apis.Retry, "FullJitter"):
		return Random, true
	case typematch.IsMethod(fn, apis.Retry, "Backoff", "Delay"):
		return a.ownBackoffRandomness(call), true
	case typematch.IsFunc(fn, apis.K8sWait, "Jitter"):
		return Random, true
	case typematch.IsMethod(fn, apis.K8sWait, "Backoff", "Step"):
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return a.k8sBackoffRandomness(sel.X), true
		}
	case typematch.IsFunc(fn, apis.RetryableHTTP, "LinearJitterBackoff"),
		typematch.IsFunc(fn, apis.RetryableHTTP, "RateLimitLinearJitterBackoff"):
		return Random, true
	case typematch.IsFunc(fn, apis.RetryableHTTP, "DefaultBackoff"):
		return Fixed, true
	case fn.Name() == "NextBackOff" && strings.HasPrefix(path, apis.CenkaltiModules):
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return a.cenkaltiRandomness(sel.X), true
		}
	}
	return 0, false
}

// ownBackoffRandomness reads retry.Backoff{...}.Delay: random unless the
// literal asks for no jitter by name, Jitter: retry.JitterNone (the zero
// Jitter is full jitter).
func (a *recogniser) ownBackoffRandomness(call *ast.CallExpr) Randomness {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return Random
	}
	lit, ok := ast.Unparen(a.value(sel.X)).(*ast.CompositeLit)
	if !ok {
		return Random
	}
	if j, ok := a.field(lit, "Jitter"); ok && a.jitterNone(lit, j) {
		return Fixed
	}
	return Random
}

// k8sBackoffRandomness reads a wait.Backoff: random when its Jitter is
// positive.
func (a *recogniser) k8sBackoffRandomness(e ast.Expr) Randomness {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if as := a.assigned[a.info.Uses[id]]; as != nil && (as.unknown || len(as.exprs) != 1) {
			return Opaque
		}
	}
	switch lit := ast.Unparen(a.value(e)).(type) {
	case *ast.CompositeLit:
		v, ok := a.field(lit, "Jitter")
		if !ok {
			return Fixed
		}
		if f, isConst := a.floatConst(v); isConst {
			if f > 0 {
				return Random
			}
			return Fixed
		}
		return Opaque
	case *ast.SelectorExpr, *ast.Ident:
		obj := a.info.ObjectOf(typematch.Ident(lit))
		if typematch.IsVar(obj, apis.K8sRetry, "DefaultRetry") || typematch.IsVar(obj, apis.K8sRetry, "DefaultBackoff") {
			return Random
		}
	}
	return Opaque
}

// cenkaltiRandomness reads a cenkalti BackOff: an ExponentialBackOff jitters
// unless its RandomizationFactor is 0; constant and zero backoffs do not.
func (a *recogniser) cenkaltiRandomness(e ast.Expr) Randomness {
	return a.cenkaltiJitter(e).Randomness
}

func (a *recogniser) field(lit *ast.CompositeLit, name string) (ast.Expr, bool) {
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value, true
			}
		}
	}
	return nil, false
}

func (a *recogniser) floatConst(e ast.Expr) (float64, bool) {
	tv, ok := a.info.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	f, _ := constantFloat(tv.Value)
	return f, true
}

// resultNames returns the names of a result list, one per result, or nil
// when the results are unnamed.
func resultNames(fl *ast.FieldList) []*ast.Ident {
	var names []*ast.Ident
	for _, f := range fl.List {
		if len(f.Names) == 0 {
			return nil
		}
		names = append(names, f.Names...)
	}
	return names
}

// funcRandomness follows the duration results of a function of this package.
func (a *recogniser) funcRandomness(fn *types.Func) randomness {
	if r, ok := a.funcRand[fn]; ok {
		return r
	}
	a.funcRand[fn] = randomness{r: Opaque} // recursion guard
	decl := a.decls[fn]
	if decl == nil || decl.Body == nil {
		return randomness{r: Opaque}
	}
	out := a.returnedRandomness(a.bodies[decl], fn.Signature(), decl.Type, a.allParams(decl))
	a.funcRand[fn] = out
	return out
}

// litRandomness follows the duration results of a function literal, its
// parameters numbered as a declaration's are.
func (a *recogniser) litRandomness(lit *ast.FuncLit) randomness {
	if r, ok := a.litRand[lit]; ok {
		return r
	}
	a.litRand[lit] = randomness{r: Opaque} // recursion guard
	cur, ok := source.Cursor(a.root, lit)
	sig, isSig := a.info.TypeOf(lit).(*types.Signature)
	if !ok || !isSig {
		return randomness{r: Opaque}
	}
	out := a.returnedRandomness(cur.ChildAt(edge.FuncLit_Body, -1), sig, lit.Type, a.funcParams(lit.Type, nil))
	a.litRand[lit] = out
	return out
}

// returnedRandomness joins the first duration result of the returns in body
// (a cursor on a function's body, literals inside it left out), of a
// function of signature sig declared by ftype.
func (a *recogniser) returnedRandomness(body inspector.Cursor, sig *types.Signature, ftype *ast.FuncType, params map[types.Object]int) randomness {
	c := &randomCtx{params: params, visited: map[types.Object]bool{}}
	durIndex := -1
	results := sig.Results()
	for j := 0; j < results.Len(); j++ {
		if typematch.IsNamed(results.At(j).Type(), "time", "Duration") {
			durIndex = j
			break
		}
	}
	if durIndex < 0 {
		return randomness{r: Opaque}
	}
	// A bare return gives the named result its value at that point:
	// followed as the variable (cloudflare/backoff's duration).
	var named types.Object
	if rs := ftype.Results; rs != nil {
		if names := resultNames(rs); durIndex < len(names) && names[durIndex].Name != "_" {
			named = a.info.Defs[names[durIndex]]
		}
	}
	alts := alternatives{}
	body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil)}, func(cur inspector.Cursor) bool {
		switch n := cur.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch {
			case len(n.Results) == results.Len():
				alts.add(a.randomness(n.Results[durIndex], c))
			case len(n.Results) == 0 && named != nil:
				alts.add(a.varRandomness(named, c))
			} // a forwarded return (return f()) is not followed
		}
		return true
	})
	if !alts.some {
		return randomness{r: Opaque}
	}
	return alts.result()
}

// exportRandomFacts exports a RandomFact for each function of the package
// that returns a randomised duration whatever its arguments.
func (a *recogniser) exportRandomFacts() {
	for fn, d := range a.decls {
		if d.Body == nil || !returnsDuration(fn) {
			continue
		}
		switch r := a.funcRandomness(fn); {
		case r.r == Random:
			a.pass.ExportObjectFact(fn, &RandomFact{Gate: r.gate, Params: r.params})
		case r.r == Fixed:
			if p, ok := a.passesThrough(fn); ok {
				a.pass.ExportObjectFact(fn, &PassFact{Params: p})
			} else if !r.zero && !r.fromServer() && r.unless == "" { // never zero, nor the server's, nor a hook's
				a.pass.ExportObjectFact(fn, &PassFact{Params: r.params})
			}
		}
	}
}

func returnsDuration(fn *types.Func) bool { return holdsDuration(fn.Signature().Results()) }

// holdsDuration reports whether a parameter or result list has a
// time.Duration.
func holdsDuration(t *types.Tuple) bool {
	for v := range t.Variables() {
		if typematch.IsNamed(v.Type(), "time", "Duration") {
			return true
		}
	}
	return false
}
