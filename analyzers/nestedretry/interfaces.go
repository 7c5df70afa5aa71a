package nestedretry

import (
	"fmt"
	"go/ast"
	"go/types"
	"iter"
	"slices"
	"sort"

	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// Real code reaches a retrying client through an interface: a Client
// interface with an S3-backed implementation, or a pipeline stage that
// retries a Notifier whose implementations live in the packages that plug
// into it. This file follows both: a call of an interface method leads
// where the implementations in sight lead, and a retry of an interface
// method declared here is marked with a RetriedFact, so that a package
// implementing it knows its method is an attempt and reports there.

// RetriedFact marks an interface method that a retry site of its package
// runs again after it fails, with the layers' bound: an implementation in
// another package is the attempt of that retry.
type RetriedFact struct {
	// By names the function holding the outermost retry site.
	By Link
	// Kind is the site's kind ("retry loop", "retry call").
	Kind string
	// Bound and Within are the retry layers' product, as in ReachesFact.
	Bound  retrysite.Bound
	Within string
}

func (*RetriedFact) AFact() {}

func (f *RetriedFact) String() string {
	return "retried(by " + f.By.qualified("") + ", " + f.Kind + " " + outerPhrase(f.Bound, f.Within) + ")"
}

// interfaceLead resolves a call of an interface method to the
// implementations this package declares outside test files: when every one
// of them leads to retries, the call does, as the worst of them. An
// implementation elsewhere is out of sight; one here that does not retry
// (an in-memory store beside the S3 one) leaves the call open: quiet.
func (c *checker) interfaceLead(call *ast.CallExpr, fn *types.Func, yield bool) (lead, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return lead{}, false
	}
	s := c.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return lead{}, false
	}
	iface, ok := s.Recv().Underlying().(*types.Interface)
	if !ok {
		return lead{}, false
	}
	impls := c.implementations(iface, fn.Name())
	var leads []lead
	for _, m := range impls {
		if d := c.ix.decls[m]; inFunc(d, call) {
			// A wrapper calling the interface it implements (restic's
			// retry.Backend around its Backend) runs what it wraps, not
			// itself.
			return lead{}, false
		}
		f := c.reaches(m, yield)
		if f == nil {
			return lead{}, false
		}
		chain := append([]Link{interfaceLink(s.Recv(), fn), funcLink(m)}, f.Chain...)
		leads = append(leads, lead{node: call, chain: chain, bound: f.Bound, within: f.Within, own: f.OwnRetries, givesUp: f.GivesUpOn})
	}
	return worst(leads)
}

// valuesLead resolves a call of an interface method made on a struct field
// of this package, or a local variable, through the values the package
// gives it: when every one is of a concrete type whose method leads to
// retries (loki's hedgedS3 field of an s3Interface, set only to
// *s3.Client values its constructor built), the call does, as the worst of
// them. A value of another interface type, a value that cannot be followed,
// or one whose method does not retry leaves the call open. foreign says
// that every value comes from another package and cannot be of a type of
// this one (see foreignValue): then the implementations this package
// declares are not what the call runs, and interfaceLead does not apply
// (rclone's TokenSource.Token, which retries, calls ts.tokenSource.Token
// on the x/oauth2 token source its field holds, not on itself).
func (c *checker) valuesLead(call *ast.CallExpr, fn *types.Func, yield bool) (l lead, ok, foreign bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return lead{}, false, false
	}
	s := c.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || !types.IsInterface(s.Recv()) {
		return lead{}, false, false
	}
	var values []ast.Expr
	allInSight := true // no other package gives it values
	if f := c.ix.field(sel.X); f != nil {
		if f.Pkg() != c.pass.Pkg {
			return lead{}, false, false // a field of another package: its values are out of sight
		}
		values, allInSight = c.ix.fieldValues[f], !f.Exported()
	} else if v := c.ix.variable(sel.X); v != nil && v.Pkg() == c.pass.Pkg && v.Parent() != c.pass.Pkg.Scope() && !c.isParam(v) {
		values = c.ix.values[v]
	}
	foreign = allInSight && len(values) > 0
	for _, v := range values {
		foreign = foreign && v != nil && (c.pass.TypesInfo.Types[v].IsNil() || c.foreignValue(v))
	}
	var leads []lead
	for _, v := range values {
		if v == nil {
			return lead{}, false, foreign
		}
		if c.pass.TypesInfo.Types[v].IsNil() || c.inTest(v) {
			continue // nil, or a test double
		}
		t := c.concreteType(v)
		if t == nil {
			return lead{}, false, foreign
		}
		m, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), fn.Name())
		impl, ok := m.(*types.Func)
		if !ok {
			return lead{}, false, foreign
		}
		l, ok := c.implLead(call, sel.X, t, impl, yield)
		if !ok {
			return lead{}, false, foreign
		}
		l.chain = append([]Link{interfaceLink(s.Recv(), fn)}, l.chain...)
		leads = append(leads, l)
	}
	l, ok = worst(leads)
	return l, ok, foreign
}

