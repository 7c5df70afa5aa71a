package retrydeadline

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// budget reports loop site s when its worst case, attempts x per-attempt
// timeout + the waits between attempts, cannot fit the deadline of the
// context its attempts use. Every figure must be visible; otherwise it says
// nothing.
func (c *checker) budget(s *retrysite.Site) {
	if s.Bound.Kind != retrysite.Known || s.Bound.Attempts < 2 || s.Call == nil {
		return
	}
	n := s.Bound.Attempts
	deadline, timeout, ok := c.deadlineAndTimeout(s)
	if !ok {
		return
	}
	header := c.loopHeader(s.Node)
	waits, ok := c.waitsBetween(s, header, n)
	if !ok {
		return
	}
	c.reportOver(s.Node.Pos(), header.end(s.Node), n, timeout, deadline, waits, len(s.Waits) > 0,
		func(fit int) *analysis.TextEdit { return header.lowerBound(n, fit) })
}

// A limit is the time a retry must fit, and how a message names it.
type limit struct {
	d      time.Duration
	phrase string // with one %v for d: "the %v deadline"
}

// ctxDeadline is the limit of a context's deadline.
func ctxDeadline(d time.Duration) limit { return limit{d, "the %v deadline"} }

// reportOver reports a retry of n attempts of timeout each, with the
// longest possible waits between them, when it cannot fit the limit. fix
// returns the edit that bounds the retry to fit attempts, or nil.
func (c *checker) reportOver(pos, end token.Pos, n int, timeout time.Duration, lim limit, waits []time.Duration, showWaits bool,
	fix func(fit int) *analysis.TextEdit) {
	deadline := lim.d
	worst := func(k int) time.Duration {
		total := time.Duration(k) * timeout
		for _, w := range waits[:k-1] {
			total += w
		}
		return total
	}
	if worst(n) <= deadline {
		return
	}
	fit := 0
	for k := 1; k <= n && worst(k) <= deadline; k++ {
		fit = k
	}
	if fit == 0 {
		return // even one attempt cannot finish: a timeout question, not a retry one
	}
	msg := fmt.Sprintf("%d attempts x %v", n, timeout)
	if showWaits {
		msg += " + waits up to " + listDurations(waits)
	}
	msg += fmt.Sprintf(" = %v, over "+lim.phrase+": the %s attempt cannot finish; %s",
		worst(n), deadline, ordinal(fit+1), plural(fit, "attempt fits", "attempts fit"))
	d := analysis.Diagnostic{Pos: pos, End: end, Message: msg}
	if edit := fix(fit); edit != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("lower the bound to %s", plural(fit, "attempt", "attempts")),
			TextEdits: []analysis.TextEdit{*edit},
		}}
	}
	c.rep.Report(d)
}

// deadlineAndTimeout finds, from the context the attempt's checked call
// uses, the per-attempt timeout (a context.WithTimeout made in the attempt,
// or the Timeout of the http.Client the attempt sends through) and the
// deadline (a context.WithTimeout or WithDeadline(ctx, time.Now().Add(d))
// made before the loop) it derives from. Where several bound an attempt,
// the shortest does.
func (c *checker) deadlineAndTimeout(s *retrysite.Site) (deadline limit, timeout time.Duration, ok bool) {
	var ctx *types.Var
	for _, arg := range s.Call.Args {
		if ctx = c.attemptContext(arg, s); ctx != nil {
			break
		}
	}
	if ctx == nil {
		return limit{}, 0, false
	}
	timeout, _ = c.calleeTimeout(s.Call, ctx)
	if d, ok := c.sendTimeout(s.Call); ok {
		timeout = shortest(timeout, d)
	}
	return c.deadlineOf(ctx, s, timeout)
}

// shortest returns the shorter of two timeouts, where zero means none.
func shortest(a, b time.Duration) time.Duration {
	if a <= 0 || b > 0 && b < a {
		return b
	}
	return a
}

// deadlineOf follows ctx, the context the attempts of site s use, back
// through derived contexts to the deadline it carries, and to the
// per-attempt timeout: the shortest of timeout (zero for none) and a
// context.WithTimeout made in the attempt. ok says both are known.
func (c *checker) deadlineOf(ctx *types.Var, s *retrysite.Site, timeout time.Duration) (deadline limit, perAttempt time.Duration, ok bool) {
	deadline, perAttempt = c.attemptChain(ctx, s, timeout)
	return deadline, perAttempt, deadline.d > 0 && perAttempt > 0
}

