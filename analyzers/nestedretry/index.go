package nestedretry

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"

	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// index records, for one package, where variables get their values and which
// function declares each function object, so that a client's configuration
// can be followed from the call made on it back to where it was built.
type index struct {
	info *types.Info
	// root is the package's syntax, where every walk of the analyzer starts.
	root  inspector.Cursor
	decls map[*types.Func]*ast.FuncDecl
	// funcs lists the keys of decls in source order.
	funcs []*types.Func
	// bodies holds the cursors of the declarations' bodies, which find is
	// asked for once per function: a search from root for each would walk
	// every declaration before it.
	bodies map[*ast.BlockStmt]inspector.Cursor
	// values maps a variable to the expressions assigned to it; a nil entry
	// stands for a value that cannot be followed (one result of a call with
	// several, a range variable).
	values map[*types.Var][]ast.Expr
	// stmts maps a variable to the statement that gave it its value.
	stmts map[*types.Var]ast.Stmt
	// fields maps a variable to the assignments "v.F = x" made to its fields.
	fields map[*types.Var][]*ast.AssignStmt
	// deep maps a variable to the assignments made to fields of its fields
	// ("opts.Retry.MaxRetries = -1").
	deep map[*types.Var][]*ast.AssignStmt
	// fieldValues maps a struct field to the values the package gives it,
	// in composite literals and in assignments.
	fieldValues map[*types.Var][]ast.Expr
	// calls maps a variable to the method calls made on it as statements
	// ("c.SetRetryCount(3)").
	calls map[*types.Var][]*ast.CallExpr
}

func newIndex(pass *analysis.Pass, root inspector.Cursor) *index {
	ix := &index{
		info:   pass.TypesInfo,
		root:   root,
		decls:  make(map[*types.Func]*ast.FuncDecl),
		bodies: make(map[*ast.BlockStmt]inspector.Cursor),
		values: make(map[*types.Var][]ast.Expr),
		stmts:  make(map[*types.Var]ast.Stmt),
		fields: make(map[*types.Var][]*ast.AssignStmt),
		deep:   make(map[*types.Var][]*ast.AssignStmt),
		calls:  make(map[*types.Var][]*ast.CallExpr),

		fieldValues: make(map[*types.Var][]ast.Expr),
	}
	kinds := []ast.Node{(*ast.FuncDecl)(nil), (*ast.AssignStmt)(nil), (*ast.KeyValueExpr)(nil), (*ast.ExprStmt)(nil), (*ast.ValueSpec)(nil), (*ast.RangeStmt)(nil)}
	for cur := range root.Preorder(kinds...) {
		switch n := cur.Node().(type) {
		case *ast.FuncDecl:
			if fn, ok := ix.info.Defs[n.Name].(*types.Func); ok {
				ix.decls[fn] = n
				ix.funcs = append(ix.funcs, fn)
			}
			if n.Body != nil {
				ix.bodies[n.Body] = cur.ChildAt(edge.FuncDecl_Body, -1)
			}
		case *ast.AssignStmt:
			ix.assign(n, n.Lhs, n.Rhs)
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				if f, ok := ix.info.Uses[id].(*types.Var); ok && f.IsField() {
					ix.fieldValues[f] = append(ix.fieldValues[f], n.Value)
				}
			}
		case *ast.ExprStmt:
			if call, ok := n.X.(*ast.CallExpr); ok {
				if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
					if v := ix.variable(sel.X); v != nil {
						ix.calls[v] = append(ix.calls[v], call)
					}
				}
			}
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, name := range n.Names {
				lhs[i] = name
			}
			ix.assign(nil, lhs, n.Values)
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if v := ix.variable(e); v != nil {
					ix.values[v] = append(ix.values[v], nil)
				}
			}
		}
	}
	return ix
}

// find returns the cursor of body, a block of the package's files (found by
// position: see source.Cursor); false for a nil body, a function declared
// without one.
func (ix *index) find(body *ast.BlockStmt) (inspector.Cursor, bool) {
	if body == nil {
		return inspector.Cursor{}, false
	}
	if cur, ok := ix.bodies[body]; ok {
		return cur, true
	}
	return source.Cursor(ix.root, body)
}

