package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// BackoffJitter says whether the backoff a library site uses is randomised,
// and if it is not, what leaves it without jitter.
type BackoffJitter struct {
	Randomness Randomness
	// Culprit is what makes the backoff deterministic when Randomness is
	// Fixed: the constructor call (backoff.NewConstantBackOff(d),
	// retry.NewExponential(d)), the option (backoff.WithRandomizationFactor(0),
	// retry.DelayType(retry.BackOffDelay)), the key-value of a composite
	// literal (Jitter: 0), the literal that omits the field, or the statement
	// that sets it (b.RandomizationFactor = 0).
	Culprit ast.Node
	// Reason names it for messages: "a ConstantBackOff", "RandomizationFactor 0".
	Reason string
}

func opaque() BackoffJitter { return BackoffJitter{Randomness: Opaque} }
func random() BackoffJitter { return BackoffJitter{Randomness: Random} }
func fixed(n ast.Node, reason string) BackoffJitter {
	return BackoffJitter{Randomness: Fixed, Culprit: n, Reason: reason}
}

// LibraryJitter reads the backoff of a LibraryCall site.
func (r *Result) LibraryJitter(s *Site) BackoffJitter {
	if r.a == nil || s.Kind != LibraryCall || s.Runner == nil || s.Runner.Pkg() == nil || len(s.Waits) == 0 {
		return opaque()
	}
	a, call := r.a, s.Node.(*ast.CallExpr)
	w := s.Waits[0].Node.(ast.Expr)
	switch apis.LibraryOf(s.Runner.Pkg().Path()) {
	case apis.CenkaltiLib:
		if w == call {
			return random() // v5's default exponential backoff
		}
		return a.cenkaltiJitter(w)
	case apis.RetryGoLib:
		return a.retryGoJitter(call)
	case apis.GoRetryLib:
		if w == call {
			return fixed(call, "retry."+s.Runner.Name()+" without jitter")
		}
		return a.goRetryJitter(w, 0)
	case apis.K8sLib:
		return a.k8sJitter(w)
	case apis.EapacheLib:
		return a.eapacheJitter(w)
	case apis.RetrylintLib:
		return a.policyJitter(w)
	case apis.FailsafeLib:
		return a.failsafeJitter(w)
	}
	return opaque()
}

// failsafeJitter reads a failsafe retry policy's builder chain: a delay
// (WithDelay, WithBackoff, WithBackoffFactor) without WithJitter,
// WithJitterFactor or WithRandomDelay does not jitter. No delay at all is
// left alone: there is no wait to spread.
func (a *recogniser) failsafeJitter(e ast.Expr) BackoffJitter {
	chain, ok := a.failsafeChain(e)
	if !ok {
		return opaque()
	}
	for _, m := range []string{"WithJitter", "WithJitterFactor", "WithRandomDelay", "WithDelayFunc"} {
		if chain[m] != nil {
			if m == "WithDelayFunc" {
				return opaque()
			}
			return random()
		}
	}
	for _, m := range []string{"WithBackoffFactor", "WithBackoff", "WithDelay"} {
		if c := chain[m]; c != nil {
			return fixed(c, m+" without WithJitter")
		}
	}
	return opaque()
}

// cenkaltiJitter follows a cenkalti BackOff expression.
func (a *recogniser) cenkaltiJitter(e ast.Expr) BackoffJitter {
	for depth := 0; depth < 8; depth++ {
		if set, ok := a.fieldSet(e, "RandomizationFactor"); ok {
			return a.factor(set.Rhs[0], set, "RandomizationFactor 0")
		}
		e = ast.Unparen(a.value(e))
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		switch x := e.(type) {
		case *ast.CompositeLit:
			t := a.info.TypeOf(x)
			switch {
			case isCenkalti(t, "ExponentialBackOff"):
				if v, ok := a.field(x, "RandomizationFactor"); ok {
					return a.factor(v, keyValue(x, "RandomizationFactor"), "RandomizationFactor 0")
				}
				return fixed(x, "RandomizationFactor 0")
			case isCenkalti(t, "ConstantBackOff"):
				return fixed(x, "a ConstantBackOff")
			case isCenkalti(t, "ZeroBackOff"):
				return fixed(x, "a ZeroBackOff")
			}
			return opaque()
		case *ast.CallExpr:
			fn := typematch.Callee(a.info, x)
			switch {
			case isCenkaltiFunc(fn, "WithMaxRetries"), isCenkaltiFunc(fn, "WithContext"):
				if len(x.Args) == 0 {
					return opaque()
				}
				e = x.Args[0]
				continue
			case isCenkaltiFunc(fn, "NewConstantBackOff"):
				return fixed(x, "a ConstantBackOff")
			case isCenkaltiFunc(fn, "NewExponentialBackOff"):
				opts, _ := a.options(x.Args) // an option out of sight is taken to keep the default factor
				for _, opt := range opts {
					if isCenkaltiFunc(typematch.Callee(a.info, opt), "WithRandomizationFactor") && len(opt.Args) == 1 {
						return a.factor(opt.Args[0], opt, "RandomizationFactor 0")
					}
				}
				return random() // RandomizationFactor 0.5 by default
			}
		}
		return opaque()
	}
	return opaque()
}

