package zerotimeout

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// A library function that sends through a client of its own choosing when
// its caller leaves the client out (if opts.HTTPClient == nil {
// opts.HTTPClient = http.DefaultClient }: nhooyr's and coder's websocket.Dial,
// go-github's NewClient(nil)) is reported in the library, where its users
// never look. NilClientFact carries it to them: a call in another module
// that gives nil, or options that leave the client out, is reported there,
// the place where a client with a Timeout can be given.

// NilClientFact marks a function that, given nil for the client at
// parameter Param (-1: the receiver), or with Field, given a value whose
// Field is nil (or nil itself), sends through Default, a client with no
// Timeout: the fallback is reported in its package.
//
// A function gets one such fact, for its first fallback in source order.
type NilClientFact struct {
	Param   int
	Field   string // the client field of the parameter's struct, "" for the parameter itself
	Default string // what it sends through instead: "http.DefaultClient", "a new http.Client"
	// At is the path of the package whose fallback it is, where it is
	// reported: calls in that package's module are covered by that report.
	At string
}

func (*NilClientFact) AFact() {}

func (f *NilClientFact) String() string {
	what := fmt.Sprintf("parameter %d", f.Param)
	if f.Param < 0 {
		what = "the receiver"
	}
	if f.Field != "" {
		what += "'s " + f.Field
	}
	return "falls back to " + f.Default + " when " + what + " is nil"
}

// noteNilFallback records, for the function around it, the fallback at cur,
// a client with no Timeout (def names it) assigned in if x == nil { x =
// <cur> }, when x is a parameter (or the receiver), or its client field, or
// a local copy of one (var o Options; if opts != nil { o = *opts }). It is
// called where the fallback is reported, and exportNilClients turns what it
// records into facts.
func (c *checker) noteNilFallback(cur inspector.Cursor, def string) {
	for {
		kind, _ := cur.ParentEdge()
		if kind != edge.ParenExpr_X && !(kind == edge.UnaryExpr_X && cur.Parent().Node().(*ast.UnaryExpr).Op == token.AND) {
			break
		}
		cur = cur.Parent()
	}
	p, ok := c.nilFallback(cur)
	if !ok {
		return
	}
	fd := directFuncDecl(cur)
	body, hasBody := enclosingFunc(cur)
	if fd == nil || !hasBody {
		return
	}
	fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return
	}
	if _, noted := c.nilClients[fn]; noted {
		return // the first fallback in source order
	}
	var field *types.Var
	if len(p.fields) == 1 {
		field = p.fields[0]
		if c.fieldSetBefore(body, p, cur.Parent().Node()) {
			return // another client may be there before the fallback
		}
	}
	fallback := cur.Parent().Node().Pos()
	idx, ok := c.carriedParam(body, fn, p.root, field, func(d definition) bool { return d.pos == fallback }, 0)
	if !ok {
		return
	}
	f := NilClientFact{Param: idx, Default: def, At: c.pass.Pkg.Path()}
	if field != nil {
		f.Field = field.Name()
	}
	c.nilClients[fn] = f
}

// fieldSetBefore reports whether body assigns the client field at p
// anywhere before the statement fallback (opts.HTTPClient = ... under a
// condition, before if opts.HTTPClient == nil): the fallback may then find
// a client there that the caller did not give.
func (c *checker) fieldSetBefore(body inspector.Cursor, p *path, fallback ast.Node) bool {
	for cur := range body.Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		if as == fallback || as.Pos() >= fallback.Pos() {
			continue
		}
		for _, lhs := range as.Lhs {
			if p.equal(c.pathOf(lhs)) {
				return true
			}
		}
	}
	return false
}

// carriedParam returns the parameter of fn (-1 for the receiver) whose value
// v, a variable of fn's body, always holds or copies, with the client field
// field (nil: v itself is the client) left as the caller gave it: every
// assignment to v that ignore lets count (not the fallback's own, not one
// after the call that hands v on) gives it that parameter (x, *x or &*x),
// a literal that leaves field out, or its zero value (var o Options).
func (c *checker) carriedParam(body inspector.Cursor, fn *types.Func, v types.Object, field *types.Var, ignore func(definition) bool, depth int) (int, bool) {
	const none = -2
	sig := fn.Signature()
	idx := none
	switch {
	case sig.Recv() != nil && v == sig.Recv():
		idx = -1
	case paramOf(sig, v) >= 0:
		idx = paramOf(sig, v)
		if sig.Variadic() && idx == sig.Params().Len()-1 {
			return 0, false
		}
	}
	vr, ok := v.(*types.Var)
	if !ok || depth > 3 {
		return 0, false
	}
	for _, d := range c.assignments(body, vr) {
		if ignore(d) {
			continue
		}
		if d.update {
			return 0, false
		}
		if d.rhs == nil {
			if !c.zeroDecl(body, d) {
				return 0, false
			}
			continue
		}
		if field != nil && c.leavesOut(d.rhs, field) {
			continue
		}
		x := ast.Unparen(d.rhs)
		if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
			x = u.X
		}
		q := c.pathOf(x)
		if q == nil || len(q.fields) > 0 {
			return 0, false
		}
		if q.root == v {
			continue // opts = &*opts: a copy of itself
		}
		from, ok := c.carriedParam(body, fn, q.root, field, ignore, depth+1)
		if !ok || idx != none && from != idx {
			return 0, false
		}
		idx = from
	}
	return idx, idx != none
}

