package unkeyedpost

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// FreshKeyFact marks a function whose result is made anew on every call
// (from a UUID, crypto/rand, math/rand, the clock, retry.NewIdempotencyKey, or
// another such function), so that a key made by calling it inside a retry
// attempt is known, across packages, to change on every attempt.
type FreshKeyFact struct{}

func (*FreshKeyFact) AFact()         {}
func (*FreshKeyFact) String() string { return "freshkey" }

// freshness answers "is this value made anew each time it is evaluated?" for
// one package. It follows local variables to what is assigned to them, and
// calls to the functions that make new values; it stops at anything it cannot
// see (a parameter, a field, a call of an unknown function), which keeps a
// key derived from a stable id, or handed in, out of its answer.
type freshness struct {
	pass *analysis.Pass
	root inspector.Cursor
	// assigned maps a local variable to the expressions assigned to it; a
	// variable filled by rand.Read(b) maps to that call.
	assigned map[*types.Var][]ast.Expr
	decls    map[*types.Func]inspector.Cursor // the package's function declarations with a body
	// funcs memoises the package's own functions: true fresh, false not (or
	// being decided: recursion makes nothing fresh).
	funcs map[*types.Func]bool
}

func newFreshness(pass *analysis.Pass, root inspector.Cursor) *freshness {
	f := &freshness{
		pass:     pass,
		root:     root,
		assigned: make(map[*types.Var][]ast.Expr),
		decls:    make(map[*types.Func]inspector.Cursor),
		funcs:    make(map[*types.Func]bool),
	}
	info := pass.TypesInfo
	for cur := range root.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.CallExpr)(nil), (*ast.FuncDecl)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.FuncDecl:
			if fn, ok := info.Defs[n.Name].(*types.Func); ok && n.Body != nil {
				f.decls[fn] = cur
			}
		case *ast.AssignStmt:
			f.assign(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			f.assign(lhs, n.Values)
		case *ast.CallExpr:
			if f.fills(n) {
				for _, arg := range n.Args {
					if v := f.localVar(arg); v != nil {
						f.assigned[v] = append(f.assigned[v], n)
					}
				}
			}
		}
	}
	return f
}

// assign records lhs[i] = rhs[i], or, for a, b := f(), f() for each.
func (f *freshness) assign(lhs, rhs []ast.Expr) {
	for i, l := range lhs {
		v := f.localVar(l)
		if v == nil {
			continue
		}
		switch {
		case len(lhs) == len(rhs):
			f.assigned[v] = append(f.assigned[v], rhs[i])
		case len(rhs) == 1:
			f.assigned[v] = append(f.assigned[v], rhs[0])
		}
	}
}

// localVar returns the function-local variable that e names, or nil.
func (f *freshness) localVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	obj := f.pass.TypesInfo.ObjectOf(id)
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

// fills reports whether call fills its arguments with random bytes:
// crypto/rand.Read, math/rand's Read, or any call handed crypto/rand.Reader
// (io.ReadFull(rand.Reader, b)).
func (f *freshness) fills(call *ast.CallExpr) bool {
	fn := typematch.Callee(f.pass.TypesInfo, call)
	if fn != nil && fn.Name() == "Read" && isRandPkg(fn.Pkg()) {
		return true
	}
	for _, arg := range call.Args {
		if sel, ok := ast.Unparen(arg).(*ast.SelectorExpr); ok && typematch.IsVar(f.pass.TypesInfo.Uses[sel.Sel], "crypto/rand", "Reader") {
			return true
		}
	}
	return false
}

func isRandPkg(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	switch pkg.Path() {
	case "crypto/rand", "math/rand", "math/rand/v2":
		return true
	}
	return false
}

// freshPkgs are the packages whose functions make a new value on every call
// (see isProducer): a package that imports none of them, and no package
// with a FreshKeyFact, has no fresh function to export.
var freshPkgs = []string{apis.UUID, "crypto/rand", "math/rand", "math/rand/v2", "time", apis.Retry}

// isProducer reports whether fn makes a new value on every call.
func isProducer(fn *types.Func) bool {
	pkg := fn.Pkg()
	if pkg == nil {
		return false
	}
	name := fn.Name()
	recv := fn.Signature().Recv()
	if recv == nil && apis.IsKeyMaker(pkg.Path(), name) {
		return true
	}
	switch pkg.Path() {
	case "crypto/rand":
		switch name {
		case "Read", "Text", "Int", "Prime":
			return recv == nil
		}
	case "math/rand", "math/rand/v2":
		// Every generator and its methods; not the constructors.
		return !strings.HasPrefix(name, "New") && name != "Seed"
	case "time":
		return recv == nil && (name == "Now" || name == "Since" || name == "Until")
	}
	return false
}