// factor judges a jitter factor: 0 is fixed (culprit n), a positive
// constant random, anything else opaque.
func (a *recogniser) factor(v ast.Expr, n ast.Node, reason string) BackoffJitter {
	f, ok := a.floatConst(v)
	switch {
	case !ok:
		return opaque()
	case f > 0:
		return random()
	}
	return fixed(n, reason)
}

func keyValue(lit *ast.CompositeLit, name string) ast.Node {
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv
			}
		}
	}
	return lit
}

// fieldSet returns the only assignment v.name = x to the variable e names,
// if there is one (ok false when there is none; opaque uses are left to the
// caller's other checks).
func (a *recogniser) fieldSet(e ast.Expr, name string) (*ast.AssignStmt, bool) {
	obj := identObj(a.info, e)
	if obj == nil {
		return nil, false
	}
	var found *ast.AssignStmt
	for _, as := range a.fieldAssigns[obj] {
		for _, l := range as.Lhs {
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == name && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
				found = as // the last one in source order wins
			}
		}
	}
	return found, found != nil
}

func isCenkalti(t types.Type, name string) bool {
	t = typematch.Deref(t)
	return typematch.IsNamed(t, apis.CenkaltiV4, name) || typematch.IsNamed(t, apis.CenkaltiV5, name)
}

func isCenkaltiFunc(fn *types.Func, name string) bool {
	return typematch.IsFunc(fn, apis.CenkaltiV4, name) || typematch.IsFunc(fn, apis.CenkaltiV5, name)
}

// retryGoJitter reads retry-go's options: the default delay type adds a
// random delay; DelayType(BackOffDelay) or DelayType(FixedDelay) alone does not.
func (a *recogniser) retryGoJitter(call *ast.CallExpr) BackoffJitter {
	opts, pkg, _, ok := a.retryGoOptions(call)
	if !ok {
		return opaque()
	}
	out := random()
	for _, opt := range opts {
		if !typematch.IsFunc(typematch.Callee(a.info, opt), pkg, "DelayType") || len(opt.Args) != 1 {
			continue
		}
		switch r := a.delayTypeRandomness(pkg, opt.Args[0], 0); r {
		case Fixed:
			out = fixed(opt, "a delay type without RandomDelay")
		case Random:
			out = random()
		default:
			out = opaque()
		}
	}
	return out
}

func (a *recogniser) delayTypeRandomness(pkg string, e ast.Expr, depth int) Randomness {
	e = ast.Unparen(a.value(e))
	if depth > 4 {
		return Opaque
	}
	if call, ok := e.(*ast.CallExpr); ok {
		if !typematch.IsFunc(typematch.Callee(a.info, call), pkg, "CombineDelay") {
			return Opaque
		}
		out := Fixed
		for _, arg := range call.Args {
			switch a.delayTypeRandomness(pkg, arg, depth+1) {
			case Random:
				return Random
			case Opaque:
				out = Opaque
			}
		}
		return out
	}
	obj := a.info.ObjectOf(typematch.Ident(e))
	switch {
	case typematch.IsFunc(obj, pkg, "BackOffDelay"), typematch.IsFunc(obj, pkg, "FixedDelay"):
		return Fixed
	case typematch.IsFunc(obj, pkg, "RandomDelay"), typematch.IsFunc(obj, pkg, "FullJitterBackoffDelay"):
		return Random
	}
	return Opaque
}

