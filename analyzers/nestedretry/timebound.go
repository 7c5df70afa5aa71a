package nestedretry

import (
	"fmt"
	"go/ast"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// Many retries stop on a clock rather than on a count: a loop that gives up
// at a deadline or when a timer fires, cenkalti/backoff's default of 15
// minutes of elapsed time. Such a layer is bounded, by time: calling it
// "unbounded" would be wrong, and its count is not known either. This file
// finds the time bound and says what it is.

// siteLimit returns the bound of s as the messages count it and, when the
// site has no count of attempts but stops on a clock, what bounds it.
func (c *checker) siteLimit(s *retrysite.Site) (retrysite.Bound, string) {
	if s.Bound.Finite() {
		return s.Bound, ""
	}
	var within string
	switch s.Kind {
	case retrysite.Loop:
		within = c.loopTime(s)
	case retrysite.LibraryCall:
		within = c.libraryTime(s)
	case retrysite.RunnerCall:
		// A runner of the user's own: the time bound of its loop.
		f := c.reaches(s.Runner, false)
		call, isCall := s.Node.(*ast.CallExpr)
		switch {
		case f != nil && f.TimeOptionsParam > 0 && isCall:
			// It hands its options to cenkalti/backoff v5: this call's own.
			var bound retrysite.Bound
			if bound, within = c.callLimits(call, f); bound.Finite() {
				return bound, ""
			}
		case f != nil && !f.Bound.Finite():
			within = f.Within
		}
	}
	if within == "" {
		return s.Bound, ""
	}
	return retrysite.Bound{Kind: retrysite.Unknown}, within
}

// libraryTime reads the elapsed-time limit of a retry library call:
// cenkalti/backoff's MaxElapsedTime (15 minutes by default: v4
// exponential.go and v5 retry.go, DefaultMaxElapsedTime), go-retry's
// WithMaxDuration.
func (c *checker) libraryTime(s *retrysite.Site) string {
	call, ok := s.Node.(*ast.CallExpr)
	if !ok || s.Runner == nil || s.Runner.Pkg() == nil {
		return ""
	}
	switch s.Runner.Pkg().Path() {
	case apis.CenkaltiV4:
		if len(call.Args) < 2 {
			return ""
		}
		return c.cenkaltiV4Time(call.Args[1], 0)
	case apis.CenkaltiV5:
		if len(call.Args) < 2 || c.forwardsOptions(s) {
			return "" // the caller's options set it: read at each call (ReachesFact.TimeOptionsParam)
		}
		return c.cenkaltiV5Limits(call.Args[2:], call.Ellipsis.IsValid()).within
	case apis.GoRetry:
		if len(call.Args) < 2 {
			return ""
		}
		return c.goRetryTime(call.Args[1], 0)
	}
	return ""
}

// v5Limits is what cenkalti/backoff v5 options bound a Retry by: a count
// (WithMaxTries; Unknown when none is given or it cannot be read) and an
// elapsed time (WithMaxElapsedTime, 15 minutes by default; "" when not
// known or 0).
type v5Limits struct {
	count  retrysite.Bound
	within string
}

// cenkaltiV5Limits reads the limits that v5 options set, the last of each
// kind winning. spread says the last option is a slice spread into the
// call (opts...): the options it is built of are read where they are all in
// sight (sliceElems), and otherwise any limit may hide in it, so neither is
// known.
func (c *checker) cenkaltiV5Limits(opts []ast.Expr, spread bool) v5Limits {
	unknown := v5Limits{count: retrysite.Bound{Kind: retrysite.Unknown}}
	if spread && len(opts) > 0 {
		elems, ok := c.ix.sliceElems(opts[len(opts)-1], map[*types.Var]bool{}, 0)
		if !ok {
			return unknown
		}
		opts = append(opts[:len(opts)-1:len(opts)-1], elems...)
	}
	lim := v5Limits{count: retrysite.Bound{Kind: retrysite.Unknown}, within: "15 minutes, the library default"}
	for _, opt := range opts {
		o, _ := c.ix.origin(opt)
		oc, ok := o.(*ast.CallExpr)
		if !ok || len(oc.Args) != 1 {
			continue
		}
		switch fn := typematch.Callee(c.pass.TypesInfo, oc); {
		case typematch.IsFunc(fn, apis.CenkaltiV5, "WithMaxElapsedTime"):
			lim.within = c.duration(oc.Args[0], "its MaxElapsedTime")
		default:
			if b, ok := retrysite.CenkaltiV5Tries(c.pass.TypesInfo, oc); ok {
				lim.count = b
			}
		}
	}
	return lim
}

// forwardsOptions reports whether s, a cenkalti/backoff v5 Retry call,
// spreads the variadic parameter of the function around it as its options,
// unchanged (lego's wait.Retry(ctx, op, opts...) calls backoff.Retry(ctx,
// op', opts...)): the limits are its caller's to say, at each call. A
// parameter the function assigns (defaults put in front of the caller's
// options) is not forwarded as it came.
func (c *checker) forwardsOptions(s *retrysite.Site) bool {
	call, ok := s.Node.(*ast.CallExpr)
	decl, isDecl := s.Func.(*ast.FuncDecl)
	if !ok || !isDecl || s.Kind != retrysite.LibraryCall || s.Runner == nil || s.Runner.Pkg() == nil ||
		s.Runner.Pkg().Path() != apis.CenkaltiV5 || !call.Ellipsis.IsValid() || len(call.Args) < 3 {
		return false
	}
	fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	v, _ := c.pass.TypesInfo.Uses[typematch.Ident(call.Args[len(call.Args)-1])].(*types.Var)
	if fn == nil || v == nil || len(c.ix.values[v]) > 0 {
		return false
	}
	sig := fn.Signature()
	return sig.Variadic() && sig.Params().At(sig.Params().Len()-1) == v
}

// callLimits is what bounds a call of a function that f says leads to
// retries: f's own bound and time, or, where the function hands its
// options to cenkalti/backoff v5 (ReachesFact.TimeOptionsParam), what the
// call's own options set.
func (c *checker) callLimits(call *ast.CallExpr, f *ReachesFact) (retrysite.Bound, string) {
	if f.TimeOptionsParam == 0 {
		return f.Bound, f.Within
	}
	i := f.TimeOptionsParam - 1
	if typematch.IsMethodExpr(c.pass.TypesInfo, call.Fun) {
		i++ // T.M(recv, args...)
	}
	if i > len(call.Args) {
		return f.Bound, f.Within
	}
	lim := c.cenkaltiV5Limits(call.Args[i:], call.Ellipsis.IsValid())
	return lim.count, lim.within
}

// cenkaltiV4Time follows a v4 BackOff to an ExponentialBackOff and reads
// its MaxElapsedTime: the default, a WithMaxElapsedTime option, or an
// assignment to the field (0 means no limit: then there is none to say).
func (c *checker) cenkaltiV4Time(e ast.Expr, depth int) string {
	o, vars := c.ix.origin(e)
	call, ok := o.(*ast.CallExpr)
	if !ok || depth > 4 {
		return ""
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	switch {
	case typematch.IsFunc(fn, apis.CenkaltiV4, "WithContext") && len(call.Args) == 2:
		return c.cenkaltiV4Time(call.Args[0], depth+1)
	case !typematch.IsFunc(fn, apis.CenkaltiV4, "NewExponentialBackOff"):
		return ""
	}
	within := "15 minutes, the library default"
	for _, opt := range call.Args {
		o, _ := c.ix.origin(opt)
		if oc, ok := o.(*ast.CallExpr); ok && typematch.IsFunc(typematch.Callee(c.pass.TypesInfo, oc), apis.CenkaltiV4, "WithMaxElapsedTime") && len(oc.Args) == 1 {
			within = c.duration(oc.Args[0], "its MaxElapsedTime")
		}
	}
	for _, v := range vars {
		for _, as := range c.ix.fields[v] {
			if as.Lhs[0].(*ast.SelectorExpr).Sel.Name == "MaxElapsedTime" {
				within = c.duration(as.Rhs[0], "its MaxElapsedTime")
			}
		}
	}
	return within
}

// goRetryTime finds WithMaxDuration among a go-retry Backoff's wrappers.
func (c *checker) goRetryTime(e ast.Expr, depth int) string {
	o, _ := c.ix.origin(e)
	call, ok := o.(*ast.CallExpr)
	if !ok || depth > 6 {
		return ""
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	switch {
	case typematch.IsFunc(fn, apis.GoRetry, "WithMaxDuration") && len(call.Args) == 2:
		return c.duration(call.Args[0], "a WithMaxDuration limit")
	case fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == apis.GoRetry && len(call.Args) > 0:
		return c.goRetryTime(call.Args[len(call.Args)-1], depth+1)
	}
	return ""
}

// duration says a time.Duration expression: "30 seconds" for a constant,
// else the given description. A constant of 0 means no limit: "".
func (c *checker) duration(e ast.Expr, otherwise string) string {
	n, ok := c.ix.intConst(e)
	switch {
	case !ok:
		return otherwise
	case n <= 0:
		return ""
	}
	return durationText(time.Duration(n))
}

// durationText says a duration in words: "15 minutes", "30 seconds", "1.5s".
func durationText(d time.Duration) string {
	unit := func(n int64, name string) string {
		if n == 1 {
			return "1 " + name
		}
		return fmt.Sprintf("%d %ss", n, name)
	}
	switch {
	case d%time.Hour == 0:
		return unit(int64(d/time.Hour), "hour")
	case d%time.Minute == 0:
		return unit(int64(d/time.Minute), "minute")
	case d%time.Second == 0:
		return unit(int64(d/time.Second), "second")
	}
	return d.String()
}

// loopTime finds what bounds a retry loop by time: a clock read in its
// condition, or in an if that leaves the loop (time.Since(start) >
// limit, time.Now().After(deadline)); a select case that leaves the loop
// when a timer made before it fires (<-timeout from time.After, <-t.C from
// time.NewTimer) or a context with a deadline ends (<-ctx.Done(),
// ctx.Err() != nil, ctx from context.WithTimeout or WithDeadline).
func (c *checker) loopTime(s *retrysite.Site) string {
	attempt, ok := c.ix.find(s.Attempt) // the loop's body
	if !ok {
		return ""
	}
	if loop := attempt.Parent(); loop.Node() == s.Node {
		if f, ok := s.Node.(*ast.ForStmt); ok && f.Cond != nil {
			if w := c.timeIn(loop.ChildAt(edge.ForStmt_Cond, -1), s); w != "" {
				return w
			}
		}
	}
	for st := range attempt.Children() {
		if ifs, ok := st.Node().(*ast.IfStmt); ok && c.leavesLoop(ifs.Body, true) {
			if w := c.timeIn(st.ChildAt(edge.IfStmt_Cond, -1), s); w != "" {
				return w
			}
		}
	}
	within := ""
	attempt.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.CommClause)(nil)}, func(cur inspector.Cursor) bool {
		n, ok := cur.Node().(*ast.CommClause)
		if ok && within == "" && c.leavesLoop(&ast.BlockStmt{List: n.Body}, false) {
			within = c.timerRecv(n.Comm, s)
		}
		return ok && within == ""
	})
	return within
}

