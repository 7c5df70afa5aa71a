package retrydeadline

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"strconv"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// libraryBudget reports a call of a retry library's runner whose attempts,
// each bounded by a timeout made inside the operation, cannot fit: the
// deadline of the context the operation's work uses, or the library's own
// total-time limit (apis.TotalTimes), which stops the retries before an
// attempt would start past it. cenkalti/backoff's and retry-go's runners
// are read: their waits, attempt bound and limit must all be visible.
func (c *checker) libraryBudget(s *retrysite.Site) {
	call, ok := s.Node.(*ast.CallExpr)
	if !ok || s.Runner == nil || s.Bound.Kind != retrysite.Known || s.Bound.Attempts < 2 {
		return
	}
	var b libBackoff
	switch path := s.Runner.Pkg().Path(); apis.LibraryOf(path) {
	case apis.CenkaltiLib:
		b, ok = c.cenkaltiRun(call, path)
	case apis.RetryGoLib:
		b, ok = c.retryGoRun(call, path)
	default:
		return
	}
	if !ok {
		return
	}
	work := c.operationCall(s)
	if work == nil {
		return
	}
	deadline, timeout := c.callDeadlineAndTimeout(work, s)
	if timeout <= 0 {
		return
	}
	n := s.Bound.Attempts
	// With the limit as the deadline: attempt k+1 starts only if the
	// attempts before it, each timing out, and the wait before it end
	// within the limit. It never starts when they cannot, even with the
	// shortest waits.
	if b.total > 0 && b.retryGo == nil {
		shortest := b.floors(n - 1)
		start := time.Duration(0)
		for k := 1; k < n; k++ {
			start += timeout + shortest[k-1]
			if start > b.total {
				c.reportTotal(call, n, timeout, shortest, k, b)
				return
			}
		}
	}
	waits := b.ceilings(n - 1)
	if deadline.d > 0 {
		c.reportOver(call.Pos(), call.End(), n, timeout, deadline, waits, true,
			func(fit int) *analysis.TextEdit { return b.lowerBound(n, fit) })
	}
}

// reportTotal reports a retry whose total-time limit stops it after started
// of its n attempts when they time out, even with the shortest waits. No
// fix: when attempts fail fast, all n run within the limit, so a lower
// bound would change that.
func (c *checker) reportTotal(call *ast.CallExpr, n int, timeout time.Duration, waits []time.Duration, started int, b libBackoff) {
	start := time.Duration(started) * timeout
	for _, w := range waits[:started] {
		start += w
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: call.Pos(),
		End: call.End(),
		Message: fmt.Sprintf("%d attempts x %v + waits of at least %s: the %s attempt would start at %v or later, past the %v limit of %s, so it never runs when attempts time out; %s",
			n, timeout, listDurations(waits), ordinal(started+1), start, b.total, b.totalName, plural(started, "attempt starts", "attempts start")),
	})
}

// operationCall returns the call that does the work of a library site's
// attempt: the one call in the operation's body (outside nested function
// literals) that is handed a context, other than those that only derive a
// context or build a request.
func (c *checker) operationCall(s *retrysite.Site) *ast.CallExpr {
	if s.Attempt == nil {
		return nil
	}
	attempt, ok := c.cursor(s.Attempt)
	if !ok {
		return nil
	}
	var found *ast.CallExpr
	count := 0
	attempt.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}, func(cur inspector.Cursor) bool {
		switch n := cur.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fn := typematch.Callee(c.info, n)
			if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "context" ||
				typematch.IsFunc(fn, "net/http", "NewRequestWithContext") ||
				typematch.IsMethod(fn, "net/http", "Request", "WithContext") {
				return true
			}
			for _, arg := range n.Args {
				if c.attemptContext(arg, s) != nil {
					found = n
					count++
					break
				}
			}
		}
		return true
	})
	if count != 1 {
		return nil
	}
	return found
}