// foreignValue reports whether the value v, given to an interface-typed
// field or variable, is made by a function of another package from
// arguments none of which can carry a value of a type of this package: the
// value is then not of one of this package's types. An argument (or
// receiver) of such a type, or of an interface type other than
// context.Context and error, might carry one back.
func (c *checker) foreignValue(v ast.Expr) bool {
	o, _ := c.ix.origin(v)
	call, ok := ast.Unparen(o).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return false
	}
	operands := slices.Clone(call.Args)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && fn.Signature().Recv() != nil {
		operands = append(operands, sel.X)
	}
	for _, a := range operands {
		t := c.pass.TypesInfo.TypeOf(a)
		if t == nil || c.mayCarryOwn(t) {
			return false
		}
	}
	return true
}

// mayCarryOwn reports whether a value of type t may hold a value of a type
// this package declares: t is (a pointer to) one, or an interface other
// than context.Context and error.
func (c *checker) mayCarryOwn(t types.Type) bool {
	if types.IsInterface(t) {
		return !typematch.IsContext(t) && !typematch.IsError(t)
	}
	n, ok := types.Unalias(typematch.Deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() == c.pass.Pkg
}

// concreteType returns the type of the value e, followed through variables
// assigned once to the call or expression that made it, when that type is
// not an interface; else nil.
func (c *checker) concreteType(e ast.Expr) types.Type {
	t := c.pass.TypesInfo.TypeOf(e)
	if t != nil && types.IsInterface(t) {
		o, _ := c.ix.origin(e)
		t = c.pass.TypesInfo.TypeOf(o)
	}
	if tuple, ok := t.(*types.Tuple); ok && tuple.Len() > 0 {
		t = tuple.At(0).Type() // v, err := f(): f's first result
	}
	if t == nil || types.IsInterface(t) {
		return nil
	}
	return t
}

// implLead describes the call of interface method made on recv as a call of
// impl, the method of the concrete type t that a value of recv has: an
// operation of the table, or a function that leads to retries.
func (c *checker) implLead(call *ast.CallExpr, recv ast.Expr, t types.Type, impl *types.Func, yield bool) (lead, bool) {
	if impl.Pkg() != nil {
		if named, ok := types.Unalias(typematch.Deref(t)).(*types.Named); ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == impl.Pkg().Path() {
			if a, recv, label := matchRow(c.pass.TypesInfo, c.table, impl, recv, named); a != nil && a.ClientArg == 0 {
				return c.apiLead(a, call, recv, label, impl)
			}
		}
	}
	f := c.reaches(impl, yield)
	if f == nil {
		return lead{}, false
	}
	return lead{node: call, chain: append([]Link{funcLink(impl)}, f.Chain...), bound: f.Bound, within: f.Within, own: f.OwnRetries, givesUp: f.GivesUpOn}, true
}

// isParam reports whether v is a parameter, receiver or result of a
// function of the package (a declaration or a literal): its values come
// from callers.
func (c *checker) isParam(v *types.Var) bool {
	if c.params == nil {
		c.params = map[*types.Var]bool{}
		for cur := range c.ix.root.Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			var lists []*ast.FieldList
			switch n := cur.Node().(type) {
			case *ast.FuncDecl:
				lists = []*ast.FieldList{n.Recv, n.Type.Params, n.Type.Results}
			case *ast.FuncLit:
				lists = []*ast.FieldList{n.Type.Params, n.Type.Results}
			}
			for _, l := range lists {
				if l == nil {
					continue
				}
				for _, field := range l.List {
					for _, name := range field.Names {
						if p, ok := c.pass.TypesInfo.Defs[name].(*types.Var); ok {
							c.params[p] = true
						}
					}
				}
			}
		}
	}
	return c.params[v]
}

