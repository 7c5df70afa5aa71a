package retrysite

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// A configuration struct may let its user replace a fixed wait with a
// function of their own, a hook the package leaves nil:
//
//	if conf.Retry.BackoffFunc != nil {
//		return conf.Retry.BackoffFunc(retries, max)
//	}
//	return conf.Retry.Backoff
//
// (sarama's metadata and offset retries). What the user's function returns
// is out of sight, but nothing in the package sets the field, so unless the
// user does, the call never runs and the fixed wait is the one taken: the
// hook's alternative is dropped and the duration is Fixed, with the hook
// named (randomness.unless) so that the report can say what would change
// it. A hook the package sets somewhere, or calls without that test, is
// followed no further: an opaque value, as before.

// hookCall judges call, of a function value: a hook left to the user is
// an alternative the default stands beside; an unexported one, which no user
// can set and the package never sets, is always nil, so the call never runs
// and adds only the zero value; any other is opaque.
func (a *recogniser) hookCall(call *ast.CallExpr) randomness {
	name, exported := a.userHook(call)
	switch {
	case name == "":
		return randomness{r: Opaque}
	case !exported:
		return randomness{r: Fixed, zero: true}
	}
	return randomness{r: Opaque, hook: name}
}

// userHook returns how a report names the function-typed field that call
// calls (Retry.BackoffFunc) when it is such a hook, and whether the field is
// exported: a field declared in this package, given no value anywhere in
// it, and called only inside an if that tests the same field against nil.
// Otherwise "".
func (a *recogniser) userHook(call *ast.CallExpr) (name string, exported bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	s, ok := a.info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return "", false
	}
	f, _ := s.Obj().(*types.Var)
	if f == nil || f.Pkg() != a.pkg || a.setsField(f) {
		return "", false // the package may give it a value of its own: not left to the user
	}
	cur, ok := source.Cursor(a.root, call)
	if !ok {
		return "", false
	}
	for enc := range cur.Enclosing((*ast.IfStmt)(nil)) {
		ifs := enc.Node().(*ast.IfStmt)
		if within(call, ifs.Body) && a.comparesNil(ifs.Cond, sel, token.NEQ) ||
			ifs.Else != nil && within(call, ifs.Else) && a.comparesNil(ifs.Cond, sel, token.EQL) {
			return a.hookName(sel), f.Exported()
		}
	}
	return "", false
}

// setsField reports whether the package gives field f a value, through
// any instance of its generic type (GConfig[int]{F: ...} sets the F of
// GConfig[T]) or by its address.
func (a *recogniser) setsField(f *types.Var) bool {
	for g, as := range a.fields {
		if g.Origin() == f.Origin() && (len(as.exprs) > 0 || as.unknown) {
			return true
		}
	}
	return false
}

// comparesNil reports whether cond is field (the same selector, spelt the
// same way in the same function) compared with nil by op.
func (a *recogniser) comparesNil(cond ast.Expr, field *ast.SelectorExpr, op token.Token) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != op {
		return false
	}
	same := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		return ok && types.ExprString(sel) == types.ExprString(field)
	}
	isNil := func(e ast.Expr) bool { return a.info.Types[e].IsNil() }
	return same(b.X) && isNil(b.Y) || isNil(b.X) && same(b.Y)
}

// hookName names the field sel selects as its user knows it: from the type
// whose exported fields lead to it (om.conf.Metadata.Retry.BackoffFunc:
// Config.Metadata.Retry.BackoffFunc).
func (a *recogniser) hookName(sel *ast.SelectorExpr) string {
	chain := []*ast.SelectorExpr{sel}
	for {
		x, ok := ast.Unparen(chain[0].X).(*ast.SelectorExpr)
		if !ok || a.info.Selections[x] == nil || a.info.Selections[x].Kind() != types.FieldVal {
			break
		}
		chain = append([]*ast.SelectorExpr{x}, chain...)
	}
	start := len(chain) - 1
	for start > 0 && chain[start-1].Sel.IsExported() {
		start--
	}
	var names []string
	if n, ok := types.Unalias(typematch.Deref(a.info.TypeOf(chain[start].X))).(*types.Named); ok {
		names = append(names, n.Obj().Name())
	}
	for _, s := range chain[start:] {
		names = append(names, s.Sel.Name)
	}
	return strings.Join(names, ".")
}

