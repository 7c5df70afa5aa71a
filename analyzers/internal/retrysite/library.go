package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// Import paths of the retry libraries the recogniser knows
// (../shared/reference/known-apis.md, section B).
const (
	cenkaltiV4  = "github.com/cenkalti/backoff/v4"
	cenkaltiV5  = "github.com/cenkalti/backoff/v5"
	retryGoV4   = "github.com/avast/retry-go/v4"
	goRetry     = "github.com/sethvargo/go-retry"
	k8sWait     = "k8s.io/apimachinery/pkg/util/wait"
	k8sRetry    = "k8s.io/client-go/util/retry"
	failsafe    = "github.com/failsafe-go/failsafe-go"
	failsafeRP  = "github.com/failsafe-go/failsafe-go/retrypolicy"
	eapache     = "github.com/eapache/go-resiliency/retrier"
	retrylintRP = "github.com/retrylint/retrylint/retry"
)

// A runner is a known library function or method that runs an operation
// until it succeeds.
type runner struct {
	pkg, recv, name string // recv is the receiver's type name for a method
	op              int    // index of the operation parameter; -1: the last one
	// site fills the bound and waits of a call.
	site func(a *recogniser, call *ast.CallExpr, s *Site)
}

// runners is the table of known retry runners.
var runners = []runner{
	{cenkaltiV4, "", "Retry", 0, cenkaltiV4Site},
	{cenkaltiV4, "", "RetryWithData", 0, cenkaltiV4Site},
	{cenkaltiV4, "", "RetryNotify", 0, cenkaltiV4Site},
	{cenkaltiV4, "", "RetryNotifyWithData", 0, cenkaltiV4Site},
	{cenkaltiV4, "", "RetryNotifyWithTimer", 0, cenkaltiV4Site},
	{cenkaltiV4, "", "RetryNotifyWithTimerAndData", 0, cenkaltiV4Site},
	{cenkaltiV5, "", "Retry", 1, cenkaltiV5Site},
	{retryGoV4, "", "Do", 0, retryGoSite},
	{retryGoV4, "", "DoWithData", 0, retryGoSite},
	{goRetry, "", "Do", 2, goRetrySite},
	{goRetry, "", "DoValue", 2, goRetrySite},
	{goRetry, "", "Constant", 2, goRetryHelperSite},
	{goRetry, "", "Exponential", 2, goRetryHelperSite},
	{goRetry, "", "Fibonacci", 2, goRetryHelperSite},
	{k8sWait, "", "ExponentialBackoff", 1, k8sSite(0)},
	{k8sWait, "", "ExponentialBackoffWithContext", 2, k8sSite(1)},
	{k8sRetry, "", "RetryOnConflict", 1, k8sSite(0)},
	{k8sRetry, "", "OnError", 2, k8sSite(0)},
	{eapache, "Retrier", "Run", 0, eapacheSite},
	{eapache, "Retrier", "RunCtx", 1, eapacheSite},
	{eapache, "Retrier", "RunFn", 1, eapacheSite},
	{retrylintRP, "", "Do", -1, ownSite},
	{retrylintRP, "", "DoValue", -1, ownSite},
}

// runnerOf returns the table entry of fn, or nil.
func runnerOf(fn *types.Func) *runner {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	path := fn.Pkg().Path()
	for i := range runners {
		r := &runners[i]
		if r.pkg != path || r.name != fn.Name() {
			continue
		}
		if r.recv == "" && typematch.IsFunc(fn, path, r.name) || r.recv != "" && typematch.IsMethod(fn, path, r.recv, r.name) {
			return r
		}
	}
	return nil
}

