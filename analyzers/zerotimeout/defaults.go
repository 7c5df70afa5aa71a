package zerotimeout

import (
	"go/ast"
	"go/token"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// A defaultConfig is how the package configures http.DefaultClient and
// http.DefaultTransport, anywhere (an init, main).
type defaultConfig struct {
	// setIn are the functions that give http.DefaultClient a Timeout that
	// is not provably zero, or a new client.
	setIn map[ast.Node]bool
	// fields are the fields of http.DefaultClient the package assigns
	// (Transport, Jar, CheckRedirect): a fix that replaces the client
	// must keep them.
	fields map[string]bool
	// transport is true when the package changes http.DefaultTransport
	// (assigns it, or asserts it to *http.Transport, as code does to set
	// its fields): a fix must not replace it by a copy of its defaults.
	transport bool
}

func (c *checker) defaultConfig() defaultConfig {
	cfg := defaultConfig{setIn: make(map[ast.Node]bool), fields: make(map[string]bool)}
	isDefault := func(e ast.Expr, name string) bool {
		p := c.pathOf(e)
		return p != nil && len(p.fields) == 0 && typematch.IsVar(p.root, httpPath, name)
	}
	for cur := range c.insp.Root().Preorder((*ast.AssignStmt)(nil), (*ast.TypeAssertExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.TypeAssertExpr:
			// http.DefaultTransport.(*http.Transport).Clone() copies it; any
			// other use of the assertion may change it.
			if isDefault(n.X, "DefaultTransport") && !isCloned(cur) {
				cfg.transport = true
			}
		case *ast.AssignStmt:
			fn := enclosingFuncNode(cur)
			for i, lhs := range n.Lhs {
				for x := range cur.ChildAt(edge.AssignStmt_Lhs, i).Preorder() {
					if e, ok := x.Node().(ast.Expr); ok && isDefault(e, "DefaultTransport") {
						cfg.transport = true
					}
				}
				if isDefault(lhs, "DefaultClient") {
					cfg.setIn[fn] = true
					continue
				}
				sel, ok := lhs.(*ast.SelectorExpr)
				if !ok || !isDefault(sel.X, "DefaultClient") {
					continue
				}
				switch name := sel.Sel.Name; name {
				case "Timeout":
					if len(n.Lhs) == len(n.Rhs) && !c.isZero(n.Rhs[i]) {
						cfg.setIn[fn] = true
					}
				case "Transport", "Jar", "CheckRedirect":
					cfg.fields[name] = true
				}
			}
		}
	}
	return cfg
}

// enclosingFuncNode returns the innermost function around cur, or nil at
// package level.
func enclosingFuncNode(cur inspector.Cursor) ast.Node {
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return fn.Node()
	}
	return nil
}

// defaultTimeoutSet reports whether http.DefaultClient has a Timeout (or
// is replaced) before the use at cur: earlier in the same function, or in
// any other function of the package (an init, main, a setup function),
// which the analyzer takes to run first.
func (c *checker) defaultTimeoutSet(cur inspector.Cursor, pos token.Pos) bool {
	here := enclosingFuncNode(cur)
	for fn := range c.defaults.setIn {
		if fn != here {
			return true
		}
	}
	return c.defaultTimeoutSetBefore(cur, pos)
}

// isCloned reports whether the expression at cur is only cloned: x.Clone().
func isCloned(cur inspector.Cursor) bool {
	if kind, _ := cur.ParentEdge(); kind != edge.SelectorExpr_X {
		return false
	}
	sel := cur.Parent()
	return sel.Node().(*ast.SelectorExpr).Sel.Name == "Clone" && isCall(sel)
}

// timeoutGivenThrough reports whether http.DefaultClient, mentioned at cur
// and stored by that statement in a variable or field (c :=
// http.DefaultClient, cfg.HTTPClient = http.DefaultClient), is given a
// Timeout that is not provably zero through it by the statements that
// follow in the same block, before anything else mentions it: an
// assignment c.Timeout = d, or an if with an else whose every branch makes
// one (Adyen's NewClient sets the configured Timeout, or 60 seconds). That
// changes the client every user of http.DefaultClient shares, but it is
// bounded. A branch that may replace the variable, or set the Timeout only
// sometimes, leaves it reported.
func (c *checker) timeoutGivenThrough(cur inspector.Cursor) bool {
	p := c.target(cur)
	if p == nil {
		return false
	}
	for stmt := cur; stmt.Node() != nil; stmt = stmt.Parent() {
		var list []ast.Stmt // the statements stmt stands among
		kind, idx := stmt.ParentEdge()
		switch kind {
		case edge.BlockStmt_List:
			list = stmt.Parent().Node().(*ast.BlockStmt).List
		case edge.CaseClause_Body:
			list = stmt.Parent().Node().(*ast.CaseClause).Body
		case edge.CommClause_Body:
			list = stmt.Parent().Node().(*ast.CommClause).Body
		case edge.Invalid:
			return false
		default:
			continue
		}
		gives, _ := c.givesTimeout(list[idx+1:], p)
		return gives
	}
	return false
}

// givesTimeout reads list in order for the first statement that gives the
// client at p a Timeout that is not provably zero (gives) or that mentions
// p otherwise (touched).
func (c *checker) givesTimeout(list []ast.Stmt, p *path) (gives, touched bool) {
	for _, st := range list {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if len(st.Lhs) == 1 && len(st.Rhs) == 1 {
				if sel, ok := st.Lhs[0].(*ast.SelectorExpr); ok && sel.Sel.Name == "Timeout" && p.equal(c.pathOf(sel.X)) {
					return !c.isZero(st.Rhs[0]), true
				}
			}
		case *ast.IfStmt:
			if g := c.everyBranchGives(st, p); g || c.mentionsPath(st, p) {
				return g, true
			}
			continue
		}
		if c.mentionsPath(st, p) {
			return false, true
		}
	}
	return false, false
}

// everyBranchGives reports whether each branch of the if chain s, which
// ends in an else, gives the client at p a Timeout.
func (c *checker) everyBranchGives(s *ast.IfStmt, p *path) bool {
	if c.mentionsPath(s.Cond, p) || s.Init != nil && c.mentionsPath(s.Init, p) {
		return false
	}
	if g, _ := c.givesTimeout(s.Body.List, p); !g {
		return false
	}
	switch e := s.Else.(type) {
	case *ast.BlockStmt:
		g, _ := c.givesTimeout(e.List, p)
		return g
	case *ast.IfStmt:
		return c.everyBranchGives(e, p)
	}
	return false
}

// mentionsPath reports whether n mentions the client at p, or hands on a
// variable it is held in (configure(cfg) may send through cfg.HTTPClient).
func (c *checker) mentionsPath(n ast.Node, p *path) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.SelectorExpr, *ast.Ident:
			found = found || p.equal(c.pathOf(e.(ast.Expr)))
		case *ast.CallExpr:
			for _, arg := range e.Args {
				q := c.pathOf(arg)
				found = found || q != nil && q.root == p.root && len(q.fields) <= len(p.fields) && slices.Equal(q.fields, p.fields[:len(q.fields)])
			}
		}
		return !found
	})
	return found
}
