package unkeyedpost

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
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
// A send in the return statement itself (return postJSON(...)) is sent
// once too. So is a send in a loop over items inside the attempt (one POST
// per node to add; see overItems), when the retry loop is left on every
// path after that inner loop: each of its POSTs goes out once.
//
// A retry library's operation is different: its return is the attempt's
// outcome, which the library retries.
//
// A loop that goes round after a POST or a PATCH fails only when the failure
// says the server did not act on it (a 429; a transport error or a 5xx
// leaves the loop) sends it again only where the first did nothing: as far
// as a key matters, it is sent once too.
func (c *checker) sentOnce(send ast.Node, site *retrysite.Site) bool {
	if site.Kind != retrysite.Loop {
		return false
	}
	if c.goesAroundOnAnswer(site) || send == site.Call && !c.retriesUnsureWrite(site) {
		return true
	}
	cur, ok := c.cursorOf(send)
	if !ok {
		return false
	}
	var path []inspector.Cursor // from the send up to the attempt
	switches, loops := 0, 0     // switch and select statements, and loops, around the current level
	for ; cur.Valid() && cur.Node() != site.Attempt; cur = cur.Parent() {
		switch cur.Node().(type) {
		case *ast.FuncLit:
			return false // another function
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			switches++
		case *ast.ForStmt, *ast.RangeStmt:
			if len(path) == 0 {
				return false
			}
			if k := path[len(path)-1].ParentEdgeKind(); k != edge.ForStmt_Body && k != edge.RangeStmt_Body || c.isSite(cur) || !c.overItems(cur) {
				return false // the send is in the loop's header, or the loop retries it or may
			}
			loops++
		}
		path = append(path, cur)
	}
	if !cur.Valid() {
		return false
	}
	for _, p := range path {
		switch p.Node().(type) {
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			switches-- // above it, a break leaves the loop
		case *ast.ForStmt, *ast.RangeStmt:
			loops-- // above it, a break or a continue is the retry loop's
		}
		if !inBlock(p) {
			continue
		}
		if mayGoAround(p, loops > 0) {
			return false
		}
		if _, ok := p.Node().(*ast.ReturnStmt); ok {
			return true // return send(...): sent, then the loop is left
		}
		for next, ok := p.NextSibling(); ok; next, ok = next.NextSibling() {
			// Inside a loop over items nothing but a failure's return
			// leaves (see overItems), and no such return is unconditional.
			if c.leaves(next.Node(), switches > 0) {
				return true
			}
			if mayGoAround(next, loops > 0) {
				return false
			}
		}
	}
	return false
}

// overItems reports whether the loop statement at cur, inside a retry's
// attempt, goes over items, each sent once, rather than trying one
// request on several hosts until one answers: nothing in it leaves it but
// a return on a failure, in the body of an if that tests an error against
// nil (if err := add(n); err != nil { return err }). A break, or any other
// return (return resp, nil; return decode(resp)), may leave on success, as
// a failover does.
func (c *checker) overItems(cur inspector.Cursor) bool {
	ok := true
	cur.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.BranchStmt)(nil), (*ast.ReturnStmt)(nil)}, func(n inspector.Cursor) bool {
		switch s := n.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			ok = s.Tok != token.BREAK
		case *ast.ReturnStmt:
			ok = c.onFailure(n, cur)
		}
		return ok
	})
	return ok
}

// onFailure reports whether the return statement at ret lies, below the
// statement at top, in the body of an if whose condition holds only when
// an error is not nil.
func (c *checker) onFailure(ret, top inspector.Cursor) bool {
	for cur := ret; cur.Valid() && cur != top; cur = cur.Parent() {
		ifs, ok := cur.Parent().Node().(*ast.IfStmt)
		if !ok || cur.ParentEdgeKind() != edge.IfStmt_Body {
			continue
		}
		for _, term := range eval.Conjuncts(ifs.Cond) {
			b, ok := ast.Unparen(term).(*ast.BinaryExpr)
			if ok && b.Op == token.NEQ && c.pass.TypesInfo.Types[b.Y].IsNil() && typematch.IsError(c.pass.TypesInfo.TypeOf(b.X)) {
				return true
			}
		}
	}
	return false
}

// isSite reports whether the loop statement at cur is a retry site.
func (c *checker) isSite(cur inspector.Cursor) bool {
	for _, s := range c.sites.Sites {
		if s.Node == cur.Node() {
			return true
		}
	}
	return false
}

// retriesUnsureWrite reports whether the loop site may send a POST or a
// PATCH again after a failure that leaves open whether the server acted on
// it (see retrysite.Site.RetriesUnsureFailure), memoised per site.
func (c *checker) retriesUnsureWrite(site *retrysite.Site) bool {
	v, ok := c.unsureWrites[site]
	if !ok {
		v = site.RetriesUnsureFailure("POST") || site.RetriesUnsureFailure("PATCH")
		c.unsureWrites[site] = v
	}
	return v
}

