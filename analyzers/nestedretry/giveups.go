package nestedretry

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/inspector"
)

// An outer retry that goes around only on an error of the user's own is no
// second layer over a retry loop of the user's own that gives that error up
// at once: restic's Lock retries newLock only while IsAlreadyLocked(err),
// and the lock check below it, which retries unreadable lock files, returns
// an *alreadyLockedError as soon as it meets one ("lock conflicts are
// permanent"). Neither layer repeats the other's failure.
//
// This file finds, for each retry site of the package, the error kinds of
// the user's own that it gives up on: the error types and sentinels its
// attempt tests, such that when any call of the attempt fails with one, the
// walk of errorFlow (with the error assumed to be that one) never goes
// around. A lead keeps those of its own layers in common (ReachesFact's
// GivesUpOn carries them to other packages), and errorFlow exempts them as
// it exempts the errors a client never retries.

// errKind names an error type or sentinel as the facts carry it: its
// package path, a dot, its name.
func errKind(obj types.Object) string {
	return obj.Pkg().Path() + "." + obj.Name()
}

// givesUp returns the error kinds of the user's own that site s gives up on
// at once, sorted.
func (c *checker) givesUp(s *retrysite.Site) []string {
	if kinds, ok := c.giveUps[s]; ok {
		return kinds
	}
	var kinds []string
	c.giveUps[s] = nil // while computing
	if s.Attempt != nil {
		if cur, ok := c.ix.find(s.Attempt); ok {
			calls := failingCalls(c.pass.TypesInfo, cur)
			for _, k := range c.testedKinds(cur) {
				if len(calls) > 0 && !slices.ContainsFunc(calls, func(call *ast.CallExpr) bool { return c.goesAroundOn(s, call, k, false) }) {
					kinds = append(kinds, errKind(k))
				}
			}
		}
	}
	slices.Sort(kinds) // facts compare them with slices.Equal
	c.giveUps[s] = kinds
	return kinds
}

// goesAroundOn reports whether site s may run its attempt again after call
// failed with an error of kind k (a *types.TypeName or a sentinel's
// *types.Var), or, wrapped, with an error that wraps k.
func (c *checker) goesAroundOn(s *retrysite.Site, call *ast.CallExpr, k types.Object, wrapped bool) bool {
	return c.afterFailure(s, call, &errorFlow{is: k, wrapped: wrapped})&flowAround != 0
}

// failingCalls lists the calls of the attempt at cur that return an error,
// outside the function literals it holds (callbacks, whose errors are their
// callers' to handle).
func failingCalls(info *types.Info, cur inspector.Cursor) []*ast.CallExpr {
	var calls []*ast.CallExpr
	cur.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}, func(at inspector.Cursor) bool {
		call, ok := at.Node().(*ast.CallExpr)
		if !ok {
			return false // a function literal
		}
		if t := info.TypeOf(call); t != nil && (typematch.IsError(t) || endsInError(t)) {
			calls = append(calls, call)
		}
		return true
	})
	return calls
}

// testedKinds returns the error kinds of the user's own that the attempt at
// cur tests an error against (a type assertion, errors.As, a type switch's
// case; errors.Is or a comparison with a sentinel), in source order, each
// once.
func (c *checker) testedKinds(cur inspector.Cursor) []types.Object {
	info := c.pass.TypesInfo
	var kinds []types.Object
	add := func(obj types.Object) {
		if obj != nil && !slices.Contains(kinds, obj) {
			kinds = append(kinds, obj)
		}
	}
	isErr := func(e ast.Expr) bool { t := info.TypeOf(e); return t != nil && typematch.IsError(t) }
	nodes := []ast.Node{(*ast.FuncLit)(nil), (*ast.TypeAssertExpr)(nil), (*ast.TypeSwitchStmt)(nil), (*ast.CallExpr)(nil), (*ast.BinaryExpr)(nil)}
	cur.Inspect(nodes, func(at inspector.Cursor) bool {
		switch n := at.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.TypeAssertExpr:
			if n.Type != nil && isErr(n.X) {
				add(c.ownErrorType(info.TypeOf(n.Type)))
			}
		case *ast.TypeSwitchStmt:
			for _, cl := range n.Body.List {
				for _, e := range cl.(*ast.CaseClause).List {
					if tv, ok := info.Types[e]; ok && tv.IsType() {
						add(c.ownErrorType(tv.Type))
					}
				}
			}
		case *ast.CallExpr:
			fn := typematch.Callee(info, n)
			switch {
			case len(n.Args) != 2 || !isErr(n.Args[0]):
			case c.errorsFunc(fn) == "As":
				if p, ok := types.Unalias(info.TypeOf(n.Args[1])).(*types.Pointer); ok {
					add(c.ownErrorType(p.Elem()))
				}
			case c.errorsFunc(fn) == "Is":
				add(c.ownSentinel(n.Args[1]))
			}
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (isErr(n.X) || isErr(n.Y)) {
				add(c.ownSentinel(n.X))
				add(c.ownSentinel(n.Y))
			}
		}
		return true
	})
	return kinds
}

// ownErrorType returns the type name of t (or of what t points to) when it
// is an error type of the user's own that carries no other error inside.
func (c *checker) ownErrorType(t types.Type) types.Object {
	n, ok := types.Unalias(typematch.Deref(t)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	if _, isIface := n.Underlying().(*types.Interface); isIface || wrapsError(n) || !c.ownError(n.Obj()) {
		return nil
	}
	return n.Obj()
}

// ownSentinel returns the package-level error variable of the user's own
// that e names, if it names one.
func (c *checker) ownSentinel(e ast.Expr) types.Object {
	v := c.sentinel(e)
	if v == nil || !c.ownError(v) {
		return nil
	}
	return v
}

// commonKinds returns the kinds in both sorted lists.
func commonKinds(a, b []string) []string {
	var out []string
	for _, k := range a {
		if slices.Contains(b, k) {
			out = append(out, k)
		}
	}
	return out
}

// leadsGiveUp returns the kinds that every lead with retries of the user's
// own among its layers gives up on; a lead without them retries none of
// the user's errors, and keeps every kind.
func leadsGiveUp(leads []lead) []string {
	var out []string
	first := true
	for _, l := range leads {
		if !l.own {
			continue
		}
		if first {
			out, first = l.givesUp, false
			continue
		}
		out = commonKinds(out, l.givesUp)
	}
	return out
}