// interfaceLink names an interface method: "Client.Put".
func interfaceLink(t types.Type, fn *types.Func) Link {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return Link{Name: fn.Name()}
	}
	return Link{PkgPath: n.Obj().Pkg().Path(), PkgName: n.Obj().Pkg().Name(), Name: n.Obj().Name() + "." + fn.Name()}
}

// implementations returns the methods name of this package's named types
// (outside test files) that implement iface, in source order.
func (c *checker) implementations(iface *types.Interface, name string) []*types.Func {
	key := implKey{iface, name}
	if out, ok := c.impls[key]; ok {
		return out
	}
	var out []*types.Func
	for _, named := range c.concreteTypes() {
		// A type without a method of that name implements nothing that
		// has one: looked up first, it spares most types Implements.
		obj, _, _ := types.LookupFieldOrMethod(named, true, c.pass.Pkg, name)
		m, isFunc := obj.(*types.Func)
		if !isFunc || c.ix.decls[m] == nil {
			continue
		}
		if types.Implements(named, iface) || types.Implements(types.NewPointer(named), iface) {
			out = append(out, m)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	c.impls[key] = out
	return out
}

// concreteTypes returns, once per package, its named types that may
// implement an interface: declared outside test files, neither aliases,
// generic nor interfaces themselves.
func (c *checker) concreteTypes() []*types.Named {
	if c.concrete != nil {
		return c.concrete
	}
	c.concrete = []*types.Named{}
	scope := c.pass.Pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok || tn.IsAlias() || source.IsTestFile(c.pass.Fset, tn.Pos()) {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
			continue
		}
		c.concrete = append(c.concrete, named)
	}
	return c.concrete
}

// exportRetried marks the interface methods of this package that a retry
// site here runs again after they failed (a RetriedFact), with the product
// of the sites around the call that do.
func (c *checker) exportRetried() {
	facts := map[*types.Func]*RetriedFact{}
	for _, rc := range c.retriedInterfaceCalls() {
		if rc.method.Pkg() == c.pass.Pkg {
			mark(facts, rc.method, rc.fact)
		}
	}
	for fn, f := range facts {
		c.pass.ExportObjectFact(fn, f)
	}
}

// A retriedCall is a call of an interface method that a retry site of this
// package runs again after it failed, directly in its attempt or through
// functions of this package that hand its failure back.
type retriedCall struct {
	call   *ast.CallExpr
	method *types.Func
	fact   *RetriedFact
	// top is the call in the attempt that leads to call: call itself, or
	// the call of the function of the package it is reached through (loki's
	// fetchSeed retries readSeedFile, which calls ObjectClient.GetObject).
	top *ast.CallExpr
}

// retriedInterfaceCalls finds the calls of interface methods (of any
// package) that the retry sites of this package, outside test files, run
// again, in source order of the calls in the attempts that lead to them.
func (c *checker) retriedInterfaceCalls() []retriedCall {
	var out []retriedCall
	type pair struct{ top, call *ast.CallExpr }
	seen := map[pair]bool{}
	for call := range c.attemptCalls() {
		fn := typematch.Callee(c.pass.TypesInfo, call)
		if fn == nil || seen[pair{call, call}] {
			continue
		}
		seen[pair{call, call}] = true
		if typematch.IsInterfaceMethod(fn) {
			if f := c.retriedBy(call); f != nil {
				out = append(out, retriedCall{call, fn, f, call})
			}
		} else if fn.Pkg() == c.pass.Pkg {
			if f := c.retriedBy(call); f != nil {
				for _, rc := range c.retriedThrough(fn, f, nil, map[*types.Func]bool{}, 0) {
					if !seen[pair{call, rc.call}] {
						seen[pair{call, rc.call}] = true
						rc.top = call
						out = append(out, rc)
					}
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].top.Pos() < out[j].top.Pos() })
	return out
}

// mark records that the retry f runs interface method fn again, keeping
// the largest bound.
func mark(facts map[*types.Func]*RetriedFact, fn *types.Func, f *RetriedFact) {
	if facts[fn] == nil || rank(f.Bound) > rank(facts[fn].Bound) {
		facts[fn] = f
	}
}

// retriedThrough follows a retry f into fn, a function of this package
// that the retry runs again after it failed (alertmanager's RetryStage
// retries Integration.Notify, which calls its Notifier): an interface
// method that fn calls and whose failure fn hands back is retried by f too.
func (c *checker) retriedThrough(fn *types.Func, f *RetriedFact, out []retriedCall, seen map[*types.Func]bool, depth int) []retriedCall {
	d := c.ix.decls[fn]
	if d == nil || seen[fn] || depth > 3 {
		return out
	}
	body, ok := c.ix.find(d.Body)
	if !ok {
		return out
	}
	seen[fn] = true
	attempt := &retrysite.Site{Kind: retrysite.RunnerCall, Node: d, Attempt: d.Body, Func: d}
	for call := range directCalls(body) {
		inner := typematch.Callee(c.pass.TypesInfo, call)
		if inner == nil || !c.retried(attempt, lead{node: call, own: true}) {
			continue
		}
		if typematch.IsInterfaceMethod(inner) {
			out = append(out, retriedCall{call, inner, f, call})
		} else if inner.Pkg() == c.pass.Pkg {
			out = c.retriedThrough(inner, f, out, seen, depth+1)
		}
	}
	return out
}

// attemptCalls yields the calls that the attempts of the package's retry
// sites outside test files make themselves (see directCalls), site by site;
// a call in the attempts of nested sites comes once for each.
func (c *checker) attemptCalls() iter.Seq[*ast.CallExpr] {
	return func(yield func(*ast.CallExpr) bool) {
		for _, s := range c.res.Sites {
			if s == nil || s.Attempt == nil || c.inTest(s.Node) {
				continue
			}
			attempt, ok := c.ix.find(s.Attempt)
			if !ok {
				continue
			}
			for call := range directCalls(attempt) {
				if !yield(call) {
					return
				}
			}
		}
	}
}

// directCalls yields the calls that body makes itself, in source order:
// not those of a go statement or of a function literal, which run apart from
// it, unless the literal is called where it stands (loki's uploader runs
// err = func() error { ...; return d.bucket.Upload(...) }() in its attempt).
func directCalls(body inspector.Cursor) iter.Seq[*ast.CallExpr] {
	return func(yield func(*ast.CallExpr) bool) {
		more := true
		body.Inspect([]ast.Node{(*ast.GoStmt)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}, func(c inspector.Cursor) bool {
			switch n := c.Node().(type) {
			case *ast.CallExpr:
				if more {
					more = yield(n)
				}
				return more
			case *ast.FuncLit:
				k, _ := c.ParentEdge()
				return more && k == edge.CallExpr_Fun
			}
			return false
		})
	}
}

// retriedBy returns how the retry sites around call run it again: the
// product of those that do, named by the outermost; nil when none does. The
// implementation's layers are out of sight, so no error is taken for one
// they never retry.
func (c *checker) retriedBy(call *ast.CallExpr) *RetriedFact {
	var f *RetriedFact
	total, within := retrysite.Bound{Kind: retrysite.Known, Attempts: 1}, ""
	for _, s := range c.res.Enclosing(call.Pos()) {
		if c.inTest(s.Node) || s.Bound.Kind == retrysite.Known && s.Bound.Attempts <= 1 || !c.retried(s, lead{node: call, own: true}) {
			continue
		}
		b, w := c.siteLimit(s)
		total, within = mulWithin(total, within, b, w)
		if f == nil {
			f = &RetriedFact{By: c.enclosingFunc(s.Node), Kind: s.Kind.String()}
		}
	}
	if f != nil {
		f.Bound, f.Within = total, within
	}
	return f
}

// enclosingFunc names the function declaration around n.
func (c *checker) enclosingFunc(n ast.Node) Link {
	for _, fn := range c.ix.funcs {
		if d := c.ix.decls[fn]; inFunc(d, n) {
			return funcLink(fn)
		}
	}
	return Link{Name: "a function literal"}
}

// A retriedImpl is a method of this package that implements an interface
// method another package retries.
type retriedImpl struct {
	method *types.Func
	fact   *RetriedFact
}

// retriedImpls finds the methods of this package's named types (outside
// test files) that implement an interface method marked by a RetriedFact,
// of a package this one imports (the package plugs into it).
func (c *checker) retriedImpls() []retriedImpl {
	var out []retriedImpl
	for _, p := range c.pass.Pkg.Imports() {
		scope := p.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() {
				continue
			}
			iface, ok := tn.Type().Underlying().(*types.Interface)
			if !ok {
				continue
			}
			for i := range iface.NumExplicitMethods() {
				m := iface.ExplicitMethod(i)
				var f RetriedFact
				if !c.pass.ImportObjectFact(m, &f) {
					continue
				}
				for _, impl := range c.implementations(iface, m.Name()) {
					out = append(out, retriedImpl{method: impl, fact: &f})
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].method.Pos() < out[j].method.Pos() })
	return out
}

// reportRetried reports, in each method that implements an interface
// method retried by another package, the leads that the retry multiplies:
// the method's body is that retry's attempt, handing its errors back to it.
func (c *checker) reportRetried(r *report.Reporter, fixed map[ast.Expr]bool) {
	for _, im := range c.retriedImpls() {
		d := c.ix.decls[im.method]
		if d.Body == nil {
			continue
		}
		attempt := &retrysite.Site{Kind: retrysite.RunnerCall, Node: d, Attempt: d.Body, Func: d}
		for _, l := range c.findLeads(d.Body, false) {
			if r.Skip(l.node.Pos()) || !informative(im.fact.Bound, l.bound) || !c.retried(attempt, l) {
				continue
			}
			msg := fmt.Sprintf("%s is retried by %s (a %s %s) and %s: %s; let one layer own the retries",
				funcLink(im.method).qualified(c.pass.Pkg.Path()), im.fact.By.qualified(c.pass.Pkg.Path()),
				im.fact.Kind, outerPhrase(im.fact.Bound, im.fact.Within), c.leadPhrase(l),
				totalPhrase(im.fact.Bound, l.bound, "in all"))
			diag := analysis.Diagnostic{Pos: l.node.Pos(), End: l.node.End(), Message: msg}
			if fix := c.fix(attempt, l, fixed); fix != nil {
				diag.SuggestedFixes = []analysis.SuggestedFix{*fix}
			}
			r.Report(diag)
		}
	}
}
