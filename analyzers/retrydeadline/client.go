package retrydeadline

import (
	"go/ast"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// An http.Client's Timeout bounds each request it sends: connecting, any
// redirects and reading the response body, all under one timer
// (https://pkg.go.dev/net/http#Client). A retry whose every attempt sends
// one request through a client whose Timeout is visible has that Timeout as
// its per-attempt timeout. The client is followed through what the package
// can see of it: a literal, a local or unexported package-level variable,
// or an unexported pointer field of a struct of the package, each given
// values only where this package writes them.

// writes is what the package writes to its variables and struct fields.
type writes struct {
	// values lists, for a variable or field, the expressions it is given:
	// initialisers, assignments, and a field's keyed composite-literal
	// elements.
	values map[types.Object][]ast.Expr
	// declared holds the variables declared with a value (x := e, var x = e).
	declared map[types.Object]bool
	// unknown holds the variables and fields written in ways not listed in
	// values: &x, a tuple assignment, x op= y, a positional literal.
	unknown map[types.Object]bool
	// fields lists, for a variable v, the values v.F = e gives each of its
	// fields F, by name, and v.F.G = e as "F.G".
	fields map[types.Object]map[string][]ast.Expr
	// timeoutSet: the package assigns the Timeout of an http.Client that
	// may be one of its own (not v.F.Timeout on a client another package's
	// constructor made, see below).
	timeoutSet bool
}

// writes returns the package's writes, computed on first use.
func (c *checker) writes() *writes {
	if c.w != nil {
		return c.w
	}
	w := &writes{values: map[types.Object][]ast.Expr{}, declared: map[types.Object]bool{}, unknown: map[types.Object]bool{},
		fields: map[types.Object]map[string][]ast.Expr{}}
	c.w = w
	target := func(e ast.Expr) types.Object {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			if obj := c.info.Defs[e]; obj != nil {
				return obj
			}
			return c.info.Uses[e]
		case *ast.SelectorExpr:
			if sel := c.info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal {
				return sel.Obj()
			}
		}
		return nil
	}
	// isTimeout reports whether e is the Timeout of an http.Client.
	isTimeout := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		s := c.info.Selections[sel]
		return s != nil && s.Kind() == types.FieldVal && s.Obj().Name() == "Timeout" &&
			typematch.IsNamed(typematch.Deref(s.Recv()), "net/http", "Client")
	}
	// v.F.Timeout = e changes only the client v.F holds: where v is given
	// once a constructor of another package's, and the package never sets
	// v.F, the client is that package's own (go-retryablehttp's NewClient
	// makes one), not one of this package's. Decided once every write is
	// known.
	type nested struct {
		v     types.Object
		field types.Object
	}
	var nestedTimeouts []nested
	filter := []ast.Node{(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.RangeStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.CompositeLit)(nil)}
	for cur := range c.root.Preorder(filter...) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if !isTimeout(l) {
					continue
				}
				if inner, ok := ast.Unparen(l.(*ast.SelectorExpr).X).(*ast.SelectorExpr); ok {
					v, isVar := c.info.Uses[identOf(inner.X)].(*types.Var)
					if f := c.info.Uses[inner.Sel]; isVar && f != nil && f.Pkg() != c.pass.Pkg {
						nestedTimeouts = append(nestedTimeouts, nested{v, f})
						continue
					}
				}
				w.timeoutSet = true
			}
			for i, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
					name := sel.Sel.Name
					if inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok {
						// v.F.G = e: recorded as v's "F.G"
						sel, name = inner, inner.Sel.Name+"."+name
					}
					if v, ok := c.info.Uses[identOf(sel.X)].(*types.Var); ok {
						if w.fields[v] == nil {
							w.fields[v] = map[string][]ast.Expr{}
						}
						var val ast.Expr = sel // x op= y: no value of its own
						if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
							val = n.Rhs[i]
						}
						w.fields[v][name] = append(w.fields[v][name], val)
					}
				}
				obj := target(l)
				if obj == nil {
					continue
				}
				if (n.Tok != token.ASSIGN && n.Tok != token.DEFINE) || len(n.Lhs) != len(n.Rhs) {
					w.unknown[obj] = true
					continue
				}
				w.values[obj] = append(w.values[obj], n.Rhs[i])
				if id, ok := l.(*ast.Ident); ok && c.info.Defs[id] == obj {
					w.declared[obj] = true
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				obj := c.info.Defs[id]
				switch {
				case obj == nil:
				case len(n.Values) == len(n.Names):
					w.values[obj] = append(w.values[obj], n.Values[i])
					w.declared[obj] = true
				case len(n.Values) > 0:
					w.unknown[obj] = true
				}
			}
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if obj := target(e); obj != nil {
						w.unknown[obj] = true
					}
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && isTimeout(n.X) {
				w.timeoutSet = true
			}
			if n.Op == token.AND {
				if obj := target(n.X); obj != nil {
					w.unknown[obj] = true
				}
			}
		case *ast.CompositeLit:
			st, ok := typematch.Deref(c.info.TypeOf(n)).Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i, el := range n.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if key, ok := kv.Key.(*ast.Ident); ok {
						if obj := c.info.Uses[key]; obj != nil {
							w.values[obj] = append(w.values[obj], kv.Value)
						}
					}
				} else if i < st.NumFields() {
					w.unknown[st.Field(i)] = true
				}
			}
		}
	}
	for _, t := range nestedTimeouts {
		values := w.values[t.v]
		var ctor *types.Func
		if len(values) == 1 && w.declared[t.v] {
			if call, ok := ast.Unparen(values[0]).(*ast.CallExpr); ok {
				ctor = typematch.Callee(c.info, call)
			}
		}
		if ctor == nil || ctor.Pkg() != t.field.Pkg() || w.unknown[t.v] || len(w.fields[t.v][t.field.Name()]) > 0 {
			w.timeoutSet = true
		}
	}
	return w
}

