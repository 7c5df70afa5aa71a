package unkeyedpost

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// harmlessPkgs are packages whose functions may be handed a request, a
// client or a header map without setting an idempotency key or changing a
// retry count (logging, dumping, formatting).
var harmlessPkgs = map[string]bool{
	"fmt": true, "log": true, "log/slog": true, "net/http": true, "net/http/httputil": true,
	"net/http/httptrace": true, "context": true, "errors": true,
}

// refs returns the identifiers that refer to v (its declaration excluded),
// looked for in the function that declares it, or in the whole package for a
// package-level variable.
func (c *checker) refs(v *types.Var) []inspector.Cursor {
	scope := c.root
	if v.Pkg() != nil && v.Parent() != v.Pkg().Scope() {
		fd, ok := c.funcAt(v.Pos())
		if !ok {
			return nil // a local of a package-level function literal: not worth a walk of the package
		}
		scope = fd
	}
	var out []inspector.Cursor
	for cur := range scope.Preorder((*ast.Ident)(nil)) {
		if c.pass.TypesInfo.Uses[cur.Node().(*ast.Ident)] == v {
			out = append(out, cur)
		}
	}
	return out
}

// varOf returns the variable that e names, or nil.
func (c *checker) varOf(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if v == nil || v.IsField() {
		return nil
	}
	return v
}

// varUses is what a function (or package) does with one variable that holds
// a client or a request.
type varUses struct {
	defs      []ast.Expr            // values given to it; a nil entry: one the analysis cannot read
	fieldSets map[string][]ast.Expr // v.F = e
	calls     []inspector.Cursor    // v.M(...) and calls chained on it
	other     []inspector.Cursor    // every other use, for the caller to judge
}

// usesOf collects what is done with v.
func (c *checker) usesOf(v *types.Var) *varUses {
	u := &varUses{fieldSets: make(map[string][]ast.Expr)}
	if init := c.initOf(v); init != nil {
		u.defs = append(u.defs, init)
	}
	for _, ref := range c.refs(v) {
		parent := ref.Parent()
		switch ek, idx := ref.ParentEdge(); ek {
		case edge.AssignStmt_Lhs:
			as := parent.Node().(*ast.AssignStmt)
			if len(as.Lhs) == len(as.Rhs) {
				u.defs = append(u.defs, as.Rhs[idx])
			} else {
				u.defs = append(u.defs, nil)
			}
			continue
		case edge.SelectorExpr_X:
			sel := parent.Node().(*ast.SelectorExpr)
			if pe, pidx := parent.ParentEdge(); pe == edge.AssignStmt_Lhs {
				as := parent.Parent().Node().(*ast.AssignStmt)
				if len(as.Lhs) == len(as.Rhs) && as.Tok == token.ASSIGN {
					u.fieldSets[sel.Sel.Name] = append(u.fieldSets[sel.Sel.Name], as.Rhs[pidx])
					continue
				}
			}
			if parent.ParentEdgeKind() == edge.CallExpr_Fun {
				u.calls = append(u.calls, parent.Parent())
				continue
			}
		}
		u.other = append(u.other, ref)
	}
	return u
}

// initOf returns the expression that v is declared with (v := e, var v = e),
// or nil.
func (c *checker) initOf(v *types.Var) ast.Expr {
	decl, ok := c.find(v.Pos(), v.Pos()+token.Pos(len(v.Name())))
	if !ok {
		return nil
	}
	id, ok := decl.Node().(*ast.Ident)
	if !ok || c.pass.TypesInfo.Defs[id] != v {
		return nil
	}
	switch ek, idx := decl.ParentEdge(); ek {
	case edge.AssignStmt_Lhs:
		as := decl.Parent().Node().(*ast.AssignStmt)
		if len(as.Lhs) == len(as.Rhs) {
			return as.Rhs[idx]
		}
		if len(as.Rhs) == 1 && idx == 0 {
			return as.Rhs[0] // req, err := http.NewRequest(...): the first result
		}
	case edge.ValueSpec_Names:
		vs := decl.Parent().Node().(*ast.ValueSpec)
		if len(vs.Names) == len(vs.Values) {
			return vs.Values[idx]
		}
		if len(vs.Values) == 1 && idx == 0 {
			return vs.Values[0]
		}
	}
	return nil
}

