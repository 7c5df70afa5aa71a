package unkeyedpost

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"sort"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// A retry often sits in one package and the POST in another: a pipeline
// stage retries Notifier.Notify, and a webhook package implements Notify
// with a POST. The package that retries marks the interface method with a
// RetriedFact; the package that implements it (it imports the interface's
// package, so it sees the fact) treats the body of its implementation as an
// attempt.

// RetriedFact marks an interface method of this package that a retry site
// calls in its attempt, so that the packages implementing it know that each
// call of their implementation may be a retry.
type RetriedFact struct {
	// Retrier says which site retries it: "a retry loop in
	// pipeline.(*Stage).deliver (up to 5 attempts)".
	Retrier string
}

func (*RetriedFact) AFact()           {}
func (f *RetriedFact) String() string { return "retried by " + f.Retrier }

// retriedMethods returns the package's own interface methods that a retry
// site calls in its attempt (not from a goroutine or a function literal it
// only defines), itself or through a function of the package that calls
// it (Integration.Notify calling i.notifier.Notify), or hands to a retry
// runner as its operation, with what retries them.
func (c *checker) retriedMethods() map[*types.Func]string {
	// A method called in an attempt is marked by the first such site; one
	// called through a wrapper only when no site calls it directly.
	out, viaWrapper := make(map[*types.Func]string), make(map[*types.Func]string)
	mark := func(into map[*types.Func]string, fn *types.Func, s *retrysite.Site) {
		if _, ok := into[fn]; ok || !c.ownInterfaceMethod(fn) {
			return
		}
		r := retrier{site: s}
		if fd, ok := c.funcAt(s.Node.Pos()); ok {
			if outer, ok := c.pass.TypesInfo.Defs[fd.Node().(*ast.FuncDecl).Name].(*types.Func); ok {
				into[fn] = c.describe(r, outer)
				return
			}
		}
		into[fn] = r.String()
	}
	defer func() {
		for fn, desc := range viaWrapper {
			if _, ok := out[fn]; !ok {
				out[fn] = desc
			}
		}
	}()
	for _, s := range c.sites.Sites {
		if c.inTestFile(s.Node) {
			continue // a test's retries hit a stub
		}
		if s.Operation != nil {
			mark(out, s.Operation, s)
		}
		if s.Attempt == nil {
			continue
		}
		attempt, ok := c.cursorOf(s.Attempt)
		if !ok {
			continue
		}
		for cur := range attempt.Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			fn := typematch.Callee(c.pass.TypesInfo, call)
			if fn == nil || fn.Pkg() != c.pass.Pkg || c.deferredIn(cur, s.Attempt) || c.sentOnce(call, s) {
				continue
			}
			if c.ownInterfaceMethod(fn) {
				mark(out, fn, s)
				continue
			}
			// A wrapper of this package that calls the interface method:
			// retry(integration.Notify), Integration.Notify calling
			// i.notifier.Notify.
			for _, m := range c.interfaceCalls(fn) {
				mark(viaWrapper, m, s)
			}
		}
	}
	return out
}

// interfaceCalls returns the package's own interface methods that fn calls
// in its body (not from a goroutine or a function literal it defines).
func (c *checker) interfaceCalls(fn *types.Func) []*types.Func {
	fn = fn.Origin()
	if out, ok := c.ifaceCalls[fn]; ok {
		return out
	}
	out := c.findInterfaceCalls(fn)
	c.ifaceCalls[fn] = out
	return out
}

func (c *checker) findInterfaceCalls(fn *types.Func) []*types.Func {
	decl := c.declOf(fn)
	if decl == nil {
		return nil
	}
	body, ok := c.cursorOf(decl.Body)
	if !ok {
		return nil
	}
	var out []*types.Func
	for cur := range body.Preorder((*ast.CallExpr)(nil)) {
		m := typematch.Callee(c.pass.TypesInfo, cur.Node().(*ast.CallExpr))
		if c.ownInterfaceMethod(m) && !c.deferredIn(cur, decl.Body) && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}

// deferredIn reports whether the call at cur, inside attempt, runs
// elsewhere: in a goroutine or a function literal defined there.
func (c *checker) deferredIn(cur inspector.Cursor, attempt *ast.BlockStmt) bool {
	for anc := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.GoStmt)(nil)) {
		return within(anc.Node(), attempt)
	}
	return false
}

