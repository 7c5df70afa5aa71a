package zerotimeout

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
)

// A request sent under a context that a function's caller gives it is as
// bounded as the contexts its callers give. When the function is exported,
// its callers are out of sight, and a client with no bound of its own is
// reported where it is made; but only the module can call an exported
// function of an internal package (or of package main), and every package
// of the module is analysed. So such a client is not reported where it is
// made: the function carries a DeadlineParamFact, and each call of it, in
// its package or another, is checked instead. A call that gives a context
// with no deadline in sight is reported there, naming the client's place;
// one that gives its own caller's context hands the question on the same
// way. A call through an interface of the function's package that only the
// function's type implements reaches it, and is checked too (docker's
// OAuthAPI). A function called only through other interfaces or as a value
// has no call to check and stays quiet: goreleaser's pipes send under the
// context its pipeline gives them through interfaces the pipeline
// declares, which carries the deadline of its --timeout flag.

// DeadlineParamFact marks a function of an internal package (or of package
// main) whose requests go through a client with no bound of its own under
// the context its parameter Param gives: a call that gives a context with
// no deadline can wait forever.
type DeadlineParamFact struct {
	Param int
	// At names where the clients are used, "pkgpath/file.go:line", for
	// the message at a call in another package.
	At []string
}

func (*DeadlineParamFact) AFact() {}

func (f *DeadlineParamFact) String() string {
	return "deadline from parameter " + strconv.Itoa(f.Param) + ", client at " + strings.Join(f.At, ", ")
}

// moduleOnly reports whether only the package's own module can call its
// exported functions: an internal package, or a program.
func moduleOnly(pkg *types.Package) bool {
	return pkg.Name() == "main" || slices.Contains(strings.Split(pkg.Path(), "/"), "internal")
}

// deferred evaluates bounded, which asks whether requests carry contexts
// with deadlines, letting a context parameter of an exported function of a
// module-only package count as bounded (see deferToCallers). When bounded
// holds, the functions whose parameters it counted so carry the question
// to their callers, with places (where the clients are used) added to
// their fact. No places let nothing count so.
func (c *checker) deferred(places []string, bounded func() bool) bool {
	if len(places) == 0 {
		return bounded()
	}
	saved := c.deferrals
	c.deferrals = map[*types.Func]int{}
	defer func() { c.deferrals = saved }()
	if !bounded() {
		return false
	}
	for fn, param := range c.deferrals {
		for _, m := range append([]*types.Func{fn}, c.soleImplemented(fn)...) {
			f := c.deadlineParams[m]
			f.Param = param
			for _, p := range places {
				if !slices.Contains(f.At, p) {
					f.At = append(f.At, p)
				}
			}
			c.deadlineParams[m] = f
		}
	}
	return true
}

// soleImplemented returns the methods of the package's interfaces that
// the method fn implements, where fn's type is the only type of the
// package, outside test files, that implements the interface: a call
// through such an interface (docker's OAuthAPI, whose only implementation
// is its API) reaches fn. An interface declared elsewhere, one with other
// implementations here, is not followed.
func (c *checker) soleImplemented(fn *types.Func) []*types.Func {
	recv := fn.Signature().Recv()
	if recv == nil {
		return nil
	}
	named, ok := types.Unalias(typematch.Deref(recv.Type())).(*types.Named)
	if !ok || types.IsInterface(named) {
		return nil
	}
	scope := c.pass.Pkg.Scope()
	var out []*types.Func
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !types.IsInterface(tn.Type()) {
			continue
		}
		iface := tn.Type().Underlying().(*types.Interface)
		var m *types.Func
		for im := range iface.Methods() {
			if im.Name() == fn.Name() {
				m = im
			}
		}
		if m == nil || !typematch.Implements(named, iface) || c.otherImplementation(named, iface) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// otherImplementation reports whether a named type of the package other
// than named, declared outside test files, implements iface.
func (c *checker) otherImplementation(named *types.Named, iface *types.Interface) bool {
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn == named.Obj() || types.IsInterface(tn.Type()) || source.IsTestFile(c.pass.Fset, tn.Pos()) {
			continue
		}
		if other, ok := tn.Type().(*types.Named); ok && typematch.Implements(other, iface) {
			return true
		}
	}
	return false
}

// deferToCallers counts the context parameter param of fn, an exported
// function or method of the package (or one an interface names), as
// bounded when the package is module-only and deferred is collecting:
// fn's calls are then checked instead (checkDeadlineCalls).
func (c *checker) deferToCallers(fn *types.Func, param int) bool {
	if c.deferrals == nil || param < 0 || !moduleOnly(c.pass.Pkg) {
		return false
	}
	if f, ok := c.deadlineParams[fn]; ok && f.Param != param {
		return false
	}
	if p, ok := c.deferrals[fn]; ok && p != param {
		return false // two contexts: left to the report where the client is
	}
	c.deferrals[fn] = param
	return true
}

// deadlineParam returns what fn's DeadlineParamFact says, found in this
// package or imported.
func (c *checker) deadlineParam(fn *types.Func) (DeadlineParamFact, bool) {
	if fn == nil {
		return DeadlineParamFact{}, false
	}
	if fn.Pkg() == c.pass.Pkg {
		f, ok := c.deadlineParams[fn]
		return f, ok
	}
	var f DeadlineParamFact
	ok := c.pass.ImportObjectFact(fn, &f)
	return f, ok
}

// checkDeadlineCalls checks each call, outside test code, of a function
// whose requests carry the context given as one of its parameters, and
// exports the package's DeadlineParamFacts. A call that hands on its
// caller's context may add such a function: the walk goes again until
// none is added.
func (c *checker) checkDeadlineCalls() {
	checked := map[*ast.CallExpr]bool{}
	for added := true; added; {
		added = false
		for _, fcur := range c.nonTestFiles() {
			for cur := range fcur.Preorder((*ast.CallExpr)(nil)) {
				call := cur.Node().(*ast.CallExpr)
				if checked[call] {
					continue
				}
				fn, _ := c.pass.TypesInfo.Uses[typematch.Ident(call.Fun)].(*types.Func)
				if fn == nil {
					continue
				}
				fn = fn.Origin()
				f, ok := c.deadlineParam(fn)
				if !ok {
					continue
				}
				checked[call], added = true, true
				arg := typematch.ArgFor(c.pass.TypesInfo, fn, call, f.Param)
				if arg == nil || c.skip(call.Pos()) {
					continue
				}
				body, ok := enclosingFunc(cur)
				if ok && c.deferred(f.At, func() bool { return c.contextBounded(body, arg, 0) }) {
					continue
				}
				c.rep.Report(analysis.Diagnostic{
					Pos: arg.Pos(), End: arg.End(),
					Message: fmt.Sprintf("%s sends through a client with no Timeout (at %s) under this context, which has no deadline: %sthis call forever",
						calleeName(fn), strings.Join(f.At, ", "), why),
				})
			}
		}
	}
	for fn, f := range c.deadlineParams {
		c.pass.ExportObjectFact(fn, &f)
	}
}
