package zerotimeout

import (
	"go/ast"
	"go/token"

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
