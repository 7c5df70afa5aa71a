// Package fixes builds the parts of suggested fixes that several analyzers
// need, so that every fix adds imports the same, clash-free way.
package fixes

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/source"
)

// AddImport returns the name under which the package importPath can be
// referred to at pos in file, and the edits (possibly none) that import it.
//
// An existing import of the path is reused under its name. Otherwise the first
// of the candidate names (or, without candidates, the last element of the path)
// that clashes with nothing in scope at pos and that the file declares nowhere
// is used, falling back to the first candidate followed by a number. The name
// is thus the same wherever in the file a fix is made, and several fixes in
// one file that add the same import produce identical edits, which the
// drivers merge (not one import of the path per name).
//
// A dot-import returns the name "" : refer to the package's members unqualified.
func AddImport(info *types.Info, file *ast.File, pos token.Pos, importPath string, candidates ...string) (name string, edits []analysis.TextEdit) {
	for _, spec := range file.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil || p != importPath {
			continue
		}
		switch {
		case spec.Name == nil:
			if pkgName, ok := info.Implicits[spec].(*types.PkgName); ok {
				return pkgName.Name(), nil
			}
			return path.Base(importPath), nil
		case spec.Name.Name == ".":
			return "", nil
		case spec.Name.Name != "_":
			return spec.Name.Name, nil
		}
	}

	if len(candidates) == 0 {
		candidates = []string{path.Base(importPath)}
	}
	scope := source.Scope(info, file, pos)
	declared := declaredNames(info, file)
	free := func(n string) bool {
		if declared[n] {
			return false
		}
		if scope == nil {
			return true
		}
		_, obj := scope.LookupParent(n, pos)
		return obj == nil
	}
	name = ""
	for _, c := range candidates {
		if free(c) {
			name = c
			break
		}
	}
	for i := 0; name == ""; i++ {
		if c := candidates[0] + strconv.Itoa(i); free(c) {
			name = c
		}
	}

	spec := strconv.Quote(importPath)
	if name != path.Base(importPath) {
		spec = name + " " + spec
	}
	return name, []analysis.TextEdit{insertImport(file, spec, importPath)}
}

// declaredNames are the names the file declares in any scope (not fields or
// methods, which no package name can clash with).
func declaredNames(info *types.Info, file *ast.File) map[string]bool {
	names := map[string]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Defs[id] != nil && info.Defs[id].Parent() != nil {
			names[id.Name] = true
		}
		return true
	})
	return names
}

// insertImport returns the edit that adds one import spec (of importPath)
// to file, grouped as goimports groups: beside the imports of its kind
// (standard library, or not), or in a group of its own when there is none,
// the standard library's first. gofmt sorts within the group.
func insertImport(file *ast.File, spec, importPath string) analysis.TextEdit {
	std := isStdPath(importPath)
	var (
		first, last *ast.GenDecl    // the first and last import declarations
		anchor      *ast.ImportSpec // the last import of the same kind
		anchorDecl  *ast.GenDecl
		lastSpec    *ast.ImportSpec
	)
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.IMPORT {
			break // imports come first
		}
		if first == nil {
			first = gen
		}
		last = gen
		for _, s := range gen.Specs {
			is := s.(*ast.ImportSpec)
			lastSpec = is
			if p, err := strconv.Unquote(is.Path.Value); err == nil && isStdPath(p) == std {
				anchor, anchorDecl = is, gen
			}
		}
	}
	switch {
	case first == nil:
		return analysis.TextEdit{Pos: file.Name.End(), End: file.Name.End(), NewText: []byte(fmt.Sprintf("\n\nimport %s", spec))}
	case anchor != nil && anchorDecl.Lparen.IsValid():
		pos := specEnd(anchor)
		return analysis.TextEdit{Pos: pos, End: pos, NewText: []byte("\n\t" + spec)}
	case anchor != nil:
		return analysis.TextEdit{Pos: anchorDecl.End(), End: anchorDecl.End(), NewText: []byte("\nimport " + spec)}
	case std && first.Lparen.IsValid():
		// The standard library's group comes first.
		return analysis.TextEdit{Pos: first.Lparen + 1, End: first.Lparen + 1, NewText: []byte("\n\t" + spec + "\n")}
	case std:
		return analysis.TextEdit{Pos: first.Pos(), End: first.Pos(), NewText: []byte("import " + spec + "\n")}
	case last.Lparen.IsValid() && lastSpec != nil:
		// A group of its own after the last one.
		pos := specEnd(lastSpec)
		return analysis.TextEdit{Pos: pos, End: pos, NewText: []byte("\n\n\t" + spec)}
	}
	// After a single import of the other kind, apart from it.
	return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte("\n\nimport " + spec)}
}

// specEnd is where an import spec's line ends: after its line comment.
func specEnd(s *ast.ImportSpec) token.Pos {
	if s.Comment != nil {
		return s.Comment.End()
	}
	return s.End()
}

// isStdPath reports whether an import path is the standard library's by
// goimports' rule: no dot in its first element.
func isStdPath(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".")
}

// Qualifier returns the name by which the file of call refers to the package
// of the function call names (time in time.Sleep, retry in retry.Do[T]), so
// that a fix can name the package's other members the same way: "" for a
// dot-import or an unqualified name; false when the function is reached
// otherwise (a method, a function value).
func Qualifier(info *types.Info, call *ast.CallExpr) (string, bool) {
	fun := ast.Unparen(call.Fun)
	if ix, ok := fun.(*ast.IndexExpr); ok {
		fun = ix.X
	}
	switch f := fun.(type) {
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			if _, ok := info.Uses[id].(*types.PkgName); ok {
				return id.Name, true
			}
		}
	case *ast.Ident:
		return "", true
	}
	return "", false
}

// QualifiedName returns how code at the point of a fix refers to member of a
// package imported under name (as returned by AddImport).
func QualifiedName(name, member string) string {
	if name == "" {
		return member
	}
	return name + "." + member
}

// Indent returns the leading white space of the line holding pos in file
// content src, so that inserted statements line up with their neighbours.
func Indent(src []byte, offset int) string {
	start := offset
	for start > 0 && src[start-1] != '\n' {
		start--
	}
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return strings.Clone(string(src[start:end]))
}