// callDeadlineAndTimeout is deadlineAndTimeout for call, the work of site
// s's attempt: the deadline is zero when out of sight.
func (c *checker) callDeadlineAndTimeout(call *ast.CallExpr, s *retrysite.Site) (deadline limit, timeout time.Duration) {
	var ctx *types.Var
	for _, arg := range call.Args {
		if ctx = c.attemptContext(arg, s); ctx != nil {
			break
		}
	}
	if ctx == nil {
		return limit{}, 0
	}
	timeout, _ = c.calleeTimeout(call, ctx)
	if d, ok := c.sendTimeout(call); ok {
		timeout = shortest(timeout, d)
	}
	return c.attemptChain(ctx, s, timeout)
}

// A libBackoff is what a retry library's waits and limit are: a cenkalti
// ExponentialBackOff's settings or a constant interval, or retry-go's
// delays.
type libBackoff struct {
	constant            bool
	retryGo             *retryGoDelays
	initial, maxInt     time.Duration
	randomization, mult float64
	// total is the total-time limit (zero for none), totalName its setting.
	total     time.Duration
	totalName string
	// bound is the integer literal that bounds the attempts, if any, and
	// retries whether it counts retries (v4's WithMaxRetries) rather than
	// attempts (v5's WithMaxTries).
	bound   *ast.BasicLit
	retries bool
}

// lowerBound returns the edit that makes the retry make fit attempts
// instead of n.
func (b libBackoff) lowerBound(n, fit int) *analysis.TextEdit {
	if b.bound == nil || b.bound.Kind != token.INT {
		return nil
	}
	lit, err := strconv.ParseInt(b.bound.Value, 0, 64)
	if b.retries {
		lit, fit = lit+1, fit-1
	}
	if err != nil || lit != int64(n) {
		return nil // the literal is not the whole bound
	}
	return &analysis.TextEdit{Pos: b.bound.Pos(), End: b.bound.End(), NewText: []byte(strconv.Itoa(fit))}
}

// ceilings returns the longest wait before each of the first retries: an
// ExponentialBackOff draws from interval x (1 ± RandomizationFactor), and
// multiplies the interval by Multiplier up to MaxInterval.
func (b libBackoff) ceilings(retries int) []time.Duration {
	if b.retryGo != nil {
		return b.retryGo.ceilings(retries)
	}
	return b.cenkaltiWaits(retries, 1+b.randomization)
}

// floors returns the shortest wait before each of the first retries of a
// cenkalti backoff.
func (b libBackoff) floors(retries int) []time.Duration {
	return b.cenkaltiWaits(retries, max(1-b.randomization, 0))
}

// cenkaltiWaits returns interval x factor before each retry.
func (b libBackoff) cenkaltiWaits(retries int, factor float64) []time.Duration {
	out := make([]time.Duration, retries)
	cur := b.initial
	for i := range out {
		if b.constant {
			out[i] = cur
			continue
		}
		out[i] = time.Duration(math.Floor(float64(cur) * factor))
		if float64(cur) >= float64(b.maxInt)/b.mult {
			cur = b.maxInt
		} else {
			cur = time.Duration(float64(cur) * b.mult)
		}
	}
	return out
}

