package nojitter

import (
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// rescheduled reports retries that are not loops but reschedule the
// attempt: a handler that sees the attempt failed counts a try and starts
// time.AfterFunc(d, resend), where resend sends the attempt again (a call
// that is not local: as for a loop's attempt, one that may reach another
// process counts). The guard is what makes it a retry rather
// than a timeout or a periodic task: the AfterFunc runs under an if that
// compares a counter of tries (p.tries < p.maxTries) and the same branch
// steps that counter before it. Its wait, like a loop's, is reported when
// it is deterministic.
func (c *checker) rescheduled() {
	info := c.pass.TypesInfo
	for cur := range c.root.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if len(call.Args) != 2 || !typematch.IsFunc(typematch.Callee(info, call), "time", "AfterFunc") {
			continue
		}
		lit, ok := source.Cursor(cur, ast.Unparen(call.Args[1]))
		if _, isLit := lit.Node().(*ast.FuncLit); !ok || !isLit || !c.resends(lit) || !c.countedTry(cur) {
			continue
		}
		d := call.Args[0]
		if c.zero(d) {
			continue
		}
		j := c.res.Judge(d)
		if j.Randomness != retrysite.Fixed || j.RetryAfter || j.Zero {
			continue
		}
		if c.rep.Skip(call.Pos()) {
			continue
		}
		when, hint := advice(j)
		diag := analysis.Diagnostic{
			Pos: call.Pos(),
			End: call.End(),
			Message: fmt.Sprintf("retry rescheduled by time.AfterFunc waits %s%s before sending again: %s; %s",
				c.describe(d), when, herd, hint),
		}
		if j.AllOwn() && c.isDuration(d) {
			diag.SuggestedFixes = c.fullJitterFix(d)
		}
		c.rep.Report(diag)
	}
}

// resends reports whether the function literal at lit makes a call that is
// not local (it reaches, or may reach, another process), the test the retry
// recogniser puts to a loop's attempt.
func (c *checker) resends(lit inspector.Cursor) bool {
	for call := range lit.Preorder((*ast.CallExpr)(nil)) {
		if c.res.CallReach(call.Node().(*ast.CallExpr)) != retrysite.Local {
			return true
		}
	}
	return false
}

// countedTry reports whether the AfterFunc call at cur is a statement of an
// if branch whose condition compares a counter (x < max, max > x, x <= max)
// that the branch steps (x++, x += 1) in an earlier statement.
func (c *checker) countedTry(cur inspector.Cursor) bool {
	stmt := cur.Parent()
	if _, ok := stmt.Node().(*ast.ExprStmt); !ok {
		return false
	}
	block, ok := stmt.Parent().Node().(*ast.BlockStmt)
	if !ok {
		return false
	}
	ifs, ok := stmt.Parent().Parent().Node().(*ast.IfStmt)
	if !ok || ifs.Body != block {
		return false
	}
	counter := c.counterOf(ifs.Cond)
	if counter == nil {
		return false
	}
	for _, s := range block.List {
		if s == stmt.Node() {
			return false
		}
		if c.steps(s, counter) {
			return true
		}
	}
	return false
}

// counterOf returns the expression an if condition counts tries with: the
// left side of x < y or x <= y, the right of y > x or y >= x.
func (c *checker) counterOf(cond ast.Expr) ast.Expr {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	var x ast.Expr
	switch b.Op {
	case token.LSS, token.LEQ:
		x = b.X
	case token.GTR, token.GEQ:
		x = b.Y
	default:
		return nil
	}
	if t := c.pass.TypesInfo.TypeOf(x); t == nil || !typematch.IsInteger(t) {
		return nil
	}
	return x
}

// steps reports whether s is x++ or x += 1 for the counter x.
func (c *checker) steps(s ast.Stmt, x ast.Expr) bool {
	switch s := s.(type) {
	case *ast.IncDecStmt:
		return s.Tok == token.INC && c.sameVar(s.X, x)
	case *ast.AssignStmt:
		if s.Tok != token.ADD_ASSIGN || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return false
		}
		n, ok := eval.Int(c.pass.TypesInfo.Types[s.Rhs[0]])
		return ok && n == 1 && c.sameVar(s.Lhs[0], x)
	}
	return false
}

// sameVar reports whether a and b name the same variable, or the same field
// of the same variable (p.tries and p.tries).
func (c *checker) sameVar(a, b ast.Expr) bool {
	info := c.pass.TypesInfo
	switch a := ast.Unparen(a).(type) {
	case *ast.Ident:
		bi, ok := ast.Unparen(b).(*ast.Ident)
		return ok && info.Uses[a] != nil && info.Uses[a] == info.Uses[bi]
	case *ast.SelectorExpr:
		bs, ok := ast.Unparen(b).(*ast.SelectorExpr)
		return ok && info.Uses[a.Sel] != nil && info.Uses[a.Sel] == info.Uses[bs.Sel] && c.sameVar(a.X, bs.X)
	}
	return false
}
