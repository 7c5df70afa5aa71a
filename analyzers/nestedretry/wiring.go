package nestedretry

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
)

// Real code often retries an interface in one package and implements it in
// another that never imports the first: restic's retry.Backend retries
// whatever backend.Backend it wraps, and its s3 backend, a sibling package,
// calls minio-go, which retries each call itself. The two layers meet only
// in the package that links them into one program (cmd/restic imports both,
// through the package that registers the backends). Facts flow only along
// imports, so no pass over either package sees the nesting.
//
// A WiringFact carries both sides up the import graph: the interface
// methods of other packages that retry sites run again, and the methods that
// implement an interface method and lead to retries of their own. Each
// package merges those of its imports with its own. A package that itself
// retries such a method, or implements one, while the other side is in
// sight reports the pair there, at its call, and carries it on as met. Any
// other pair is reported by a program (package main) that links both sides,
// at the import that brings the implementations in: a library that imports
// both need not put one inside the other, but a program links them, and
// any of the implementations may be the one its configuration picks. Like
// any resolution by class hierarchy, this says what the program can run,
// not what one configuration does.

// WiringFact is a package fact: what the package and everything it imports
// retry through interfaces, and which pairs were already reported below it.
type WiringFact struct {
	Retried []RetriedMethod
	Impls   []RetryingImpl
	// Met holds the keys of the pairs reported at a retried or implementing
	// call in this package or below.
	Met []string
}

func (*WiringFact) AFact() {}

func (f *WiringFact) String() string {
	var parts []string
	for _, r := range f.Retried {
		parts = append(parts, "retried "+methodKey(r.Iface, r.Method)+" by "+r.Retry.By.qualified(""))
	}
	for _, e := range f.Impls {
		parts = append(parts, "implemented "+methodKey(e.Iface, e.Method)+" by "+e.Impl.qualified(""))
	}
	return fmt.Sprintf("wiring(%s; %d met)", strings.Join(parts, ", "), len(f.Met))
}

// RetriedMethod is a call of an interface method, declared in another
// package than the retry's, that a retry site runs again after it failed.
type RetriedMethod struct {
	// Iface names the interface type (its Name is the type's), Method the
	// method called.
	Iface  Link
	Method string
	Retry  RetriedFact
	// At is where the retry's attempt makes the call that leads to the
	// method (the method's call itself, or a call of a function of the
	// retry's package that makes it), as "pkgpath/file.go:line".
	At string
	// Via names the function or interface method of another package that
	// the call at At calls and that forwards the method (ForwardsFact);
	// empty when the call leads to the method in the retry's package.
	Via Link
}

func (r *RetriedMethod) key() string { return methodKey(r.Iface, r.Method) + "@" + r.At }

// RetryingImpl is a method of a named type that implements an interface
// method and leads to retries of its own.
type RetryingImpl struct {
	Iface  Link
	Method string
	Impl   Link
	Leads  ReachesFact
	// At is where the method is declared, and, when the call that leads to
	// retries is in another function of its package, where that one is.
	At []string
}

func (e *RetryingImpl) key() string { return methodKey(e.Iface, e.Method) + "@" + e.At[0] }

func methodKey(iface Link, method string) string {
	return iface.PkgPath + "." + iface.Name + "." + method
}

func pairKey(r *RetriedMethod, e *RetryingImpl) string { return r.key() + "|" + e.key() }

// ownSides is what this package itself contributes to the wiring, with the
// nodes its findings are reported at.
type ownSides struct {
	retried []ownRetried
	impls   []ownImpl
}