// cenkaltiRun reads the backoff and total-time limit of a call of a
// cenkalti/backoff runner of the package at path: v4's Retry(op, b) family,
// whose ExponentialBackOff carries MaxElapsedTime, and v5's Retry(ctx, op,
// opts...), whose options carry WithBackOff and WithMaxElapsedTime.
func (c *checker) cenkaltiRun(call *ast.CallExpr, path string) (libBackoff, bool) {
	if path == apis.CenkaltiV4 {
		if len(call.Args) < 2 {
			return libBackoff{}, false
		}
		return c.libBackoff(call.Args[1], path, 0)
	}
	limit := apis.TotalTimeOf(path, "", "WithMaxElapsedTime")
	if limit == nil || len(call.Args) < 2 {
		return libBackoff{}, false
	}
	var backoff ast.Expr
	var bound *ast.BasicLit
	total, totalName := limit.Default, "the default "+limit.Name
	for _, opt := range c.optionCalls(call.Args[2:]) {
		if opt == nil {
			return libBackoff{}, false
		}
		fn := typematch.Callee(c.info, opt)
		switch {
		case typematch.IsFunc(fn, path, "WithBackOff") && len(opt.Args) == 1:
			backoff = opt.Args[0]
		case typematch.IsFunc(fn, path, "WithMaxTries") && len(opt.Args) == 1:
			bound, _ = ast.Unparen(opt.Args[0]).(*ast.BasicLit)
		case typematch.IsFunc(fn, path, limit.Name) && len(opt.Args) == 1:
			d, ok := c.constDuration(opt.Args[0])
			if !ok {
				return libBackoff{}, false
			}
			total, totalName = d, limit.Name
		}
	}
	b := c.exponentialDefaults()
	if backoff != nil {
		var ok bool
		if b, ok = c.libBackoff(backoff, path, 0); !ok || b.total > 0 {
			return libBackoff{}, false
		}
	}
	b.total, b.totalName = max(total, 0), totalName
	b.bound, b.retries = bound, false
	return b, true
}

// optionCalls returns the option calls among args, following a variable or
// a spread slice literal; nil stands for one out of sight.
func (c *checker) optionCalls(args []ast.Expr) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, arg := range args {
		e := ast.Unparen(c.res.Value(arg))
		if lit, ok := e.(*ast.CompositeLit); ok {
			for _, el := range lit.Elts {
				call, _ := ast.Unparen(c.res.Value(el)).(*ast.CallExpr)
				out = append(out, call)
			}
			continue
		}
		call, _ := e.(*ast.CallExpr)
		out = append(out, call)
	}
	return out
}

func (c *checker) exponentialDefaults() libBackoff {
	d := apis.CenkaltiExponential
	return libBackoff{initial: d.InitialInterval, maxInt: d.MaxInterval, randomization: d.RandomizationFactor, mult: d.Multiplier}
}

// libBackoff follows a BackOff expression of the package at path
// through local variables and WithMaxRetries and WithContext (whose bound
// and context the retry site and the operation's context already account
// for) to NewExponentialBackOff, with its v4 options and the fields the
// package sets on the variable that holds it, or NewConstantBackOff.
func (c *checker) libBackoff(e ast.Expr, path string, depth int) (libBackoff, bool) {
	if depth > 6 {
		return libBackoff{}, false
	}
	var holder *types.Var
	if id := identOf(e); id != nil {
		holder, _ = c.info.Uses[id].(*types.Var)
	}
	call, ok := ast.Unparen(c.res.Value(e)).(*ast.CallExpr)
	if !ok {
		return libBackoff{}, false
	}
	fn := typematch.Callee(c.info, call)
	var b libBackoff
	switch {
	case typematch.IsFunc(fn, path, "WithMaxRetries") && len(call.Args) == 2,
		typematch.IsFunc(fn, path, "WithContext") && len(call.Args) == 2:
		if holder != nil && len(c.writes().fields[holder]) > 0 {
			return b, false
		}
		inner, ok := c.libBackoff(call.Args[0], path, depth+1)
		if lit, isLit := ast.Unparen(call.Args[1]).(*ast.BasicLit); isLit && fn.Name() == "WithMaxRetries" {
			inner.bound, inner.retries = lit, true
		}
		return inner, ok
	case typematch.IsFunc(fn, path, "NewConstantBackOff") && len(call.Args) == 1:
		d, ok := c.constDuration(call.Args[0])
		if !ok || holder != nil && len(c.writes().fields[holder]) > 0 {
			return b, false
		}
		return libBackoff{constant: true, initial: d}, true
	case typematch.IsFunc(fn, path, "NewExponentialBackOff"):
		b = c.exponentialDefaults()
		field := apis.TotalTimeOf(path, "ExponentialBackOff", "MaxElapsedTime")
		if field != nil {
			b.total, b.totalName = field.Default, "the default "+field.Name
		}
		for _, opt := range c.optionCalls(call.Args) {
			if opt == nil || !c.exponentialSetting(&b, typematch.Callee(c.info, opt), path, opt.Args) {
				return b, false
			}
		}
	default:
		return b, false
	}
	if holder != nil {
		for name, values := range c.writes().fields[holder] {
			obj, _, _ := types.LookupFieldOrMethod(holder.Type(), true, holder.Pkg(), name)
			if len(values) != 1 || !c.exponentialField(&b, obj, path, values[0]) {
				return b, false
			}
		}
	}
	return b, true
}