// attemptChain is deadlineOf's walk. The deadline is zero when it is out
// of sight; the per-attempt timeout is zero when there is none, or when the
// attempt derives its context in a way the walk cannot follow (it may be
// shorter than timeout).
func (c *checker) attemptChain(ctx *types.Var, s *retrysite.Site, timeout time.Duration) (deadline limit, perAttempt time.Duration) {
	for range 8 { // a chain of derived contexts, followed a few links
		if ctx == nil {
			return limit{}, timeout
		}
		call := c.singleValue(ctx, s)
		if call == nil {
			if s.Contains(ctx.Pos()) {
				return limit{}, 0 // the attempt's own context, out of sight
			}
			return limit{}, timeout
		}
		fn := typematch.Callee(c.info, call)
		inAttempt := s.Contains(call.Pos())
		var d time.Duration
		var known bool
		switch {
		case typematch.IsFunc(fn, "context", "WithTimeout") && len(call.Args) == 2:
			d, known = c.constDuration(call.Args[1])
		case typematch.IsFunc(fn, "context", "WithDeadline") && len(call.Args) == 2 && !inAttempt:
			d, known = c.nowPlus(call.Args[1])
		case typematch.IsFunc(fn, "context", "WithCancel"), typematch.IsFunc(fn, "context", "WithValue"),
			typematch.IsFunc(fn, "context", "WithCancelCause"):
			ctx = c.contextVar(call.Args[0])
			continue
		}
		if lim, ok := c.roundTripDeadline(call, s); ok {
			return lim, timeout // the request's context, in a RoundTrip
		}
		switch {
		case (!known || d <= 0) && inAttempt:
			return limit{}, 0
		case !known || d <= 0:
			return limit{}, timeout // WithoutCancel drops the deadline; others hide it
		case inAttempt:
			timeout = shortest(timeout, d)
		default:
			return ctxDeadline(d), timeout
		}
		if lim, ok := c.roundTripDeadline(call.Args[0], s); ok {
			return lim, timeout
		}
		ctx = c.contextVar(call.Args[0])
	}
	return limit{}, timeout
}

// calleeTimeout returns the timeout that the function call invokes (a
// function or method of this package) puts on the context it is handed as
// ctx: a context.WithTimeout(param, d) among the first statements of its
// body, the common shape of a helper that makes one attempt.
func (c *checker) calleeTimeout(call *ast.CallExpr, ctx *types.Var) (time.Duration, bool) {
	fn, decl := c.calleeDecl(call)
	if decl == nil {
		return 0, false
	}
	// The parameter the context is passed as.
	var param *types.Var
	for i, arg := range call.Args {
		if c.contextVar(arg) == ctx && i < fn.Signature().Params().Len() {
			param = fn.Signature().Params().At(i)
			break
		}
	}
	if param == nil {
		return 0, false
	}
	for _, stmt := range decl.Body.List {
		as, ok := stmt.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			continue
		}
		wt, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || len(wt.Args) != 2 || !typematch.IsFunc(typematch.Callee(c.info, wt), "context", "WithTimeout") {
			continue
		}
		if id := identOf(wt.Args[0]); id == nil || c.info.Uses[id] != param {
			continue
		}
		return c.constDuration(wt.Args[1])
	}
	return 0, false
}

// decl returns the declaration of fn, a function of this package.
// calleeDecl returns the function of this package that call invokes, with
// its declaration when it has a body (decl is nil otherwise).
func (c *checker) calleeDecl(call *ast.CallExpr) (fn *types.Func, decl *ast.FuncDecl) {
	fn = typematch.Callee(c.info, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return nil, nil
	}
	if decl := c.decl(fn); decl != nil && decl.Body != nil {
		return fn, decl
	}
	return nil, nil
}