// wire merges the imports' WiringFacts with the package's own sides,
// reports the pairs that meet here, and exports the result. It runs for
// every package outside the standard library, with or without retries of
// its own, so that what lies below reaches the packages above.
func wire(pass *analysis.Pass, own ownSides, r reporter) {
	var merged WiringFact
	from := map[string]*types.Package{} // implementation key -> the import that brings it
	met := map[string]bool{}
	retried, impls := map[string]bool{}, map[string]bool{}
	addRetried := func(rm RetriedMethod) {
		if !retried[rm.key()] {
			retried[rm.key()] = true
			merged.Retried = append(merged.Retried, rm)
		}
	}
	addImpl := func(e RetryingImpl) {
		if !impls[e.key()] {
			impls[e.key()] = true
			merged.Impls = append(merged.Impls, e)
		}
	}
	linked := productionImports(pass)
	for _, imp := range pass.Pkg.Imports() {
		var f WiringFact
		if !linked[imp.Path()] || !pass.ImportPackageFact(imp, &f) {
			continue
		}
		for _, k := range f.Met {
			met[k] = true
		}
		for _, rm := range f.Retried {
			if visible(rm.Iface.PkgPath, pass.Pkg.Path()) {
				addRetried(rm)
			}
		}
		for _, e := range f.Impls {
			if !visible(e.Iface.PkgPath, pass.Pkg.Path()) {
				continue
			}
			if from[e.key()] == nil {
				from[e.key()] = imp
			}
			addImpl(e)
		}
	}
	ownCall := map[string]ast.Node{}
	for _, o := range own.retried {
		addRetried(o.method)
		ownCall[o.method.key()] = o.call
	}
	ownLead := map[string]ast.Node{}
	for _, o := range own.impls {
		addImpl(o.impl)
		ownLead[o.impl.key()] = o.lead
	}
	slices.SortFunc(merged.Retried, func(a, b RetriedMethod) int { return cmp.Compare(a.key(), b.key()) })
	slices.SortFunc(merged.Impls, func(a, b RetryingImpl) int { return cmp.Compare(a.key(), b.key()) })

	// A pair is reported at the retried call when that is this package's
	// own, else at the implementation's call when that is; both are then
	// met. Else it is reported only in a program (package main), at the
	// import that brings the implementations in: a library that imports
	// both sides need not link them together, a program does.
	for i := range merged.Retried {
		rm := &merged.Retried[i]
		var fresh []*RetryingImpl
		for j := range merged.Impls {
			e := &merged.Impls[j]
			if methodKey(e.Iface, e.Method) == methodKey(rm.Iface, rm.Method) && e.Impl.PkgPath != rm.Retry.By.PkgPath &&
				!met[pairKey(rm, e)] && informative(rm.Retry.Bound, e.Leads.Bound) {
				fresh = append(fresh, e)
			}
		}
		if len(fresh) == 0 {
			continue
		}
		if n := ownCall[rm.key()]; n != nil {
			r.Report(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Message: wiringMessage(pass, rm, fresh, false)})
			for _, e := range fresh {
				met[pairKey(rm, e)] = true
			}
			continue
		}
		var elsewhere []*RetryingImpl
		for _, e := range fresh {
			if n := ownLead[e.key()]; n != nil {
				r.Report(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Message: wiringMessage(pass, rm, []*RetryingImpl{e}, true)})
				met[pairKey(rm, e)] = true
			} else {
				elsewhere = append(elsewhere, e)
			}
		}
		if len(elsewhere) > 0 && pass.Pkg.Name() == "main" {
			if spec := importSpec(pass, from[elsewhere[0].key()]); spec != nil {
				r.Report(analysis.Diagnostic{Pos: spec.Pos(), End: spec.End(), Message: wiringMessage(pass, rm, elsewhere, true)})
			}
		}
	}
	for k := range met {
		merged.Met = append(merged.Met, k)
	}
	slices.Sort(merged.Met)
	if len(merged.Retried)+len(merged.Impls)+len(merged.Met) > 0 {
		pass.ExportPackageFact(&merged)
	}
}

// visible reports whether a package at path from may name the interfaces
// of the package at path iface: an internal package's only within the tree
// of its parent. Beyond that tree nothing can retry or implement them, so
// their entries are not carried further.
func visible(iface, from string) bool {
	var parent string
	switch i := strings.LastIndex(iface, "/internal/"); {
	case i >= 0:
		parent = iface[:i]
	case strings.HasSuffix(iface, "/internal"):
		parent = strings.TrimSuffix(iface, "/internal")
	default:
		return true // not internal (a path that starts with internal/ is the standard library's, never carried)
	}
	return from == parent || strings.HasPrefix(from, parent+"/")
}

// reporter is where wire sends its findings (a report.Reporter, which
// honours ignore directives and skips generated files).
type reporter interface {
	Report(analysis.Diagnostic)
}