// exponentialSetting applies v4's option fn(args) to b; false for an option
// it does not know (WithRetryStopDuration changes what ends the retries,
// WithClockProvider what the limit measures).
func (c *checker) exponentialSetting(b *libBackoff, fn *types.Func, path string, args []ast.Expr) bool {
	if len(args) != 1 {
		return false
	}
	switch {
	case typematch.IsFunc(fn, path, "WithInitialInterval"):
		return c.setDuration(&b.initial, args[0])
	case typematch.IsFunc(fn, path, "WithMaxInterval"):
		return c.setDuration(&b.maxInt, args[0])
	case typematch.IsFunc(fn, path, "WithRandomizationFactor"):
		return c.setFloat(&b.randomization, args[0])
	case typematch.IsFunc(fn, path, "WithMultiplier"):
		return c.setFloat(&b.mult, args[0])
	case fn != nil && apis.TotalTimeOf(path, "", fn.Name()) != nil && typematch.IsFunc(fn, path, fn.Name()):
		b.totalName = fn.Name()
		return c.setDuration(&b.total, args[0])
	}
	return false
}

// exponentialField applies the assignment of value to the field obj of an
// ExponentialBackOff.
func (c *checker) exponentialField(b *libBackoff, obj types.Object, path string, value ast.Expr) bool {
	v, ok := obj.(*types.Var)
	if !ok || !v.IsField() || v.Pkg() == nil || v.Pkg().Path() != path {
		return false
	}
	switch v.Name() {
	case "InitialInterval":
		return c.setDuration(&b.initial, value)
	case "MaxInterval":
		return c.setDuration(&b.maxInt, value)
	case "RandomizationFactor":
		return c.setFloat(&b.randomization, value)
	case "Multiplier":
		return c.setFloat(&b.mult, value)
	}
	if apis.TotalTimeOf(path, "ExponentialBackOff", v.Name()) != nil {
		b.totalName = v.Name()
		return c.setDuration(&b.total, value)
	}
	return false
}

func (c *checker) setDuration(dst *time.Duration, e ast.Expr) bool {
	d, ok := c.constDuration(e)
	if ok {
		*dst = d
	}
	return ok
}

func (c *checker) setFloat(dst *float64, e ast.Expr) bool {
	tv, ok := c.info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	f, _ := constant.Float64Val(constant.ToFloat(tv.Value))
	if f < 0 || math.IsInf(f, 0) {
		return false
	}
	*dst = f
	return true
}

// retryGoDelays are retry-go's settings of the wait before each retry.
type retryGoDelays struct {
	delay, maxDelay, maxJitter time.Duration
	// The DelayType: BackOffDelay or FixedDelay, RandomDelay, or a sum.
	backoff, fixed, random bool
}