// zeroDecl reports whether the assignment d with no single value is a var
// declaration without one: var o Options.
func (c *checker) zeroDecl(body inspector.Cursor, d definition) bool {
	cur, ok := body.FindByPos(d.pos, d.end)
	if !ok {
		return false
	}
	spec, ok := cur.Node().(*ast.ValueSpec)
	return ok && len(spec.Values) == 0
}

// leavesOut reports whether e is a struct literal, or its address, that
// gives the client field field no value (or nil).
func (c *checker) leavesOut(e ast.Expr, field *types.Var) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return false
	}
	if st, ok := typematch.Deref(c.pass.TypesInfo.TypeOf(lit)).Underlying().(*types.Struct); !ok || !hasField(st, field) {
		return false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return false // unkeyed: every field is given
		}
		if f := c.fieldKey(kv); f != nil && f.Origin() == field {
			return c.isNil(kv.Value)
		}
	}
	return true
}

func hasField(st *types.Struct, field *types.Var) bool {
	for f := range st.Fields() {
		if f.Origin() == field {
			return true
		}
	}
	return false
}

// exportNilClients gives the functions of the package that pass their
// caller's client, unchanged and unset, to one with a NilClientFact (Dial
// calling dial(ctx, u, opts, nil), dial calling opts.cloneWithDefaults) the
// same fact, and exports those another package can call. It looks only
// when the package has a fallback of its own or calls a function of another
// package with the fact (nilClientCall saw one).
func (c *checker) exportNilClients(files []inspector.Cursor) {
	for changed := len(c.nilClients) > 0 || c.callsNilClients; changed; {
		changed = false
		for _, file := range files {
			for cur := range file.Preorder((*ast.FuncDecl)(nil)) {
				fd := cur.Node().(*ast.FuncDecl)
				fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if !ok || fd.Body == nil {
					continue
				}
				if _, done := c.nilClients[fn]; done {
					continue
				}
				if f, ok := c.passesUnsetClient(cur.ChildAt(edge.FuncDecl_Body, -1), fn); ok {
					c.nilClients[fn] = f
					changed = true
				}
			}
		}
	}
	for fn, f := range c.nilClients {
		if typematch.CallableElsewhere(fn) {
			c.pass.ExportObjectFact(fn, &f)
		}
	}
}

// passesUnsetClient returns the fact fn gets from a call in its body that
// gives one of fn's parameters, carried unchanged up to the call (see
// carriedParam) and with the client field never set in body, where the
// callee falls back.
func (c *checker) passesUnsetClient(body inspector.Cursor, fn *types.Func) (NilClientFact, bool) {
	for cur := range body.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		callee := typematch.Callee(c.pass.TypesInfo, call)
		f, ok := c.nilClientOf(callee)
		if !ok {
			continue
		}
		arg := c.clientArg(callee, call, f.Param)
		q := c.pathOf(arg)
		if q == nil || len(q.fields) > 0 {
			continue
		}
		var field *types.Var
		if f.Field != "" {
			field = c.clientField(callee, f)
			if field == nil {
				continue
			}
			if set, _ := c.fieldAssigned(body, q, f.Field); set != nil {
				continue
			}
		}
		// What the call's own statement and later ones assign (ctx, cancel,
		// opts = opts.cloneWithDefaults(ctx)) does not reach the call.
		after := func(d definition) bool { return d.end > call.Pos() }
		if c.comparedWithNil(body, q.root) {
			continue // the wrapper may refuse nil, or fall back itself
		}
		if idx, ok := c.carriedParam(body, fn, q.root, field, after, 0); ok {
			f.Param = idx
			return f, true
		}
	}
	return NilClientFact{}, false
}

// comparedWithNil reports whether body compares v, or a field of it, with
// nil.
func (c *checker) comparedWithNil(body inspector.Cursor, v types.Object) bool {
	for cur := range body.Preorder((*ast.BinaryExpr)(nil)) {
		b := cur.Node().(*ast.BinaryExpr)
		if b.Op != token.EQL && b.Op != token.NEQ {
			continue
		}
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if q := c.pathOf(pair[0]); q != nil && q.root == v && c.isNil(pair[1]) {
				return true
			}
		}
	}
	return false
}

