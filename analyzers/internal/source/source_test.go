package source

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"golang.org/x/tools/go/ast/inspector"
)

// TestCursor checks that Cursor finds each node of a file, including a node
// whose only child spans all of it (the ExprStmt around a call, where
// FindByPos alone would stop at the call), and finds nothing for a node
// that is not in the tree.
func TestCursor(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", "package p\n\nfunc f() { g(h(1)); _ = (x) }\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	root := inspector.New([]*ast.File{f}).Root()
	n := 0
	ast.Inspect(f, func(node ast.Node) bool {
		if node == nil {
			return false
		}
		cur, ok := Cursor(root, node)
		if !ok || cur.Node() != node {
			t.Errorf("Cursor(%T at %v) = %v, %v; want the node itself", node, fset.Position(node.Pos()), cur.Node(), ok)
		}
		n++
		return true
	})
	if n < 15 {
		t.Fatalf("walked %d nodes; the test file should have more", n)
	}
	if cur, ok := Cursor(root, &ast.Ident{Name: "x", NamePos: f.Decls[0].Pos()}); ok {
		t.Errorf("Cursor of a node outside the tree = %v; want none", cur.Node())
	}
}