// ceilings returns the longest wait before each retry: Delay << (k-1) for
// BackOffDelay (Delay for FixedDelay), plus MaxJitter for RandomDelay (it
// draws below it), capped at MaxDelay.
func (d *retryGoDelays) ceilings(retries int) []time.Duration {
	out := make([]time.Duration, retries)
	for i := range out {
		var w time.Duration
		if d.fixed {
			w = d.delay
		}
		if d.backoff {
			w = d.delay << min(i, 62)
			if w < 0 || w>>min(i, 62) != d.delay {
				w = math.MaxInt64
			}
		}
		if d.random {
			w = min(w, math.MaxInt64-d.maxJitter) + d.maxJitter
		}
		if d.maxDelay > 0 {
			w = min(w, d.maxDelay)
		}
		out[i] = w
	}
	return out
}

// retryGoRun reads the delays of a retry-go call of the package at path:
// v4's Do(op, opts...), v5's retry.New(opts...).Do(op) with the retrier
// followed to its constructor. Options that do not change the timing
// (Context, OnRetry, RetryIf, LastErrorOnly) are ignored; any other leaves
// the call out of sight.
func (c *checker) retryGoRun(call *ast.CallExpr, path string) (libBackoff, bool) {
	args := call.Args[min(1, len(call.Args)):]
	if path != apis.RetryGoV4 {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return libBackoff{}, false
		}
		ctor, ok := ast.Unparen(c.res.Value(sel.X)).(*ast.CallExpr)
		if !ok || !typematch.IsFunc(typematch.Callee(c.info, ctor), path, "New") && !typematch.IsFunc(typematch.Callee(c.info, ctor), path, "NewWithData") {
			return libBackoff{}, false
		}
		args = ctor.Args
	}
	def := apis.RetryGoDefaults
	d := &retryGoDelays{delay: def.Delay, maxJitter: def.MaxJitter, backoff: true, random: true}
	b := libBackoff{retryGo: d}
	for _, opt := range c.optionCalls(args) {
		if opt == nil {
			return b, false
		}
		fn := typematch.Callee(c.info, opt)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != path || len(opt.Args) != 1 && fn.Name() != "UntilSucceeded" {
			return b, false
		}
		var ok bool
		switch fn.Name() {
		case "Attempts":
			b.bound, _ = ast.Unparen(opt.Args[0]).(*ast.BasicLit)
			ok = true
		case "Delay":
			ok = c.setDuration(&d.delay, opt.Args[0])
		case "MaxDelay":
			ok = c.setDuration(&d.maxDelay, opt.Args[0])
		case "MaxJitter":
			ok = c.setDuration(&d.maxJitter, opt.Args[0])
		case "DelayType":
			ok = c.retryGoDelayType(d, opt.Args[0], path)
		case "Context", "OnRetry", "RetryIf", "LastErrorOnly", "WrapContextErrorWithLastError", "AttemptsForError":
			ok = true
		}
		if !ok {
			return b, false
		}
	}
	if d.delay < 0 {
		d.delay = 0
	}
	return b, true
}

// retryGoDelayType reads a DelayType: BackOffDelay, FixedDelay, RandomDelay
// or a CombineDelay of them.
func (c *checker) retryGoDelayType(d *retryGoDelays, e ast.Expr, path string) bool {
	d.backoff, d.fixed, d.random = false, false, false
	var add func(e ast.Expr) bool
	add = func(e ast.Expr) bool {
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
			if !typematch.IsFunc(typematch.Callee(c.info, call), path, "CombineDelay") {
				return false
			}
			for _, a := range call.Args {
				if !add(a) {
					return false
				}
			}
			return true
		}
		obj := c.info.ObjectOf(typematch.Ident(e))
		switch {
		case typematch.IsFunc(obj, path, "BackOffDelay"):
			d.backoff = true
		case typematch.IsFunc(obj, path, "FixedDelay"):
			d.fixed = true
		case typematch.IsFunc(obj, path, "RandomDelay"):
			d.random = true
		default:
			return false
		}
		return true
	}
	// A sum of BackOffDelay and FixedDelay is not one of the shapes the
	// ceilings add up.
	return add(e) && !(d.fixed && d.backoff) && (d.fixed || d.backoff || d.random)
}
