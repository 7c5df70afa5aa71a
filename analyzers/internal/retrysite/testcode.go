package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/source"
)

// InTestCode reports whether pos is in test code: a _test.go file; a test
// harness package (one whose every non-test file imports "testing": shared
// suites, fakes, helpers); or, in any package, a function that takes a value
// of the testing package (t *testing.T, tb testing.TB), as the helpers a
// production package exports to tests of other packages do (a testing.go
// beside the code). Tests are no fleet of clients, and their loops wait for
// fixtures rather than retry a dependency, so retrylint finds no retry
// sites there; analyzers that look at more than sites ask the same.
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
	if source.IsTestName(f.Name()) || harnessPackage(pass) {
		return true
	}
	if file := source.File(pass.Files, pos); file != nil {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				return testFunc(pass.TypesInfo, fd)
			}
		}
	}
	return false
}

// harnessPackage reports whether every non-test file of the package
// imports "testing".
func harnessPackage(pass *analysis.Pass) bool {
	n := 0
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.FileStart); tf != nil && source.IsTestName(tf.Name()) {
			continue
		}
		if !fileImports(f, "testing") {
			return false
		}
		n++
	}
	return n > 0
}

// testFunc reports whether a function takes (or is a method of a type
// holding) a value of the testing package: it runs under a test.
func testFunc(info *types.Info, fd *ast.FuncDecl) bool {
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
		if st, ok := derefType(recv.Type()).Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				if fromTesting(st.Field(i).Type()) {
					return true
				}
			}
		}
	}
	return false
}

// fromTesting reports whether t is a type of the testing package, or a
// pointer to one.
func fromTesting(t types.Type) bool {
	n, ok := types.Unalias(derefType(t)).(*types.Named)
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
