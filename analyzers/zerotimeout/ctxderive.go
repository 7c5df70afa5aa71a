package zerotimeout

import (
	"go/ast"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// DerivedContextFact marks a function whose first result is a context
// derived from one of its parameters, so that it keeps that context's
// deadline: every return gives the parameter itself or a context made from
// it by context.WithValue, WithCancel, WithTimeout or WithDeadline, or by
// another such function (tailscale's sockstats.WithSockStats, which adds a
// value or returns its argument). context.WithoutCancel drops the deadline,
// and a function that returns context.Background() on some path is no such
// function.
type DerivedContextFact struct {
	Param int // the index of the context parameter
}

func (*DerivedContextFact) AFact() {}

func (f *DerivedContextFact) String() string {
	return "context derived from parameter " + strconv.Itoa(f.Param)
}

// derivingFuncs are the functions of package context whose first result
// keeps the deadline of their first argument.
var derivingFuncs = []string{"WithValue", "WithCancel", "WithCancelCause", "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause"}

// derivedFrom returns the argument of call whose context the context call
// returns derives from: call is a function of this package whose every
// return derives from one parameter (by its body), or of another package
// with a DerivedContextFact. It returns nil otherwise.
func (c *checker) derivedFrom(call *ast.CallExpr, depth int) ast.Expr {
	return c.helperArg(call, depth, c.derivedContextParam, func(fn *types.Func) int {
		var f DerivedContextFact
		if c.pass.ImportObjectFact(fn, &f) {
			return f.Param
		}
		return -1
	})
}

// derivedContextParam returns the index of the parameter of fn, a function
// of this package, that every context fn returns derives from, or -1.
func (c *checker) derivedContextParam(fn *types.Func, depth int) int {
	return memoParam(c.derivedCtx, fn, func() int {
		sig := fn.Signature()
		if sig.Results().Len() == 0 || !typematch.IsNamed(sig.Results().At(0).Type(), contextPath, "Context") {
			return -1
		}
		return c.returnedParam(fn, func(body inspector.Cursor, ret *ast.ReturnStmt) (int, bool) {
			return c.derivedRoot(body, sig, ret.Results[0], depth+1), false
		})
	})
}

// derivedRoot returns the index of the parameter of sig (the function whose
// body is body) that the context e derives from, or -1: the parameter
// itself when nothing gives it another value, a local variable whose one
// definition derives from it, or a deriving call of package context or of a
// function with a DerivedContextFact (or its body) given such a context.
func (c *checker) derivedRoot(body inspector.Cursor, sig *types.Signature, e ast.Expr, depth int) int {
	if depth > maxRequestDepth {
		return -1
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := c.pass.TypesInfo.Uses[e].(*types.Var)
		if !ok {
			return -1
		}
		if p := paramOf(sig, v); p >= 0 {
			if c.reassigned(body, v) {
				return -1
			}
			return p
		}
		def := c.definition(body, v)
		if def == nil || len(def.lhs) == 0 {
			return -1
		}
		if id, ok := ast.Unparen(def.lhs[0]).(*ast.Ident); !ok || c.pass.TypesInfo.ObjectOf(id) != v {
			return -1 // the cancel function of ctx, cancel := ..., or no context at all
		}
		return c.derivedRoot(body, sig, def.rhs, depth+1)
	case *ast.CallExpr:
		if isContextFunc(typematch.Callee(c.pass.TypesInfo, e), derivingFuncs...) && len(e.Args) > 0 {
			return c.derivedRoot(body, sig, e.Args[0], depth+1)
		}
		if arg := c.derivedFrom(e, depth+1); arg != nil {
			return c.derivedRoot(body, sig, arg, depth+1)
		}
	}
	return -1
}

// exportDerivedContexts exports a DerivedContextFact for each exported
// function of the package that returns a context derived from a parameter.
func (c *checker) exportDerivedContexts() {
	for fn := range c.exportedFuncs() {
		if p := c.derivedContextParam(fn, 0); p >= 0 {
			c.pass.ExportObjectFact(fn, &DerivedContextFact{Param: p})
		}
	}
}
