package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// A runner is a row of apis.Runners with what the recogniser reads at a
// call of it.
type runner struct {
	*apis.Runner
	// site fills the bound and waits of a call.
	site func(a *recogniser, call *ast.CallExpr, s *Site)
	// accept, when set, says whether the call retries at all (a failsafe
	// executor without a retry policy does not).
	accept func(a *recogniser, call *ast.CallExpr) bool
}

// runners pairs each row of apis.Runners with the reader of its library.
var runners = func() []runner {
	out := make([]runner, len(apis.Runners))
	for i := range apis.Runners {
		r := runner{Runner: &apis.Runners[i]}
		switch apis.LibraryOf(r.Pkg) {
		case apis.CenkaltiLib:
			r.site = cenkaltiV4Site
			if r.Pkg == apis.CenkaltiV5 {
				r.site = cenkaltiV5Site
			}
		case apis.RetryGoLib:
			r.site = retryGoSite
		case apis.GoRetryLib:
			r.site = goRetrySite
			if r.Config < 0 {
				r.site = goRetryHelperSite // Constant, Exponential, Fibonacci
			}
		case apis.K8sLib:
			r.site = k8sSite(r.Config)
		case apis.EapacheLib:
			r.site = eapacheSite
		case apis.FailsafeLib:
			r.site, r.accept = failsafeSite, failsafeRetries
		case apis.RetrylintLib:
			r.site = ownSite
		}
		out[i] = r
	}
	return out
}()

// runnerOf returns the runner of fn, or nil.
func runnerOf(fn *types.Func) *runner {
	row := apis.RunnerOf(fn)
	for i := range runners {
		if row != nil && runners[i].Runner == row {
			return &runners[i]
		}
	}
	return nil
}

// libraryPaths lists the packages whose import makes library sites possible.
func libraryPaths() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range apis.Runners {
		if !seen[r.Pkg] {
			seen[r.Pkg] = true
			out = append(out, r.Pkg)
		}
	}
	return out
}

// backoffWait is the wait of a library backoff configured by e.
func backoffWait(e ast.Expr) Wait { return Wait{Kind: LibBackoff, Node: e} }

func cenkaltiV4Site(a *recogniser, call *ast.CallExpr, s *Site) {
	if len(call.Args) < 2 {
		return
	}
	b := call.Args[1]
	s.Waits = []Wait{backoffWait(b)}
	s.Bound = a.cenkaltiBound(b, 0)
}

// cenkaltiBound follows a cenkalti BackOff expression through local variables
// and wrappers to the number of attempts it allows.
func (a *recogniser) cenkaltiBound(e ast.Expr, depth int) Bound {
	e = a.value(e)
	if depth > 4 {
		return Bound{Kind: Unknown}
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		return a.cenkaltiVarBound(id, depth)
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok {
			if lit, ok := ast.Unparen(u.X).(*ast.CompositeLit); ok {
				if t := a.info.TypeOf(lit); t != nil && (typematch.IsNamed(t, apis.CenkaltiV4, "ZeroBackOff") ||
					typematch.IsNamed(t, apis.CenkaltiV5, "ZeroBackOff") || typematch.IsNamed(t, apis.CenkaltiV4, "ConstantBackOff") ||
					typematch.IsNamed(t, apis.CenkaltiV5, "ConstantBackOff")) {
					return Bound{Kind: Unbounded}
				}
			}
		}
		return Bound{Kind: Unknown}
	}
	fn := typematch.Callee(a.info, call)
	for _, p := range []string{apis.CenkaltiV4, apis.CenkaltiV5} {
		switch {
		case typematch.IsFunc(fn, p, "WithMaxRetries") && len(call.Args) == 2:
			if n, ok := a.intConst(call.Args[1]); ok {
				return Bound{Kind: Known, Attempts: int(n) + 1}
			}
			return Bound{Kind: Unknown}
		case typematch.IsFunc(fn, p, "WithContext") && len(call.Args) == 2:
			return a.cenkaltiBound(call.Args[0], depth+1)
		case typematch.IsFunc(fn, p, "NewExponentialBackOff"):
			if p == apis.CenkaltiV4 {
				// MaxElapsedTime of 15 minutes by default: no count.
				return Bound{Kind: LibraryDefault}
			}
			return Bound{Kind: Unbounded}
		case typematch.IsFunc(fn, p, "NewConstantBackOff"):
			return Bound{Kind: Unbounded}
		}
	}
	return Bound{Kind: Unknown}
}