// passesOn lists the packages whose functions and methods make their result
// from their arguments (and receiver) alone: formatting, conversion and
// encoding. A fresh value handed to them stays fresh; any other call of a
// function without a FreshKeyFact ends the search (it may look a stable key
// up, for all the analyzer knows).
var passesOn = map[string]bool{
	"fmt": true, "strconv": true, "strings": true, "bytes": true, "encoding/hex": true,
	"encoding/base64": true, "encoding/base32": true, "math/big": true, "time": true, apis.UUID: true,
}

// expr returns the call that makes e's value anew each time e is evaluated,
// or nil when e is not known to be fresh.
func (f *freshness) expr(e ast.Expr) *ast.CallExpr {
	call, _ := f.find(e, f.makes, make(map[*types.Var]bool)).(*ast.CallExpr)
	return call
}

// makes reports whether e is a call that makes a new value.
func (f *freshness) makes(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typematch.Callee(f.pass.TypesInfo, call)
	return fn != nil && (isProducer(fn) || f.fills(call) || f.returnsFresh(fn))
}

// find returns the first part of e's value, followed through local
// variables, conversions, formatting and encoding, for which hit is true.
func (f *freshness) find(e ast.Expr, hit func(ast.Expr) bool, seen map[*types.Var]bool) ast.Expr {
	info := f.pass.TypesInfo
	e = ast.Unparen(e)
	if hit(e) {
		return e
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		fn := typematch.Callee(info, e)
		if fn == nil {
			if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
				return f.find(e.Args[0], hit, seen) // a conversion
			}
			return nil
		}
		if fn.Pkg() == nil || !passesOn[fn.Pkg().Path()] {
			return nil
		}
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && fn.Signature().Recv() != nil {
			if m := f.find(sel.X, hit, seen); m != nil {
				return m
			}
		}
		for _, arg := range e.Args {
			if m := f.find(arg, hit, seen); m != nil {
				return m
			}
		}
	case *ast.Ident:
		v := f.localVar(e)
		if v == nil || seen[v] {
			return nil
		}
		seen[v] = true
		for _, rhs := range f.assigned[v] {
			if m := f.find(rhs, hit, seen); m != nil {
				return m
			}
		}
	case *ast.BinaryExpr:
		if m := f.find(e.X, hit, seen); m != nil {
			return m
		}
		return f.find(e.Y, hit, seen)
	case *ast.UnaryExpr:
		return f.find(e.X, hit, seen)
	case *ast.StarExpr:
		return f.find(e.X, hit, seen)
	case *ast.SliceExpr:
		return f.find(e.X, hit, seen)
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if m := f.find(elt, hit, seen); m != nil {
				return m
			}
		}
	}
	return nil
}

// returnsFresh reports whether fn's result is made anew on every call: by a
// FreshKeyFact from another package, or by looking at this package's
// declaration.
func (f *freshness) returnsFresh(fn *types.Func) bool {
	if fn.Pkg() != f.pass.Pkg {
		return fn.Pkg() != nil && f.pass.ImportObjectFact(fn, new(FreshKeyFact))
	}
	if fresh, ok := f.funcs[fn]; ok {
		return fresh
	}
	declCur, ok := f.decls[fn]
	if !ok {
		return false
	}
	decl := declCur.Node().(*ast.FuncDecl)
	if decl.Type.Results == nil {
		return false
	}
	f.funcs[fn] = false // recursion: not fresh until shown
	fresh := false
	declCur.ChildAt(edge.FuncDecl_Body, -1).Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil)}, func(cur inspector.Cursor) bool {
		switch n := cur.Node().(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			results := n.Results
			if len(results) == 0 { // a bare return: the named results
				for _, field := range decl.Type.Results.List {
					for _, name := range field.Names {
						results = append(results, name)
					}
				}
			}
			for _, r := range results {
				if f.expr(r) != nil {
					fresh = true
				}
			}
		}
		return !fresh
	})
	f.funcs[fn] = fresh
	return fresh
}

// exportFacts marks the package's fresh functions for the packages that
// import it.
func (f *freshness) exportFacts() {
	for fn := range f.decls {
		if f.returnsFresh(fn) {
			f.pass.ExportObjectFact(fn, &FreshKeyFact{})
		}
	}
}

