package source

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
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

// TestHarnessPackageE2E: a package under an e2e directory of its
// repository is test support, in the repository's module or a nested one;
// one of a repository named e2e is not, and neither is a package whose
// element only starts with e2e. Module information plays no part.
func TestHarnessPackageE2E(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "client.go", "package client\n\nimport \"net/http\"\n\nvar _ = http.Get\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		pkg, module string
		want        bool
	}{
		{"github.com/redis/go-redis/v9/maintnotifications/e2e", "github.com/redis/go-redis/v9", true},
		{"k8s.io/kubernetes/test/e2e/framework", "k8s.io/kubernetes", true},
		{"github.com/acme/proj/test/e2e/framework", "github.com/acme/proj/test/e2e", true},
		{"github.com/acme/e2e/client", "github.com/acme/e2e", false},
		{"github.com/acme/e2e/client", "", false},
		{"example.com/e2e", "example.com/e2e", false},
		{"example.com/app/e2eclient", "example.com/app", false},
		{"retrysite/testsupport/e2e", "", true},
		{"retrysite/testsupport/prod", "", false},
		{"e2e", "", true},
	} {
		pass := &analysis.Pass{Fset: fset, Files: []*ast.File{file}, Pkg: types.NewPackage(tc.pkg, "client")}
		if tc.module != "" {
			pass.Module = &analysis.Module{Path: tc.module}
		}
		if got := HarnessPackage(pass); got != tc.want {
			t.Errorf("HarnessPackage(%s in module %q) = %v, want %v", tc.pkg, tc.module, got, tc.want)
		}
	}
}
