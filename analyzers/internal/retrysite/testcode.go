package retrysite

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// InTestCode reports whether pos is in test code: a _test.go file, or any
// file of a package that imports "testing" outside its _test.go files (a
// test harness, a fake server, helpers shared by tests). Tests are no fleet
// of clients, and their loops wait for fixtures rather than retry a
// dependency, so retrylint finds no retry sites there; analyzers that look
// at more than sites ask the same.
func InTestCode(pass *analysis.Pass, pos token.Pos) bool {
	f := pass.Fset.File(pos)
	if f == nil {
		return false
	}
	return isTestFile(f.Name()) || importsTesting(pass)
}

func isTestFile(name string) bool { return strings.HasSuffix(name, "_test.go") }

// importsTesting reports whether a non-test file of the package imports
// "testing".
func importsTesting(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.FileStart); tf != nil && isTestFile(tf.Name()) {
			continue
		}
		if fileImports(f, "testing") {
			return true
		}
	}
	return false
}

func fileImports(f *ast.File, path string) bool {
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil && p == path {
			return true
		}
	}
	return false
}
