package unkeyedpost

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// KeyParamFact marks a function that sends one of its parameters as an
// idempotency key header (send(ctx, key) doing req.Header.Set(
// "Idempotency-Key", key)), so that a key made inside a retry attempt and
// handed to it is seen, across packages, to change on every attempt.
type KeyParamFact struct {
	Params []int // indexes of the parameters written as a key
}

func (*KeyParamFact) AFact() {}
func (f *KeyParamFact) String() string {
	return fmt.Sprintf("keyparams%v", f.Params)
}

// keyParams finds the package's functions that write a parameter as a key
// header, exports their facts, and returns them.
func (c *checker) keyParams() map[*types.Func][]int {
	out := make(map[*types.Func][]int)
	for fd := range c.root.Preorder((*ast.FuncDecl)(nil)) {
		decl := fd.Node().(*ast.FuncDecl)
		fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if !ok || decl.Body == nil {
			continue
		}
		params := fn.Signature().Params()
		var idx []int
		for cur := range fd.Preorder((*ast.CallExpr)(nil), (*ast.AssignStmt)(nil), (*ast.CompositeLit)(nil)) {
			writes := c.headerWrites(cur)
			for _, w := range writes {
				v := c.varOf(w.value)
				if v == nil || c.nameKind(w.name) != keyHeader {
					continue
				}
				for i := range params.Len() {
					if params.At(i) == v && !(fn.Signature().Variadic() && i == params.Len()-1) && !slices.Contains(idx, i) {
						idx = append(idx, i)
					}
				}
			}
		}
		if len(idx) > 0 {
			out[fn] = idx
			c.pass.ExportObjectFact(fn, &KeyParamFact{Params: idx})
		}
	}
	return out
}

// keyArgs reports a key made inside a retry attempt and handed to a function
// that sends it as a key header.
func (c *checker) keyArgs(call *ast.CallExpr, local map[*types.Func][]int) {
	fn := typematch.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return
	}
	idx, ok := local[fn]
	if !ok && fn.Pkg() != c.pass.Pkg {
		var fact KeyParamFact
		if c.pass.ImportObjectFact(fn, &fact) {
			idx = fact.Params
		}
	}
	for _, i := range idx {
		if i < len(call.Args) {
			c.freshKey(headerWrite{node: call, value: call.Args[i]})
		}
	}
}