// nilClientOf returns fn's NilClientFact: recorded for a function of this
// package, imported for one of another.
func (c *checker) nilClientOf(fn *types.Func) (NilClientFact, bool) {
	if fn == nil || fn.Pkg() == nil {
		return NilClientFact{}, false
	}
	if fn.Pkg() == c.pass.Pkg {
		f, ok := c.nilClients[fn]
		return f, ok
	}
	var f NilClientFact
	ok := c.pass.ImportObjectFact(fn, &f)
	return f, ok
}

// clientArg returns the argument of call, a call of fn, for its parameter
// param, or its receiver for -1 (x in x.M()); nil when there is none.
func (c *checker) clientArg(fn *types.Func, call *ast.CallExpr, param int) ast.Expr {
	if param >= 0 {
		return typematch.ArgFor(c.pass.TypesInfo, fn, call, param)
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s := c.pass.TypesInfo.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	return sel.X
}

// clientField returns the field named by f.Field of the struct that fn's
// parameter f.Param (or receiver) points to or is, or nil.
func (c *checker) clientField(fn *types.Func, f NilClientFact) *types.Var {
	t := paramType(fn, f.Param)
	if t == nil {
		return nil
	}
	st, ok := typematch.Deref(t).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for fld := range st.Fields() {
		if fld.Name() == f.Field && isClient(typematch.Deref(fld.Type())) {
			return fld.Origin()
		}
	}
	return nil
}

// paramType returns the type of fn's parameter param (-1: the receiver), or
// nil when it has none.
func paramType(fn *types.Func, param int) types.Type {
	sig := fn.Signature()
	switch {
	case param < 0 && sig.Recv() != nil:
		return sig.Recv().Type()
	case param >= 0 && param < sig.Params().Len():
		return sig.Params().At(param).Type()
	}
	return nil
}

// nilClientCall reports call, of a function of another module that falls
// back to a client with no Timeout (NilClientFact), when it gives nil or
// options that leave the client out (see leftOut), unless a context
// argument of the call carries a deadline. Calls in the library's own module are covered by the
// report at the fallback. No fix: how the library reads its responses, and
// so which bound suits them, is out of sight.
func (c *checker) nilClientCall(cur inspector.Cursor, call *ast.CallExpr) {
	if !c.resolvable() {
		return
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return
	}
	var f NilClientFact
	if !c.pass.ImportObjectFact(fn, &f) {
		return
	}
	c.callsNilClients = true
	if c.sameModulePath(f.At) {
		return
	}
	arg := c.clientArg(fn, call, f.Param)
	if arg == nil || c.skip(arg.Pos()) {
		return
	}
	when := "given a nil client"
	if f.Field != "" {
		field := c.clientField(fn, f)
		if field == nil || !c.isNil(arg) && !c.leftOut(cur, arg, field) {
			return
		}
		when = "when " + f.Field + " is nil"
		if named, ok := types.Unalias(typematch.Deref(paramType(fn, f.Param))).(*types.Named); ok {
			when = "when " + named.Obj().Name() + "." + f.Field + " is nil"
		}
	} else if !c.isNil(arg) {
		return
	}
	if body, ok := enclosingFunc(cur); ok {
		for _, a := range call.Args {
			if typematch.IsNamed(c.pass.TypesInfo.TypeOf(a), contextPath, "Context") && c.contextBounded(body, a, 0) {
				return
			}
		}
	}
	c.rep.Report(analysis.Diagnostic{Pos: arg.Pos(), End: arg.End(), Message: fmt.Sprintf(
		"%s falls back to %s %s, and it has no Timeout: %sits calls forever", calleeName(fn), f.Default, when, why)})
}

// leftOut reports whether arg, given at the call at cur, leaves the client
// field out: a literal that does (or its address), or a local variable (or
// its address) that one assignment gives such a literal and that the
// function names nowhere else, so that nothing sets the field before the
// call.
func (c *checker) leftOut(cur inspector.Cursor, arg ast.Expr, field *types.Var) bool {
	if c.leavesOut(arg, field) {
		return true
	}
	x := ast.Unparen(arg)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	body, inFunc := enclosingFunc(cur)
	if !ok || !inFunc {
		return false
	}
	d := c.definition(body, v)
	if d == nil || d.update || !c.leavesOut(d.rhs, field) {
		return false
	}
	for m := range body.Preorder((*ast.Ident)(nil)) {
		if mid := m.Node().(*ast.Ident); mid != id && c.pass.TypesInfo.Uses[mid] == v {
			return false
		}
	}
	return true
}

// checkNilClientCalls checks the calls of a package that makes and sends
// nothing itself (see nilClientCall).
func (c *checker) checkNilClientCalls(files []inspector.Cursor) {
	for _, fcur := range files {
		c.file = fcur.Node().(*ast.File)
		for cur := range fcur.Preorder((*ast.CallExpr)(nil)) {
			c.nilClientCall(cur, cur.Node().(*ast.CallExpr))
		}
	}
}
