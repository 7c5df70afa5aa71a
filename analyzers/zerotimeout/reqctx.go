package zerotimeout

import (
	"go/ast"
	"go/types"
	"iter"
	"strconv"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// RequestContextFact marks a function whose first result, an *http.Request,
// carries the context of one of its parameters: a helper that builds its
// package's requests with http.NewRequestWithContext(ctx, ...) and sets
// their headers (restic's newGitHubRequest). A request it returns is bounded
// when the context its caller hands it is.
type RequestContextFact struct {
	Param int // the index of the context parameter
}

func (*RequestContextFact) AFact() {}

func (f *RequestContextFact) String() string {
	return "request context from parameter " + strconv.Itoa(f.Param)
}

// maxRequestDepth bounds how far a request is followed through the helpers
// that build it.
const maxRequestDepth = 8

// helperContext returns the argument of call that becomes the context of
// the request call returns: call is a function of this package whose every
// return of a request gives it the context of one parameter (by its body),
// or of another package with a RequestContextFact. It returns nil otherwise.
func (c *checker) helperContext(call *ast.CallExpr, depth int) ast.Expr {
	return c.helperArg(call, depth, c.requestContextParam, func(fn *types.Func) int {
		var f RequestContextFact
		if c.pass.ImportObjectFact(fn, &f) {
			return f.Param
		}
		return -1
	})
}

// requestContextParam returns the index of the parameter of fn, a function
// of this package, whose context every request fn returns carries, or -1.
// A nil request (returned beside an error) carries none and is not sent.
func (c *checker) requestContextParam(fn *types.Func, depth int) int {
	return memoParam(c.reqCtx, fn, func() int {
		sig := fn.Signature()
		if sig.Results().Len() == 0 || !typematch.IsNamed(typematch.Deref(sig.Results().At(0).Type()), httpPath, "Request") {
			return -1
		}
		if _, ok := sig.Results().At(0).Type().(*types.Pointer); !ok {
			return -1
		}
		return c.returnedParam(fn, func(body inspector.Cursor, ret *ast.ReturnStmt) (int, bool) {
			if c.isNil(ret.Results[0]) {
				return -1, true
			}
			ctx := c.requestCarries(body, ret.Results[0], ret.Pos(), depth+1)
			p := paramIndex(c.pass.TypesInfo, sig, ctx)
			if p >= 0 && c.reassigned(body, sig.Params().At(p)) {
				return -1, false
			}
			return p, false
		})
	})
}

// Helpers whose first result carries what one of their parameters gives
// (a request its context, a context its deadline) are found the same way:
// by the body of a function of the package, and by a fact for one of
// another package.

// helperArg returns the argument of call at the parameter that own gives
// for the function called when it is of this package, or imported (from
// its fact) when it is of another; nil when there is none.
func (c *checker) helperArg(call *ast.CallExpr, depth int, own func(*types.Func, int) int, imported func(*types.Func) int) ast.Expr {
	fn := typematch.Callee(c.pass.TypesInfo, call)
	if fn == nil || depth > maxRequestDepth {
		return nil
	}
	var param int
	if fn.Pkg() == c.pass.Pkg {
		param = own(fn, depth)
	} else {
		param = imported(fn.Origin())
	}
	if param < 0 || param >= len(call.Args) || call.Ellipsis.IsValid() {
		return nil
	}
	return call.Args[param]
}

// memoParam returns cache[fn], computing it on first need; it is -1 while
// it is computed, so that a recursive helper proves nothing.
func memoParam(cache map[*types.Func]int, fn *types.Func, compute func() int) int {
	if p, ok := cache[fn]; ok {
		return p
	}
	cache[fn] = -1
	p := compute()
	cache[fn] = p
	return p
}

// returnedParam returns the index of the one parameter that every return
// statement of fn's body (not those of its function literals) gives its
// first result from, as from tells for each (skip: a return that says
// nothing, such as a nil request beside an error), or -1 when they differ,
// one gives none, or one is a bare return of named results.
func (c *checker) returnedParam(fn *types.Func, from func(body inspector.Cursor, ret *ast.ReturnStmt) (param int, skip bool)) int {
	body, ok := c.funcBody(fn)
	if !ok {
		return -1
	}
	results := fn.Signature().Results().Len()
	param, ok := -1, true
	body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil)}, func(cur inspector.Cursor) bool {
		ret, isRet := cur.Node().(*ast.ReturnStmt)
		if !isRet || !ok {
			return false // a function literal's returns are its own
		}
		if _, tuple := c.pass.TypesInfo.TypeOf(firstOf(ret)).(*types.Tuple); len(ret.Results) != results && !tuple {
			ok = false // a bare return of named results
			return false
		}
		p, skip := from(body, ret)
		if skip {
			return false
		}
		if p < 0 || (param >= 0 && p != param) {
			ok = false
		}
		param = p
		return false
	})
	if !ok {
		return -1
	}
	return param
}

// firstOf returns the first result expression of ret, or nil; with
// return f(), whose type is a tuple, its request is f's first result.
func firstOf(ret *ast.ReturnStmt) ast.Expr {
	if len(ret.Results) == 0 {
		return nil
	}
	return ret.Results[0]
}

// paramIndex returns the index of the parameter of sig that e names, or -1.
func paramIndex(info *types.Info, sig *types.Signature, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	return paramOf(sig, info.Uses[id])
}

// paramOf returns the index of the parameter v of sig, or -1.
func paramOf(sig *types.Signature, v types.Object) int {
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == v {
			return i
		}
	}
	return -1
}

// reassigned reports whether the parameter v is given another value in body.
func (c *checker) reassigned(body inspector.Cursor, v *types.Var) bool {
	return len(c.assignments(body, v)) > 0
}

// exportRequestContexts exports a RequestContextFact for each exported
// function of the package that returns requests carrying a parameter's
// context.
func (c *checker) exportRequestContexts() {
	for fn := range c.exportedFuncs() {
		if p := c.requestContextParam(fn, 0); p >= 0 {
			c.pass.ExportObjectFact(fn, &RequestContextFact{Param: p})
		}
	}
}

// exportedFuncs yields the exported functions and methods of the package
// that have a body: those other packages can call.
func (c *checker) exportedFuncs() iter.Seq[*types.Func] {
	return func(yield func(*types.Func) bool) {
		for fcur := range c.insp.Root().Children() {
			for dcur := range fcur.Children() {
				fd, ok := dcur.Node().(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && fn.Exported() && !yield(fn) {
					return
				}
			}
		}
	}
}
