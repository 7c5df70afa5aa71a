package zerotimeout

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// The client a wrapper such as retryablehttp's StandardClient sends
// through is followed back to where it was made (see wrapsClientInSight):
// through helpers that hand back the client they are given, and through a
// struct field whose package stores only clients with a Timeout in it.

// PassedClientFact marks an exported function whose first result, an
// *http.Client, is on every return the client one of its parameters gave
// (lego's TokenTransport.Wrap, which sets the client's Transport and
// returns it), or nil beside an error: its result is the caller's client,
// checked where that one is made.
type PassedClientFact struct {
	Param int // the index of the client parameter
	// Decorates says that the function does nothing else with that client
	// than read and set its fields, compare it and return it: it sends
	// nothing through it and keeps it nowhere, so where the client goes
	// next is where the caller takes the result.
	Decorates bool
	// DefaultForNil says that a nil client is replaced by
	// http.DefaultClient first (if client == nil { client =
	// http.DefaultClient }): a call that gives nil gets a client with no
	// Timeout, and is reported where it is made.
	DefaultForNil bool
}

func (*PassedClientFact) AFact() {}

func (f *PassedClientFact) String() string {
	s := "returns the client of parameter " + strconv.Itoa(f.Param)
	if f.DefaultForNil {
		s += " (http.DefaultClient for nil)"
	}
	if f.Decorates {
		s += ", only decorating it"
	}
	return s
}

// TimeoutFieldFact marks an exported client field of an exported struct
// whose package stores in it only clients with a Timeout that is not
// provably zero, or the client a caller gives (lego's octenium
// internal.Client.HTTPClient, set by NewClient to a client with a 10s
// Timeout). A client read from it in another package is bounded, unless
// that package stores another client there, which is checked where it is
// made.
type TimeoutFieldFact struct{}

func (*TimeoutFieldFact) AFact() {}

func (*TimeoutFieldFact) String() string { return "holds clients with a Timeout" }

// clientInSight reports whether e, the client a wrapper is given in the
// function with signature sig, is checked where it is made: a client
// literal, the result of a function known to return an unbounded client
// (each reported on its own), a parameter or a field of one (the caller's
// client), a field that holds only clients with a Timeout, or what a
// helper returns from one of these (PassedClientFact).
func (c *checker) clientInSight(sig *types.Signature, e ast.Expr, depth int) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return isClient(c.pass.TypesInfo.TypeOf(e))
	case *ast.UnaryExpr:
		lit, ok := ast.Unparen(e.X).(*ast.CompositeLit)
		return ok && e.Op == token.AND && isClient(c.pass.TypesInfo.TypeOf(lit))
	case *ast.CallExpr:
		made := typematch.Callee(c.pass.TypesInfo, e)
		if made != nil && c.pass.ImportObjectFact(made, new(UnboundedClientFact)) {
			return true
		}
		arg := c.helperArg(e, depth, c.passedClientParam, func(fn *types.Func) int {
			var f PassedClientFact
			if c.pass.ImportObjectFact(fn, &f) {
				return f.Param
			}
			return -1
		})
		return arg != nil && c.clientInSight(sig, arg, depth+1)
	}
	q := c.pathOf(e)
	if q == nil {
		return false
	}
	if len(q.fields) > 0 && c.holdsTimeoutClients(q.fields[len(q.fields)-1]) {
		return true
	}
	return sig != nil && paramOf(sig, q.root) >= 0
}

// passedClientParam returns the index of the parameter of fn, a function of
// this package, whose client every return of fn gives back unchanged (or
// nil beside an error), or -1. A nil client replaced by http.DefaultClient
// first still counts (see passedClientOf).
func (c *checker) passedClientParam(fn *types.Func, _ int) int {
	return c.passedClientOf(fn).Param
}

