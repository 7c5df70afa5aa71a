package source

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// InTestCode reports whether pos is in test code: a _test.go file; a test
// harness package (one whose every non-test file imports "testing": shared
// suites, fakes, helpers; or one in an e2e directory, see HarnessPackage);
// or, in any package, a function that takes a value of the testing
// package (t *testing.T, tb testing.TB), as the helpers a
// production package exports to tests of other packages do (a testing.go
// beside the code), or that starts an httptest server (a fake of a service
// and the client wired to it, in a file of mocks). Tests are no fleet of
// clients, and their loops wait for fixtures rather than retry a
// dependency, so retrylint finds no retry sites there; analyzers that look
// at more than sites ask the same.
//
// A package that imports "testing" in only some of its files is not test
// code as a whole: real packages keep test hooks beside production code
// (a lock file's TestSetLockTimeout(t testing.TB, d) in the file that
// retries the lock), and their retries are real.
func InTestCode(pass *analysis.Pass, pos token.Pos) bool {
	f := pass.Fset.File(pos)
	if f == nil {
		return false
	}
	if IsTestName(f.Name()) || HarnessPackage(pass) {
		return true
	}
	if file := File(pass.Files, pos); file != nil {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				return TestFunc(pass.TypesInfo, fd)
			}
		}
	}
	return false
}

// HarnessPackage reports whether the package is test support: every
// non-test file of it imports "testing", or its import path has an element
// e2e. By a convention Go projects share (Kubernetes' test/e2e, go-redis's
// maintnotifications/e2e), such a directory holds end-to-end tests and the
// clients, fault injectors and servers they drive, which no program ships.
// In a path that starts with a host, its first three elements name a
// repository (github.com/acme/e2e), which says nothing of its packages; a
// nested module (github.com/acme/proj/test/e2e) is a directory of its
// repository like any other.
func HarnessPackage(pass *analysis.Pass) bool {
	elems := strings.Split(pass.Pkg.Path(), "/")
	if strings.Contains(elems[0], ".") {
		elems = elems[min(3, len(elems)):]
	}
	if slices.Contains(elems, "e2e") {
		return true
	}
	n := 0
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.FileStart); tf != nil && IsTestName(tf.Name()) {
			continue
		}
		if !fileImports(f, "testing") {
			return false
		}
		n++
	}
	return n > 0
}

// TestFunc reports whether a function takes (or is a method of a type
// holding) a value of the testing package, or starts an httptest server in
// its body: it runs under a test.
func TestFunc(info *types.Info, fd *ast.FuncDecl) bool {
	if info == nil {
		return false
	}
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	for i := 0; i < sig.Params().Len(); i++ {
		if fromTesting(sig.Params().At(i).Type()) {
			return true
		}
	}
	if recv := sig.Recv(); recv != nil {
		if st, ok := typematch.Deref(recv.Type()).Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				if fromTesting(st.Field(i).Type()) {
					return true
				}
			}
		}
	}
	return fd.Body != nil && startsTestServer(info, fd.Body)
}

// testServers are the functions of net/http/httptest that start a server.
var testServers = []string{"NewServer", "NewTLSServer", "NewUnstartedServer"}

// startsTestServer reports whether body calls one of testServers (outside
// the function literals it holds, which may run elsewhere).
func startsTestServer(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if fn := typematch.Callee(info, n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "net/http/httptest" &&
				slices.Contains(testServers, fn.Name()) {
				found = true
			}
		}
		return !found
	})
	return found
}

// fromTesting reports whether t is a type of the testing package, or a
// pointer to one.
func fromTesting(t types.Type) bool {
	n, ok := types.Unalias(typematch.Deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing"
}

func fileImports(f *ast.File, path string) bool {
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil && p == path {
			return true
		}
	}
	return false
}