// libraryPaths lists the packages whose import makes library sites possible.
func libraryPaths() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range runners {
		if !seen[r.pkg] {
			seen[r.pkg] = true
			out = append(out, r.pkg)
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
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok {
			if lit, ok := ast.Unparen(u.X).(*ast.CompositeLit); ok {
				if t := a.info.TypeOf(lit); t != nil && (typematch.IsNamed(t, cenkaltiV4, "ZeroBackOff") ||
					typematch.IsNamed(t, cenkaltiV5, "ZeroBackOff") || typematch.IsNamed(t, cenkaltiV4, "ConstantBackOff") ||
					typematch.IsNamed(t, cenkaltiV5, "ConstantBackOff")) {
					return Bound{Kind: Unbounded}
				}
			}
		}
		return Bound{Kind: Unknown}
	}
	fn := typematch.Callee(a.info, call)
	for _, p := range []string{cenkaltiV4, cenkaltiV5} {
		switch {
		case typematch.IsFunc(fn, p, "WithMaxRetries") && len(call.Args) == 2:
			if n, ok := a.intConst(call.Args[1]); ok {
				return Bound{Kind: Known, Attempts: int(n) + 1}
			}
			return Bound{Kind: Unknown}
		case typematch.IsFunc(fn, p, "WithContext") && len(call.Args) == 2:
			return a.cenkaltiBound(call.Args[0], depth+1)
		case typematch.IsFunc(fn, p, "NewExponentialBackOff"):
			if p == cenkaltiV4 {
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

func cenkaltiV5Site(a *recogniser, call *ast.CallExpr, s *Site) {
	s.Bound = Bound{Kind: LibraryDefault} // 15 minutes of elapsed time, no count
	var backoff ast.Expr
	for _, opt := range a.options(call.Args[2:]) {
		fn := typematch.Callee(a.info, opt)
		switch {
		case typematch.IsFunc(fn, cenkaltiV5, "WithMaxTries") && len(opt.Args) == 1:
			s.Bound = Bound{Kind: Unknown}
			if n, ok := a.intConst(opt.Args[0]); ok && n > 0 {
				s.Bound = Bound{Kind: Known, Attempts: int(n)}
			}
		case typematch.IsFunc(fn, cenkaltiV5, "WithBackOff") && len(opt.Args) == 1:
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
// (opts...) or a variable to its literal where it is visible.
func (a *recogniser) options(args []ast.Expr) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, arg := range args {
		e := a.value(arg)
		if lit, ok := ast.Unparen(e).(*ast.CompositeLit); ok {
			for _, el := range lit.Elts {
				if c, ok := ast.Unparen(a.value(el)).(*ast.CallExpr); ok {
					out = append(out, c)
				}
			}
			continue
		}
		if c, ok := ast.Unparen(e).(*ast.CallExpr); ok {
			out = append(out, c)
		}
	}
	return out
}

func retryGoSite(a *recogniser, call *ast.CallExpr, s *Site) {
	s.Bound = Bound{Kind: LibraryDefault, Attempts: 10}
	var delays []Wait
	for _, opt := range a.options(call.Args[1:]) {
		fn := typematch.Callee(a.info, opt)
		switch {
		case typematch.IsFunc(fn, retryGoV4, "Attempts") && len(opt.Args) == 1:
			s.Bound = Bound{Kind: Unknown}
			if n, ok := a.intConst(opt.Args[0]); ok {
				if n == 0 {
					s.Bound = Bound{Kind: Unbounded} // Attempts(0) retries until success
				} else {
					s.Bound = Bound{Kind: Known, Attempts: int(n)}
				}
			}
		case typematch.IsFunc(fn, retryGoV4, "UntilSucceeded"):
			s.Bound = Bound{Kind: Unbounded}
		case typematch.IsFunc(fn, retryGoV4, "DelayType"), typematch.IsFunc(fn, retryGoV4, "Delay"),
			typematch.IsFunc(fn, retryGoV4, "MaxDelay"), typematch.IsFunc(fn, retryGoV4, "MaxJitter"):
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
	case typematch.IsFunc(fn, goRetry, "WithMaxRetries") && len(call.Args) == 2:
		if n, ok := a.intConst(call.Args[0]); ok {
			return Bound{Kind: Known, Attempts: int(n) + 1}
		}
		return Bound{Kind: Unknown}
	case typematch.IsFunc(fn, goRetry, "WithMaxDuration"):
		return Bound{Kind: Unknown}
	case typematch.IsFunc(fn, goRetry, "NewConstant"), typematch.IsFunc(fn, goRetry, "NewExponential"),
		typematch.IsFunc(fn, goRetry, "NewFibonacci"):
		return Bound{Kind: Unbounded}
	case fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == goRetry && len(call.Args) > 0:
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
			obj := a.info.ObjectOf(identOrSel(e))
			switch {
			case typematch.IsVar(obj, k8sRetry, "DefaultRetry"):
				s.Bound = Bound{Kind: LibraryDefault, Attempts: 5}
			case typematch.IsVar(obj, k8sRetry, "DefaultBackoff"):
				s.Bound = Bound{Kind: LibraryDefault, Attempts: 4}
			}
		}
	}
}

func identOrSel(e ast.Expr) *ast.Ident {
	switch e := e.(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
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
		case typematch.IsMethod(fn, eapache, "Retrier", "WithInfiniteRetry"):
			s.Bound = Bound{Kind: Unbounded}
			return
		case typematch.IsFunc(fn, eapache, "New") && len(c.Args) == 2:
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
		if fn := typematch.Callee(a.info, e); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == eapache && len(e.Args) > 0 {
			if n, ok := a.intConst(e.Args[0]); ok {
				return int(n), true
			}
		}
	}
	return 0, false
}
