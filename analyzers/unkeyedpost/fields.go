package unkeyedpost

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// fieldUses is what the package does with one struct field that holds a
// client: the values it stores there, and the changes it makes through it.
type fieldUses struct {
	values []ast.Expr            // x.f = e, T{f: e}, T{..., e, ...}
	sets   map[string][]ast.Expr // x.f.G = e
	calls  []*ast.CallExpr       // x.f.M(...)
	opaque bool                  // &x.f, or x.f set from a tuple: values not all in sight
}

// clientFields indexes, once per package, the uses of the struct fields
// whose type is a client the analyzer judges (net/http's, go-retryablehttp's,
// resty's) or a function: a client kept in a field is made in a constructor
// and used in the methods, and judging it takes every value the package
// stores there; so does calling a function kept in a field
// (postJSON: notify.PostJSON).
func (c *checker) clientFields() map[*types.Var]*fieldUses {
	if c.fields != nil {
		return c.fields
	}
	c.fields = make(map[*types.Var]*fieldUses)
	info := c.pass.TypesInfo
	get := func(f *types.Var) *fieldUses {
		u := c.fields[f]
		if u == nil {
			u = &fieldUses{sets: make(map[string][]ast.Expr)}
			c.fields[f] = u
		}
		return u
	}
	for cur := range c.root.Preorder((*ast.AssignStmt)(nil), (*ast.CompositeLit)(nil), (*ast.UnaryExpr)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				if f := c.clientField(sel); f != nil {
					if len(n.Lhs) == len(n.Rhs) && n.Tok == token.ASSIGN {
						get(f).values = append(get(f).values, n.Rhs[i])
					} else {
						get(f).opaque = true
					}
					continue
				}
				// x.f.G = e: a setting of the client in field f.
				if inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok {
					if f := c.clientField(inner); f != nil && len(n.Lhs) == len(n.Rhs) {
						get(f).sets[sel.Sel.Name] = append(get(f).sets[sel.Sel.Name], n.Rhs[i])
					}
				}
			}
		case *ast.CompositeLit:
			st, ok := info.TypeOf(n).Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i, elt := range n.Elts {
				var f *types.Var
				val := elt
				if kv, isKV := elt.(*ast.KeyValueExpr); isKV {
					id, _ := kv.Key.(*ast.Ident)
					if id == nil {
						continue
					}
					f, _ = info.Uses[id].(*types.Var)
					val = kv.Value
				} else if i < st.NumFields() {
					f = st.Field(i)
				}
				if f != nil && isHeldType(f.Type()) {
					get(f).values = append(get(f).values, val)
				}
			}
		case *ast.UnaryExpr:
			if sel, ok := ast.Unparen(n.X).(*ast.SelectorExpr); ok && n.Op == token.AND {
				if f := c.clientField(sel); f != nil {
					get(f).opaque = true
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				if inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok {
					if f := c.clientField(inner); f != nil {
						get(f).calls = append(get(f).calls, n)
					}
				}
			}
		}
	}
	return c.fields
}

// clientField returns the field that sel selects when it holds a client the
// analyzer judges, or nil.
func (c *checker) clientField(sel *ast.SelectorExpr) *types.Var {
	s := c.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil
	}
	f, _ := s.Obj().(*types.Var)
	if f == nil || !isHeldType(f.Type()) {
		return nil
	}
	return f
}

// fieldVar returns the client field that e selects (x.f), or nil.
func (c *checker) fieldVar(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	return c.clientField(sel)
}

// isHeldType reports whether the package's stores into a field of type t
// are indexed: a client, or a function.
func isHeldType(t types.Type) bool {
	_, isFunc := t.Underlying().(*types.Signature)
	return isFunc || isClientType(t)
}

func isClientType(t types.Type) bool {
	t = typematch.Deref(t)
	return typematch.IsNamed(t, httpPath, "Client") || typematch.IsNamed(t, apis.RetryableHTTP, "Client") ||
		typematch.IsNamed(t, apis.RestyV2, "Client")
}

// isParam reports whether v is a parameter of a function declaration or
// literal: a value made out of the function's sight. (A receiver is not: a
// method with a client as its receiver belongs to the client's own
// package.)
func (c *checker) isParam(v *types.Var) bool {
	cur, ok := c.find(v.Pos(), v.Pos()+token.Pos(len(v.Name())))
	if !ok || cur.ParentEdgeKind() != edge.Field_Names {
		return false
	}
	return cur.Parent().Parent().ParentEdgeKind() == edge.FuncType_Params // the Field's FieldList
}

// storedOnly reports whether ref, a use of a variable, stores its value in
// a struct field (T{f: v}, x.f = v): the use a constructor makes of the
// client it configures before it keeps it.
func storedOnly(ref inspector.Cursor) bool {
	switch ref.ParentEdgeKind() {
	case edge.KeyValueExpr_Value:
		return ref.Parent().ParentEdgeKind() == edge.CompositeLit_Elts
	case edge.CompositeLit_Elts:
		return true
	case edge.AssignStmt_Rhs:
		as := ref.Parent().Node().(*ast.AssignStmt)
		for _, l := range as.Lhs {
			if _, ok := ast.Unparen(l).(*ast.SelectorExpr); !ok {
				return false
			}
		}
		return true
	case edge.UnaryExpr_X:
		return ref.Parent().Node().(*ast.UnaryExpr).Op == token.AND && storedOnly(ref.Parent())
	}
	return false
}

// heldFunc returns the function that a call of the function-typed field
// sel runs, when every value the package stores there (test files aside)
// names that one function (a field set to notify.PostJSON in the
// constructor), or nil.
func (c *checker) heldFunc(e ast.Expr) *types.Func {
	f := c.fieldVar(e)
	if f == nil {
		return nil
	}
	if _, ok := f.Type().Underlying().(*types.Signature); !ok {
		return nil
	}
	fu := c.clientFields()[f]
	if fu == nil || fu.opaque {
		return nil
	}
	var held *types.Func
	for _, v := range fu.values {
		if c.inTestFile(v) {
			continue
		}
		fn := c.funcNamed(v)
		if fn == nil || fn.Signature().Recv() != nil || held != nil && fn != held {
			return nil // a method value, a literal, or two functions
		}
		held = fn
	}
	return held
}

// funcNamed returns the function or method that e names (f, pkg.F, x.M as
// a method value), or nil.
func (c *checker) funcNamed(e ast.Expr) *types.Func {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	}
	fn, _ := c.pass.TypesInfo.Uses[id].(*types.Func)
	return fn
}
