package zerotimeout

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// A library function that returns a new client with no Timeout
// (go-cleanhttp's DefaultPooledClient) is reported in the library, where
// its users never look. UnboundedClientFact carries it to them: a call of
// such a function in another module is checked like a literal, from the
// call on (a Timeout set before the first use, a context deadline on every
// request, a fallback).
//
// An exported function of an internal package has no callers outside its
// module, and those inside are all analysed: it is not reported where it
// makes the client (a constructor only tests call is no problem), and each
// call in another package of the module is checked instead, through the
// same fact.

// UnboundedClientFact marks an exported function whose only result is a
// *http.Client with no Timeout and a transport that does not bound the
// wait for the server: a new one, or for a function of an internal
// package, any such client the package does not send through unbounded
// itself.
type UnboundedClientFact struct{}

func (*UnboundedClientFact) AFact() {}

func (*UnboundedClientFact) String() string { return "returns an unbounded client" }

// exportReturned exports UnboundedClientFact for the exported function
// that returns the client cl directly (return &http.Client{...}) as its
// only result, for the other modules that call it. Not in an internal
// package: it has no such callers, and the report made where the client is
// made already covers the calls of its own module.
func (c *checker) exportReturned(cl *client) {
	if cl.lit == nil || typematch.IsInternal(c.pass.Pkg.Path()) {
		return
	}
	cur := cl.cur
	for {
		kind, _ := cur.ParentEdge()
		if kind == edge.ParenExpr_X || (kind == edge.UnaryExpr_X && cur.Parent().Node().(*ast.UnaryExpr).Op == token.AND) {
			cur = cur.Parent()
			continue
		}
		if kind != edge.ReturnStmt_Results {
			return
		}
		break
	}
	fd := directFuncDecl(cur)
	if fd == nil || !fd.Name.IsExported() {
		return
	}
	if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && fn.Signature().Results().Len() == 1 {
		c.pass.ExportObjectFact(fn, &UnboundedClientFact{})
	}
}

// returnedClient checks a call of a function of another package that
// returns a client with no Timeout: of another module, or of an internal
// package of this one (in the same module, a function of a package that is
// not internal is reported where it makes the client).
func (c *checker) returnedClient(cur inspector.Cursor, call *ast.CallExpr) {
	if !c.resolvable() {
		return
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg || c.sameModule(fn.Pkg()) && !typematch.IsInternal(fn.Pkg().Path()) ||
		!c.pass.ImportObjectFact(fn, new(UnboundedClientFact)) {
		return
	}
	if c.skip(call.Pos()) || c.wrapsClientInSight(cur, call, fn) {
		return
	}
	p := c.target(cur)
	if c.setBeforeUse(cur, p) {
		return
	}
	msg := fmt.Sprintf("%s returns an http.Client with no Timeout: %sits calls forever", calleeName(fn), why)
	c.check(&client{cur: cur, p: p, made: fn}, call, msg)
}

// sameModule reports whether pkg belongs to the module of the package
// analysed; without module information (GOPATH mode), whether its path
// starts with the same element.
func (c *checker) sameModule(pkg *types.Package) bool {
	return c.sameModulePath(pkg.Path())
}

// sameModulePath is sameModule for the package at path.
func (c *checker) sameModulePath(path string) bool {
	if m := c.pass.Module; m != nil && m.Path != "" {
		return path == m.Path || strings.HasPrefix(path, m.Path+"/")
	}
	first := func(p string) string { s, _, _ := strings.Cut(p, "/"); return s }
	return first(path) == first(c.pass.Pkg.Path())
}

// resolvable reports whether calls can be resolved to their functions:
// typeutil.Callee needs both maps, which a driver may leave out.
func (c *checker) resolvable() bool {
	return c.pass.TypesInfo.Types != nil && c.pass.TypesInfo.Uses != nil
}

// wrapsClientInSight reports whether call, of a method that returns a
// client around one its receiver holds (apis.ClientWrappers: retryablehttp's
// StandardClient, whose attempts go through c.HTTPClient), wraps a client
// that is checked where it is made. The receiver's field is set, on every
// path through the function (the wrapper reads it at each request), to a
// client that clientInSight follows to where it is made: the caller's
// (rc.HTTPClient = hc, rc.HTTPClient = cfg.HTTPClient), a literal, one that
// another report covers. The wrapper's attempts are bounded by that
// client's bound. Or the held client is given a Timeout (not provably zero)
// before the call, in the block that makes it or one around it
// (rc.HTTPClient.Timeout = c.HTTPClient.Timeout, godo's NewClient): each
// attempt is bounded, and where the value comes from is judged there.
func (c *checker) wrapsClientInSight(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	named, ok := types.Unalias(typematch.Deref(recv.Type())).(*types.Named)
	if !ok {
		return false
	}
	field, ok := apis.WrappedClientField(fn.Pkg().Path(), named.Obj().Name(), fn.Name())
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !isSel {
		return false
	}
	body, ok := enclosingFunc(cur)
	p := c.pathOf(sel.X)
	if !ok || p == nil {
		return false
	}
	inner, direct := c.fieldAssigned(body, p, field)
	if inner != nil && direct && c.clientInSight(enclosingSignature(c.pass.TypesInfo, body), inner, 0) {
		return true
	}
	held, _, _ := types.LookupFieldOrMethod(named, true, fn.Pkg(), field)
	f, ok := held.(*types.Var)
	if !ok || !f.IsField() {
		return false
	}
	set := c.timeoutSetBefore(body, &path{root: p.root, fields: append(slices.Clip(p.fields), f.Origin())}, call)
	return set.IsValid() && (inner == nil || inner.Pos() < set) // not a client put there after it
}

// timeoutSetBefore returns where the client at p is given a Timeout that
// is not provably zero by an assignment in body that runs before call on
// every path to it (a statement of a block that holds call, before it), or
// token.NoPos.
func (c *checker) timeoutSetBefore(body inspector.Cursor, p *path, call *ast.CallExpr) token.Pos {
	for cur := range body.Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		block, ok := cur.Parent().Node().(*ast.BlockStmt)
		if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) || !ok || as.End() > call.Pos() || call.End() > block.End() {
			continue
		}
		for i, lhs := range as.Lhs {
			if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "Timeout" && !c.isZero(as.Rhs[i]) && p.equal(c.pathOf(sel.X)) {
				return as.Pos()
			}
		}
	}
	return token.NoPos
}

// enclosingSignature returns the signature of the function whose body is
// at body, or nil.
func enclosingSignature(info *types.Info, body inspector.Cursor) *types.Signature {
	switch f := body.Parent().Node().(type) {
	case *ast.FuncDecl:
		if fn, ok := info.Defs[f.Name].(*types.Func); ok {
			return fn.Signature()
		}
	case *ast.FuncLit:
		sig, _ := info.TypeOf(f).(*types.Signature)
		return sig
	}
	return nil
}
