package retrydeadline

import (
	"go/ast"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// roundTripDeadline returns the deadline of e when it is req.Context() in
// the RoundTrip method that holds site s, req its request: the retry runs
// inside one request of a client, and the client's Timeout is a deadline
// on the request's context (net/http's setRequestCancel derives one for
// every transport). The transport must be an unexported type of this
// package whose every value is made in the Transport of an http.Client
// literal with a constant Timeout, the same in all: no other client, and
// no caller without a Timeout, can use it.
func (c *checker) roundTripDeadline(e ast.Expr, s *retrysite.Site) (limit, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 || !typematch.IsMethod(typematch.Callee(c.info, call), "net/http", "Request", "Context") {
		return limit{}, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return limit{}, false
	}
	req := c.info.Uses[identOf(sel.X)]
	fd, ok := s.Func.(*ast.FuncDecl)
	if !ok || req == nil || fd.Recv == nil || fd.Name.Name != "RoundTrip" || len(fd.Type.Params.List) != 1 ||
		len(fd.Type.Params.List[0].Names) != 1 || c.info.Defs[fd.Type.Params.List[0].Names[0]] != req {
		return limit{}, false
	}
	fn, ok := c.info.Defs[fd.Name].(*types.Func)
	if !ok || !implementsRoundTripper(fn) {
		return limit{}, false
	}
	named, ok := types.Unalias(typematch.Deref(fn.Signature().Recv().Type())).(*types.Named)
	if !ok || named.Obj().Pkg() != c.pass.Pkg || named.Obj().Exported() {
		return limit{}, false
	}
	d, ok := c.transportTimeout(named)
	return limit{d, "the client's %v Timeout"}, ok
}

// implementsRoundTripper reports whether fn has RoundTrip's signature.
func implementsRoundTripper(fn *types.Func) bool {
	sig := fn.Signature()
	return sig.Params().Len() == 1 && sig.Results().Len() == 2 &&
		typematch.IsNamed(typematch.Deref(sig.Params().At(0).Type()), "net/http", "Request") &&
		typematch.IsNamed(typematch.Deref(sig.Results().At(0).Type()), "net/http", "Response")
}

// transportTimeout returns the Timeout of the clients that use transport
// type t, when every value of t the package makes is the Transport of an
// http.Client literal and all those literals have the same constant
// Timeout.
func (c *checker) transportTimeout(t *types.Named) (time.Duration, bool) {
	if c.writes().timeoutSet {
		return 0, false
	}
	var timeout time.Duration
	for cur := range c.root.Preorder((*ast.CompositeLit)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.CallExpr: // new(t)
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) == 1 {
				if typematch.IsBuiltin(c.info, id, "new") && types.Identical(c.info.TypeOf(n.Args[0]), t) {
					return 0, false
				}
			}
		case *ast.CompositeLit:
			if !types.Identical(c.info.TypeOf(n), t) {
				continue
			}
			p := cur.Parent()
			if _, ok := p.Node().(*ast.UnaryExpr); ok { // &t{...}
				p = p.Parent()
			}
			kv, ok := p.Node().(*ast.KeyValueExpr)
			key, _ := kv.Key.(*ast.Ident)
			if !ok || key == nil || key.Name != "Transport" {
				return 0, false
			}
			client, ok := p.Parent().Node().(*ast.CompositeLit)
			if !ok || !typematch.IsNamed(c.info.TypeOf(client), "net/http", "Client") {
				return 0, false
			}
			d, ok := c.literalTimeout(client)
			if !ok || timeout > 0 && d != timeout {
				return 0, false
			}
			timeout = d
		}
	}
	return timeout, timeout > 0
}

// literalTimeout returns the constant Timeout of an http.Client literal.
func (c *checker) literalTimeout(lit *ast.CompositeLit) (time.Duration, bool) {
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "Timeout" {
				d, ok := c.constDuration(kv.Value)
				return d, ok && d > 0
			}
		}
	}
	return 0, false
}
