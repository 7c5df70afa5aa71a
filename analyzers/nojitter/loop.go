package nojitter

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// loop reports the deterministic waits of a retry loop, or of a retry by
// recursion (a function that waits and calls itself again). A fixed wait is
// left alone when a randomised wait runs on the same path (time.Sleep(base)
// then a random extra), not when the random one is in another branch; a
// wait that cannot be followed keeps quiet about itself only. A wait for
// what the server's Retry-After asked is the server's pacing: not reported,
// and it excuses no other wait.
func (c *checker) loop(s *retrysite.Site) {
	var random []retrysite.Wait
	var fixed []judgedWait
	for _, w := range s.Waits {
		if w.Kind == retrysite.LibBackoff {
			continue
		}
		var j retrysite.Judgement
		switch {
		case w.Via != nil:
			j = w.Judged
		case w.Duration != nil:
			j = c.res.Judge(w.Duration)
		default:
			continue
		}
		switch j.Randomness {
		case retrysite.Random:
			random = append(random, w)
		case retrysite.Fixed:
			if !j.RetryAfter && !j.Zero && (w.Duration == nil || !c.zero(w.Duration)) {
				fixed = append(fixed, judgedWait{w, j})
			}
		}
	}
	if len(fixed) == 0 || c.allShort(s) {
		return
	}
	attempt, ok := source.Cursor(c.root, s.Attempt)
	if !ok {
		return // not in the package's files
	}
	for _, f := range fixed {
		w := f.Wait
		if c.excused(attempt, w, random) {
			continue
		}
		pos := w.Node.Pos()
		if c.rep.Skip(pos) || c.reported[w.Node] {
			continue // a wait of a loop that also precedes a recursive retry is reported once
		}
		c.reported[w.Node] = true
		when, hint := advice(f.j)
		d := analysis.Diagnostic{
			Pos:     pos,
			End:     w.Node.End(),
			Message: fmt.Sprintf("%s waits %s between attempts%s: %s; %s", s.Kind, c.describeWait(w), when, herd, hint),
		}
		// The fix randomises the whole wait: not one that is, on some runs,
		// what the server asked for, or what the user's hook returns.
		if w.Via == nil && w.Kind != retrysite.Tick && f.j.AllOwn() && c.isDuration(w.Duration) {
			d.SuggestedFixes = c.fullJitterFix(w.Duration)
		}
		c.rep.Report(d)
	}
}

// advice says when a fixed wait j happens and what to do about it: a wait
// that is the server's Retry-After on some runs is fixed only when the
// server sends none, and only that fallback should be randomised; one the
// user may replace with a function of their own (a BackoffFunc the package
// leaves nil) is fixed unless they do, and only the default should be.
func advice(j retrysite.Judgement) (when, hint string) {
	if j.UnlessSet != "" {
		when = " unless " + j.UnlessSet + " is set"
	}
	if j.PartlyRetryAfter {
		return " when the server sends no Retry-After" + when, "randomise that wait (full jitter) and keep the server's"
	}
	if j.UnlessSet != "" {
		return when, "randomise the wait taken when it is not (full jitter)"
	}
	return "", "randomise the wait (full jitter)"
}

// judgedWait is a wait of a retry loop with what is known of its duration.
type judgedWait struct {
	retrysite.Wait
	j retrysite.Judgement
}

// allShort reports whether every wait of loop site s is known to last at
// most retrysite.ShortWait (a TTY resize retried 10ms, 20ms, ... 100ms
// apart; a function of the package the loop calls that sleeps a constant
// 20ms): scheduling and network delays of that order spread such retries
// already, and they are over within a second or so.
func (c *checker) allShort(s *retrysite.Site) bool {
	for _, w := range s.Waits {
		if w.Via != nil {
			if d, ok := c.constDuration(w.Inner); !ok || d > retrysite.ShortWait {
				return false
			}
			continue
		}
		if w.Duration == nil || w.Kind == retrysite.LibBackoff {
			return false
		}
		if d, ok := c.res.LongestWait(s, w.Duration); !ok || d > retrysite.ShortWait {
			return false
		}
	}
	return len(s.Waits) > 0
}

// excused reports whether a randomised wait runs on the same path as w, in
// the loop body: a random extra added to a fixed base.
func (c *checker) excused(body inspector.Cursor, w retrysite.Wait, random []retrysite.Wait) bool {
	for _, r := range random {
		if !exclusive(body, w.Node, r.Node) {
			return true
		}
	}
	return false
}

// describeWait says what a deterministic wait is: "a fixed 2s", "a
// deterministic duration (base << attempt)", and for a wait inside a called
// function "a fixed 1s (in waitOrStop)".
func (c *checker) describeWait(w retrysite.Wait) string {
	if w.Via == nil {
		return c.describe(w.Duration)
	}
	name := w.Via.Name()
	if w.Via.Pkg() != nil && w.Via.Pkg() != c.pass.Pkg {
		name = w.Via.Pkg().Name() + "." + name
	}
	if w.Inner == nil {
		return "a deterministic duration (in " + name + ")"
	}
	if d, ok := c.constDuration(w.Inner); ok {
		return "a fixed " + d.String() + " (in " + name + ")"
	}
	return "a deterministic duration (" + short(types.ExprString(w.Inner)) + ", in " + name + ")"
}

