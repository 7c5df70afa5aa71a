package unkeyedpost

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
)

// Request options are how client libraries let their callers adjust a
// request before it is sent: go-gitlab's NewRequest runs
// `for _, fn := range append(c.defaultRequestOptions, options...) { fn(req) }`.
// A caller may hand one that sets a key, but the call that hands none is the
// common one, and it sends the request as the library built it; so a
// request handed to its caller's options is judged as the library builds
// it, and a key set by an option is not assumed.

// callerOption reports whether fun, called with a request, is an option
// the function's caller hands over: a parameter of function type (or a
// pointer to one, called as (*mutate)(req)), or the value of a range over
// options (a parameter, a struct field holding them, or an append of
// those).
func (c *checker) callerOption(fun ast.Expr) bool {
	if star, ok := ast.Unparen(fun).(*ast.StarExpr); ok {
		v := c.varOf(star.X)
		return v != nil && c.isParam(v) && len(c.usesOf(v).defs) == 0
	}
	v := c.varOf(fun)
	if v == nil {
		return false
	}
	if _, ok := v.Type().Underlying().(*types.Signature); !ok {
		return false
	}
	if c.isParam(v) {
		return len(c.usesOf(v).defs) == 0
	}
	def, ok := c.find(v.Pos(), v.Pos()+token.Pos(len(v.Name())))
	if !ok || def.ParentEdgeKind() != edge.RangeStmt_Value || len(c.usesOf(v).defs) > 0 {
		return false
	}
	return c.optionList(def.Parent().Node().(*ast.RangeStmt).X)
}

// paramOption reports whether fun, a caller's option (see callerOption),
// comes from a parameter (a func parameter, a pointer to one, or a range
// over a list that holds a parameter) rather than from a field alone: the
// caller of a function of the package may hand it one that sets a key.
func (c *checker) paramOption(fun ast.Expr) bool {
	fun = ast.Unparen(fun)
	if star, ok := fun.(*ast.StarExpr); ok {
		fun = star.X
	}
	v := c.varOf(fun)
	if v == nil {
		return false
	}
	if c.isParam(v) {
		return true
	}
	def, ok := c.find(v.Pos(), v.Pos()+token.Pos(len(v.Name())))
	return ok && def.ParentEdgeKind() == edge.RangeStmt_Value && c.listHoldsParam(def.Parent().Node().(*ast.RangeStmt).X)
}

// listHoldsParam reports whether the option list e (see optionList) is or
// appends a parameter.
func (c *checker) listHoldsParam(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v := c.varOf(e)
		return v != nil && c.isParam(v)
	case *ast.CallExpr:
		return slices.ContainsFunc(e.Args, c.listHoldsParam)
	}
	return false
}

// optionList reports whether e is a list of options from out of the
// function: a parameter it never assigns, a struct field, or an append of
// such lists.
func (c *checker) optionList(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v := c.varOf(e)
		return v != nil && c.isParam(v) && len(c.usesOf(v).defs) == 0
	case *ast.SelectorExpr:
		sel := c.pass.TypesInfo.Selections[e]
		return sel != nil && sel.Kind() == types.FieldVal
	case *ast.CallExpr:
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); !ok || !typematch.IsBuiltin(c.pass.TypesInfo, id, "append") {
			return false
		}
		for _, a := range e.Args {
			if !c.optionList(a) {
				return false
			}
		}
		return len(e.Args) > 0
	}
	return false
}