// A function-typed field the package gives values of its own (a default
// backoff its constructor sets: meilisearch's retryBackoff, go-micro's
// CallOptions{Backoff: DefaultBackoff}) is judged by those values, each
// called with the call's arguments: a function literal or a function of
// this package followed to its returns, another package's by its facts, a
// package variable through its values, a method value as a call of the
// method on its receiver. A value taken from a parameter is the caller's
// (an option the user passes, Backoff(fn)), and an exported field may be
// set by its user directly: then the package's own values are the default,
// fixed unless the user sets the field (randomness.unless); so they are,
// unless the user sets it, when they come through an exported package
// variable (DefaultBackoff). Values stored by _test.go files are a test's,
// not the program's. Any other value (a call's result, a value out of
// sight) leaves the call opaque.

// storedFuncCall judges call, of a function-typed field of this package
// the package gives a value; false when call is of no such field, or the
// package never sets it (a hook left to the user, hookCall).
func (a *recogniser) storedFuncCall(call *ast.CallExpr, c *randomCtx) (randomness, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return randomness{}, false
	}
	f := a.fieldOf(sel)
	if f == nil || f.Pkg() != a.pkg {
		return randomness{}, false
	}
	var values []ast.Expr
	for g, as := range a.fields {
		if g.Origin() != f.Origin() {
			continue
		}
		if as.unknown || as.stepped || as.tuple {
			return randomness{r: Opaque}, true
		}
		for _, x := range as.exprs {
			if !source.IsTestFile(a.pass.Fset, x.Pos()) {
				values = append(values, x)
			}
		}
	}
	if len(values) == 0 {
		return randomness{}, false
	}
	slices.SortFunc(values, func(x, y ast.Expr) int { return cmp.Compare(x.Pos(), y.Pos()) })
	v := funcValues{call: call, c: c, user: f.Exported()}
	for _, x := range values {
		v.add(a, x, 0)
	}
	if !v.alts.some {
		return randomness{r: Opaque}, true // only the user's values, or nil
	}
	out := v.alts.result()
	switch {
	case v.user:
		out = unlessSet(out, a.hookName(sel))
	case v.userVar != "":
		out = unlessSet(out, v.userVar)
	}
	return out, true
}

// funcValues gathers what the function values stored in one field return
// when called as call: the package's own, joined in alts, and whether the
// user may give the field another (user) or change an exported package
// variable it holds (userVar, its name).
type funcValues struct {
	call    *ast.CallExpr
	c       *randomCtx
	alts    alternatives
	user    bool
	userVar string
}

func (v *funcValues) add(a *recogniser, x ast.Expr, depth int) {
	x = ast.Unparen(a.value(x))
	if a.info.Types[x].IsNil() {
		return // reset: a call of it never runs
	}
	if lit, ok := x.(*ast.FuncLit); ok {
		sig, _ := a.info.TypeOf(lit).(*types.Signature)
		v.alts.add(a.judgedCall(a.litRandomness(lit), sig, v.call, v.c))
		return
	}
	if fn := a.namedFunc(x); fn != nil {
		sel, isSel := uninstantiated(x).(*ast.SelectorExpr)
		switch {
		case fn.Signature().Recv() == nil:
			v.alts.add(a.calleeRandomness(fn, v.call, v.c))
		case isSel:
			// A method value (b.Duration): judged as the call b.Duration(args),
			// its receiver the value's.
			asCall := &ast.CallExpr{Fun: sel, Lparen: v.call.Lparen, Args: v.call.Args, Ellipsis: v.call.Ellipsis, Rparen: v.call.Rparen}
			v.alts.add(a.calleeRandomness(fn, asCall, v.c))
		default:
			v.alts.add(randomness{r: Opaque})
		}
		return
	}
	if obj, ok := a.info.Uses[typematch.Ident(x)].(*types.Var); ok {
		switch {
		case isParam(obj):
			v.user = true // the caller's: an option's argument
			return
		case obj.Pkg() == a.pkg && obj.Parent() == a.pkg.Scope() && depth < 4:
			as := a.assigned[obj]
			if as == nil || as.unknown || as.stepped || as.tuple {
				break
			}
			if obj.Exported() && v.userVar == "" {
				v.userVar = obj.Name() // DefaultBackoff: the user may set it
			}
			for _, y := range as.exprs {
				if id, ok := y.(*ast.Ident); ok && a.info.Defs[id] == obj {
					continue // declared without a value: nil
				}
				v.add(a, y, depth+1)
			}
			return
		}
	}
	v.alts.add(randomness{r: Opaque})
}

// judgedCall binds what a function of signature sig returns (r, its
// parameters numbered) to the arguments of call: a deterministic result
// takes their randomness, and a random one gated by a parameter is not
// followed.
func (a *recogniser) judgedCall(r randomness, sig *types.Signature, call *ast.CallExpr, c *randomCtx) randomness {
	switch {
	case sig == nil || r.r == Random && r.gate != "":
		return randomness{r: Opaque}
	case r.r != Fixed:
		return r
	}
	return a.passArgs(r, sig, call, c)
}