// periodic reports a loop that wakes at a fixed period whatever happens.
func (c *checker) periodic(s *retrysite.Site) {
	for _, w := range s.Waits {
		if w.Duration == nil || c.zero(w.Duration) {
			continue
		}
		if j := c.res.Judge(w.Duration); j.Randomness != retrysite.Fixed || j.Zero || j.RetryAfter {
			continue
		}
		c.rep.Report(analysis.Diagnostic{
			Pos: s.Node.Pos(),
			End: s.Node.Pos() + token.Pos(len("for")),
			Message: fmt.Sprintf("periodic loop wakes every %s in lockstep: a fleet of timers started together stays synchronised; add a random per-host offset",
				c.period(w.Duration)),
		})
		return
	}
}

// describe says what a deterministic wait is: "a fixed 2s", "a
// deterministic backoff (base << attempt)".
func (c *checker) describe(e ast.Expr) string {
	if d, ok := c.constDuration(e); ok {
		return "a fixed " + d.String()
	}
	e = c.res.Value(e)
	if d, ok := c.constDuration(e); ok {
		return "a fixed " + d.String()
	}
	return "a deterministic duration (" + short(types.ExprString(e)) + ")"
}

func (c *checker) period(e ast.Expr) string {
	if d, ok := c.constDuration(c.res.Value(e)); ok {
		return d.String()
	}
	return short(types.ExprString(e))
}

// short quotes an expression in a message: at most 40 characters, cut to
// 37 and "..." beyond that, with the brackets the cut left open closed
// again, so that "(time.Duration(cfg.Admin.Config.LoadDe...))" still reads
// as one expression inside the message's own parentheses.
func short(s string) string {
	r := []rune(s)
	if len(r) <= 40 {
		return s
	}
	cut := string(r[:37]) + "..."
	var open []rune
	for _, c := range r[:37] {
		switch c {
		case '(', '[', '{':
			open = append(open, c)
		case ')', ']', '}':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	closers := map[rune]string{'(': ")", '[': "]", '{': "}"}
	for i := len(open) - 1; i >= 0; i-- {
		cut += closers[open[i]]
	}
	return cut
}

// constDuration returns e's value when it is a constant.
func (c *checker) constDuration(e ast.Expr) (time.Duration, bool) {
	v, ok := eval.Int(c.pass.TypesInfo.Types[e])
	return time.Duration(v), ok
}

func (c *checker) zero(e ast.Expr) bool {
	d, ok := c.constDuration(e)
	return ok && d <= 0
}

// isDuration reports whether e can be handed to retry.FullJitter as it is.
func (c *checker) isDuration(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok {
		return false
	}
	if tv.Value != nil && tv.Type != nil {
		if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			return b.Info()&types.IsInteger != 0
		}
	}
	return typematch.IsNamed(tv.Type, "time", "Duration")
}

// exclusive reports whether x and y, two nodes of body, never run in the
// same pass through it: they are in different branches of an if, a switch
// or a select, or one is in a block that leaves (return, continue, break)
// before the statement holding the other.
func exclusive(body inspector.Cursor, x, y ast.Node) bool {
	px, py := pathTo(body, x), pathTo(body, y)
	if px == nil || py == nil {
		return false
	}
	k := 0
	for k < len(px) && k < len(py) && px[k] == py[k] {
		k++
	}
	if k == 0 || k == len(px) || k == len(py) {
		return false // one holds the other
	}
	switch lca := px[k-1].(type) {
	case *ast.IfStmt:
		return px[k] != lca.Cond && py[k] != lca.Cond && px[k] != lca.Init && py[k] != lca.Init
	case *ast.BlockStmt:
		_, cx := px[k].(*ast.CaseClause)
		_, mx := px[k].(*ast.CommClause)
		if cx || mx {
			return true // different clauses of a switch or select
		}
		return leavesBefore(lca.List, px, py, k) || leavesBefore(lca.List, py, px, k)
	case *ast.CaseClause:
		return leavesBefore(lca.Body, px, py, k) || leavesBefore(lca.Body, py, px, k)
	case *ast.CommClause:
		return leavesBefore(lca.Body, px, py, k) || leavesBefore(lca.Body, py, px, k)
	}
	return false
}

// leavesBefore reports whether, in the statement list where the paths to a
// and b part (at depth k), a comes first and the innermost block holding a
// ends by leaving, so that b is not reached after a.
func leavesBefore(list []ast.Stmt, pa, pb []ast.Node, k int) bool {
	ia, ib := indexOf(list, pa[k]), indexOf(list, pb[k])
	if ia < 0 || ib < 0 || ia >= ib {
		return false
	}
	for i := len(pa) - 1; i >= k; i-- {
		var stmts []ast.Stmt
		switch n := pa[i].(type) {
		case *ast.BlockStmt:
			stmts = n.List
		case *ast.CaseClause:
			stmts = n.Body
		case *ast.CommClause:
			stmts = n.Body
		default:
			continue
		}
		if len(stmts) == 0 {
			return false
		}
		switch last := stmts[len(stmts)-1].(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.BranchStmt:
			return last.Tok != token.FALLTHROUGH
		}
		return false
	}
	return false
}

func indexOf(list []ast.Stmt, n ast.Node) int {
	for i, s := range list {
		if ast.Node(s) == n {
			return i
		}
	}
	return -1
}

// pathTo returns the nodes from root down to n, or nil when n is not in
// root.
func pathTo(root inspector.Cursor, n ast.Node) []ast.Node {
	cur, ok := source.Cursor(root, n)
	if !ok {
		return nil
	}
	var path []ast.Node
	for anc := range cur.Enclosing() {
		path = append(path, anc.Node())
		if anc == root {
			break
		}
	}
	slices.Reverse(path)
	return path
}
