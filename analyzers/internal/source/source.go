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
	"strings"
)

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
// question (retrysite.InTestCode is the broad one, which also counts test
// harness packages and functions that take a testing value).
func IsTestFile(fset *token.FileSet, pos token.Pos) bool {
	tf := fset.File(pos)
	return tf != nil && IsTestName(tf.Name())
}

// IsTestName reports whether a file name is a test file's.
func IsTestName(name string) bool { return strings.HasSuffix(name, "_test.go") }
