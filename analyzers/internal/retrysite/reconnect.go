package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// A connection's supervisor loops for as long as its owner lives: it
// connects, serves the connection until it breaks, and connects again.
// It never leaves when the connection succeeds, so it is no retry loop by
// the usual test, yet after a failed connect it waits and tries again, and
// its wait grows with a count of the failures in a row that a success sets
// back (kafka-go's reader:
//
//	for attempt := 0; true; attempt++ {
//		if attempt != 0 {
//			sleep(ctx, backoff(attempt, min, max))
//		}
//		conn, start, err := r.initialize(ctx, offset)
//		if err != nil {
//			continue
//		}
//		attempt = 0
//		... serve conn until it breaks ...
//	}
//
// ). That count is what makes the wait a backoff between failed attempts
// rather than a pace: a poller or a worker has no reason to count its
// failures and start again from nothing after a success. Every client the
// same outage cut off reconnects on the same schedule, which is the herd
// nojitter is about.

// reconnectAttempt returns the attempt of the loop at cur when the loop is
// such a supervisor, with the waits that back off after its failures.
// Otherwise nil. The attempt is a call that may reach another process
// (not a listener's Accept: a server taking connections has no herd of
// its own), whose error the loop tests in a statement of its body, and
// the loop goes around on some path when it fails. The count is an integer
// the loop steps up in its post statement or in the branch taken when the
// attempt fails (if err != nil), and sets back to a constant in a statement
// of its body after the attempt; a wait backs off after failures when its
// duration reads the count (directly, or through a local given it once)
// and it comes before the attempt or in that failure branch.
func (a *recogniser) reconnectAttempt(cur inspector.Cursor, label *types.Label, counter types.Object, decl *ast.FuncDecl, waits []Wait) (*attempt, []Wait) {
	bodyCur, condCur, postCur := loopParts(cur)
	body := bodyCur.Node().(*ast.BlockStmt)
	var post ast.Stmt
	if f, ok := cur.Node().(*ast.ForStmt); ok {
		post = f.Post
	}
	cond, labels, flags := a.walkContext(bodyCur, condCur)
	for _, att := range a.findAttempts(bodyCur, condCur, postCur, counter) {
		if a.accepts(att.call) || a.reaches(att.call, decl) == Local {
			continue
		}
		at := slices.IndexFunc(body.List, func(st ast.Stmt) bool { return within(att.call, st) })
		if at < 0 {
			continue
		}
		var failed []*ast.BlockStmt // the branches taken when the attempt fails
		for _, st := range body.List[at:] {
			if ifs, ok := st.(*ast.IfStmt); ok && slices.ContainsFunc(eval.Conjuncts(ifs.Cond), func(e ast.Expr) bool { return a.testsFailure(e, att) }) {
				failed = append(failed, ifs.Body)
			}
		}
		var backoffs []Wait
		for _, v := range a.failureCounts(body, at, post, failed) {
			for _, w := range waits {
				before := w.Node.Pos() < body.List[at].Pos()
				inFailure := slices.ContainsFunc(failed, func(b *ast.BlockStmt) bool { return within(w.Node, b) })
				if (before || inFailure) && w.Duration != nil && a.durationReads(w.Duration, v) && !slices.Contains(backoffs, w) {
					backoffs = append(backoffs, w)
				}
			}
		}
		if len(backoffs) == 0 {
			continue
		}
		w := a.newWalker(cur, label, labels, cond, att, flags)
		w.sc, w.steps = failErr, 0
		if w.run(body)&around != 0 {
			return att, backoffs
		}
	}
	return nil, nil
}

// testsFailure reports whether e holds only when the attempt failed: one of
// its errors compared unequal to nil.
func (a *recogniser) testsFailure(e ast.Expr, att *attempt) bool {
	be, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || !isNilTest(a.info, be, token.NEQ) {
		return false
	}
	return att.errs[identObj(a.info, be.X)] || att.errs[identObj(a.info, be.Y)]
}