// sendTimeout returns the Timeout of the client through which call, an
// attempt's checked call, sends its request: a method of http.Client, or a
// function of this package that sends exactly one request, outside any
// loop, through such a client.
func (c *checker) sendTimeout(call *ast.CallExpr) (time.Duration, bool) {
	if recv, ok := c.clientSend(call); ok {
		return c.clientTimeout(recv, 0)
	}
	_, decl := c.calleeDecl(call)
	if decl == nil {
		return 0, false
	}
	body, ok := c.cursor(decl.Body)
	if !ok {
		return 0, false
	}
	var recv ast.Expr
	sends, repeated := 0, false
	// walk counts the sends below n; inLoop: n may run more than once (a
	// loop, or a function literal called who knows how often).
	var walk func(n inspector.Cursor, inLoop bool)
	walk = func(n inspector.Cursor, inLoop bool) {
		n.Inspect([]ast.Node{(*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}, func(cur inspector.Cursor) bool {
			switch m := cur.Node().(type) {
			case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
				if cur != n {
					walk(cur, true)
					return false
				}
			case *ast.CallExpr:
				if r, ok := c.clientSend(m); ok {
					sends++
					recv, repeated = r, repeated || inLoop
				}
			}
			return true
		})
	}
	walk(body, false)
	if sends != 1 || repeated {
		return 0, false
	}
	return c.clientTimeout(recv, 0)
}

// clientSend returns the client expression of a call to a method of
// http.Client that sends a request (Do, Get, Head, Post, PostForm).
func (c *checker) clientSend(call *ast.CallExpr) (ast.Expr, bool) {
	fn := typematch.Callee(c.info, call)
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	for _, name := range []string{"Do", "Get", "Head", "Post", "PostForm"} {
		if typematch.IsMethod(fn, "net/http", "Client", name) {
			return sel.X, true
		}
	}
	return nil, false
}

// clientTimeout returns the Timeout of the client e (an *http.Client or an
// http.Client) when every value e can hold is visible and sets the same
// positive Timeout; false when one is out of sight or has none (a client
// without a Timeout does not bound its attempts).
func (c *checker) clientTimeout(e ast.Expr, depth int) (time.Duration, bool) {
	if depth > 6 {
		return 0, false
	}
	w := c.writes()
	if w.timeoutSet {
		return 0, false // a Timeout changed after the client was made
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		if !typematch.IsNamed(c.info.TypeOf(e), "net/http", "Client") {
			return 0, false
		}
		return c.literalTimeout(e) // none: nothing bounds an attempt
	case *ast.Ident, *ast.SelectorExpr:
		obj := c.info.ObjectOf(typematch.Ident(e))
		v, ok := obj.(*types.Var)
		if !ok || v.Pkg() != c.pass.Pkg || v.Exported() || w.unknown[v] {
			return 0, false // another package may set it
		}
		if v.IsField() {
			// A field that a literal leaves out is nil: a call through it
			// panics rather than sends without a Timeout. A value field
			// would be a client without one.
			if _, ptr := v.Type().(*types.Pointer); !ptr {
				return 0, false
			}
		} else if !w.declared[v] {
			return 0, false // a parameter, or declared without a value
		}
		values := w.values[v]
		if len(values) == 0 {
			return 0, false
		}
		var timeout time.Duration
		for i, val := range values {
			d, ok := c.clientTimeout(val, depth+1)
			if !ok || i > 0 && d != timeout {
				return 0, false
			}
			timeout = d
		}
		return timeout, true
	}
	return 0, false
}
