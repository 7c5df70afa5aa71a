package unkeyedpost

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// An open retrier is an exported function (of an exported type, outside
// package main) that re-sends whatever request it is handed: typesense-go's
// (*APICall).Do replays a request to the next node after any transport
// error or 5xx, whatever its method, and the Stainless SDKs'
// (*RequestConfig).Execute sends a clone of the request its config holds
// again after a connection error, a 408, 409, 429 or 5xx. Its callers are
// out of sight (other packages, or code that holds it as an httpDoer), so
// the POSTs they hand it cannot be counted here; but net/http itself
// replays a request after a failure only when it is idempotent or carries
// an Idempotency-Key (Request.isReplayable), and a retrier that does not
// look is where the fix goes. It is reported at its loop when:
//   - the loop sends again the request it is handed (a parameter, or a
//     request field of its receiver, itself or a clone), setting no key on
//     it, after a failure that leaves open whether the server acted on a
//     POST or PATCH (see sentOnce);
//   - the loop gives the request a fresh body before it sends it again
//     (req.Body = ...): it is made to re-send bodies, and a request whose
//     body the first attempt drained would be refused, not applied twice;
//   - nothing in the function reads the request's method or a key header
//     off it, or hands it to a test (if !idempotent(req) { return send(req) },
//     retryable(req.Method)), which may keep POSTs from going round (see
//     mayTest);
//   - for a parameter, no call of this package outside test files names
//     the function: what those calls hand it is judged at the calls, or at
//     the loop for all of them (see executors.go), and a call that a fix
//     keys does not make the loop a finding.

// A handedRequest is a request that a function gets from its caller: the
// parameter v, or the field field of its receiver v (cfg.Request).
type handedRequest struct {
	v, field *types.Var
}

// is reports whether e denotes r.
func (c *checker) is(r handedRequest, e ast.Expr) bool {
	if r.field == nil {
		return c.varOf(e) == r.v
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && c.varOf(sel.X) == r.v && c.pass.TypesInfo.Uses[sel.Sel] == r.field
}

// reportOpenRetriers reports the package's open retriers.
func (c *checker) reportOpenRetriers() {
	if knownPkg(c.pass.Pkg.Path()) {
		return
	}
	c.declOf(nil)
	fns := make([]*types.Func, 0, len(c.decls))
	for fn := range c.decls {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return c.comparePlaces(a.Pos(), b.Pos()) })
	for _, fn := range fns {
		decl := c.decls[fn]
		if !c.openToOthers(fn) || c.inTestFile(decl) {
			continue
		}
		for _, rs := range c.summaryOf(fn).requests() {
			if rs.Retrier == "" || rs.Key != NoKey || c.calledInPackage(fn) {
				continue // keyed, not retried here, or judged at the package's calls
			}
			req := fn.Signature().Params().At(rs.Param)
			if site := c.paramSites[req]; site != nil {
				c.reportOpen(fn, decl, site, handedRequest{v: req})
			}
		}
		if recv := fn.Signature().Recv(); recv != nil {
			for _, fr := range c.fieldResends(fn, decl, recv) {
				c.reportOpen(fn, decl, fr.site, handedRequest{v: recv, field: fr.field})
			}
		}
	}
}

// calledInPackage reports whether a call of this package, outside test
// files, names fn.
func (c *checker) calledInPackage(fn *types.Func) bool {
	if c.calledHere == nil {
		c.calledHere = make(map[*types.Func]bool)
		for cur := range c.root.Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			if callee := typematch.Callee(c.pass.TypesInfo, call); callee != nil && !c.inTestFile(call) {
				c.calledHere[callee.Origin()] = true
			}
		}
	}
	return c.calledHere[fn.Origin()]
}

// openToOthers reports whether code out of sight may call fn: another
// package can call it by name, and it is not in package main.
func (c *checker) openToOthers(fn *types.Func) bool {
	return c.pass.Pkg.Name() != "main" && typematch.CallableElsewhere(fn)
}

// reportOpen reports the loop site of fn, which sends r again, unless the
// loop or fn shows it may not re-send a POST as it is (see above).
func (c *checker) reportOpen(fn *types.Func, decl *ast.FuncDecl, site *retrysite.Site, r handedRequest) {
	if site.Kind != retrysite.Loop || !c.rewindsBody(site.Node, r) || c.mayTest(decl, r) {
		return
	}
	c.report(analysis.Diagnostic{Pos: site.Node.Pos(), End: site.Node.Pos() + token.Pos(len("for")),
		Message: fmt.Sprintf("this %s (%s) in %s sends again any request it is handed, whatever its method and "+
			"whether or not it carries an Idempotency-Key: for a POST or PATCH, %s; retry only idempotent methods "+
			"or requests that carry a key, as net/http does", site.Kind, site.Bound, c.funcName(fn), why)})
}

