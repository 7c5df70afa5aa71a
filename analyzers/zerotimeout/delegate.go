package zerotimeout

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// A client whose Transport is the one its caller gives leaves the bound on
// the wait for the server to that caller: a library that takes a
// RoundTripper (restic's backends, minio-go's Options.Transport) cannot
// know whether it will bound the wait, and a Timeout there would cut the
// long transfers such libraries make. The analyzer checks the transport
// where the function is called instead: in the package, and, through
// DelegatedTransportFact, in every package that imports it.

// DelegatedTransportFact marks a function that makes an http.Client with
// no Timeout around the transport its caller gives: parameter Param, or,
// when Field is set, that field of the struct given there.
type DelegatedTransportFact struct {
	Param int
	Field string
	// NilBounded says that a nil transport is replaced by one that bounds
	// the wait (if t == nil { t = defaultTransport() }).
	NilBounded bool
}

func (*DelegatedTransportFact) AFact() {}

func (f *DelegatedTransportFact) String() string {
	s := fmt.Sprintf("delegates(param %d", f.Param)
	if f.Field != "" {
		s += "." + f.Field
	}
	if f.NilBounded {
		s += ", nil bounded"
	}
	return s + ")"
}

// delegation returns how the transport t of a client made directly in the
// function declared by fd comes from fd's caller, or nil when it does not
// (only) come from there. A local variable may also be given transports
// that bound the wait: then a nil one from the caller is replaced.
func (c *checker) delegation(fd *ast.FuncDecl, t ast.Expr) *DelegatedTransportFact {
	if fd == nil || t == nil {
		return nil
	}
	if d := c.paramTransport(fd, t); d != nil {
		return d
	}
	id, ok := ast.Unparen(t).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Parent() == c.pass.Pkg.Scope() || v.Pos() < fd.Body.Pos() || v.Pos() > fd.Body.End() {
		return nil
	}
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	body, ok := c.funcBody(fn)
	if !ok {
		return nil
	}
	var from *DelegatedTransportFact
	bounded := false
	for _, def := range c.assignments(body, v) {
		value := def.rhs
		if value == nil {
			return nil // a value the analyzer cannot single out
		}
		switch d := c.paramTransport(fd, value); {
		case d != nil && (from == nil || *d == *from):
			from = d
		case d == nil && c.transportBounds(value, 0):
			bounded = true
		default:
			return nil
		}
	}
	if from == nil {
		return nil
	}
	return &DelegatedTransportFact{Param: from.Param, Field: from.Field, NilBounded: bounded}
}

// paramTransport returns the fact for a transport e that is a parameter of
// fd (p) or a field of one (p.Transport), or nil.
func (c *checker) paramTransport(fd *ast.FuncDecl, e ast.Expr) *DelegatedTransportFact {
	if fd == nil || e == nil {
		return nil
	}
	p := c.pathOf(e)
	fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if p == nil || !ok || len(p.fields) > 1 {
		return nil
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		if params.At(i) != p.root || (fn.Signature().Variadic() && i == params.Len()-1) {
			continue
		}
		d := &DelegatedTransportFact{Param: i}
		if len(p.fields) == 1 {
			d.Field = p.fields[0].Name()
		}
		return d
	}
	return nil
}

// delegationOf returns the fact of the function fn: recorded in this pass,
// or imported.
func (c *checker) delegationOf(fn *types.Func) *DelegatedTransportFact {
	if fn == nil {
		return nil
	}
	if d, ok := c.delegated[fn]; ok {
		return d
	}
	if fn.Pkg() == c.pass.Pkg {
		return nil
	}
	var d DelegatedTransportFact
	if c.pass.ImportObjectFact(fn, &d) {
		return &d
	}
	return nil
}

// delegate records that the function declared by fd delegates its
// client's bound as d, exports the fact for importing packages, and
// reports whether that is new.
func (c *checker) delegate(fd *ast.FuncDecl, d *DelegatedTransportFact) bool {
	fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return false
	}
	if _, done := c.delegated[fn]; done {
		return false
	}
	c.delegated[fn] = d
	if fn.Exported() {
		c.pass.ExportObjectFact(fn, d)
	}
	return true
}

// A delegatedCall is a call of a function that delegates its client's
// bound as d, with the transport it gives: arg (nil when the call gives
// none, as with an Options literal that leaves the field out), reported at
// at. handedOn is set when that transport is the one the caller's own
// caller gives: then the caller delegates in turn.
type delegatedCall struct {
	callee   *types.Func
	d        *DelegatedTransportFact
	cur      inspector.Cursor
	arg      ast.Expr
	at       ast.Node
	fd       *ast.FuncDecl // the function the call is directly in, or nil
	handedOn *DelegatedTransportFact
}