// returns yields the return statements of body, a function's body, leaving
// out those of the function literals in it, which return from the literal.
func returns(body inspector.Cursor) iter.Seq[*ast.ReturnStmt] {
	return func(yield func(*ast.ReturnStmt) bool) {
		more := true
		body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil)}, func(c inspector.Cursor) bool {
			if r, ok := c.Node().(*ast.ReturnStmt); ok && more {
				more = yield(r)
			}
			return false // a return holds no other but in a function literal
		})
	}
}

func (ix *index) assign(stmt *ast.AssignStmt, lhs, rhs []ast.Expr) {
	for i, l := range lhs {
		if f := ix.field(l); f != nil && stmt != nil && stmt.Tok == token.ASSIGN {
			if len(lhs) == len(rhs) {
				ix.fieldValues[f] = append(ix.fieldValues[f], rhs[i])
			} else {
				ix.fieldValues[f] = append(ix.fieldValues[f], nil)
			}
		}
		if sel, ok := l.(*ast.SelectorExpr); ok && stmt != nil && len(lhs) == 1 {
			if v := ix.variable(sel.X); v != nil {
				ix.fields[v] = append(ix.fields[v], stmt)
			} else if v := ix.variable(selectorRoot(sel)); v != nil {
				ix.deep[v] = append(ix.deep[v], stmt)
			}
			continue
		}
		v := ix.variable(l)
		if v == nil {
			continue
		}
		var value ast.Expr
		switch {
		case len(lhs) == len(rhs):
			value = rhs[i]
		case len(rhs) == 1 && i == 0:
			value = rhs[0] // x, err := f(): the first result is what f builds
		}
		if stmt != nil && stmt.Tok != token.ASSIGN && stmt.Tok != token.DEFINE {
			value = nil // x += y
		}
		ix.values[v] = append(ix.values[v], value)
		if stmt != nil {
			ix.stmts[v] = stmt
		}
	}
}

// variable returns the variable (not a field) that e names, or nil.
func (ix *index) variable(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	obj := ix.info.Defs[id]
	if obj == nil {
		obj = ix.info.Uses[id]
	}
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() {
		return nil
	}
	return v
}

// selectorRoot returns x of a selector chain x.A.B.C.
func selectorRoot(sel *ast.SelectorExpr) ast.Expr {
	x := ast.Unparen(sel.X)
	for {
		inner, ok := x.(*ast.SelectorExpr)
		if !ok {
			return x
		}
		x = ast.Unparen(inner.X)
	}
}

// field returns the struct field that the selector e selects, or nil.
func (ix *index) field(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s := ix.info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
		f, _ := s.Obj().(*types.Var)
		return f
	}
	return nil
}

// origin follows e through parentheses, & and * and variables assigned once,
// to the expression that made the value. It also returns the variables passed
// through, whose field assignments may have changed the value since.
func (ix *index) origin(e ast.Expr) (ast.Expr, []*types.Var) {
	var vars []*types.Var
	for depth := 0; depth < 8; depth++ {
		e = ast.Unparen(e)
		switch x := e.(type) {
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				e = x.X
				continue
			}
		case *ast.StarExpr:
			e = x.X
			continue
		case *ast.Ident:
			v := ix.variable(x)
			if v == nil {
				return e, vars
			}
			vars = append(vars, v)
			values := ix.values[v]
			if len(values) != 1 || values[0] == nil {
				return e, vars
			}
			e = values[0]
			continue
		}
		return e, vars
	}
	return e, vars
}

// intConst returns the value of e when it is an integer constant.
func (ix *index) intConst(e ast.Expr) (int, bool) {
	v, ok := eval.Int(ix.info.Types[e])
	if !ok || v != int64(int(v)) {
		return 0, false
	}
	return int(v), true
}