// wiringMessage says what multiplies where two layers meet: "retry call
// of up to 5 attempts in (*retry.Backend).Save (at
// .../retry/backend_retry.go:170) retries backend.Backend.Save, and in this
// program that can be (*s3.s3).Save (at .../s3/s3.go:285), which calls
// minio.Client.PutObject, which makes up to 10 attempts (the library
// default): up to 50 calls in all; let one layer own the retries" ("and
// that can be" outside a program). With locate, the retried call's place is
// named too (it is in another package).
func wiringMessage(pass *analysis.Pass, rm *RetriedMethod, impls []*RetryingImpl, locate bool) string {
	here := pass.Pkg.Path()
	by := rm.Retry.Kind + " " + outerPhrase(rm.Retry.Bound, rm.Retry.Within) + " in " + rm.Retry.By.qualified(here)
	if locate {
		by += " (at " + rm.At + ")"
	}
	method := rm.Iface
	method.Name += "." + rm.Method
	through := ""
	if rm.Via.Name != "" {
		through = " (through " + rm.Via.qualified(here) + ")"
	}
	var parts []string
	worstBound := impls[0].Leads.Bound
	for _, e := range impls {
		part := e.Impl.qualified(here) + " (at " + strings.Join(e.At, ", through ") + ")"
		var names []string
		for _, l := range e.Leads.Chain {
			names = append(names, l.qualified(here))
		}
		if len(names) > 0 {
			part += ", which calls " + strings.Join(names, " -> ")
		}
		parts = append(parts, part+", which makes "+attemptsPhrase(e.Leads.Bound, e.Leads.Within))
		if rank(e.Leads.Bound) > rank(worstBound) {
			worstBound = e.Leads.Bound
		}
	}
	where := "and that can be"
	if pass.Pkg.Name() == "main" {
		where = "and in this program that can be"
	}
	return fmt.Sprintf("%s retries %s%s, %s %s: %s; let one layer own the retries",
		by, method.qualified(here), through, where, strings.Join(parts, ", or "), totalPhrase(rm.Retry.Bound, worstBound, "in all"))
}

// productionImports returns the paths that the package's production files
// import: not its _test.go files, nor files that import "testing" (a
// testing.go of helpers that wires a local backend for other packages'
// tests links nothing into a program).
func productionImports(pass *analysis.Pass) map[string]bool {
	out := map[string]bool{}
	for _, f := range pass.Files {
		if source.IsTestFile(pass.Fset, f.Pos()) || importsTesting(f) {
			continue
		}
		for _, spec := range f.Imports {
			if p, err := strconv.Unquote(spec.Path.Value); err == nil {
				out[p] = true
			}
		}
	}
	return out
}

func importsTesting(f *ast.File) bool {
	for _, spec := range f.Imports {
		if spec.Path.Value == `"testing"` {
			return true
		}
	}
	return false
}

// importSpec returns this package's import of imp in its first production
// file (see productionImports) that has one.
func importSpec(pass *analysis.Pass, imp *types.Package) *ast.ImportSpec {
	if imp == nil {
		return nil
	}
	for _, f := range pass.Files {
		if source.IsTestFile(pass.Fset, f.Pos()) || importsTesting(f) {
			continue
		}
		for _, spec := range f.Imports {
			if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == imp.Path() {
				return spec
			}
		}
	}
	return nil
}

// ownRetried is a RetriedMethod of this package, with its call.
type ownRetried struct {
	method RetriedMethod
	call   *ast.CallExpr
}

// ownRetriedMethods returns the calls of interface methods declared in
// other packages (outside the standard library and the table's SDKs) that a
// retry site of this package runs again, and whose implementations the
// package cannot see (a call it resolves is reported as any other lead).
func (c *checker) ownRetriedMethods() []ownRetried {
	if c.sdkPackage(c.pass.Pkg.Path()) {
		return nil // an SDK's own retries are the inner layer
	}
	var out []ownRetried
	for _, rc := range c.retriedInterfaceCalls() {
		iface := c.foreignInterface(rc.call)
		if iface == nil || !returnsError(rc.method) {
			continue // a retry runs again what failed: an error tells it so
		}
		if _, ok, _ := c.valuesLead(rc.call, rc.method, false); ok {
			continue // the values the call runs on are in sight: reported as a lead
		}
		out = append(out, ownRetried{
			method: RetriedMethod{Iface: typeLink(iface), Method: rc.method.Name(), Retry: *rc.fact, At: c.place(rc.top.Pos())},
			call:   rc.top,
		})
	}
	return out
}

// foreignInterface returns the named interface type on which call calls a
// method, when another package declares it outside the standard library and
// the table's SDK packages.
func (c *checker) foreignInterface(call *ast.CallExpr) *types.Named {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s := c.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	named, ok := types.Unalias(s.Recv()).(*types.Named)
	if !ok || !types.IsInterface(named) || named.Obj().Pkg() == nil || named.Obj().Pkg() == c.pass.Pkg || !c.pluggable(named.Obj().Pkg()) {
		return nil
	}
	return named
}

// pluggable reports whether interfaces of pkg are ones a program plugs its
// own implementations into (see pluggablePath).
func (c *checker) pluggable(pkg *types.Package) bool { return pluggablePath(c.table, pkg.Path()) }

// pluggablePath reports whether interfaces of the package at path are ones
// a program plugs its own implementations into: not the standard library's
// (io.Reader's implementations are everywhere), not a logging, metrics or
// tracing library's (a logger's Log between attempts is no dependency), and
// not an SDK's own (grpc.ClientConnInterface, which every generated client
// calls, is the SDK's seam, not the program's).
func pluggablePath(table []apis.Client, path string) bool {
	if typematch.InStdlib(path) || apis.IsInstrumentation(path) || apis.IsSDK(path) {
		return false
	}
	return !sdkPackage(table, path)
}