// goRetryJitter follows a go-retry Backoff through its wrappers to the
// constructor, unless a jitter wrapper comes first.
func (a *recogniser) goRetryJitter(e ast.Expr, depth int) BackoffJitter {
	call, ok := ast.Unparen(a.value(e)).(*ast.CallExpr)
	if !ok || depth > 8 {
		return opaque()
	}
	fn := typematch.Callee(a.info, call)
	switch {
	case typematch.IsFunc(fn, apis.GoRetry, "WithJitter"), typematch.IsFunc(fn, apis.GoRetry, "WithJitterPercent"),
		typematch.IsFunc(fn, apis.GoRetry, "WithFullJitter"):
		return random()
	case typematch.IsFunc(fn, apis.GoRetry, "NewExponential"), typematch.IsFunc(fn, apis.GoRetry, "NewFibonacci"),
		typematch.IsFunc(fn, apis.GoRetry, "NewConstant"):
		return fixed(call, "retry."+fn.Name()+" without a jitter wrapper")
	case typematch.IsFunc(fn, apis.GoRetry, "WithMaxRetries"), typematch.IsFunc(fn, apis.GoRetry, "WithCappedDuration"),
		typematch.IsFunc(fn, apis.GoRetry, "WithMaxDuration"):
		if len(call.Args) == 2 {
			return a.goRetryJitter(call.Args[1], depth+1)
		}
	}
	return opaque()
}

// k8sJitter reads a wait.Backoff: Jitter 0 (or unset) does not jitter.
func (a *recogniser) k8sJitter(e ast.Expr) BackoffJitter {
	if set, ok := a.fieldSet(e, "Jitter"); ok {
		return a.factor(set.Rhs[0], set, "Jitter 0")
	}
	switch x := ast.Unparen(a.value(e)).(type) {
	case *ast.CompositeLit:
		if !typematch.IsNamed(a.info.TypeOf(x), apis.K8sWait, "Backoff") {
			return opaque()
		}
		if v, ok := a.field(x, "Jitter"); ok {
			return a.factor(v, keyValue(x, "Jitter"), "Jitter 0")
		}
		return fixed(x, "Jitter 0")
	case *ast.SelectorExpr, *ast.Ident:
		obj := a.info.ObjectOf(typematch.Ident(x))
		if typematch.IsVar(obj, apis.K8sRetry, "DefaultRetry") || typematch.IsVar(obj, apis.K8sRetry, "DefaultBackoff") {
			return random() // Jitter 0.1
		}
	}
	return opaque()
}

// eapacheJitter reads a retrier: it jitters only after SetJitter(f > 0).
func (a *recogniser) eapacheJitter(e ast.Expr) BackoffJitter {
	if obj := identObj(a.info, e); obj != nil {
		for _, c := range a.recvCalls[obj] {
			if typematch.IsMethod(typematch.Callee(a.info, c), apis.EapacheRetrier, "Retrier", "SetJitter") && len(c.Args) == 1 {
				return a.factor(c.Args[0], c, "SetJitter(0)")
			}
		}
	}
	for depth := 0; depth < 6; depth++ {
		c, ok := ast.Unparen(a.value(e)).(*ast.CallExpr)
		if !ok {
			return opaque()
		}
		fn := typematch.Callee(a.info, c)
		if typematch.IsFunc(fn, apis.EapacheRetrier, "New") {
			return fixed(c, "a retrier without SetJitter")
		}
		sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok || fn == nil || fn.Signature().Recv() == nil {
			return opaque()
		}
		e = sel.X
	}
	return opaque()
}

// policyJitter reads this project's retry.Policy: its Backoff jitters
// unless it asks for no jitter by name, Jitter: retry.JitterNone. The zero
// Jitter is full jitter, so a Backoff that leaves Jitter out jitters.
func (a *recogniser) policyJitter(e ast.Expr) BackoffJitter {
	lit, ok := ast.Unparen(a.value(e)).(*ast.CompositeLit)
	if !ok {
		return opaque()
	}
	b, ok := a.field(lit, "Backoff")
	if !ok {
		return random() // the zero Backoff: full jitter
	}
	bl, ok := ast.Unparen(a.value(b)).(*ast.CompositeLit)
	if !ok {
		return opaque()
	}
	if j, ok := a.field(bl, "Jitter"); ok && a.jitterNone(bl, j) {
		return fixed(keyValue(bl, "Jitter"), "Jitter JitterNone")
	}
	return random()
}

// jitterNone reports whether j, the Jitter of the retry.Backoff literal bl,
// is a constant equal to the package's own JitterNone: the value is read
// from the package, not assumed, and only that value asks for no jitter
// (a value that is no rule counts as full jitter).
func (a *recogniser) jitterNone(bl *ast.CompositeLit, j ast.Expr) bool {
	tv, ok := a.info.Types[j]
	if !ok || tv.Value == nil {
		return false
	}
	named, ok := types.Unalias(typematch.Deref(a.info.TypeOf(bl))).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	none, ok := named.Obj().Pkg().Scope().Lookup("JitterNone").(*types.Const)
	return ok && constant.Compare(tv.Value, token.EQL, none.Val())
}

func constantFloat(v constant.Value) (float64, bool) {
	return constant.Float64Val(constant.ToFloat(v))
}