// cenkaltiVarBound is the bound of a local BackOff variable given several
// values, as in b := WithMaxRetries(NewExponentialBackOff(), 10) followed
// by b = WithContext(b, ctx) (restic's waitForRestore): a WithContext
// around the variable itself keeps its bound, and the other values must
// all allow the same number of attempts.
func (a *recogniser) cenkaltiVarBound(id *ast.Ident, depth int) Bound {
	v, ok := a.info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Pkg() != a.pkg || v.Parent() == a.pkg.Scope() {
		return Bound{Kind: Unknown}
	}
	as := a.assigned[v]
	if as == nil || as.unknown || as.stepped || as.tuple {
		return Bound{Kind: Unknown}
	}
	var out *Bound
	for _, x := range as.exprs {
		// v5 has no WithContext: its Retry takes the context.
		if call, ok := ast.Unparen(x).(*ast.CallExpr); ok && len(call.Args) == 2 && a.info.Uses[typematch.Ident(call.Args[0])] == v &&
			typematch.IsFunc(typematch.Callee(a.info, call), apis.CenkaltiV4, "WithContext") {
			continue
		}
		if d, ok := x.(*ast.Ident); ok && a.info.Defs[d] == v {
			return Bound{Kind: Unknown} // declared without a value
		}
		b := a.cenkaltiBound(x, depth+1)
		if out != nil && *out != b {
			return Bound{Kind: Unknown}
		}
		out = &b
	}
	if out == nil {
		return Bound{Kind: Unknown}
	}
	return *out
}

// CenkaltiV5Tries returns the number of attempts that opt, a call of
// cenkalti/backoff v5's WithMaxTries, allows, and whether opt is one: Unknown
// when its argument is not a positive constant.
func CenkaltiV5Tries(info *types.Info, opt *ast.CallExpr) (Bound, bool) {
	if !typematch.IsFunc(typematch.Callee(info, opt), apis.CenkaltiV5, "WithMaxTries") || len(opt.Args) != 1 {
		return Bound{}, false
	}
	if n, ok := eval.Int(info.Types[opt.Args[0]]); ok && n > 0 && n == int64(int(n)) {
		return Bound{Kind: Known, Attempts: int(n)}, true
	}
	return Bound{Kind: Unknown}, true
}

func cenkaltiV5Site(a *recogniser, call *ast.CallExpr, s *Site) {
	s.Bound = Bound{Kind: LibraryDefault} // 15 minutes of elapsed time, no count
	var backoff ast.Expr
	opts, all := a.options(call.Args[2:])
	if !all {
		s.Bound = Bound{Kind: Unknown} // an option out of sight may set WithMaxTries or WithMaxElapsedTime
	}
	for _, opt := range opts {
		if b, ok := CenkaltiV5Tries(a.info, opt); ok {
			s.Bound = b
		} else if typematch.IsFunc(typematch.Callee(a.info, opt), apis.CenkaltiV5, "WithBackOff") && len(opt.Args) == 1 {
			backoff = opt.Args[0]
		}
	}
	if backoff != nil {
		s.Waits = []Wait{backoffWait(backoff)}
	} else {
		s.Waits = []Wait{backoffWait(call)} // the default exponential backoff
	}
}

// options returns the option calls among args, following a spread slice
// (opts...) or a variable to its literal where it is visible. all is false
// when an option may hide elsewhere: a slice made out of sight (a helper's
// result, a parameter, a variable appended to), or an option that is not a
// call of the library's own option functions (a helper returning one, a
// variable): what it sets (a count, a delay) is not known, and the library's
// default may not apply.
func (a *recogniser) options(args []ast.Expr) (out []*ast.CallExpr, all bool) {
	all = true
	add := func(e ast.Expr) {
		c, ok := ast.Unparen(a.value(e)).(*ast.CallExpr)
		if !ok || !a.libraryOption(c) {
			all = false
		}
		if ok {
			out = append(out, c)
		}
	}
	for _, arg := range args {
		if lit, ok := ast.Unparen(a.value(arg)).(*ast.CompositeLit); ok {
			for _, el := range lit.Elts {
				add(el)
			}
			continue
		}
		add(arg)
	}
	return out, all
}

