package zerotimeout

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

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
// returns it): its result is the caller's client, checked where that one
// is made.
type PassedClientFact struct {
	Param int // the index of the client parameter
}

func (*PassedClientFact) AFact() {}

func (f *PassedClientFact) String() string {
	return "returns the client of parameter " + strconv.Itoa(f.Param)
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
// this package, whose client every return of fn gives back unchanged, or -1.
func (c *checker) passedClientParam(fn *types.Func, _ int) int {
	return memoParam(c.passedClient, fn, func() int {
		sig := fn.Signature()
		if sig.Results().Len() == 0 || !isClient(typematch.Deref(sig.Results().At(0).Type())) {
			return -1
		}
		return c.returnedParam(fn, func(body inspector.Cursor, ret *ast.ReturnStmt) (int, bool) {
			p := paramIndex(c.pass.TypesInfo, sig, firstOf(ret))
			if p >= 0 && c.reassigned(body, sig.Params().At(p)) {
				return -1, false
			}
			return p, false
		})
	})
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

// exportWrappedClients exports PassedClientFact for the package's exported
// functions that hand back their parameter's client, and TimeoutFieldFact
// for the exported client fields of its exported structs that hold only
// clients with a Timeout.
func (c *checker) exportWrappedClients() {
	for fn := range c.exportedFuncs() {
		if p := c.passedClientParam(fn, 0); p >= 0 {
			c.pass.ExportObjectFact(fn, &PassedClientFact{Param: p})
		}
	}
	for f := range c.exportedClientFields() {
		if c.holdsTimeoutClients(f) {
			c.pass.ExportObjectFact(f, &TimeoutFieldFact{})
		}
	}
}