func (c *checker) decl(fn *types.Func) *ast.FuncDecl {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && c.info.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

// attemptContext returns the context an argument of the attempt's checked
// call carries: the argument itself, or the context of a request built with
// http.NewRequestWithContext(ctx, ...) or req.WithContext(ctx).
func (c *checker) attemptContext(arg ast.Expr, s *retrysite.Site) *types.Var {
	if v := c.contextVar(arg); v != nil {
		return v
	}
	if call, ok := ast.Unparen(arg).(*ast.CallExpr); ok && len(call.Args) == 1 &&
		typematch.IsMethod(typematch.Callee(c.info, call), "net/http", "Request", "WithContext") {
		return c.contextVar(call.Args[0]) // c.Do(req.WithContext(ctx))
	}
	id := identOf(arg)
	if id == nil {
		return nil
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok || !typematch.IsNamed(typematch.Deref(v.Type()), "net/http", "Request") {
		return nil
	}
	call := c.singleValue(v, s)
	if call == nil {
		return nil
	}
	switch fn := typematch.Callee(c.info, call); {
	case typematch.IsFunc(fn, "net/http", "NewRequestWithContext") && len(call.Args) > 0:
		return c.contextVar(call.Args[0])
	case typematch.IsMethod(fn, "net/http", "Request", "WithContext") && len(call.Args) == 1:
		return c.contextVar(call.Args[0])
	}
	return nil
}

// singleValue returns the call that gives ctx the value it has in the
// site's attempt: its only value, a call, made in the attempt or in a block
// that encloses the loop, before it.
func (c *checker) singleValue(ctx *types.Var, s *retrysite.Site) *ast.CallExpr {
	values, complete := c.res.Values(ctx)
	if !complete || len(values) != 1 {
		return nil
	}
	call, ok := ast.Unparen(values[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if s.Contains(call.Pos()) {
		return call
	}
	if call.Pos() >= s.Node.Pos() || !c.enclosesLoop(call, s.Node) {
		return nil
	}
	return call
}

// enclosesLoop reports whether the statement holding call sits in a block
// that also holds loop, so that it has run when the loop starts.
func (c *checker) enclosesLoop(call *ast.CallExpr, loop ast.Node) bool {
	cur, ok := c.cursor(call)
	if !ok {
		return false
	}
	for p := cur.Parent(); p.Node() != nil; p = p.Parent() {
		switch n := p.Node().(type) {
		case *ast.BlockStmt:
			return n.Pos() <= loop.Pos() && loop.End() <= n.End()
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
	}
	return false
}

// nowPlus evaluates time.Now().Add(d) to d.
func (c *checker) nowPlus(e ast.Expr) (time.Duration, bool) {
	d := c.nowAdd(e)
	if d == nil {
		return 0, false
	}
	return c.constDuration(d)
}

// nowAdd returns d when e is time.Now().Add(d), a time relative to when e
// runs, or nil.
func (c *checker) nowAdd(e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !typematch.IsMethod(typematch.Callee(c.info, call), "time", "Time", "Add") {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	now, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok || !typematch.IsFunc(typematch.Callee(c.info, now), "time", "Now") {
		return nil
	}
	return call.Args[0]
}

func (c *checker) constDuration(e ast.Expr) (time.Duration, bool) {
	return c.res.Duration(e, nil, 0)
}

// header is what the analysis knows of a loop's counter: the variable and
// its value in the first attempt; counter is nil when there is none.
type header struct {
	counter *types.Var
	first   int64
	// bound is the integer literal the loop compares the counter with (or
	// ranges over), and inclusive whether it compares with <=.
	bound     *ast.BasicLit
	inclusive bool
}

// loopHeader reads for i := a; i < n; i++ and for i := range n.
func (c *checker) loopHeader(loop ast.Node) header {
	v, first := retrysite.LoopCounter(c.info, loop)
	if v == nil {
		return header{}
	}
	h := header{counter: v, first: first}
	switch l := loop.(type) {
	case *ast.RangeStmt:
		if lit, ok := ast.Unparen(l.X).(*ast.BasicLit); ok && lit.Kind == token.INT {
			h.bound = lit
		}
	case *ast.ForStmt:
		if cond, ok := ast.Unparen(l.Cond).(*ast.BinaryExpr); ok && c.info.Uses[identOf(cond.X)] == v &&
			(cond.Op == token.LSS || cond.Op == token.LEQ) {
			if lit, ok := ast.Unparen(cond.Y).(*ast.BasicLit); ok && lit.Kind == token.INT {
				h.bound, h.inclusive = lit, cond.Op == token.LEQ
			}
		}
	}
	return h
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// end is where a diagnostic about the loop ends: its header, not its body.
func (h header) end(loop ast.Node) token.Pos {
	switch l := loop.(type) {
	case *ast.ForStmt:
		return l.Body.Lbrace
	case *ast.RangeStmt:
		return l.Body.Lbrace
	}
	return loop.End()
}

// lowerBound returns the edit that makes the loop run fit attempts instead
// of n, when its bound is an integer literal that says n.
func (h header) lowerBound(n, fit int) *analysis.TextEdit {
	if h.bound == nil {
		return nil
	}
	lit, err := strconv.ParseInt(h.bound.Value, 0, 64)
	if err != nil {
		return nil
	}
	attempts := lit - h.first
	if h.inclusive {
		attempts++
	}
	if attempts != int64(n) {
		return nil // the literal is not the whole bound
	}
	newLit := h.first + int64(fit)
	if h.inclusive {
		newLit--
	}
	return &analysis.TextEdit{Pos: h.bound.Pos(), End: h.bound.End(), NewText: []byte(strconv.FormatInt(newLit, 10))}
}

// waitsBetween returns the longest wait before each retry (n-1 of them) of
// loop site s, false when a wait's duration cannot be evaluated. A wait
// written before the attempt's checked call runs before the attempt of the
// same iteration; one written after it runs before the next.
func (c *checker) waitsBetween(s *retrysite.Site, h header, n int) ([]time.Duration, bool) {
	waits := make([]time.Duration, n-1)
	for _, w := range s.Waits {
		if w.Duration == nil || w.Kind == retrysite.Tick || w.Kind == retrysite.LibBackoff {
			return nil, false
		}
		before := w.Node.Pos() < s.Call.Pos()
		for retry := 1; retry < n; retry++ {
			iteration := retry - 1 // the iteration whose end waits
			if before {
				iteration = retry
			}
			d, ok := c.res.Duration(w.Duration, h.counter, h.first+int64(iteration))
			if !ok || d < 0 {
				return nil, false
			}
			waits[retry-1] = max(waits[retry-1], d)
		}
	}
	return waits, true
}

func listDurations(ds []time.Duration) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = d.String()
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

var ordinals = []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}

// ordinal writes n as "third" up to ten, then as "11th", "21st", "22nd".
func ordinal(n int) string {
	if n >= 1 && n <= len(ordinals) {
		return ordinals[n-1]
	}
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