// leaves reports whether the statement s leaves the loop unconditionally;
// nested says that it sits inside a switch or a select, where an
// unlabelled break leaves only that.
func (c *checker) leaves(s ast.Node, nested bool) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.BREAK && s.Label == nil && !nested
	case *ast.ExprStmt:
		call, ok := s.X.(*ast.CallExpr)
		return ok && typematch.NeverReturns(c.pass.TypesInfo, call)
	}
	return false
}

// mayGoAround reports whether n holds a continue or a goto (outside
// function literals): a way around the loop again. Inside a loop of the
// attempt (inLoop, or a loop n holds), an unlabelled continue goes around
// that loop only, so only a labelled one or a goto counts.
func mayGoAround(n inspector.Cursor, inLoop bool) bool {
	found := false
	n.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.BranchStmt)(nil)}, func(cur inspector.Cursor) bool {
		switch b := cur.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			if !inLoop {
				found = found || mayGoAround(cur, true)
				return false
			}
		case *ast.BranchStmt:
			if b.Tok == token.GOTO || b.Tok == token.CONTINUE && (b.Label != nil || !inLoop) {
				found = true
			}
		}
		return !found
	})
	return found
}

// goesAroundOnAnswer reports whether a retry loop goes around only on an
// error of this package's own type that nothing its attempt calls makes:
//
//	for errors.As(err, &leErr) { // leErr is a lookElsewhereError
//		result, err = c.send(leErr.where, cmd)
//	}
//
// Such a loop follows an answer (a redirect to the leader, made before the
// loop); a send that times out or fails leaves the loop, so nothing in the
// attempt is sent again after a failure. Only this package's functions can
// make its error type (another package cannot import it back), so the
// functions of this package the attempt calls, and theirs, are searched for
// a value of the type; a call of a function value may make anything.
func (c *checker) goesAroundOnAnswer(site *retrysite.Site) bool {
	loop, ok := site.Node.(*ast.ForStmt)
	if !ok || loop.Cond == nil || site.Attempt == nil {
		return false
	}
	var own types.Type
	for _, term := range eval.Conjuncts(loop.Cond) {
		call, ok := ast.Unparen(term).(*ast.CallExpr)
		if !ok || len(call.Args) != 2 || !typematch.IsFunc(typematch.Callee(c.pass.TypesInfo, call), "errors", "As") {
			continue
		}
		target, ok := ast.Unparen(call.Args[1]).(*ast.UnaryExpr)
		if !ok || target.Op != token.AND {
			continue
		}
		t := typematch.Deref(c.pass.TypesInfo.TypeOf(target.X))
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() == c.pass.Pkg && !types.IsInterface(n) {
			own = n
			break
		}
	}
	if own == nil {
		return false
	}
	attempt, ok := c.cursorOf(site.Attempt)
	if !ok {
		return false
	}
	seen := make(map[*types.Func]bool)
	return !c.makes(attempt, own, seen)
}

// makes reports whether running body may make a value of the named type t
// (a literal, a conversion, new(t)), itself or in a function of this
// package it calls; a call of a function value may, unless it returns
// nothing that could hold one (cancel()).
func (c *checker) makes(body inspector.Cursor, t types.Type, seen map[*types.Func]bool) bool {
	info := c.pass.TypesInfo
	found := false
	body.Inspect([]ast.Node{(*ast.CompositeLit)(nil), (*ast.CallExpr)(nil)}, func(cur inspector.Cursor) bool {
		switch n := cur.Node().(type) {
		case *ast.CompositeLit:
			if types.Identical(typematch.Deref(info.TypeOf(n)), t) {
				found = true
			}
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				found = types.Identical(typematch.Deref(tv.Type), t)
				break
			}
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				if _, ok := info.Uses[id].(*types.Builtin); ok {
					found = typematch.IsBuiltin(info, id, "new") && len(n.Args) == 1 && types.Identical(info.TypeOf(n.Args[0]), t)
					break
				}
			}
			fn := typematch.Callee(info, n)
			switch {
			case fn == nil:
				found = mayReturn(info.TypeOf(n.Fun), t) // a function value
			case fn.Pkg() != c.pass.Pkg || seen[fn]:
			case fn.Signature().Recv() != nil && types.IsInterface(fn.Signature().Recv().Type()):
			default:
				seen[fn] = true
				found = true // unless its body shows otherwise
				if decl := c.declOf(fn); decl != nil {
					if body, ok := c.cursorOf(decl.Body); ok {
						found = c.makes(body, t, seen)
					}
				}
			}
		}
		return !found
	})
	return found
}

// mayReturn reports whether a function of type ft may return a value of
// type t: as t itself or in an interface.
func mayReturn(ft, t types.Type) bool {
	sig, ok := ft.Underlying().(*types.Signature)
	if !ok {
		return true
	}
	for r := range sig.Results().Variables() {
		if types.IsInterface(r.Type()) || types.Identical(typematch.Deref(r.Type()), t) {
			return true
		}
	}
	return false
}