// keyWrites reports a key header written inside a retry attempt whose value
// is made anew within that attempt (at the call that makes it).
func (c *checker) keyWrites(cur inspector.Cursor) {
	writes := c.headerWrites(cur)
	for _, w := range writes {
		if c.nameKind(w.name) == keyHeader {
			c.freshKey(w)
		}
	}
	for _, w := range c.stripeKeyWrites(cur) {
		c.freshKey(w)
	}
}

// madeOnce reports whether the making mk inside the attempt of site is the
// lazy making of a key kept outside it: if key == "" { key = uuid.NewString() },
// which makes it on the first attempt only.
//
// The assignment must be the key's own, in the body of the if: in
// if err = post(ctx, newKey()); err == nil, the assignment is the send (the
// write w), made on every attempt, and err is no key.
func (c *checker) madeOnce(mk *ast.CallExpr, w ast.Node, site *retrysite.Site) bool {
	cur, ok := c.cursorOf(mk)
	if !ok {
		return false
	}
	var v *types.Var
	var set *ast.AssignStmt
	for anc := range cur.Enclosing((*ast.AssignStmt)(nil), (*ast.IfStmt)(nil), (*ast.FuncLit)(nil)) {
		switch n := anc.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if v != nil || len(n.Lhs) != 1 || within(w, n) {
				return false
			}
			if v = c.varOf(n.Lhs[0]); v == nil || within(&ast.Ident{NamePos: v.Pos()}, site.Node) {
				return false // a variable of the attempt is made anew each time
			}
			set = n
		case *ast.IfStmt:
			if v != nil && within(set, n.Body) && within(n, site.Attempt) && c.mentions(anc.ChildAt(edge.IfStmt_Cond, -1), v) {
				return true
			}
		}
		if anc.Node() == site.Attempt {
			break
		}
	}
	return false
}

// freshKey reports the key written by w when its value is made inside the
// attempt of a retry site that holds the write.
func (c *checker) freshKey(w headerWrite) {
	sites := c.enclosing(w.node.Pos())
	if len(sites) == 0 {
		c.freshInImpl(w)
		return
	}
	mk := c.fresh.expr(w.value)
	if mk == nil {
		c.attemptNumber(w, sites)
		return
	}
	var site *retrysite.Site // the outermost site whose attempt makes the key and writes it again
	for _, s := range sites {
		if s.Contains(mk.Pos()) && !c.sentOnce(w.node, s) {
			site = s
			break
		}
	}
	if site == nil || c.madeOnce(mk, w.node, site) {
		return
	}
	c.report(analysis.Diagnostic{
		Pos: mk.Pos(), End: mk.End(),
		Message: fmt.Sprintf("idempotency key is made anew on every attempt of this %s: the server sees each retry as a new operation; make it once before the %s",
			site.Kind, site.Kind),
		SuggestedFixes: c.moveFix(w, mk, site),
	})
}

// attemptNumber reports a key written inside a retry loop that is derived
// from the loop's counter (fmt.Sprintf("%s-%d", orderID, attempt)): like a
// key made anew, it changes on every attempt.
func (c *checker) attemptNumber(w headerWrite, sites []*retrysite.Site) {
	info := c.pass.TypesInfo
	for _, site := range sites {
		counters := make(map[types.Object]bool)
		switch loop := site.Node.(type) {
		case *ast.ForStmt:
			if as, ok := loop.Init.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
				for _, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok && info.Defs[id] != nil {
						counters[info.Defs[id]] = true
					}
				}
			}
		case *ast.RangeStmt:
			if id, ok := loop.Key.(*ast.Ident); ok && loop.Tok == token.DEFINE && info.Defs[id] != nil && typematch.IsInteger(info.TypeOf(loop.X)) {
				counters[info.Defs[id]] = true
			}
		}
		if len(counters) == 0 || c.sentOnce(w.node, site) {
			continue
		}
		hit := func(e ast.Expr) bool {
			id, ok := e.(*ast.Ident)
			return ok && counters[info.Uses[id]]
		}
		if use := c.fresh.find(w.value, hit, make(map[*types.Var]bool)); use != nil {
			c.report(analysis.Diagnostic{
				Pos: use.Pos(), End: use.End(),
				Message: fmt.Sprintf("idempotency key changes with the attempt number of this %s: the server sees each retry as a new operation; leave the attempt number out of the key",
					site.Kind),
			})
			return
		}
	}
}
