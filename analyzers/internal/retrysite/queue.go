package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// A loop that drains a queue looks like a retry when each item's handler
// answers whether it worked: temporal's workflow channel goes through its
// blocked senders, b := c.blockedSends[0]; c.blockedSends =
// c.blockedSends[1:]; if b.fn() { return }, until one hands it a value. A
// failure there moves on to the next item, as a range over the slice would;
// it does not repeat the operation that failed. A loop that takes the head
// and drops it only after it worked (for len(q) > 0 { if send(q[0]) != nil
// { sleep; continue }; q = q[1:] }) does retry the head, and stays a site.
//
// A worker that receives each request from a channel and handles it (rclone's
// kv database loop, req = <-db.queue; req.handle(ctx, db)) goes through items
// the same way: a receive takes the item off.

// queueDrain is what a loop body takes off queues before its attempt: each
// variable set to an element of a slice, with the position of the top-level
// statement of the body that shortens that slice, or set by a receive from
// a channel, with the position of the receive.
type queueDrain map[types.Object]token.Pos

// queueItems returns the loop body's queue items: the variables it sets to
// an element of a slice (v := q[0]) that a statement of the body itself
// (not one nested in an if) shortens (q = q[1:], q = q[:n-1]), and those it
// sets by a receive (v := <-ch, case v = <-ch). Function literals are not
// entered.
func (a *recogniser) queueItems(body inspector.Cursor) queueDrain {
	block, ok := body.Node().(*ast.BlockStmt)
	if !ok {
		return nil
	}
	type take struct {
		v    types.Object
		from ast.Expr
	}
	var takes []take
	out := queueDrain{}
	body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.AssignStmt)(nil)}, func(c inspector.Cursor) bool {
		as, ok := c.Node().(*ast.AssignStmt)
		if !ok {
			return false // a function literal
		}
		if len(as.Rhs) == 1 {
			if u, ok := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
				if v := identObj(a.info, as.Lhs[0]); v != nil {
					out[v] = as.Pos()
				}
				return true
			}
		}
		if len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, rhs := range as.Rhs {
			if ix, ok := ast.Unparen(rhs).(*ast.IndexExpr); ok && isSlice(a.info.TypeOf(ix.X)) {
				if v := identObj(a.info, as.Lhs[i]); v != nil {
					takes = append(takes, take{v, ix.X})
				}
			}
		}
		return true
	})
	for _, t := range takes {
		for _, stmt := range block.List {
			if a.shortens(stmt, t.from) {
				out[t.v] = stmt.Pos()
				break
			}
		}
	}
	return out
}

// selectedItems returns the variables a loop body sets by a receive in a
// case of a select that blocks (one with no default: the round waits for
// what arrives), when the body does not send them back on a channel (a
// client borrowed from a pool and returned is no item of work): an event
// loop handles each such value once (sarama's producer, case response :=
// <-bp.responses: bp.handleResponse(response)). Function literals are not
// entered.
func (a *recogniser) selectedItems(body inspector.Cursor) queueDrain {
	out := queueDrain{}
	sent := map[types.Object]bool{}
	body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.SelectStmt)(nil), (*ast.SendStmt)(nil)}, func(c inspector.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.SendStmt:
			if obj := identObj(a.info, n.Value); obj != nil {
				sent[obj] = true
			}
		case *ast.SelectStmt:
			for _, cc := range n.Body.List {
				if cc.(*ast.CommClause).Comm == nil {
					return true // a default: the select does not wait
				}
			}
			for _, cc := range n.Body.List {
				as, ok := cc.(*ast.CommClause).Comm.(*ast.AssignStmt)
				if !ok || len(as.Rhs) != 1 {
					continue
				}
				if u, ok := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
					if v := identObj(a.info, as.Lhs[0]); v != nil {
						out[v] = as.Pos()
					}
				}
			}
		}
		return true
	})
	for obj := range sent {
		delete(out, obj)
	}
	return out
}

// shortens reports whether stmt assigns to the slice q a slice of itself.
func (a *recogniser) shortens(stmt ast.Stmt, q ast.Expr) bool {
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	for i, lhs := range as.Lhs {
		if se, ok := ast.Unparen(as.Rhs[i]).(*ast.SliceExpr); ok && a.sameVar(lhs, q) && a.sameVar(se.X, q) {
			return true
		}
	}
	return false
}

// sameVar reports whether x and y name the same variable: one identifier's
// object, or the same field of the same variable (c.q), through
// parentheses.
func (a *recogniser) sameVar(x, y ast.Expr) bool {
	x, y = ast.Unparen(x), ast.Unparen(y)
	switch x := x.(type) {
	case *ast.Ident:
		y, ok := y.(*ast.Ident)
		return ok && a.info.ObjectOf(x) != nil && a.info.ObjectOf(x) == a.info.ObjectOf(y)
	case *ast.SelectorExpr:
		y, ok := y.(*ast.SelectorExpr)
		return ok && a.info.ObjectOf(x.Sel) == a.info.ObjectOf(y.Sel) && a.sameVar(x.X, y.X)
	}
	return false
}

// handlesItem reports whether the call at cur works on an item the loop
// took off its queue before the call: the function it calls (b.fn), its
// receiver or one of its arguments mentions such an item.
func (q queueDrain) handlesItem(info *types.Info, cur inspector.Cursor) bool {
	if len(q) == 0 {
		return false
	}
	call := cur.Node().(*ast.CallExpr)
	parts := []inspector.Cursor{cur.ChildAt(edge.CallExpr_Fun, -1)}
	for i := range call.Args {
		parts = append(parts, cur.ChildAt(edge.CallExpr_Args, i))
	}
	for _, part := range parts {
		for c := range part.Preorder((*ast.Ident)(nil)) {
			if at, ok := q[info.Uses[c.Node().(*ast.Ident)]]; ok && at.IsValid() && at < call.Pos() {
				return true
			}
		}
	}
	return false
}

// isSlice reports whether t is a slice type.
func isSlice(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Slice)
	return ok
}