// failureCounts returns the integer variables that count failures in a
// row: stepped up in post (the loop's post statement) or in a failed
// branch, and set to a constant by a statement of body after the
// attempt's, at index at.
func (a *recogniser) failureCounts(body *ast.BlockStmt, at int, post ast.Stmt, failed []*ast.BlockStmt) []*types.Var {
	stepped := map[types.Object]bool{}
	if post != nil {
		if obj, down := a.step(post); obj != nil && !down {
			stepped[obj] = true
		}
	}
	for _, b := range failed {
		ast.Inspect(b, func(n ast.Node) bool {
			if st, ok := n.(ast.Stmt); ok {
				if obj, down := a.step(st); obj != nil && !down {
					stepped[obj] = true
				}
			}
			return true
		})
	}
	var out []*types.Var
	for _, st := range body.List[at+1:] {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok != token.ASSIGN {
			continue
		}
		v, ok := identObj(a.info, as.Lhs[0]).(*types.Var)
		if !ok || !stepped[v] || !typematch.IsInteger(v.Type()) {
			continue
		}
		if _, ok := a.intConst(as.Rhs[0]); ok {
			out = append(out, v)
		}
	}
	return out
}

// durationReads reports whether the duration d reads v, directly or
// through a local variable given its value once (wait := backoff(n)).
func (a *recogniser) durationReads(d ast.Expr, v *types.Var) bool {
	count := map[types.Object]bool{v: true}
	return readsAnswer(a.info, d, count) || readsAnswer(a.info, a.value(d), count)
}

// accepts reports whether call takes a connection from a listener
// (net.Listener's Accept, (*net.TCPListener).AcceptTCP, ...): the loop
// around it serves clients, it does not connect to a dependency.
func (a *recogniser) accepts(call *ast.CallExpr) bool {
	fn := typematch.Callee(a.info, call)
	for _, m := range [][2]string{{"Listener", "Accept"}, {"TCPListener", "Accept"}, {"TCPListener", "AcceptTCP"},
		{"UnixListener", "Accept"}, {"UnixListener", "AcceptUnix"}} {
		if typematch.IsMethod(fn, "net", m[0], m[1]) {
			return true
		}
	}
	return false
}

// walkContext returns what a walker of the loop whose body and condition
// are at bodyCur and condCur needs besides its attempt: the condition, the
// labels declared inside the body, and the bool variables that the body
// sets or the condition reads (a flag the body sets and tests, ok := err
// == nil, done = true, or a predicate's verdict kept beside its other
// results, retry, delay := c.shouldRetry(resp, err, attempt)).
func (a *recogniser) walkContext(bodyCur, condCur inspector.Cursor) (cond ast.Expr, labels map[*types.Label]bool, flags map[types.Object]bool) {
	labels = map[*types.Label]bool{}
	flags = map[types.Object]bool{}
	bodyCur.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.LabeledStmt)(nil), (*ast.AssignStmt)(nil)}, func(c inspector.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.LabeledStmt:
			if lbl, ok := a.info.Defs[n.Label].(*types.Label); ok {
				labels[lbl] = true
			}
		case *ast.AssignStmt:
			lhs := n.Lhs
			if len(n.Lhs) != len(n.Rhs) {
				lhs = lhs[:1]
			}
			for _, l := range lhs {
				if v, ok := identObj(a.info, l).(*types.Var); ok && isBool(v.Type()) {
					flags[v] = true
				}
			}
		}
		return true
	})
	if condCur.Valid() {
		cond = condCur.Node().(ast.Expr)
		for c := range condCur.Preorder((*ast.Ident)(nil)) {
			if v, ok := a.info.Uses[c.Node().(*ast.Ident)].(*types.Var); ok && isBool(v.Type()) {
				flags[v] = true
			}
		}
	}
	return cond, labels, flags
}
