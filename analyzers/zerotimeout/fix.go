package zerotimeout

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/fixes"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// durationExpr renders d as Go source in its largest exact unit, the way
// people write it: time.Minute, 30 * time.Second, 1500 * time.Millisecond.
func durationExpr(timeName string, d time.Duration) string {
	units := []struct {
		d    time.Duration
		name string
	}{
		{time.Hour, "Hour"}, {time.Minute, "Minute"}, {time.Second, "Second"},
		{time.Millisecond, "Millisecond"}, {time.Microsecond, "Microsecond"}, {time.Nanosecond, "Nanosecond"},
	}
	for _, u := range units {
		if d%u.d == 0 {
			unit := fixes.QualifiedName(timeName, u.name)
			if d == u.d {
				return unit
			}
			return fmt.Sprintf("%d * %s", d/u.d, unit)
		}
	}
	return fmt.Sprint(int64(d)) // unreachable: every duration is whole nanoseconds
}

// pkgName returns how the file refers at pos to the package importPath, with
// the edits that import it. ok is false when that name is shadowed at pos.
func (c *checker) pkgName(pos token.Pos, importPath string) (name string, edits []analysis.TextEdit, ok bool) {
	name, edits = fixes.AddImport(c.pass.TypesInfo, c.file, pos, importPath)
	if name == "" || len(edits) > 0 {
		return name, edits, true // dot import, or a fresh name AddImport checked
	}
	scope := c.pass.TypesInfo.Scopes[c.file]
	if scope == nil {
		return name, edits, true
	}
	if inner := scope.Innermost(pos); inner != nil {
		scope = inner
	}
	_, obj := scope.LookupParent(name, pos)
	_, isPkg := obj.(*types.PkgName)
	return name, edits, isPkg
}

// clientExpr returns the source of a new client with the Timeout dur,
// &http.Client{Timeout: dur}, and the edits that import net/http.
func (c *checker) clientExpr(pos token.Pos, dur string) (string, []analysis.TextEdit, bool) {
	httpName, edits, ok := c.pkgName(pos, httpPath)
	return "&" + fixes.QualifiedName(httpName, "Client") + "{Timeout: " + dur + "}", edits, ok
}

// literalEdits sets Timeout in a literal: it replaces a zero value, or adds
// the field after the last one: on the same line when the closing brace
// follows it there, else on a line of its own before the brace's line, so
// that comments stay on the lines they describe.
func (c *checker) literalEdits(lit *ast.CompositeLit, zero ast.Expr, dur string) ([]analysis.TextEdit, bool) {
	if zero != nil {
		return []analysis.TextEdit{{Pos: zero.Pos(), End: zero.End(), NewText: []byte(dur)}}, true
	}
	field := "Timeout: " + dur
	tf := c.pass.Fset.File(lit.Rbrace)
	if tf == nil {
		return nil, false
	}
	// Raw positions: a //line directive must not move the edits.
	line := func(p token.Pos) int { return tf.PositionFor(p, false).Line }
	column := func(p token.Pos) int { return tf.PositionFor(p, false).Column }
	ownLine := func(indentCols int) []analysis.TextEdit {
		at := tf.LineStart(line(lit.Rbrace))
		text := strings.Repeat("\t", max(indentCols, 0)) + field + ",\n" // gofmt indents with tabs
		return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}}
	}
	if len(lit.Elts) == 0 {
		if line(lit.Lbrace) == line(lit.Rbrace) {
			return []analysis.TextEdit{{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte(field)}}, true
		}
		return ownLine(column(lit.Rbrace)), true // one level deeper than the brace
	}
	last := lit.Elts[len(lit.Elts)-1]
	if line(last.End()) == line(lit.Rbrace) {
		return []analysis.TextEdit{{Pos: last.End(), End: last.End(), NewText: []byte(", " + field)}}, true
	}
	// Indent like the first element on the last element's line.
	first := last
	for _, e := range lit.Elts {
		if line(e.Pos()) == line(last.Pos()) {
			first = e
			break
		}
	}
	return ownLine(column(first.Pos()) - 1), true
}

// zeroVarEdits turns var c http.Client into var c = http.Client{Timeout: ...}.
// A declaration of several names gets no fix: splitting it would move
// comments and change the reading order.
func (c *checker) zeroVarEdits(spec *ast.ValueSpec, dur string) ([]analysis.TextEdit, bool) {
	if len(spec.Names) != 1 || !isTypeName(spec.Type) {
		return nil, false
	}
	text := " = " + types.ExprString(spec.Type) + "{Timeout: " + dur + "}"
	return []analysis.TextEdit{{Pos: spec.Names[0].End(), End: spec.Type.End(), NewText: []byte(text)}}, true
}

// newEdits turns new(http.Client) into &http.Client{Timeout: ...}, spelled as
// the call spelled the type.
func (c *checker) newEdits(cur inspector.Cursor, call *ast.CallExpr, dur string) ([]analysis.TextEdit, bool) {
	if !isTypeName(call.Args[0]) {
		return nil, false
	}
	text := "&" + types.ExprString(call.Args[0]) + "{Timeout: " + dur + "}"
	if needParens(cur) {
		text = "(" + text + ")"
	}
	return []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(text)}}, true
}

// defaultClientEdits replaces http.DefaultClient, or the function http.<method>,
// by a new client with a Timeout (or its method). A client whose Transport is
// nil sends through http.DefaultTransport, as http.DefaultClient does, so
// connections are still pooled and shared.
func (c *checker) defaultClientEdits(cur inspector.Cursor, expr ast.Expr, dur, method string) ([]analysis.TextEdit, bool) {
	client, edits, ok := c.clientExpr(expr.Pos(), dur)
	if !ok {
		return nil, false
	}
	text := client
	if method != "" {
		text = "(" + client + ")." + method
	} else if needParens(cur) {
		text = "(" + client + ")"
	}
	return append(edits, analysis.TextEdit{Pos: expr.Pos(), End: expr.End(), NewText: []byte(text)}), true
}

// isTypeName reports whether e is a plain or qualified type name, which a
// composite literal can start with.
func isTypeName(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		_, ok := e.X.(*ast.Ident)
		return ok
	}
	return false
}

// needParens reports whether &T{...} written in place of the expression at
// cur needs parentheses: as the operand of a selector, or in the header of an
// if, for or switch statement, where its brace would open the block.
func needParens(cur inspector.Cursor) bool {
	if kind, _ := cur.ParentEdge(); kind == edge.SelectorExpr_X {
		return true
	}
	for ; cur.Node() != nil; cur = cur.Parent() {
		kind, _ := cur.ParentEdge()
		switch kind {
		case edge.IfStmt_Init, edge.IfStmt_Cond, edge.ForStmt_Init, edge.ForStmt_Cond, edge.ForStmt_Post,
			edge.SwitchStmt_Init, edge.SwitchStmt_Tag, edge.TypeSwitchStmt_Init, edge.TypeSwitchStmt_Assign,
			edge.RangeStmt_X:
			return true
		case edge.ParenExpr_X, edge.CallExpr_Args, edge.IndexExpr_Index, edge.CompositeLit_Elts,
			edge.BlockStmt_List, edge.FuncLit_Body:
			return false
		}
	}
	return false
}