// funcAt returns the cursor of the function declaration that holds pos, by
// binary search: a search from the root would scan every declaration of the
// file, for every request.
func (c *checker) funcAt(pos token.Pos) (inspector.Cursor, bool) {
	if c.funcs == nil {
		for cur := range c.root.Preorder((*ast.FuncDecl)(nil)) {
			c.funcs = append(c.funcs, cur)
		}
		slices.SortFunc(c.funcs, func(a, b inspector.Cursor) int { return cmp.Compare(a.Node().Pos(), b.Node().Pos()) })
	}
	i, _ := slices.BinarySearchFunc(c.funcs, pos, func(cur inspector.Cursor, p token.Pos) int {
		switch n := cur.Node(); {
		case n.End() <= p:
			return -1
		case n.Pos() > p:
			return 1
		}
		return 0
	})
	if i < len(c.funcs) && c.funcs[i].Node().Pos() <= pos && pos < c.funcs[i].Node().End() {
		return c.funcs[i], true
	}
	return inspector.Cursor{}, false
}

// funcOf returns the function declared by the declaration that holds pos,
// or nil.
func (c *checker) funcOf(pos token.Pos) *types.Func {
	fd, ok := c.funcAt(pos)
	if !ok {
		return nil
	}
	fn, _ := c.pass.TypesInfo.Defs[fd.Node().(*ast.FuncDecl).Name].(*types.Func)
	return fn
}

// enclosing returns the retry sites whose attempt holds pos, outermost
// first, as retrysite's Result.Enclosing does, looking only at the sites of
// the function declaration that holds pos: asked for every send and every
// call of a helper, a scan of every site of the package would make the
// analysis quadratic in the package's size.
func (c *checker) enclosing(pos token.Pos) []*retrysite.Site {
	c.indexSites()
	var key ast.Node
	if fd, ok := c.funcAt(pos); ok {
		key = fd.Node()
	}
	var out []*retrysite.Site
	for _, s := range c.sitesIn[key] {
		if s.Contains(pos) {
			out = append(out, s)
		}
	}
	// Attempts nest strictly: a larger attempt is an outer one.
	slices.SortStableFunc(out, func(a, b *retrysite.Site) int {
		return cmp.Compare(b.Attempt.End()-b.Attempt.Pos(), a.Attempt.End()-a.Attempt.Pos())
	})
	return out
}

// isAttempt reports whether body is the attempt of a retry site.
func (c *checker) isAttempt(body *ast.BlockStmt) bool {
	c.indexSites()
	return c.attempts[body]
}

// indexSites builds, once, the indexes of enclosing and isAttempt.
func (c *checker) indexSites() {
	if c.sitesIn != nil {
		return
	}
	c.sitesIn = make(map[ast.Node][]*retrysite.Site)
	c.attempts = make(map[*ast.BlockStmt]bool)
	for _, s := range c.sites.Sites {
		if s.Attempt == nil {
			continue
		}
		c.attempts[s.Attempt] = true
		var key ast.Node
		if fd, ok := c.funcAt(s.Attempt.Pos()); ok {
			key = fd.Node()
		}
		c.sitesIn[key] = append(c.sitesIn[key], s)
	}
}

// declOf returns the declaration of fn, a function of this package, or nil.
func (c *checker) declOf(fn *types.Func) *ast.FuncDecl {
	if c.decls == nil {
		c.decls = make(map[*types.Func]*ast.FuncDecl)
		for cur := range c.root.Preorder((*ast.FuncDecl)(nil)) {
			d := cur.Node().(*ast.FuncDecl)
			if f, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func); ok && d.Body != nil {
				c.decls[f] = d
			}
		}
	}
	return c.decls[fn]
}

// find returns the innermost node that holds [start, end), searching from
// its function declaration when it has one.
func (c *checker) find(start, end token.Pos) (inspector.Cursor, bool) {
	if fd, ok := c.funcAt(start); ok {
		return fd.FindByPos(start, end)
	}
	return c.root.FindByPos(start, end)
}

// cursorOf returns the cursor of n, searched for from its function
// declaration when it has one.
func (c *checker) cursorOf(n ast.Node) (inspector.Cursor, bool) {
	if fd, ok := c.funcAt(n.Pos()); ok {
		if cur, ok := source.Cursor(fd, n); ok {
			return cur, true
		}
	}
	return source.Cursor(c.root, n)
}