// leavesLoop reports whether a block ends by leaving the loop it is in: a
// return, a labelled break, a goto, a call that never returns (panic,
// log.Fatal), or, when plainBreak (the block is an if directly in the loop's
// body), a break.
func (c *checker) leavesLoop(b *ast.BlockStmt, plainBreak bool) bool {
	return eval.LeavesLoop(c.pass.TypesInfo, b, func(br *ast.BranchStmt) bool { return br.Label != nil || plainBreak })
}

// timeIn says what bounds a condition by time: a read of the clock, or the
// error of a context with a deadline.
func (c *checker) timeIn(cond inspector.Cursor, s *retrysite.Site) string {
	for cur := range cond.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := typematch.Callee(c.pass.TypesInfo, call)
		switch {
		case typematch.IsFunc(fn, "time", "Now"), typematch.IsFunc(fn, "time", "Since"), typematch.IsFunc(fn, "time", "Until"):
			return "a deadline"
		case typematch.IsMethod(fn, "context", "Context", "Err"):
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if within := c.deadlineContext(sel.X, s); within != "" {
					return within
				}
			}
		}
	}
	return ""
}

// timerRecv says what bounds a select case by time: a receive from a timer
// made before the loop, or from the Done channel of a context with a
// deadline.
func (c *checker) timerRecv(comm ast.Stmt, s *retrysite.Site) string {
	ch := retrysite.RecvOperand(comm)
	if ch == nil {
		return ""
	}
	if call, ok := ch.(*ast.CallExpr); ok {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && typematch.IsMethod(typematch.Callee(c.pass.TypesInfo, call), "context", "Context", "Done") {
			return c.deadlineContext(sel.X, s)
		}
		return "" // <-time.After(d) in the loop: a wait, not a bound
	}
	// t.C of a timer, or a channel variable from time.After.
	if sel, ok := ch.(*ast.SelectorExpr); ok && sel.Sel.Name == "C" {
		if t := c.pass.TypesInfo.TypeOf(sel.X); t == nil || !typematch.IsNamed(typematch.Deref(t), "time", "Timer") {
			return ""
		}
		ch = sel.X
	}
	o, vars := c.ix.origin(ch)
	call, ok := o.(*ast.CallExpr)
	if !ok || inside(s.Node, call) {
		return ""
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	if !typematch.IsFunc(fn, "time", "After") && !typematch.IsFunc(fn, "time", "NewTimer") || len(call.Args) != 1 {
		return ""
	}
	for _, v := range vars {
		for _, rc := range c.ix.calls[v] {
			if inside(s.Node, rc) {
				return "" // reset in the loop: a wait per attempt
			}
		}
	}
	return c.duration(call.Args[0], "a timer")
}

// deadlineContext says the deadline of a context made by
// context.WithTimeout (its constant timeout) or context.WithDeadline before
// the loop, or "" for a context of unknown origin.
func (c *checker) deadlineContext(e ast.Expr, s *retrysite.Site) string {
	o, _ := c.ix.origin(e)
	call, ok := o.(*ast.CallExpr)
	if !ok || inside(s.Node, call) {
		return ""
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	switch {
	case typematch.IsFunc(fn, "context", "WithTimeout") && len(call.Args) == 2:
		return c.duration(call.Args[1], "its context's timeout")
	case typematch.IsFunc(fn, "context", "WithDeadline"):
		return "its context's deadline"
	}
	return ""
}

// inside reports whether n lies within outer.
func inside(outer, n ast.Node) bool {
	return outer.Pos() <= n.Pos() && n.End() <= outer.End()
}