// passedClientOf returns what fn, a function of this package, does with the
// client it hands back, as its PassedClientFact would say; Param is -1 when
// it hands back no parameter's client.
func (c *checker) passedClientOf(fn *types.Func) PassedClientFact {
	if f, ok := c.passedClient[fn]; ok {
		return f
	}
	c.passedClient[fn] = PassedClientFact{Param: -1} // a recursive helper proves nothing
	f := PassedClientFact{Param: -1}
	sig := fn.Signature()
	body, ok := c.funcBody(fn)
	if ok && sig.Results().Len() > 0 && isClient(typematch.Deref(sig.Results().At(0).Type())) {
		f.Param = c.returnedParam(fn, func(body inspector.Cursor, ret *ast.ReturnStmt) (int, bool) {
			if c.isNil(firstOf(ret)) {
				return 0, true // no client, beside an error
			}
			return paramIndex(c.pass.TypesInfo, sig, firstOf(ret)), false
		})
	}
	if f.Param >= 0 {
		v := sig.Params().At(f.Param)
		fallbacks := 0
		for _, d := range c.assignments(body, v) {
			if !c.defaultFallback(body, d) {
				f.Param = -1 // another client
				break
			}
			fallbacks++
		}
		f.DefaultForNil = fallbacks > 0
		f.Decorates = f.Param >= 0 && c.onlyDecorates(body, v)
	}
	c.passedClient[fn] = f
	return f
}

// defaultFallback reports whether d, an assignment in body, is the
// fallback if x == nil { x = http.DefaultClient }.
func (c *checker) defaultFallback(body inspector.Cursor, d definition) bool {
	sel, ok := ast.Unparen(d.rhs).(*ast.SelectorExpr)
	if !ok || len(d.lhs) != 1 || d.update || !typematch.IsVar(c.pass.TypesInfo.Uses[sel.Sel], httpPath, "DefaultClient") {
		return false
	}
	cur, ok := body.FindNode(sel)
	if !ok {
		return false
	}
	_, ok = c.nilFallback(cur)
	return ok
}

// onlyDecorates reports whether every mention of the parameter v in body
// reads or sets a field of its client, compares it, gives it a new value or
// is the first result of a return: nothing sends through the client or
// keeps it.
func (c *checker) onlyDecorates(body inspector.Cursor, v *types.Var) bool {
	for cur := range body.Preorder((*ast.Ident)(nil)) {
		if c.pass.TypesInfo.Uses[cur.Node().(*ast.Ident)] != v {
			continue
		}
		switch kind, idx := cur.ParentEdge(); kind {
		case edge.SelectorExpr_X:
			if !c.isFieldRead(cur.Parent()) {
				return false // a method: Do, Get, ...
			}
		case edge.BinaryExpr_X, edge.BinaryExpr_Y:
			if op := cur.Parent().Node().(*ast.BinaryExpr).Op; op != token.EQL && op != token.NEQ {
				return false
			}
		case edge.AssignStmt_Lhs:
		case edge.ReturnStmt_Results:
			if idx != 0 {
				return false
			}
			if directFuncDecl(cur) == nil {
				return false // a function literal's return
			}
		default:
			return false
		}
	}
	return true
}

// holdsTimeoutClients reports whether every client stored in the field f
// has a Timeout: by its fact for another package's field, by the stores of
// this package for its own.
func (c *checker) holdsTimeoutClients(f *types.Var) bool {
	if f.Pkg() != c.pass.Pkg {
		return c.pass.ImportObjectFact(f, new(TimeoutFieldFact))
	}
	if held, ok := c.timeoutFields[f]; ok {
		return held
	}
	held := c.storesTimeoutClients(f)
	c.timeoutFields[f] = held
	return held
}

// storesTimeoutClients reports whether the package stores a client in the
// field f at least once, and each time a literal with a Timeout that is
// not provably zero or a parameter (or a field of one) of the function that
// stores it; and never builds f's struct with an unkeyed literal, whose
// stores name no field.
func (c *checker) storesTimeoutClients(f *types.Var) bool {
	if !isClient(typematch.Deref(f.Type())) {
		return false
	}
	stores := 0
	for _, id := range c.mentionsOf(f) {
		var value ast.Expr
		switch kind, _ := id.ParentEdge(); kind {
		case edge.KeyValueExpr_Key:
			value = id.Parent().Node().(*ast.KeyValueExpr).Value
		case edge.SelectorExpr_Sel:
			sel := id.Parent()
			if kind, i := sel.ParentEdge(); kind == edge.AssignStmt_Lhs {
				as := sel.Parent().Node().(*ast.AssignStmt)
				if len(as.Lhs) != len(as.Rhs) {
					return false
				}
				value = as.Rhs[i]
			} else if kind == edge.UnaryExpr_X {
				return false // its address taken: stored through a pointer
			}
		}
		if value == nil {
			continue // a read
		}
		stores++
		if !c.timeoutClient(id, value) {
			return false
		}
	}
	return stores > 0 && !c.unkeyedLiteralOf(f)
}