// libraryOption reports whether call is a call of an option function of the
// package that declares the option's type (retry.Attempts(3) for a
// retry.Option), whose effect the recogniser can read.
func (a *recogniser) libraryOption(call *ast.CallExpr) bool {
	fn := typematch.Callee(a.info, call)
	named, ok := types.Unalias(a.info.TypeOf(call)).(*types.Named)
	return fn != nil && fn.Pkg() != nil && ok && named.Obj().Pkg() == fn.Pkg()
}

// retryGoOptions returns the options of a retry-go call and the package:
// v4's Do(fn, opts...), or v5's retry.New(opts...).Do(fn) with the retrier
// followed to its constructor (ok false when it cannot be). all is as for
// options.
func (a *recogniser) retryGoOptions(call *ast.CallExpr) (opts []*ast.CallExpr, pkg string, all, ok bool) {
	fn := typematch.Callee(a.info, call)
	if fn == nil || fn.Pkg() == nil {
		return nil, "", false, false
	}
	if fn.Pkg().Path() == apis.RetryGoV4 {
		opts, all = a.options(call.Args[1:])
		return opts, apis.RetryGoV4, all, true
	}
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !isSel {
		return nil, "", false, false
	}
	ctor, isCall := ast.Unparen(a.value(sel.X)).(*ast.CallExpr)
	if !isCall {
		return nil, "", false, false
	}
	if f := typematch.Callee(a.info, ctor); !typematch.IsFunc(f, apis.RetryGoV5, "New") && !typematch.IsFunc(f, apis.RetryGoV5, "NewWithData") {
		return nil, "", false, false
	}
	opts, all = a.options(ctor.Args)
	return opts, apis.RetryGoV5, all, true
}

func retryGoSite(a *recogniser, call *ast.CallExpr, s *Site) {
	opts, pkg, all, ok := a.retryGoOptions(call)
	if !ok {
		s.Bound = Bound{Kind: Unknown}
		s.Waits = []Wait{backoffWait(call)}
		return
	}
	s.Bound = Bound{Kind: LibraryDefault, Attempts: 10}
	if !all {
		s.Bound = Bound{Kind: Unknown} // an option out of sight may set Attempts
	}
	var delays []Wait
	for _, opt := range opts {
		fn := typematch.Callee(a.info, opt)
		switch {
		case typematch.IsFunc(fn, pkg, "Attempts") && len(opt.Args) == 1:
			s.Bound = Bound{Kind: Unknown}
			if n, ok := a.intConst(opt.Args[0]); ok {
				if n == 0 {
					s.Bound = Bound{Kind: Unbounded} // Attempts(0) retries until success
				} else {
					s.Bound = Bound{Kind: Known, Attempts: int(n)}
				}
			}
		case typematch.IsFunc(fn, pkg, "UntilSucceeded"):
			s.Bound = Bound{Kind: Unbounded}
		case typematch.IsFunc(fn, pkg, "DelayType"), typematch.IsFunc(fn, pkg, "Delay"),
			typematch.IsFunc(fn, pkg, "MaxDelay"), typematch.IsFunc(fn, pkg, "MaxJitter"):
			delays = append(delays, backoffWait(opt))
		}
	}
	if len(delays) == 0 {
		delays = []Wait{backoffWait(call)} // the default: backoff plus random delay
	}
	s.Waits = delays
}

func goRetrySite(a *recogniser, call *ast.CallExpr, s *Site) {
	if len(call.Args) < 2 {
		return
	}
	s.Waits = []Wait{backoffWait(call.Args[1])}
	s.Bound = a.goRetryBound(call.Args[1], 0)
}

