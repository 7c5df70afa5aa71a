package zerotimeout

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// A path names where a client lives: a variable, and the fields followed
// from it (s.hc is the variable s and the field hc). Pointers are followed
// implicitly, as selectors do.
type path struct {
	root   types.Object
	fields []*types.Var // field origins, so generic instances compare equal
}

// A pathKey identifies a path in a map.
type pathKey struct {
	root   types.Object
	fields string // the fields' addresses, in order
}

func (p *path) key() pathKey {
	var b strings.Builder
	for _, f := range p.fields {
		fmt.Fprintf(&b, "%p.", f)
	}
	return pathKey{p.root, b.String()}
}

func (p *path) equal(q *path) bool {
	return p != nil && q != nil && p.root == q.root && slices.Equal(p.fields, q.fields)
}

// pathOf returns the path an expression denotes, or nil.
func (c *checker) pathOf(e ast.Expr) *path {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := c.pass.TypesInfo.ObjectOf(e).(*types.Var); ok && !v.IsField() {
			return &path{root: v}
		}
	case *ast.StarExpr:
		return c.pathOf(e.X)
	case *ast.SelectorExpr:
		sel, ok := c.pass.TypesInfo.Selections[e]
		if !ok { // a qualified identifier, such as http.DefaultClient
			if v, ok := c.pass.TypesInfo.Uses[e.Sel].(*types.Var); ok {
				return &path{root: v}
			}
			return nil
		}
		field, ok := sel.Obj().(*types.Var)
		if sel.Kind() != types.FieldVal || !ok {
			return nil
		}
		if base := c.pathOf(e.X); base != nil {
			return &path{root: base.root, fields: append(slices.Clip(base.fields), field.Origin())}
		}
	}
	return nil
}

// target returns the path that the client made by the expression at cur is
// stored in (c := &http.Client{}, s.hc = new(http.Client),
// s := &S{hc: &http.Client{}}), or nil.
func (c *checker) target(cur inspector.Cursor) *path {
	for {
		kind, idx := cur.ParentEdge()
		parent := cur.Parent()
		switch kind {
		case edge.ParenExpr_X:
		case edge.UnaryExpr_X:
			if parent.Node().(*ast.UnaryExpr).Op != token.AND {
				return nil
			}
		case edge.AssignStmt_Rhs:
			as := parent.Node().(*ast.AssignStmt)
			if len(as.Lhs) != len(as.Rhs) {
				return nil
			}
			return c.pathOf(as.Lhs[idx])
		case edge.ValueSpec_Values:
			spec := parent.Node().(*ast.ValueSpec)
			if len(spec.Names) != len(spec.Values) {
				return nil
			}
			return c.pathOf(spec.Names[idx])
		case edge.KeyValueExpr_Value:
			key, ok := parent.Node().(*ast.KeyValueExpr).Key.(*ast.Ident)
			if !ok {
				return nil
			}
			field, ok := c.pass.TypesInfo.Uses[key].(*types.Var)
			if !ok || !field.IsField() {
				return nil
			}
			outer := c.target(parent.Parent())
			if outer == nil {
				return nil
			}
			return &path{root: outer.root, fields: append(slices.Clip(outer.fields), field.Origin())}
		default:
			return nil
		}
		cur = parent
	}
}

// enclosingFunc returns the body of the innermost function around cur.
func enclosingFunc(cur inspector.Cursor) (inspector.Cursor, bool) {
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var body *ast.BlockStmt
		switch f := fn.Node().(type) {
		case *ast.FuncDecl:
			body = f.Body
		case *ast.FuncLit:
			body = f.Body
		}
		if body == nil {
			return inspector.Cursor{}, false
		}
		return fn.Child(body), true
	}
	return inspector.Cursor{}, false
}

// directFuncDecl returns the function declaration cur is directly in (not
// in a function literal inside it), or nil.
func directFuncDecl(cur inspector.Cursor) *ast.FuncDecl {
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		fd, _ := f.Node().(*ast.FuncDecl)
		return fd
	}
	return nil
}

// setBeforeUse reports whether, in the function around cur, the client stored
// in p gets a Timeout that is not provably zero after cur and before its
// first use. Only assignments in that function itself count, not in a
// closure (which may run at any time), but an assignment under a condition
// counts: the analyzer stays quiet when it cannot tell.
func (c *checker) setBeforeUse(cur inspector.Cursor, p *path) bool {
	body, ok := enclosingFunc(cur)
	if p == nil || !ok {
		return false
	}
	set, use := c.scan(body, p, cur.Node().End())
	return set.IsValid() && (!use.IsValid() || set < use)
}

