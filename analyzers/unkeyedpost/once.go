package unkeyedpost

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"golang.org/x/tools/go/ast/inspector"
)

// sentOnce reports whether a send inside a retry loop's attempt is followed,
// on every path, by leaving the loop: a return, a break of the loop or a
// panic after it in its block (or a block around it inside the attempt), with
// no continue on the way. Such a send happens at most once, though it sits in
// the loop (the loop retries what comes before it):
//
//	for i := 0; i < 3; i++ {
//		if _, err := getToken(); err != nil {
//			continue
//		}
//		_, err := http.Post(u, "text/plain", nil) // sent once
//		return err
//	}
//
// A retry library's operation is different: its return is the attempt's
// outcome, which the library retries.
func (c *checker) sentOnce(send ast.Node, site *retrysite.Site) bool {
	if site.Kind != retrysite.Loop {
		return false
	}
	cur, ok := c.cursorOf(send)
	if !ok {
		return false
	}
	var path []inspector.Cursor // from the send up to the attempt
	for ; cur.Valid() && cur.Node() != site.Attempt; cur = cur.Parent() {
		switch cur.Node().(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false // another function or a loop inside the attempt
		}
		path = append(path, cur)
	}
	if !cur.Valid() {
		return false
	}
	switches := 0 // switch and select statements around the current level
	for _, p := range path {
		switch p.Node().(type) {
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			switches++
		}
	}
	for _, p := range path {
		switch p.Node().(type) {
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			switches-- // above it, a break leaves the loop
		}
		if !inBlock(p) {
			continue
		}
		if mayContinue(p.Node()) {
			return false
		}
		for next, ok := p.NextSibling(); ok; next, ok = next.NextSibling() {
			if c.leaves(next.Node(), switches > 0) {
				return true
			}
			if mayContinue(next.Node()) {
				return false
			}
		}
	}
	return false
}

// leaves reports whether the statement s leaves the loop unconditionally.
func (c *checker) leaves(s ast.Node, inSwitch bool) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.BREAK && s.Label == nil && !inSwitch
	case *ast.ExprStmt:
		call, ok := s.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		b, isBuiltin := c.pass.TypesInfo.Uses[id].(*types.Builtin)
		return ok && isBuiltin && b.Name() == "panic"
	}
	return false
}

// mayContinue reports whether n holds a continue or a goto (outside
// function literals): a way around the loop again.
func mayContinue(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			if n.Tok == token.CONTINUE || n.Tok == token.GOTO {
				found = true
			}
		}
		return !found
	})
	return found
}