// goRetryBound follows a go-retry Backoff through its wrappers.
func (a *recogniser) goRetryBound(e ast.Expr, depth int) Bound {
	call, ok := ast.Unparen(a.value(e)).(*ast.CallExpr)
	if !ok || depth > 6 {
		return Bound{Kind: Unknown}
	}
	fn := typematch.Callee(a.info, call)
	switch {
	case typematch.IsFunc(fn, apis.GoRetry, "WithMaxRetries") && len(call.Args) == 2:
		if n, ok := a.intConst(call.Args[0]); ok {
			return Bound{Kind: Known, Attempts: int(n) + 1}
		}
		return Bound{Kind: Unknown}
	case typematch.IsFunc(fn, apis.GoRetry, "WithMaxDuration"):
		return Bound{Kind: Unknown}
	case typematch.IsFunc(fn, apis.GoRetry, "NewConstant"), typematch.IsFunc(fn, apis.GoRetry, "NewExponential"),
		typematch.IsFunc(fn, apis.GoRetry, "NewFibonacci"):
		return Bound{Kind: Unbounded}
	case fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == apis.GoRetry && len(call.Args) > 0:
		// WithJitter, WithJitterPercent, WithFullJitter, WithCappedDuration:
		// the wrapped backoff is the last argument.
		return a.goRetryBound(call.Args[len(call.Args)-1], depth+1)
	}
	return Bound{Kind: Unknown}
}

func goRetryHelperSite(a *recogniser, call *ast.CallExpr, s *Site) {
	s.Bound = Bound{Kind: Unbounded}
	s.Waits = []Wait{backoffWait(call)}
}

// k8sSite handles runners configured by a wait.Backoff at argument i.
func k8sSite(i int) func(a *recogniser, call *ast.CallExpr, s *Site) {
	return func(a *recogniser, call *ast.CallExpr, s *Site) {
		if i >= len(call.Args) {
			return
		}
		b := call.Args[i]
		s.Waits = []Wait{backoffWait(b)}
		s.Bound = Bound{Kind: Unknown}
		switch e := ast.Unparen(a.value(b)).(type) {
		case *ast.CompositeLit:
			for _, el := range e.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Steps" {
						if n, ok := a.intConst(kv.Value); ok && n > 0 {
							s.Bound = Bound{Kind: Known, Attempts: int(n)}
						}
					}
				}
			}
		case *ast.SelectorExpr, *ast.Ident:
			obj := a.info.ObjectOf(typematch.Ident(e))
			switch {
			case typematch.IsVar(obj, apis.K8sRetry, "DefaultRetry"):
				s.Bound = Bound{Kind: LibraryDefault, Attempts: 5}
			case typematch.IsVar(obj, apis.K8sRetry, "DefaultBackoff"):
				s.Bound = Bound{Kind: LibraryDefault, Attempts: 4}
			}
		}
	}
}

// ownSite handles this project's retry.Do(ctx, policy, op): its Policy
// decides (MaxAttempts 0 means DefaultMaxAttempts, 3; negative, no limit).
func ownSite(a *recogniser, call *ast.CallExpr, s *Site) {
	s.Bound = Bound{Kind: Unknown}
	if len(call.Args) < 2 {
		return
	}
	p := call.Args[len(call.Args)-2]
	s.Waits = []Wait{backoffWait(p)}
	lit, ok := ast.Unparen(a.value(p)).(*ast.CompositeLit)
	if !ok {
		return
	}
	s.Bound = Bound{Kind: LibraryDefault, Attempts: 3}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if id, isID := kv.Key.(*ast.Ident); !ok || !isID || id.Name != "MaxAttempts" {
			continue
		}
		n, ok := a.intConst(kv.Value)
		switch {
		case !ok:
			s.Bound = Bound{Kind: Unknown}
		case n > 0:
			s.Bound = Bound{Kind: Known, Attempts: int(n)}
		case n < 0:
			s.Bound = Bound{Kind: Unbounded}
		}
	}
}

// eapacheSite handles (*retrier.Retrier).Run: the retrier, followed to
// retrier.New(backoffs, class), has one attempt per backoff plus the first.
func eapacheSite(a *recogniser, call *ast.CallExpr, s *Site) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	s.Waits = []Wait{backoffWait(sel.X)}
	s.Bound = Bound{Kind: Unknown}
	for e, depth := sel.X, 0; depth < 6; depth++ {
		c, ok := ast.Unparen(a.value(e)).(*ast.CallExpr)
		if !ok {
			return
		}
		fn := typematch.Callee(a.info, c)
		switch {
		case typematch.IsMethod(fn, apis.EapacheRetrier, "Retrier", "WithInfiniteRetry"):
			s.Bound = Bound{Kind: Unbounded}
			return
		case typematch.IsFunc(fn, apis.EapacheRetrier, "New") && len(c.Args) == 2:
			if n, ok := a.backoffCount(c.Args[0]); ok {
				s.Bound = Bound{Kind: Known, Attempts: n + 1}
			}
			return
		case fn != nil && fn.Signature().Recv() != nil:
			if inner, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
				e = inner.X // WithSurfaceWorkErrors and other chained methods
				continue
			}
		}
		return
	}
}