// checkDelegatedCalls checks the transports given to functions that
// delegate their client's bound. A caller that hands on a transport its own
// caller gave delegates in turn, so the calls are revisited until no new
// function delegates; then each transport that provably leaves the wait
// unbounded is reported.
func (c *checker) checkDelegatedCalls(files []inspector.Cursor) {
	if !c.resolvable() {
		return
	}
	for changed := true; changed; {
		changed = false
		for _, call := range c.delegatedCalls(files) {
			if call.handedOn != nil && c.delegate(call.fd, call.handedOn) {
				changed = true
			}
		}
	}
	for _, call := range c.delegatedCalls(files) {
		if call.handedOn != nil || c.skip(call.at.Pos()) || !c.unbounded(call.cur, call.arg, call.d) {
			continue
		}
		// The client made is handed to an SDK whose calls take as long as
		// they take (apis.LongCallSDKs), as one made in place would be.
		var fl flow
		if c.follow(call.cur, &fl); fl.longCalls {
			continue
		}
		c.rep.Report(analysis.Diagnostic{
			Pos: call.at.Pos(), End: call.at.End(),
			Message: fmt.Sprintf("%s makes an http.Client with no Timeout around this transport, which does not bound the wait for the server: %sits calls forever",
				calleeName(call.callee), why),
		})
	}
}

// delegatedCalls lists the calls, in files, of functions that delegate.
func (c *checker) delegatedCalls(files []inspector.Cursor) []delegatedCall {
	var calls []delegatedCall
	for _, file := range files {
		for cur := range file.Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			fn := typematch.Callee(c.pass.TypesInfo, call)
			d := c.delegationOf(fn)
			if d == nil {
				continue
			}
			arg := typematch.ArgFor(c.pass.TypesInfo, fn, call, d.Param)
			if arg == nil {
				continue
			}
			dc := delegatedCall{callee: fn, d: d, cur: cur, arg: arg, at: arg, fd: directFuncDecl(cur)}
			if d.Field != "" {
				// The caller's own parameter, whose field it hands on whole.
				if p := c.paramTransport(dc.fd, dc.arg); p != nil && p.Field == "" {
					dc.handedOn = &DelegatedTransportFact{Param: p.Param, Field: d.Field, NilBounded: d.NilBounded}
					calls = append(calls, dc)
					continue
				}
				dc.arg, dc.at = c.fieldGiven(dc.arg, d.Field)
				if dc.at == nil {
					continue // a struct the analyzer cannot see into
				}
			}
			if dc.arg != nil {
				if own := c.delegation(dc.fd, dc.arg); own != nil {
					own.NilBounded = own.NilBounded || d.NilBounded
					dc.handedOn = own
				}
			}
			calls = append(calls, dc)
		}
	}
	return calls
}

// fieldGiven returns the value that the struct literal arg (or &literal)
// gives the field named field (nil when it leaves it out) and where to
// report it (at is nil when arg is no literal: a struct out of sight).
func (c *checker) fieldGiven(arg ast.Expr, field string) (value ast.Expr, at ast.Node) {
	e := ast.Unparen(arg)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, nil
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if f := c.fieldKey(kv); f != nil && f.Name() == field {
				return kv.Value, kv.Value
			}
		}
	}
	return nil, lit
}

// unbounded reports whether the transport arg given to a function that
// delegates as d provably leaves the wait for the server unbounded: nil or
// left out (unless d replaces nil with a bounded one),
// http.DefaultTransport, an http.Transport literal without
// ResponseHeaderTimeout or a dial that sets read deadlines, or a local
// variable defined once as one of these.
func (c *checker) unbounded(cur inspector.Cursor, arg ast.Expr, d *DelegatedTransportFact) bool {
	if arg == nil || c.isNil(arg) {
		return !d.NilBounded
	}
	if c.transportBounds(arg, 0) {
		return false
	}
	switch e := ast.Unparen(arg).(type) {
	case *ast.SelectorExpr, *ast.Ident:
		id, _ := e.(*ast.Ident)
		if sel, ok := e.(*ast.SelectorExpr); ok {
			id = sel.Sel
		}
		v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			return false
		}
		if typematch.IsVar(v, httpPath, "DefaultTransport") {
			return true
		}
		if v.Parent() == c.pass.Pkg.Scope() || v.IsField() {
			return false
		}
		body, ok := enclosingFunc(cur)
		if !ok {
			return false
		}
		def := c.definition(body, v)
		return def != nil && len(def.lhs) == 1 && c.isTransportLiteral(def.rhs)
	}
	return c.isTransportLiteral(arg)
}

// isTransportLiteral reports whether e is an http.Transport literal, with
// or without &.
func (c *checker) isTransportLiteral(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	return ok && typematch.IsNamed(typematch.Deref(c.pass.TypesInfo.TypeOf(lit)), httpPath, "Transport")
}

// calleeName names fn as its callers write it: pkg.Func or pkg.Type.Method.
func calleeName(fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		if named, ok := types.Unalias(typematch.Deref(recv.Type())).(*types.Named); ok {
			name = named.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// nonTestFiles returns the files the analyzer checks: not generated, and
// not tests unless -zerotimeout.tests is set.
func (c *checker) nonTestFiles() []inspector.Cursor {
	var files []inspector.Cursor
	for fcur := range c.insp.Root().Children() {
		f, ok := fcur.Node().(*ast.File)
		if !ok || c.rep.Generated(f) || (!tests && source.IsTestFile(c.pass.Fset, f.FileStart)) {
			continue
		}
		files = append(files, fcur)
	}
	return files
}