// defaultTimeoutSetBefore reports whether http.DefaultClient.Timeout is
// assigned a value that is not provably zero earlier in the function around
// cur than pos.
func (c *checker) defaultTimeoutSetBefore(cur inspector.Cursor, pos token.Pos) bool {
	body, ok := enclosingFunc(cur)
	if !ok {
		return false
	}
	set, cached := c.defaultSet[body.Node()]
	if !cached {
		for _, imp := range c.pass.Pkg.Imports() {
			if imp.Path() == httpPath {
				set, _ = c.scan(body, &path{root: imp.Scope().Lookup("DefaultClient")}, body.Node().Pos())
			}
		}
		c.defaultSet[body.Node()] = set
	}
	return set.IsValid() && set < pos
}

// scan walks the function body from position from, in source order, to the
// first assignment of a Timeout that is not provably zero to the client at p
// (also by a setter of the package, see setterCall), or of a new value to p
// itself (set), and returns it with the first use of the client before it
// (use; NoPos when there is none). Assignments to the client's fields are not
// uses.
func (c *checker) scan(body inspector.Cursor, p *path, from token.Pos) (set, use token.Pos) {
	fn := body.Parent().Node()
	for cur := range body.Preorder((*ast.Ident)(nil), (*ast.SelectorExpr)(nil), (*ast.StarExpr)(nil), (*ast.ParenExpr)(nil), (*ast.CallExpr)(nil)) {
		n := cur.Node().(ast.Expr)
		if n.Pos() < from {
			continue
		}
		if call, ok := n.(*ast.CallExpr); ok {
			// A setter of the package called on the client or what holds
			// it: s.setTimeout(d), configure(c).
			sets, reaches := c.setterCall(call, p)
			if sets && inFunc(cur, fn) {
				return call.Pos(), use
			}
			if reaches && !use.IsValid() {
				use = call.Pos() // s.fetch(u) may send through s.hc
			}
			continue
		}
		if !p.equal(c.pathOf(n)) {
			continue
		}
		switch kind, _ := cur.ParentEdge(); kind {
		case edge.ParenExpr_X, edge.StarExpr_X:
			continue // the outer expression is the mention
		case edge.AssignStmt_Lhs:
			// The variable gets a new client before the old one was used:
			// the old one never sends (the new one, if made here, is
			// checked on its own).
			if inFunc(cur, fn) {
				return n.Pos(), use
			}
			continue
		case edge.SelectorExpr_X:
			selCur := cur.Parent()
			sel := selCur.Node().(*ast.SelectorExpr)
			if s, ok := c.pass.TypesInfo.Selections[sel]; !ok || s.Kind() != types.FieldVal {
				break // a method call or value uses the client
			}
			skind, idx := selCur.ParentEdge()
			if skind != edge.AssignStmt_Lhs {
				continue // reading a field sends nothing
			}
			as := selCur.Parent().Node().(*ast.AssignStmt)
			if sel.Sel.Name == "Timeout" && as.Tok == token.ASSIGN && len(as.Lhs) == len(as.Rhs) &&
				!c.isZero(as.Rhs[idx]) && inFunc(selCur, fn) && !c.onlyWhenGiven(selCur, as.Rhs[idx]) {
				return sel.Pos(), use
			}
			continue
		}
		if !use.IsValid() {
			use = n.Pos()
		}
	}
	return token.NoPos, use
}

// onlyWhenGiven reports whether the Timeout value v, assigned at cur, is
// *x under if x != nil: an optional setting (go-github's WithTimeout
// option, a *time.Duration) that is nil unless the caller gives it, so that
// without it the Timeout stays zero.
func (c *checker) onlyWhenGiven(cur inspector.Cursor, v ast.Expr) bool {
	star, ok := ast.Unparen(v).(*ast.StarExpr)
	if !ok {
		return false
	}
	x := c.pathOf(star.X)
	for ifCur := range cur.Enclosing((*ast.IfStmt)(nil)) {
		cond, ok := ast.Unparen(ifCur.Node().(*ast.IfStmt).Cond).(*ast.BinaryExpr)
		if !ok || cond.Op != token.NEQ {
			return false
		}
		a, b := cond.X, cond.Y
		if c.isNil(a) {
			a, b = b, a
		}
		return c.isNil(b) && x.equal(c.pathOf(a)) && ifCur.Node().(*ast.IfStmt).Body.Pos() <= cur.Node().Pos() &&
			cur.Node().End() <= ifCur.Node().(*ast.IfStmt).Body.End()
	}
	return false
}

// inFunc reports whether cur is directly in the function fn, not in a
// closure inside it.
func inFunc(cur inspector.Cursor, fn ast.Node) bool {
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return f.Node() == fn
	}
	return false
}