// backoffCount returns the number of waits of an eapache backoff list.
func (a *recogniser) backoffCount(e ast.Expr) (int, bool) {
	switch e := ast.Unparen(a.value(e)).(type) {
	case *ast.CompositeLit:
		return len(e.Elts), true
	case *ast.CallExpr:
		if fn := typematch.Callee(a.info, e); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == apis.EapacheRetrier && len(e.Args) > 0 {
			if n, ok := a.intConst(e.Args[0]); ok {
				return int(n), true
			}
		}
	}
	return 0, false
}

// failsafeRetries reports whether a failsafe executor call runs a retry
// policy: one of the policies handed to failsafe.With or Compose has the
// type retrypolicy.RetryPolicy.
func failsafeRetries(a *recogniser, call *ast.CallExpr) bool {
	return a.failsafePolicy(call) != nil
}

// failsafePolicy returns the retry policy of the executor a call runs on.
func (a *recogniser) failsafePolicy(call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	e := sel.X
	for range 8 {
		c, ok := ast.Unparen(a.value(e)).(*ast.CallExpr)
		if !ok {
			return nil
		}
		fn := typematch.Callee(a.info, c)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != apis.Failsafe {
			return nil
		}
		for _, arg := range c.Args {
			if typematch.IsNamed(a.info.TypeOf(arg), apis.FailsafeRetryPolicy, "RetryPolicy") {
				return arg
			}
		}
		if fn.Signature().Recv() == nil {
			return nil // failsafe.With without a retry policy
		}
		inner, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		e = inner.X // Compose, WithContext, OnDone...: the executor before
	}
	return nil
}

// failsafeChain returns the builder calls that made a retry policy
// (retrypolicy.NewBuilder[R]().WithMaxRetries(3).WithDelay(d).Build()), by
// method name, and whether the chain starts at retrypolicy's constructors.
func (a *recogniser) failsafeChain(e ast.Expr) (map[string]*ast.CallExpr, bool) {
	calls := map[string]*ast.CallExpr{}
	for range 24 {
		c, ok := ast.Unparen(a.value(e)).(*ast.CallExpr)
		if !ok {
			return nil, false
		}
		fn := typematch.Callee(a.info, c)
		switch {
		case typematch.IsFunc(fn, apis.FailsafeRetryPolicy, "NewBuilder"), typematch.IsFunc(fn, apis.FailsafeRetryPolicy, "NewWithDefaults"):
			return calls, true
		case fn == nil || fn.Signature().Recv() == nil:
			return nil, false
		}
		sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, false
		}
		if _, seen := calls[fn.Name()]; !seen {
			calls[fn.Name()] = c // the last call of a name wins
		}
		e = sel.X
	}
	return nil, false
}

func failsafeSite(a *recogniser, call *ast.CallExpr, s *Site) {
	p := a.failsafePolicy(call)
	if p == nil {
		return
	}
	s.Waits = []Wait{backoffWait(p)}
	chain, ok := a.failsafeChain(p)
	if !ok {
		return
	}
	s.Bound = Bound{Kind: LibraryDefault, Attempts: 3} // 2 retries by default
	if c := chain["WithMaxAttempts"]; c != nil && len(c.Args) == 1 {
		s.Bound = a.attemptsArg(c.Args[0], 0)
	}
	if c := chain["WithMaxRetries"]; c != nil && len(c.Args) == 1 {
		s.Bound = a.attemptsArg(c.Args[0], 1)
	}
}

// attemptsArg reads a count of attempts (plus extra for a count of retries);
// -1 means no limit.
func (a *recogniser) attemptsArg(e ast.Expr, extra int) Bound {
	n, ok := a.intConst(e)
	switch {
	case !ok:
		return Bound{Kind: Unknown}
	case n < 0:
		return Bound{Kind: Unbounded}
	}
	return Bound{Kind: Known, Attempts: int(n) + extra}
}
