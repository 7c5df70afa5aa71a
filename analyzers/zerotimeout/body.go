package zerotimeout

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// readsWhole reports whether the send at cur (a selector c.Do, or the
// mention of http.Get) reads its response whole, so that Client.Timeout,
// which also covers reading the body, cannot cut a transfer the program
// streams: the body is read by io.ReadAll or decoded at once by a JSON or
// XML decoder, or not read at all (only closed, its status or headers
// looked at, the response dropped). A body copied, read in a loop, handed
// to other code or handed back, or a response the analyzer cannot follow,
// counts as streamed.
func (c *checker) readsWhole(cur inspector.Cursor) bool {
	kind, _ := cur.ParentEdge()
	if kind != edge.CallExpr_Fun {
		return false // a method value: its responses are out of sight
	}
	call := cur.Parent()
	switch kind, idx := call.ParentEdge(); kind {
	case edge.ExprStmt_X:
		return true // the response is dropped
	case edge.CallExpr_Args:
		// readAll(c.Do(req)): the results go to a function of the package.
		outer := call.Parent().Node().(*ast.CallExpr)
		if len(outer.Args) == 1 {
			return c.paramReadsWhole(outer, 0, 0)
		}
		return c.paramReadsWhole(outer, idx, 0)
	case edge.AssignStmt_Rhs:
		as := call.Parent().Node().(*ast.AssignStmt)
		if len(as.Rhs) != 1 || idx != 0 || len(as.Lhs) == 0 {
			return false
		}
		id, ok := as.Lhs[0].(*ast.Ident)
		if !ok {
			return false
		}
		if id.Name == "_" {
			return true
		}
		v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
		if !ok {
			return false
		}
		return c.responseReadWhole(v, 0)
	}
	return false
}

// paramReadsWhole reports whether the function of the package that call
// calls reads whole the response given as its parameter idx.
func (c *checker) paramReadsWhole(call *ast.CallExpr, idx, depth int) bool {
	fn := typematch.Callee(c.pass.TypesInfo, call)
	if c.funcDecl(fn) == nil || depth > 4 {
		return false
	}
	params := fn.Signature().Params()
	if idx >= params.Len() || !typematch.IsNamed(typematch.Deref(params.At(idx).Type()), httpPath, "Response") {
		return false
	}
	return c.responseReadWhole(params.At(idx), depth+1)
}

// responseReadWhole reports whether every use of the local variable v,
// which holds a response, reads its body whole or not at all.
func (c *checker) responseReadWhole(v *types.Var, depth int) bool {
	body, ok := c.declaringBody(v)
	if !ok || isResult(body, v) {
		return false // a named result: a bare return hands the response back
	}
	for cur := range body.Preorder((*ast.Ident)(nil)) {
		if c.pass.TypesInfo.Uses[cur.Node().(*ast.Ident)] != v {
			continue
		}
		switch kind, _ := cur.ParentEdge(); kind {
		case edge.AssignStmt_Lhs:
			continue // a new response stored: checked where it is sent
		case edge.BinaryExpr_X, edge.BinaryExpr_Y:
			continue // resp != nil
		case edge.SelectorExpr_X:
			sel := cur.Parent()
			s, ok := c.pass.TypesInfo.Selections[sel.Node().(*ast.SelectorExpr)]
			if !ok || s.Kind() != types.FieldVal {
				return false // a method of the response: out of sight
			}
			if s.Obj().Name() == "Body" && !c.bodyReadWhole(sel) {
				return false
			}
			continue // the status, the headers
		case edge.CallExpr_Args:
			_, idx := cur.ParentEdge()
			if c.paramReadsWhole(cur.Parent().Node().(*ast.CallExpr), idx, depth) {
				continue // checkStatus(resp)
			}
		}
		return false // handed on or back
	}
	return true
}

// bodyReadWhole reports whether the body expression at cur (resp.Body) is
// only closed, or read whole: io.ReadAll, ioutil.ReadAll,
// json.NewDecoder(b).Decode(v), xml.NewDecoder(b).Decode(v), also through
// io.LimitReader.
func (c *checker) bodyReadWhole(cur inspector.Cursor) bool {
	for {
		kind, idx := cur.ParentEdge()
		switch kind {
		case edge.ParenExpr_X:
			cur = cur.Parent()
			continue
		case edge.SelectorExpr_X:
			sel := cur.Parent().Node().(*ast.SelectorExpr)
			return sel.Sel.Name == "Close" && isCall(cur.Parent())
		case edge.AssignStmt_Lhs:
			return true // resp.Body = x replaces the body
		case edge.CallExpr_Args:
			call := cur.Parent()
			fn := typematch.Callee(c.pass.TypesInfo, call.Node().(*ast.CallExpr))
			switch {
			case typematch.IsFunc(fn, "io", "ReadAll"), typematch.IsFunc(fn, "io/ioutil", "ReadAll"):
				return idx == 0
			case typematch.IsFunc(fn, "io", "LimitReader"):
				if idx != 0 {
					return false
				}
				cur = call
				continue
			case typematch.IsFunc(fn, "encoding/json", "NewDecoder"), typematch.IsFunc(fn, "encoding/xml", "NewDecoder"):
				// Decoded at once: NewDecoder(b).Decode(v). A decoder
				// kept in a variable may read a stream of values.
				if kind, _ := call.ParentEdge(); kind == edge.SelectorExpr_X {
					sel := call.Parent()
					return sel.Node().(*ast.SelectorExpr).Sel.Name == "Decode" && isCall(sel)
				}
			}
		}
		return false
	}
}

// isCall reports whether the expression at cur is the function of a call.
func isCall(cur inspector.Cursor) bool {
	kind, _ := cur.ParentEdge()
	return kind == edge.CallExpr_Fun
}

// isResult reports whether v is a named result of the function whose body
// is body.
func isResult(body inspector.Cursor, v *types.Var) bool {
	var ft *ast.FuncType
	switch fn := body.Parent().Node().(type) {
	case *ast.FuncDecl:
		ft = fn.Type
	case *ast.FuncLit:
		ft = fn.Type
	}
	return ft != nil && ft.Results != nil && ft.Results.Pos() <= v.Pos() && v.Pos() < ft.Results.End()
}
