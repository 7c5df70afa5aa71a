package zerotimeout

import (
	"go/ast"
	"go/token"
	"go/types"
	"mime"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/inspector"
)

// eventStream reports whether the request e, sent at pos in the function
// whose body is body, asks for a stream of server-sent events: every value
// the function gives its Accept header (Header.Set or Add) names
// text/event-stream and nothing else, one of them is set before the send in
// a block around it (so on every path to it), and the request carries a
// context, which its caller cancels to end the stream. Such a response stays
// open for as long as events come (a model's tokens, a feed of changes): no
// Timeout fits it, as none fits the calls of an SDK that may rightly wait as
// long as they take.
func (c *checker) eventStream(body inspector.Cursor, e ast.Expr, pos token.Pos) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	req, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || c.requestCarries(body, e, pos, 0) == nil {
		return false
	}
	send, ok := body.FindByPos(pos, pos)
	if !ok {
		return false
	}
	set := false
	for cur := range body.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := typematch.Callee(c.pass.TypesInfo, call)
		if len(call.Args) != 2 || !typematch.IsMethod(fn, httpPath, "Header", "Set") && !typematch.IsMethod(fn, httpPath, "Header", "Add") {
			continue
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		hdr, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
		if !ok || hdr.Sel.Name != "Header" || !isVar(c.pass.TypesInfo, hdr.X, req) {
			continue
		}
		name, ok := typematch.StringConst(c.pass.TypesInfo, call.Args[0])
		if !ok {
			return false // a header the analysis cannot name may be Accept
		}
		if !strings.EqualFold(name, "Accept") {
			continue
		}
		value, ok := typematch.StringConst(c.pass.TypesInfo, call.Args[1])
		if !ok || !onlyEventStream(value) {
			return false // the request may also ask for a document
		}
		set = set || call.Pos() < pos && onEveryPath(cur, send)
	}
	return set
}

// onEveryPath reports whether the call at write, a statement of its own,
// runs before every run of the code at use: its block holds use.
func onEveryPath(write, use inspector.Cursor) bool {
	stmt := write.Parent()
	if _, ok := stmt.Node().(*ast.ExprStmt); !ok {
		return false
	}
	block := stmt.Parent()
	if _, ok := block.Node().(*ast.BlockStmt); !ok {
		return false
	}
	for p := range use.Enclosing((*ast.BlockStmt)(nil)) {
		if p == block {
			return true
		}
		if _, ok := p.Parent().Node().(*ast.FuncLit); ok {
			return false // a closure runs when it is called, not where it is written
		}
	}
	return false
}

// onlyEventStream reports whether an Accept header's value names
// text/event-stream and no other media type.
func onlyEventStream(accept string) bool {
	for part := range strings.SplitSeq(accept, ",") {
		mt, _, err := mime.ParseMediaType(part)
		if err != nil || mt != "text/event-stream" {
			return false
		}
	}
	return true
}

// isVar reports whether e names the variable v.
func isVar(info *types.Info, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == v
}
