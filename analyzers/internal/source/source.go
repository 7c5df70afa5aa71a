// Package source answers the questions the analyzers ask about where a
// position lies in the package under analysis: which file holds it, which
// scope, and whether that file is a test file. Each answer has one
// definition here, so that the analyzers cannot drift apart on, say,
// whether a file's end belongs to it.
package source

import (
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
)

// Place names pos for a reader in another package: "pkgpath/file.go:line",
// the path of pkg, the package that holds it.
func Place(fset *token.FileSet, pkg *types.Package, pos token.Pos) string {
	p := fset.Position(pos)
	return pkg.Path() + "/" + path.Base(strings.ReplaceAll(p.Filename, "\\", "/")) + ":" + strconv.Itoa(p.Line)
}

// File returns the file of files that holds pos, or nil. A file holds the
// positions from its start to its end, both included: the end is where a
// fix that appends to the file points.
func File(files []*ast.File, pos token.Pos) *ast.File {
	for _, f := range files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// Scope returns the innermost scope of file at pos (the file's scope when
// no narrower one holds it), or nil when the file has no scope.
func Scope(info *types.Info, file *ast.File, pos token.Pos) *types.Scope {
	fileScope := info.Scopes[file]
	if fileScope == nil {
		return nil
	}
	if s := fileScope.Innermost(pos); s != nil {
		return s
	}
	return fileScope
}

// IsTestFile reports whether pos is in a _test.go file. It is the narrow
// question (InTestCode is the broad one, which also counts test
// harness packages and functions that take a testing value).
func IsTestFile(fset *token.FileSet, pos token.Pos) bool {
	tf := fset.File(pos)
	return tf != nil && IsTestName(tf.Name())
}

// IsTestName reports whether a file name is a test file's.
func IsTestName(name string) bool { return strings.HasSuffix(name, "_test.go") }

// Cursor returns the cursor of n in the tree rooted at root, found by n's
// extent: FindByPos descends by position, where FindNode would visit every
// node before n. FindByPos gives the innermost node of that extent, which
// is below n when n's only child spans all of n (an ExprStmt and its call),
// so the answer climbs to n; a node it cannot find by position (one with a
// zero extent) is searched for node by node.
func Cursor(root inspector.Cursor, n ast.Node) (inspector.Cursor, bool) {
	cur, ok := root.FindByPos(n.Pos(), n.End())
	for ok && cur.Node() != n {
		if cur = cur.Parent(); !cur.Valid() || cur.Node().Pos() != n.Pos() || cur.Node().End() != n.End() {
			return root.FindNode(n)
		}
	}
	if !ok {
		return root.FindNode(n)
	}
	return cur, true
}