// sdkPackage reports whether a row of the table names the package path.
func (c *checker) sdkPackage(p string) bool { return sdkPackage(c.table, p) }

func sdkPackage(table []apis.Client, p string) bool {
	for i := range table {
		if table[i].Pkg != "" && table[i].HasPkg(p) {
			return true
		}
	}
	return false
}

// ownImpl is a RetryingImpl of this package, with the call in the method
// that leads to retries.
type ownImpl struct {
	impl RetryingImpl
	lead ast.Node
}

// ownRetryingImpls returns the methods of this package's named types
// (outside test files) that lead to retries, once for each interface method
// they implement of an interface declared here or in a direct import
// (outside the standard library and the table's SDKs).
func (c *checker) ownRetryingImpls() []ownImpl {
	if c.sdkPackage(c.pass.Pkg.Path()) {
		return nil // the SDK's own methods are the inner layer itself
	}
	var out []ownImpl
	var ifaces map[string][]*types.TypeName // by method name, built on first use
	for _, fn := range c.ix.funcs {
		recv := fn.Signature().Recv()
		d := c.ix.decls[fn]
		if recv == nil || c.inTest(d) || d.Body == nil {
			continue
		}
		named, ok := types.Unalias(typematch.Deref(recv.Type())).(*types.Named)
		if !ok || types.IsInterface(named) || named.TypeParams().Len() > 0 {
			continue
		}
		if !returnsError(fn) || c.res.FuncReach(fn) != retrysite.Reaches {
			continue // its retries stay in this process (a syscall repeated on EINTR)
		}
		l, ok := worst(c.findLeads(d.Body, false))
		if !ok {
			continue
		}
		if ifaces == nil {
			ifaces = c.pluggableInterfaces()
		}
		for _, tn := range ifaces[fn.Name()] {
			iface := tn.Type().Underlying().(*types.Interface)
			if !typematch.Implements(named, iface) {
				continue
			}
			at := []string{c.place(fn.Pos())}
			if inner := c.innermost(l.chain); inner != nil && inner != fn {
				at = append(at, c.place(inner.Pos()))
			}
			out = append(out, ownImpl{
				impl: RetryingImpl{Iface: typeLink(tn.Type().(*types.Named)), Method: fn.Name(), Impl: funcLink(fn),
					Leads: ReachesFact{Chain: capChain(l.chain), Bound: l.bound, Within: l.within, OwnRetries: l.own}, At: at},
				lead: l.node,
			})
		}
	}
	return out
}

// pluggableInterfaces indexes, by method name, the interface types declared
// in this package and its direct imports that programs plug into (see
// pluggable; another package's unexported ones cannot be named there).
func (c *checker) pluggableInterfaces() map[string][]*types.TypeName {
	out := map[string][]*types.TypeName{}
	for _, p := range append([]*types.Package{c.pass.Pkg}, c.pass.Pkg.Imports()...) {
		if p != c.pass.Pkg && !c.pluggable(p) {
			continue
		}
		scope := p.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || p != c.pass.Pkg && !tn.Exported() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 {
				continue
			}
			iface, ok := named.Underlying().(*types.Interface)
			if !ok {
				continue
			}
			for i := range iface.NumMethods() {
				m := iface.Method(i).Name()
				out[m] = append(out[m], tn)
			}
		}
	}
	return out
}

// innermost returns the last function of this package along chain: the one
// whose body makes the call that leads out of the package (a chain may
// pass through another package and back, as restic's s3 Load does through
// backend.DefaultLoad to its openReader).
func (c *checker) innermost(chain []Link) *types.Func {
	var out *types.Func
	for _, l := range chain {
		if l.PkgPath != c.pass.Pkg.Path() {
			continue
		}
		for _, fn := range c.ix.funcs {
			if funcLink(fn) == l {
				out = fn
				break
			}
		}
	}
	return out
}

// returnsError reports whether fn's last result is an error: a method an
// outer retry can see fail.
func returnsError(fn *types.Func) bool {
	res := fn.Signature().Results()
	return res.Len() > 0 && typematch.IsError(res.At(res.Len()-1).Type())
}

// place names a position for a reader in another package:
// "pkgpath/file.go:line".
func (c *checker) place(pos token.Pos) string {
	return source.Place(c.pass.Fset, c.pass.Pkg, pos)
}

// typeLink names a named type for a chain or a key.
func typeLink(n *types.Named) Link {
	return Link{PkgPath: n.Obj().Pkg().Path(), PkgName: n.Obj().Pkg().Name(), Name: n.Obj().Name()}
}
