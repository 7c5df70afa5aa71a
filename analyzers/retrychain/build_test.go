package retrychain

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/analyzers/nestedretry"
)

// lib type-checks a package minio with a client whose method calls another.
func lib(t *testing.T) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "minio.go", `package minio
type Client struct{}
func (c *Client) MakeBucket() error { return c.CreateSession() }
func (c *Client) CreateSession() error { return nil }
func Get() error { return nil }
`, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("github.com/minio/minio-go/v7", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

func method(pkg *types.Package, typ, name string) *types.Func {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup(typ).Type()), true, pkg, name)
	return obj.(*types.Func)
}

// TestClientLabel: functions named as nestedretry names client operations.
func TestClientLabel(t *testing.T) {
	pkg := lib(t)
	if got := clientLabel(method(pkg, "Client", "MakeBucket")); got != "minio.Client.MakeBucket" {
		t.Errorf("method: %q", got)
	}
	if got := clientLabel(pkg.Scope().Lookup("Get").(*types.Func)); got != "minio.Get" {
		t.Errorf("function: %q", got)
	}
	if got := linkName(method(pkg, "Client", "MakeBucket")); got != "(*Client).MakeBucket" {
		t.Errorf("link name: %q", got)
	}
}

// TestOwnClient: a library function whose chain ends in a client operation
// of its own package is where the library is entered; one that ends in
// another package's operation (azblob's wrappers of its generated clients),
// or in a function, is not.
func TestOwnClient(t *testing.T) {
	mb := method(lib(t), "Client", "MakeBucket")
	for _, tc := range []struct {
		chain []nestedretry.Link
		want  bool
	}{
		{[]nestedretry.Link{{PkgPath: "github.com/minio/minio-go/v7", PkgName: "minio", Name: "(*Client).executeMethod"}, {Name: "minio.Client.CreateSession"}}, true},
		{[]nestedretry.Link{{Name: "generated.BlobClient.Delete"}}, false},
		{[]nestedretry.Link{{PkgPath: "github.com/minio/minio-go/v7", PkgName: "minio", Name: "(*Client).retry"}}, false},
		{nil, false},
	} {
		if got := ownClient(mb, &nestedretry.ReachesFact{Chain: tc.chain}); got != tc.want {
			t.Errorf("chain %v: %v, want %v", tc.chain, got, tc.want)
		}
	}
}
