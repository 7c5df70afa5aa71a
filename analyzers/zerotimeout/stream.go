package zerotimeout

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"mime"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/inspector"
)

// eventStream reports whether the request e, sent at pos in the function
// whose body is body, asks for a stream of server-sent events: its Accept
// header, set by Header.Set or Add before the send, names
// text/event-stream and nothing else. Such a response stays open for as
// long as events come (a model's tokens, a feed of changes), and its caller
// ends it: no Timeout fits it, as none fits the calls of an SDK that may
// rightly wait as long as they take.
func (c *checker) eventStream(body inspector.Cursor, e ast.Expr, pos token.Pos) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	req, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	for cur := range body.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if call.Pos() >= pos || len(call.Args) != 2 {
			continue
		}
		fn := typematch.Callee(c.pass.TypesInfo, call)
		if !typematch.IsMethod(fn, httpPath, "Header", "Set") && !typematch.IsMethod(fn, httpPath, "Header", "Add") {
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
		name, okName := c.stringConst(call.Args[0])
		value, okValue := c.stringConst(call.Args[1])
		if okName && okValue && strings.EqualFold(name, "Accept") && onlyEventStream(value) {
			return true
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

// stringConst returns the value of e when it is a string constant.
func (c *checker) stringConst(e ast.Expr) (string, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// isVar reports whether e names the variable v.
func isVar(info *types.Info, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == v
}