// timeoutClient reports whether value, stored at cur, is a client literal
// with a Timeout that is not provably zero, or a parameter (or a field of
// one) of the function around cur.
func (c *checker) timeoutClient(cur inspector.Cursor, value ast.Expr) bool {
	value = ast.Unparen(value)
	if u, ok := value.(*ast.UnaryExpr); ok && u.Op == token.AND {
		value = ast.Unparen(u.X)
	}
	if lit, ok := value.(*ast.CompositeLit); ok {
		t := c.pass.TypesInfo.TypeOf(lit)
		if !isClient(t) {
			return false
		}
		timeout, known := c.timeoutElt(lit, t)
		return known && timeout != nil && !c.isZero(timeout)
	}
	body, ok := enclosingFunc(cur)
	q := c.pathOf(value)
	if !ok || q == nil {
		return false
	}
	sig := enclosingSignature(c.pass.TypesInfo, body)
	return sig != nil && paramOf(sig, q.root) >= 0
}

// unkeyedLiteralOf reports whether the package builds the struct that
// holds f with an unkeyed composite literal.
func (c *checker) unkeyedLiteralOf(f *types.Var) bool {
	for cur := range c.insp.Root().Preorder((*ast.CompositeLit)(nil)) {
		lit := cur.Node().(*ast.CompositeLit)
		if len(lit.Elts) == 0 {
			continue
		}
		if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
			continue
		}
		st, ok := typematch.Deref(c.pass.TypesInfo.TypeOf(lit)).Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for sf := range st.Fields() {
			if sf.Origin() == f.Origin() {
				return true
			}
		}
	}
	return false
}

// decorated returns what fn does with the client it hands back: by its body
// for a function of this package, by its fact for another's (Param -1 for
// nothing known).
func (c *checker) decorated(fn *types.Func) PassedClientFact {
	if fn.Pkg() == c.pass.Pkg {
		return c.passedClientOf(fn.Origin())
	}
	f := PassedClientFact{Param: -1}
	c.pass.ImportObjectFact(fn.Origin(), &f)
	return f
}

// nilToDecorator reports call when it gives nil to a function that
// replaces a nil client by http.DefaultClient and hands it back (loki's
// hedging Config.ClientWithRegisterer): the check of that fallback moves
// here from the function, which cannot know its callers. A result that goes
// only where requests are bounded anyway is quiet.
func (c *checker) nilToDecorator(cur inspector.Cursor, call *ast.CallExpr) {
	if !c.resolvable() {
		return
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return
	}
	f := c.decorated(fn)
	if !f.Decorates || !f.DefaultForNil {
		return
	}
	arg := typematch.ArgFor(c.pass.TypesInfo, fn, call, f.Param)
	if arg == nil || !c.isNil(arg) || c.skip(arg.Pos()) {
		return
	}
	var fl flow
	c.followResult(cur, fn.Signature().Results().Len(), 0, &fl)
	if fl.longCalls || c.boundedByContext(&fl, arg) {
		return
	}
	// The fix gives the client http.DefaultClient would have been, bounded
	// as a use of http.DefaultClient sending where the result goes is.
	whole := c.allReadWhole(&fl)
	msg := fmt.Sprintf("%s gives back http.DefaultClient for a nil client, and http.DefaultClient has no Timeout: %sits calls forever",
		calleeName(fn), why)
	c.report(arg, msg, func(n names) ([]analysis.TextEdit, string, bool) {
		return c.defaultClientEdits(cur.ChildAt(edge.CallExpr_Args, f.Param), &fl, whole, "", n)
	})
}

// exportWrappedClients exports PassedClientFact for the package's exported
// functions that hand back their parameter's client, and TimeoutFieldFact
// for the exported client fields of its exported structs that hold only
// clients with a Timeout.
func (c *checker) exportWrappedClients() {
	for fn := range c.exportedFuncs() {
		if f := c.passedClientOf(fn); f.Param >= 0 {
			c.pass.ExportObjectFact(fn, &f)
		}
	}
	for f := range c.exportedClientFields() {
		if c.holdsTimeoutClients(f) {
			c.pass.ExportObjectFact(f, &TimeoutFieldFact{})
		}
	}
}