// A fieldResend is a loop site that sends again a clone of the request
// that a field of its method's receiver holds.
type fieldResend struct {
	site  *retrysite.Site
	field *types.Var
}

// fieldResends returns the loop sites of the method fn that send again,
// setting no key, a clone of a request field of its receiver recv
// (req := cfg.Request.Clone(ctx); handler(req)), in the order of the
// clones.
func (c *checker) fieldResends(fn *types.Func, decl *ast.FuncDecl, recv *types.Var) []fieldResend {
	var out []fieldResend
	cur, ok := c.cursorOf(decl)
	if !ok {
		return nil
	}
	for as := range cur.Preorder((*ast.AssignStmt)(nil)) {
		n := as.Node().(*ast.AssignStmt)
		if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
			continue
		}
		field := c.clonedField(n.Rhs[0], recv)
		req := c.varOf(n.Lhs[0])
		if field == nil || req == nil {
			continue
		}
		fl := &followed{}
		if !c.follow(req, n.End(), fl, 0) || !fl.retried || fl.by.site == nil {
			continue
		}
		if key, _, _, ok := c.keyOf(fn, fl); !ok || key != NoKey {
			continue
		}
		if !slices.ContainsFunc(out, func(fr fieldResend) bool { return fr.site == fl.by.site }) {
			out = append(out, fieldResend{fl.by.site, field})
		}
	}
	return out
}

// clonedField returns the request field F when e is recv.F.Clone(...) or
// recv.F.WithContext(...), or nil.
func (c *checker) clonedField(e ast.Expr, recv *types.Var) *types.Var {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	if fn == nil || !typematch.IsMethod(fn, httpPath, "Request", "Clone") && !typematch.IsMethod(fn, httpPath, "Request", "WithContext") {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok || c.varOf(inner.X) != recv {
		return nil
	}
	field, ok := c.pass.TypesInfo.Uses[inner.Sel].(*types.Var)
	if !ok || !field.IsField() || !isRequestType(field.Type()) {
		return nil
	}
	return field
}

// rewindsBody reports whether loop gives the request r a fresh body
// (r.Body = ..., from GetBody or a copy of the bytes).
func (c *checker) rewindsBody(loop ast.Node, r handedRequest) bool {
	found := false
	ast.Inspect(loop, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			found = found || slices.ContainsFunc(as.Lhs, func(e ast.Expr) bool { return c.requestField(e, r, "Body") })
		}
		return !found
	})
	return found
}

// requestField reports whether e is r.name, a field of the request
// (net/http's, or the one a go-retryablehttp request embeds).
func (c *checker) requestField(e ast.Expr, r handedRequest, name string) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name || !c.is(r, sel.X) {
		return false
	}
	field, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	return ok && field.IsField()
}

// mayTest reports whether fn's body, anywhere, reads r.Method, reads a
// key header off r, or hands r or r.Method to a function that is no send
// (returns no *http.Response) and may test the method: one out of this
// package, a function value, or one of this package whose body reads a
// Method. The retry walk understands only r.Method compared with a
// constant on the attempt's own request, and a test before the loop may
// keep POSTs out of it; either way, what it decides is left open.
func (c *checker) mayTest(decl *ast.FuncDecl, r handedRequest) bool {
	tested := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if tested {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			tested = n.Sel.Name == "Method" && c.is(r, n.X)
		case *ast.CallExpr:
			tested = c.readsKey(n, r) || c.handsToTest(n, r)
		}
		return !tested
	})
	return tested
}

// handsToTest reports whether call hands r, or r.Method, to a function
// that may test it (see mayTest).
func (c *checker) handsToTest(call *ast.CallExpr, r handedRequest) bool {
	if !slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return c.is(r, a) || c.requestField(a, r, "Method") }) {
		return false
	}
	if sig, ok := c.pass.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature); ok {
		for v := range sig.Results().Variables() {
			if typematch.IsNamed(typematch.Deref(v.Type()), httpPath, "Response") {
				return false // a send
			}
		}
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return true
	}
	decl := c.declOf(fn)
	if decl == nil {
		return true
	}
	reads := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Method" {
			reads = true
		}
		return !reads
	})
	return reads
}

// readsKey reports whether call is r.Header.Get(name) or
// r.Header.Values(name) for a key header name.
func (c *checker) readsKey(call *ast.CallExpr, r handedRequest) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 || sel.Sel.Name != "Get" && sel.Sel.Name != "Values" {
		return false
	}
	return c.requestField(sel.X, r, "Header") && c.nameKind(call.Args[0]) == keyHeader
}