// funcBody returns the body and the first parameter of a function literal,
// or of the package's function that e names; false when it has no body in
// sight.
func (ix *index) funcBody(e ast.Expr) (inspector.Cursor, *types.Var, bool) {
	e, _ = ix.origin(e)
	for range 4 {
		r := ix.returnedFunc(e)
		if r == nil {
			break
		}
		e, _ = ix.origin(r)
	}
	var ft *ast.FuncType
	var body *ast.BlockStmt
	switch x := e.(type) {
	case *ast.FuncLit:
		ft, body = x.Type, x.Body
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := x.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = x.(*ast.Ident)
		}
		fn, _ := ix.info.Uses[id].(*types.Func)
		if d := ix.decls[fn]; d != nil {
			ft, body = d.Type, d.Body
		}
	}
	cur, ok := ix.find(body)
	if !ok || ft.Params == nil || len(ft.Params.List) == 0 || len(ft.Params.List[0].Names) == 0 {
		return cur, nil, ok
	}
	param, _ := ix.info.Defs[ft.Params.List[0].Names[0]].(*types.Var)
	return cur, param, true
}

// sliceElems returns the elements a slice is built of, when every value
// it is given is in sight: a composite literal, a local variable (not a
// parameter) whose values are such slices, append of such a slice and elements (or another
// such slice...). The order is the source order, not the order of
// execution.
func (ix *index) sliceElems(e ast.Expr, seen map[*types.Var]bool, depth int) ([]ast.Expr, bool) {
	if depth > 8 {
		return nil, false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			if _, ok := el.(*ast.KeyValueExpr); ok {
				return nil, false
			}
		}
		return x.Elts, true
	case *ast.Ident:
		v := ix.variable(x)
		if v == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || v.Kind() == types.ParamVar {
			return nil, false // a parameter also holds what its caller gives, out of sight
		}
		if seen[v] {
			return nil, true // x = append(x, ...): its other values are listed already
		}
		seen[v] = true
		values := ix.values[v]
		if len(values) == 0 {
			return nil, false
		}
		var out []ast.Expr
		for _, val := range values {
			if val == nil {
				return nil, false
			}
			if d, ok := val.(*ast.Ident); ok && ix.info.Defs[d] == v {
				continue // declared without a value: nil
			}
			els, ok := ix.sliceElems(val, seen, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, els...)
		}
		return out, true
	case *ast.CallExpr:
		id, ok := ast.Unparen(x.Fun).(*ast.Ident)
		if !ok || len(x.Args) == 0 {
			return nil, false
		}
		if !typematch.IsBuiltin(ix.info, id, "append") {
			return nil, false
		}
		out, ok := ix.sliceElems(x.Args[0], seen, depth+1)
		if !ok {
			return nil, false
		}
		rest := x.Args[1:]
		if x.Ellipsis.IsValid() {
			els, ok := ix.sliceElems(rest[len(rest)-1], seen, depth+1)
			if !ok {
				return nil, false
			}
			return append(append(out, rest[:len(rest)-1]...), els...), true
		}
		return append(out, rest...), true
	}
	return nil, false
}

// returnedFunc returns, when e calls a function of the package that returns
// a function, the one function expression its return statements give
// (besides nil): loki's s3ClientConfigFunc(cfg) returns the option function
// that NewFromConfig is given. Otherwise nil.
func (ix *index) returnedFunc(e ast.Expr) ast.Expr {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := typematch.Callee(ix.info, call)
	d := ix.decls[fn]
	if d == nil || fn.Signature().Results().Len() == 0 {
		return nil
	}
	if _, ok := fn.Signature().Results().At(0).Type().Underlying().(*types.Signature); !ok {
		return nil
	}
	body, ok := ix.find(d.Body)
	if !ok {
		return nil
	}
	var out ast.Expr
	for r := range returns(body) {
		if len(r.Results) == 0 {
			return nil // named results: not followed
		}
		if ix.info.Types[r.Results[0]].IsNil() {
			continue
		}
		if out != nil {
			return nil
		}
		out = r.Results[0]
	}
	return out
}

// fieldAssigns calls set for every "p.F = x" in body where p is param (not
// nil).
func (ix *index) fieldAssigns(body inspector.Cursor, param *types.Var, set func(field string, x ast.Expr)) {
	for cur := range body.Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		if sel, ok := as.Lhs[0].(*ast.SelectorExpr); ok && ix.variable(sel.X) == param {
			set(sel.Sel.Name, as.Rhs[0])
		}
	}
}