func (c *checker) ownInterfaceMethod(fn *types.Func) bool {
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return false
	}
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// exportRetried exports the package's retried interface methods.
func (c *checker) exportRetried(retried map[*types.Func]string) {
	for fn, desc := range retried {
		c.pass.ExportObjectFact(fn, &RetriedFact{Retrier: desc})
	}
}

// findImpls finds the package's methods that implement an interface method
// that a retry site calls: one of this package (retried), or one of a
// package it imports with a RetriedFact (facts holds those of its
// dependencies). Each maps to what retries it. Requiring the import keeps
// out a type that happens to have the method of an interface it never met.
func (c *checker) findImpls(retried map[*types.Func]string, facts []analysis.ObjectFact) map[*ast.FuncDecl]string {
	all := make(map[*types.Func]string, len(retried))
	for fn, desc := range retried {
		all[fn] = desc
	}
	for _, f := range facts {
		rf, ok := f.Fact.(*RetriedFact)
		if !ok {
			continue
		}
		if fn, ok := f.Object.(*types.Func); ok && slices.Contains(c.pass.Pkg.Imports(), fn.Pkg()) {
			all[fn] = rf.Retrier
		}
	}
	if len(all) == 0 {
		return nil
	}
	byName := make(map[string][]*types.Func)
	for fn := range all {
		byName[fn.Name()] = append(byName[fn.Name()], fn)
	}
	impls := make(map[*ast.FuncDecl]string)
	for cur := range c.root.Preorder((*ast.FuncDecl)(nil)) {
		decl := cur.Node().(*ast.FuncDecl)
		if decl.Recv == nil || decl.Body == nil || len(byName[decl.Name.Name]) == 0 || c.inTestFile(decl) {
			continue
		}
		fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if !ok {
			continue
		}
		named, ok := types.Unalias(typematch.Deref(fn.Signature().Recv().Type())).(*types.Named)
		if !ok || named.TypeParams().Len() > 0 {
			continue
		}
		var found []string
		for _, m := range byName[decl.Name.Name] {
			iface, ok := m.Signature().Recv().Type().Underlying().(*types.Interface)
			if ok && typematch.Implements(named, iface) {
				found = append(found, fmt.Sprintf("%s through %s", all[m], c.funcName(m)))
			}
		}
		if len(found) > 0 {
			sort.Strings(found)
			impls[decl] = found[0]
		}
	}
	return impls
}

// retriedImpl returns what retries the method whose body holds n, when it
// implements a retried interface method and n is not inside a function
// literal (whose code runs when the literal is called), or "".
func (c *checker) retriedImpl(n ast.Node) string {
	if len(c.impls) == 0 {
		return ""
	}
	fd, ok := c.funcAt(n.Pos())
	if !ok {
		return ""
	}
	desc := c.impls[fd.Node().(*ast.FuncDecl)]
	if desc == "" {
		return ""
	}
	if cur, ok := c.cursorOf(n); !ok || inFuncLit(cur) {
		return ""
	}
	return desc
}

// freshInImpl reports a key header written in a retried implementation
// (see retriedImpl) whose value that implementation makes anew: each
// attempt of the caller sends a new key. No fix: the key must be made in
// the caller, in another function or package, and handed in.
func (c *checker) freshInImpl(w headerWrite) {
	desc := c.retriedImpl(w.node)
	if desc == "" {
		return
	}
	mk := c.fresh.expr(w.value)
	fd, _ := c.funcAt(w.node.Pos())
	if mk == nil || !within(mk, fd.Node()) || c.retriedImpl(mk) != desc {
		return // made elsewhere, or in a function literal
	}
	name := fd.Node().(*ast.FuncDecl).Name.Name
	c.report(analysis.Diagnostic{
		Pos: mk.Pos(), End: mk.End(),
		Message: fmt.Sprintf("idempotency key is made anew on every call of %s, which is retried by %s: "+
			"the server sees each retry as a new operation; make the key once in the caller and pass it in", name, desc),
	})
}
