package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

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
// such a supervisor: one of its waits grows with a count the loop steps up
// and sets back to a constant in a statement of its body that comes after
// the attempt, the attempt returns an error and may reach another process,
// and the loop goes around on some path when it fails. Otherwise nil.
func (a *recogniser) reconnectAttempt(cur inspector.Cursor, label *types.Label, counter types.Object, decl *ast.FuncDecl, waits []Wait) *attempt {
	bodyCur, condCur, postCur := loopParts(cur)
	body := bodyCur.Node().(*ast.BlockStmt)
	resets := a.failureCountResets(cur, body, waits)
	if len(resets) == 0 {
		return nil
	}
	cond, labels, flags := a.walkContext(bodyCur, condCur)
	for _, att := range a.findAttempts(bodyCur, condCur, postCur, counter) {
		if !att.errResult && len(att.errs) == 0 || a.reaches(att.call, decl) == Local {
			continue
		}
		at := slices.IndexFunc(body.List, func(st ast.Stmt) bool { return within(att.call, st) })
		if at < 0 || !slices.ContainsFunc(resets, func(i int) bool { return i > at }) {
			continue
		}
		w := &walker{info: a.info, loop: cur, label: label, labels: labels, cond: cond, att: att, flags: flags, onNil: a.onNilPredicate, onOutcome: a.onOutcome}
		w.sc, w.steps = failErr, 0
		if w.run(body)&around != 0 {
			return att
		}
	}
	return nil
}

// failureCountResets returns the indices in body of the statements that
// set back a count of failures: an integer variable that a wait's duration
// reads, that the loop steps up (v++, v += 1, in its post statement or its
// body), and that a statement of the body sets to a constant (v = 0).
func (a *recogniser) failureCountResets(loop inspector.Cursor, body *ast.BlockStmt, waits []Wait) []int {
	var out []int
	for i, st := range body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok != token.ASSIGN {
			continue
		}
		v, ok := identObj(a.info, as.Lhs[0]).(*types.Var)
		if !ok || !typematch.IsInteger(v.Type()) {
			continue
		}
		if _, ok := a.intConst(as.Rhs[0]); !ok {
			continue
		}
		if a.stepsUp(loop, v) && slices.ContainsFunc(waits, func(w Wait) bool {
			return w.Duration != nil && readsAnswer(a.info, w.Duration, map[types.Object]bool{v: true})
		}) {
			out = append(out, i)
		}
	}
	return out
}

// stepsUp reports whether the loop at cur adds one to v, in its post
// statement or its body.
func (a *recogniser) stepsUp(loop inspector.Cursor, v *types.Var) bool {
	for c := range loop.Preorder((*ast.IncDecStmt)(nil), (*ast.AssignStmt)(nil)) {
		if obj, down := a.step(c.Node().(ast.Stmt)); obj == v && !down {
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
