package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// A loop is a retry loop when its attempt's outcome decides whether it goes
// around: every path on which the attempt succeeds leaves the loop, and some
// path on which it fails goes around again. The body is walked once per
// outcome (success, failure by error, failure by status, failure by a false
// bool) with a three-valued evaluation of its conditions, so the shapes real
// code uses (continue, falling off the end, a condition such as err != nil, a
// flag, a labelled break, select on ctx.Done) all resolve the same way.
//
// A poll-until-ready loop fails this test because an error leaves the loop
// and success may go around; a worker that waits whatever happens fails it
// because success goes around.

// tri is the three-valued truth conditions are evaluated in (package eval).
type tri = eval.Value

const (
	unknown = eval.Unknown
	yes     = eval.Yes
	no      = eval.No
)

// scenario is the outcome of an attempt assumed while walking a loop body.
type scenario uint8

const (
	success    scenario = iota
	failErr             // the call returned a non-nil error
	failStatus          // no error, but an HTTP status that says retry (503)
	failBool            // the call returned false
	// The attempt returns (bool, error) and the bool is its own verdict on
	// going on (nats.go's retryWithBackoff: shouldContinue, err := f(i)):
	opStops   // it says stop (the walker's stopOn), with no error
	opRetries // it says go on, with an error
)

// outcomes of one path through a loop body.
type outcomes uint8

const (
	around outcomes = 1 << iota // the loop starts another iteration
	exits                       // the loop is left
	brk                         // an unlabelled break of an enclosing switch or select
	aborts                      // the loop is left with an error: success did not end it
)

// attempt is a call in a loop body whose result is checked.
type attempt struct {
	call  *ast.CallExpr
	errs  map[types.Object]bool // error results
	bools map[types.Object]bool // bool results (only when the call returns no error)
	// verdicts are the bool results of a call that returns (bool, error):
	// a poll's done, or the operation's own say on whether to go on.
	verdicts map[types.Object]bool
	resps    map[types.Object]bool // results with a StatusCode field
	// outs are the other values the attempt gives: its results that are
	// not its outcome, and variables of the loop's function that function
	// literals handed to it assign (resp, set by the callback loki's
	// TimeRequest times). A successful attempt has them: a non-nil check
	// of one, after it succeeded, holds.
	outs map[types.Object]bool
	// direct: the call itself appears in a condition (if op() != nil, if tryLock()).
	errResult, boolResult bool
	// ch is the channel on which a goroutine started for the attempt sends
	// its error (go func() { done <- c.call() }(); err := <-done).
	ch types.Object
}

// walker walks one loop body under one scenario.
type walker struct {
	info   *types.Info
	loop   inspector.Cursor      // the loop statement, where the expressions evaluated are
	body   *ast.BlockStmt        // the loop body being walked
	label  *types.Label          // the loop's own label, if any
	labels map[*types.Label]bool // labels declared inside the loop body
	cond   ast.Expr
	att    *attempt
	sc     scenario
	flags  map[types.Object]bool // bool variables the loop condition reads
	steps  int
	stopOn bool // under opStops and opRetries, the verdict that says stop
	// laterStepsLeave, set while retries() walks a success, makes a return
	// for a later step's failure (onLaterFailure) leave the loop rather than
	// abort it; a poll's walk still sees it as no success that ends it.
	laterStepsLeave bool
	// resets, when not nil, collects the timers the walk resets (t.Reset(d)
	// on a path it takes): see rearm.go.
	resets map[types.Object]bool
	// onNil is what a predicate on the attempt's error answers for a nil
	// error (recogniser.onNil).
	onNil func(*types.Func) tri
	// onOutcome is what a predicate of the package given the attempt's
	// error, response or status code answers for an outcome of the attempt
	// (recogniser.onOutcome).
	onOutcome func(*types.Func, []argRole, outcome) tri
	// callerCodes tells a list of status codes the caller gives
	// (recogniser.isCallerCodes).
	callerCodes func(ast.Expr) bool
	// inStatusSet is what a lookup of a status code in a set of them
	// answers (recogniser.inStatusSet).
	inStatusSet func(set ast.Expr, status int64, exact bool) tri
	// absentFails, when set, leaves a test of the attempt's error for "does
	// not exist" unknown instead of false (see absent.go): the walk then
	// asks whether the loop would retry if that answer were one more
	// failure of the dependency.
	absentFails bool
	// errStatus, when not 0, is the status code of the attempt's response
	// under failErr: an error that came with a response came with a
	// failure status, which retries() takes to be 503 and then 429. A loop
	// that goes round on an error only for other codes (the OCI SDK's
	// 401-only token refresh) does not retry a failing dependency. Left 0,
	// the status of a failed attempt is unknown.
	errStatus int64
	// failCode, when not 0, is the status of the attempt's response under
	// failStatus, 503 otherwise.
	failCode int64
	// method, when not "", is the method of the request the walk assumes
	// the attempt sends (see retriesUnsure): a comparison of the request's
	// Method, in the loop or in a predicate it is handed to, is evaluated.
	method string
}

// failStatusCode is the status of the attempt's response under failStatus.
func (w *walker) failStatusCode() int64 {
	if w.failCode != 0 {
		return w.failCode
	}
	return 503
}

// newWalker makes the walker of attempt att in the loop at cur, its
// questions about predicates and status sets answered by the recogniser.
func (a *recogniser) newWalker(cur inspector.Cursor, label *types.Label, labels map[*types.Label]bool, cond ast.Expr, att *attempt, flags map[types.Object]bool) *walker {
	return &walker{info: a.info, loop: cur, label: label, labels: labels, cond: cond, att: att, flags: flags,
		onNil: a.onNilPredicate, onOutcome: a.onOutcome, callerCodes: a.isCallerCodes, inStatusSet: a.inStatusSet}
}

// maxSteps bounds the work spent on one loop body per scenario.
const maxSteps = 4000

type state map[types.Object]tri

func (s state) clone() state {
	c := make(state, len(s))
	for k, v := range s {
		c[k] = v
	}
	return c
}

func merge(a, b state) state {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	out := make(state, len(a))
	for k, v := range a {
		if b[k] == v {
			out[k] = v
		}
	}
	return out
}

// run walks the body and returns the outcomes of its paths.
func (w *walker) run(body *ast.BlockStmt) outcomes {
	w.body = body
	out, fall, st := w.list(body.List, state{}, false)
	if out&brk != 0 {
		out = out&^brk | exits // an unlabelled break of the loop itself
	}
	if fall {
		out |= around
	}
	if out&around != 0 {
		// Going around passes the loop condition.
		out &^= around
		switch w.eval(w.cond, st) {
		case yes:
			out |= around
		case no:
			out |= exits
		default:
			out |= around | exits
		}
	}
	return out
}

func (w *walker) list(stmts []ast.Stmt, st state, nested bool) (outcomes, bool, state) {
	var out outcomes
	for _, s := range stmts {
		o, fall, st2 := w.stmt(s, st, nested)
		out |= o
		if !fall {
			return out, false, st
		}
		st = st2
	}
	return out, true, st
}

// stmt walks one statement; nested is true inside a loop nested in the body,
// where unlabelled break and continue belong to that loop.
func (w *walker) stmt(s ast.Stmt, st state, nested bool) (outcomes, bool, state) {
	w.steps++
	if w.steps > maxSteps {
		return around | exits, false, st
	}
	switch s := s.(type) {
	case *ast.ReturnStmt:
		// A return before the attempt in the body (alertmanager's check of
		// ctx.Done first) is not reached after the attempt succeeded, and
		// one for a later step's failure (decoding the answer) is that
		// step's, not a success that did not end the loop.
		if w.succeeded() && w.returnsError(s) && !w.beforeAttempt(s) && !(w.laterStepsLeave && w.onLaterFailure(s)) {
			return aborts, false, st
		}
		return exits, false, st
	case *ast.BranchStmt:
		return w.branch(s, nested), s.Tok == token.FALLTHROUGH, st
	case *ast.BlockStmt:
		return w.list(s.List, st, nested)
	case *ast.LabeledStmt:
		return w.stmt(s.Stmt, st, nested)
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok && typematch.NeverReturns(w.info, call) {
			return exits, false, st
		}
		w.noteReset(s.X)
		return 0, true, st
	case *ast.AssignStmt:
		st = w.assertion(s, st)
		for i, l := range s.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok {
				continue
			}
			obj := w.info.ObjectOf(id)
			if obj == nil || !w.flags[obj] {
				continue
			}
			st = st.clone()
			rhs := s.Rhs[min(i, len(s.Rhs)-1)]
			if len(s.Lhs) != len(s.Rhs) && (i > 0 || ast.Unparen(rhs) == w.att.call) {
				// Of a call's several results, only the first can be a
				// predicate's verdict; the attempt's own are known by
				// their roles (attempt.verdicts), and the flag's value
				// before is gone.
				delete(st, obj)
				continue
			}
			st[obj] = w.eval(rhs, st)
		}
		return 0, true, st
	case *ast.IfStmt:
		if init, ok := s.Init.(*ast.AssignStmt); ok {
			st = w.assertion(init, st)
		}
		switch w.eval(s.Cond, st) {
		case yes:
			return w.stmt(s.Body, st, nested)
		case no:
			if s.Else == nil {
				return 0, true, st
			}
			return w.stmt(s.Else, st, nested)
		}
		o1, f1, s1 := w.stmt(s.Body, st, nested)
		o2, f2, s2 := outcomes(0), true, st
		if s.Else != nil {
			o2, f2, s2 = w.stmt(s.Else, st, nested)
		}
		return o1 | o2, f1 || f2, mergeFall(f1, s1, f2, s2)
	case *ast.SwitchStmt:
		return w.switchStmt(s, st, nested)
	case *ast.TypeSwitchStmt:
		if x := typeSwitchSubject(s); x != nil && w.isErr(x) {
			// switch err.(type) { case nil: ...; case *TempError: ... }
			return w.clauses(s.Body, st, nested, func(e ast.Expr) tri {
				if w.isNil(e) {
					return eval.Of(!w.errs())
				}
				if !w.errs() {
					return no // only a non-nil error has a dynamic type
				}
				return unknown
			})
		}
		return w.clauses(s.Body, st, nested, nil)
	case *ast.SelectStmt:
		out, fall, st2 := w.clauses(s.Body, st, nested, nil)
		return out, fall, st2
	case *ast.ForStmt:
		o, _, _ := w.stmt(s.Body, st, true)
		return o &^ brk, true, st
	case *ast.RangeStmt:
		o, _, _ := w.stmt(s.Body, st, true)
		return o &^ brk, true, st
	}
	return 0, true, st
}

// assertion records what a comma-ok type assertion on the attempt's error
// tells (httpErr, ok := err.(httpError); if ok && httpErr.Timeout() {
// continue }): when the attempt gave no error, ok is false, for a nil
// error has no dynamic type; when it failed, ok is unknown. An ok that
// another statement of the loop sets too is left alone.
func (w *walker) assertion(s *ast.AssignStmt, st state) state {
	if len(s.Lhs) != 2 || len(s.Rhs) != 1 {
		return st
	}
	ta, isAssert := ast.Unparen(s.Rhs[0]).(*ast.TypeAssertExpr)
	id, isIdent := s.Lhs[1].(*ast.Ident)
	if !isAssert || !isIdent || !w.isErr(ta.X) {
		return st
	}
	obj := w.info.ObjectOf(id)
	if obj == nil || w.writes(obj) > 1 {
		return st // _, or an ok that something else sets too
	}
	st = st.clone()
	if w.errs() {
		delete(st, obj)
	} else {
		st[obj] = no
	}
	return st
}

// writes counts the statements in the loop that set v: assignments (a
// select's receive included), range clauses and the taking of its address.
func (w *walker) writes(v types.Object) int {
	n := 0
	is := func(e ast.Expr) bool { return e != nil && identObj(w.info, e) == v }
	for c := range w.loop.Preorder((*ast.AssignStmt)(nil), (*ast.RangeStmt)(nil), (*ast.UnaryExpr)(nil)) {
		switch x := c.Node().(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if is(l) {
					n++
				}
			}
		case *ast.RangeStmt:
			if is(x.Key) || is(x.Value) {
				n++
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND && is(x.X) {
				n++
			}
		}
	}
	return n
}

func mergeFall(f1 bool, s1 state, f2 bool, s2 state) state {
	switch {
	case f1 && f2:
		return merge(s1, s2)
	case f1:
		return s1
	}
	return s2
}

func (w *walker) branch(s *ast.BranchStmt, nested bool) outcomes {
	switch s.Tok {
	case token.FALLTHROUGH:
		return 0
	case token.GOTO:
		return exits | around
	}
	if s.Label != nil {
		lbl, _ := w.info.Uses[s.Label].(*types.Label)
		if lbl != nil && w.labels[lbl] {
			return around | exits // a statement inside the body: too rare to follow
		}
		if s.Tok == token.CONTINUE && w.isLoopLabel(lbl) {
			return w.continues(s)
		}
		return exits
	}
	if nested {
		return 0
	}
	if s.Tok == token.CONTINUE {
		return w.continues(s)
	}
	return brk // resolved by the enclosing switch/select, or the loop itself
}

func (w *walker) isLoopLabel(lbl *types.Label) bool { return lbl != nil && lbl == w.label }

// continues is the outcome of a continue of the loop: around, unless it
// comes before the attempt in the body. That iteration made no attempt (it
// waited for the first one, as nats.go's retryWithBackoff does when told to
// wait before it starts), so it says nothing of what success or failure
// does.
func (w *walker) continues(s *ast.BranchStmt) outcomes {
	if w.beforeAttempt(s) {
		return 0
	}
	return around
}

func (w *walker) switchStmt(s *ast.SwitchStmt, st state, nested bool) (outcomes, bool, state) {
	if s.Tag != nil && w.isErr(s.Tag) {
		// switch err { case nil: ...; case ErrNotFound: ... }
		return w.clauses(s.Body, st, nested, func(e ast.Expr) tri { return w.evalNil(s.Tag, e) })
	}
	var tag *int64
	if s.Tag != nil {
		if v, ok := w.evalInt(s.Tag); ok {
			tag = &v
		} else {
			return w.clauses(s.Body, st, nested, nil)
		}
	}
	return w.clauses(s.Body, st, nested, func(e ast.Expr) tri {
		if s.Tag == nil {
			return w.eval(e, st)
		}
		if v, ok := w.evalInt(e); ok {
			return eval.Of(v == *tag)
		}
		return unknown
	})
}

// clauses walks the clauses of a switch or select body. match, when not nil,
// evaluates a case expression; clauses whose cases are all false are skipped
// and one that is certainly taken ends the search.
func (w *walker) clauses(body *ast.BlockStmt, st state, nested bool, match func(ast.Expr) tri) (outcomes, bool, state) {
	var (
		out      outcomes
		fall     bool
		merged   state
		certain  bool
		hasDflt  bool
		dfltBody []ast.Stmt
	)
	take := func(stmts []ast.Stmt) {
		o, f, s := w.list(stmts, st, nested)
		if o&brk != 0 {
			f = true
		}
		out |= o &^ brk
		if f {
			if fall {
				merged = merge(merged, s)
			} else {
				merged = s
			}
			fall = true
		}
	}
	// A select one of whose cases makes the attempt (case <-tick.C: err :=
	// op()): its other cases make none, so they say nothing of what the
	// loop does after the attempt succeeded or failed.
	var attCase ast.Stmt
	for _, c := range body.List {
		if cc, ok := c.(*ast.CommClause); ok && cc.Pos() <= w.att.call.Pos() && w.att.call.End() <= cc.End() {
			attCase = cc
		}
	}
	for _, c := range body.List {
		switch c := c.(type) {
		case *ast.CaseClause:
			if c.List == nil {
				hasDflt, dfltBody = true, c.Body
				continue
			}
			v := unknown
			if match != nil {
				v = eval.AnyCase(c.List, match)
			}
			if v == no {
				continue
			}
			take(c.Body)
			if v == yes {
				certain = true
			}
		case *ast.CommClause:
			if w.succeeded() && w.timesOut(body, c) {
				continue // the attempt answered: its timeout did not fire
			}
			if attCase != nil && ast.Stmt(c) != attCase {
				continue
			}
			take(c.Body)
		}
		if certain {
			break
		}
	}
	isSelect := false
	for _, c := range body.List {
		if _, ok := c.(*ast.CommClause); ok {
			isSelect = true
		}
	}
	if !certain {
		if hasDflt {
			take(dfltBody)
		} else if !isSelect {
			if fall {
				merged = merge(merged, st)
			} else {
				merged = st
			}
			fall = true
		}
	}
	if merged == nil {
		merged = st
	}
	return out, fall, merged
}

// noteReset records the timer that e resets, t.Reset(d), when the walker
// collects them.
func (w *walker) noteReset(e ast.Expr) {
	call, ok := e.(*ast.CallExpr)
	if w.resets == nil || !ok {
		return
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !typematch.IsMethod(typematch.Callee(w.info, call), "time", "Timer", "Reset") {
		return
	}
	if t := chanObj(w.info, sel.X); t != nil {
		w.resets[t] = true
	}
}

// typeSwitchSubject returns x of a type switch on x.(type).
func typeSwitchSubject(s *ast.TypeSwitchStmt) ast.Expr {
	var e ast.Expr
	switch a := s.Assign.(type) {
	case *ast.ExprStmt:
		e = a.X
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			e = a.Rhs[0]
		}
	}
	if ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr); ok {
		return ast.Unparen(ta.X)
	}
	return nil
}

// timesOut reports whether clause c of a select that also receives the
// attempt's result (from the goroutine that made it) waits for a timer: a
// timeout of the attempt, which does not fire when the attempt succeeded.
func (w *walker) timesOut(body *ast.BlockStmt, c *ast.CommClause) bool {
	if w.att.ch == nil || c.Comm == nil {
		return false
	}
	result := false
	for _, cl := range body.List {
		if cc, ok := cl.(*ast.CommClause); ok && receivesFrom(w.info, cc.Comm, w.att.ch) {
			result = true
		}
	}
	if !result {
		return false
	}
	x := RecvOperand(c.Comm)
	if x == nil {
		return false
	}
	if call, ok := x.(*ast.CallExpr); ok {
		fn := typematch.Callee(w.info, call)
		return typematch.IsFunc(fn, "time", "After")
	}
	if sel, ok := x.(*ast.SelectorExpr); ok && sel.Sel.Name == "C" {
		t := typematch.Deref(w.info.TypeOf(sel.X))
		return typematch.IsNamed(t, "time", "Timer")
	}
	return false
}

// RecvOperand returns the channel x of a select case that receives <-x
// (x unparenthesised), or nil.
func RecvOperand(comm ast.Stmt) ast.Expr {
	var e ast.Expr
	switch s := comm.(type) {
	case *ast.ExprStmt:
		e = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			e = s.Rhs[0]
		}
	}
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return ast.Unparen(u.X)
	}
	return nil
}

func receivesFrom(info *types.Info, comm ast.Stmt, ch types.Object) bool {
	x := RecvOperand(comm)
	return x != nil && identObj(info, x) == ch
}

// returnsError reports whether a return statement certainly returns a
// non-nil error: a sentinel (a package-level variable), errors.New,
// fmt.Errorf, or a pointer to a literal. Leaving a loop that way after the
// attempt succeeded is an abort (a handoff, a shutdown), not the success of a
// retry, unless a later step failed (onLaterFailure).
func (w *walker) returnsError(s *ast.ReturnStmt) bool {
	for _, r := range s.Results {
		if t := w.info.TypeOf(r); t == nil || !typematch.IsError(t) {
			continue
		}
		switch r := ast.Unparen(r).(type) {
		case *ast.Ident, *ast.SelectorExpr:
			if v, ok := w.info.ObjectOf(typematch.Ident(r)).(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				return true
			}
		case *ast.UnaryExpr:
			return r.Op == token.AND
		case *ast.CallExpr:
			fn := typematch.Callee(w.info, r)
			if typematch.IsFunc(fn, "errors", "New") || typematch.IsFunc(fn, "fmt", "Errorf") {
				return true
			}
		}
	}
	return false
}

// onLaterFailure reports whether the return statement s runs only when a
// step after the attempt failed: it is in the body of an if of the loop that
// tests an error declared in the loop after the attempt against nil (replicate's
// if err := json.Unmarshal(b, &out); err != nil { return fmt.Errorf(...) }
// once the request has succeeded).
func (w *walker) onLaterFailure(s *ast.ReturnStmt) bool {
	cur, ok := source.Cursor(w.loop, s)
	if !ok {
		return false
	}
	for p := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.FuncLit)(nil)) {
		ifs, ok := p.Node().(*ast.IfStmt)
		if !ok || ifs.Pos() < w.loop.Node().Pos() {
			return false
		}
		if s.Pos() < ifs.Body.Pos() || s.End() > ifs.Body.End() {
			continue // in its else
		}
		for _, c := range eval.Conjuncts(ifs.Cond) {
			be, ok := ast.Unparen(c).(*ast.BinaryExpr)
			if !ok || be.Op != token.NEQ {
				continue
			}
			x := be.X
			if w.isNil(x) {
				x = be.Y
			} else if !w.isNil(be.Y) {
				continue
			}
			id, ok := ast.Unparen(x).(*ast.Ident)
			if !ok {
				continue
			}
			v, ok := w.info.Uses[id].(*types.Var)
			if ok && typematch.IsError(v.Type()) && !w.att.errs[v] && v.Pos() > w.att.call.End() && v.Pos() < w.loop.Node().End() {
				return true
			}
		}
	}
	return false
}

// eval evaluates a condition under the walker's scenario; a missing one
// (for {}) holds.
func (w *walker) eval(e ast.Expr, st state) tri {
	if e == nil {
		return yes
	}
	return eval.Condition(e, func(x ast.Expr) tri { return w.operand(x, st) })
}

// operand evaluates an operand of a condition's connectives (eval.Condition).
func (w *walker) operand(e ast.Expr, st state) tri {
	switch e := e.(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.EQL, token.NEQ:
			if v := w.evalNil(e.X, e.Y); v != unknown {
				if e.Op == token.NEQ {
					return v.Not()
				}
				return v
			}
			if v := w.evalNil(e.Y, e.X); v != unknown {
				if e.Op == token.NEQ {
					return v.Not()
				}
				return v
			}
			if v := w.evalMethod(e); v != unknown {
				return v
			}
			fallthrough
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
			x, ok1 := w.evalInt(e.X)
			y, ok2 := w.evalInt(e.Y)
			if ok1 && ok2 && w.mentionsStatus(e) {
				return eval.Of(constant.Compare(constant.MakeInt64(x), e.Op, constant.MakeInt64(y)))
			}
		}
	case *ast.Ident:
		obj := w.info.ObjectOf(e)
		if v, ok := st[obj]; ok {
			return v
		}
		if w.att.bools[obj] && w.current(e) {
			return w.boolValue()
		}
		if w.att.verdicts[obj] && w.current(e) {
			return w.verdict()
		}
		if tv, ok := w.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
			return eval.Of(constant.BoolVal(tv.Value))
		}
	case *ast.IndexExpr:
		// retryOnStatus[resp.StatusCode]: a set of status codes.
		if out, ok := w.outcome(); ok && out.status != 0 && w.isCurrentStatus(e.Index) {
			// A walk that assumes a method asks about one status, not
			// about server failures in general (see retriesUnsure).
			return w.inStatusSet(e.X, out.status, w.method != "")
		}
	case *ast.CallExpr:
		// The attempt itself: in a condition (if tryLock()), or as the value
		// of a flag it is assigned to (joined := tryJoin()).
		if e == w.att.call && (w.att.boolResult || len(w.att.bools) > 0) {
			return w.boolValue()
		}
		fn := typematch.Callee(w.info, e)
		if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors" &&
			(fn.Name() == "Is" || fn.Name() == "As") && len(e.Args) > 0 && w.isErr(e.Args[0]) {
			if !w.errs() || fn.Name() == "Is" && len(e.Args) == 2 && w.isAbsentError(e.Args[1]) {
				return no
			}
		}
		if w.errs() && !w.absentFails && isAbsentCheck(fn) && len(e.Args) == 1 && w.isErr(e.Args[0]) {
			return no
		}
		if fn != nil && len(e.Args) == 1 && w.isErr(e.Args[0]) && !w.errs() {
			// if isRetryable(err) { continue }: false when err is nil.
			return w.onNil(fn)
		}
		if out, ok := w.outcome(); ok && fn != nil {
			// if !shouldRetry(req, res, err) { break }
			if roles, ok := w.roles(e.Args); ok {
				return w.onOutcome(fn, roles, out)
			}
		}
	}
	return unknown
}

// isCurrentStatus reports whether e is this attempt's res.StatusCode.
func (w *walker) isCurrentStatus(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && w.isStatus(sel) && w.current(ast.Unparen(sel.X).(*ast.Ident))
}

// roles tells which of args are the attempt's error, response and status
// code, or a list of codes the caller gives (see inCodes), and whether the
// call is a question about its answer: one that is given the response or
// the status code, or the error beside other values (a predicate given the
// error alone is read through onNil).
func (w *walker) roles(args []ast.Expr) ([]argRole, bool) {
	roles := make([]argRole, len(args))
	found := false
	for i, arg := range args {
		switch id, _ := ast.Unparen(arg).(*ast.Ident); {
		case w.isErr(arg):
			roles[i], found = errArg, true
		case id != nil && w.att.resps[w.info.ObjectOf(id)] && w.current(id):
			roles[i], found = respArg, true
		case w.isCurrentStatus(arg):
			roles[i], found = statusArg, true
		case w.callerCodes(arg):
			roles[i] = codesArg
		case w.method != "" && w.isMethod(arg):
			roles[i] = methodArg
		case w.method != "" && w.isAttemptRequest(arg):
			roles[i] = reqArg
		}
	}
	return roles, found && !(len(args) == 1 && roles[0] == errArg)
}

// evalMethod evaluates e, an == or != comparison, when one side is the
// method of a request (req.Method) and the other a constant, as the walk
// assumes the method.
func (w *walker) evalMethod(e *ast.BinaryExpr) tri {
	if w.method == "" {
		return unknown
	}
	for _, xy := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
		c, ok := typematch.StringConst(w.info, xy[1])
		if !ok || !w.isMethod(xy[0]) {
			continue
		}
		return eval.Of((c == w.method) == (e.Op == token.EQL))
	}
	return unknown
}

// isMethod reports whether e is the Method field of the request the
// attempt sends.
func (w *walker) isMethod(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Method" && w.isAttemptRequest(sel.X)
}

// isAttemptRequest reports whether e is a variable holding a net/http
// Request that the attempt's call is given (c.Do(req)): the request whose
// method the walk assumes. Another request of the loop (a status query
// beside a POST) keeps its method unknown.
func (w *walker) isAttemptRequest(e ast.Expr) bool {
	obj := identObj(w.info, e)
	if obj == nil || !typematch.IsNamed(typematch.Deref(obj.Type()), "net/http", "Request") {
		return false
	}
	for _, arg := range w.att.call.Args {
		if identObj(w.info, arg) == obj {
			return true
		}
	}
	return false
}

// succeeded reports whether the scenario's attempt returned no error and was
// not turned down by its status or bool.
func (w *walker) succeeded() bool { return w.sc == success || w.sc == opStops }

// errs reports whether the scenario's attempt returned an error.
func (w *walker) errs() bool { return w.sc == failErr || w.sc == opRetries }

// verdict is the value of the attempt's verdict under the scenario.
func (w *walker) verdict() tri {
	switch w.sc {
	case opStops:
		return eval.Of(w.stopOn)
	case opRetries:
		return eval.Of(!w.stopOn)
	}
	return unknown
}

func (w *walker) boolValue() tri {
	switch w.sc {
	case success:
		return yes
	case failBool:
		return no
	}
	return unknown
}

// isErr reports whether e is the attempt's error.
func (w *walker) isErr(e ast.Expr) bool {
	e = ast.Unparen(e)
	if e == w.att.call && w.att.errResult {
		return true
	}
	id, ok := e.(*ast.Ident)
	return ok && w.att.errs[w.info.ObjectOf(id)] && w.current(id)
}

// current reports whether a read of one of the attempt's result variables at
// id sees this iteration's attempt. In the body, only reads after the attempt
// call do: one before it sees an older value, such as the error of the
// NewRequest that builds the request the attempt sends
//
//	req, err := http.NewRequest(...)
//	if err != nil { return err } // not the attempt's error
//	resp, err := c.Do(req)       // the attempt
//
// The loop condition runs after the body, so it sees the attempt; so does
// everything when the attempt itself is in the condition or post statement.
func (w *walker) current(id *ast.Ident) bool {
	inBody := func(n ast.Node) bool { return w.body.Pos() <= n.Pos() && n.End() <= w.body.End() }
	if w.body == nil || !inBody(w.att.call) || !inBody(id) {
		return true
	}
	return id.Pos() >= w.att.call.End()
}

// evalNil evaluates x == y where x may be the attempt's error.
func (w *walker) evalNil(x, y ast.Expr) tri {
	if !w.isErr(x) {
		if id := outRoot(x); id != nil && w.att.outs[w.info.ObjectOf(id)] && w.current(id) && w.isNil(y) && w.succeeded() {
			return no
		}
		if id, ok := ast.Unparen(x).(*ast.Ident); ok && w.att.resps[w.info.ObjectOf(id)] && w.current(id) && w.isNil(y) {
			if w.succeeded() || w.sc == failStatus {
				return no
			}
		}
		return unknown
	}
	isNil := !w.errs()
	if w.isNil(y) {
		return eval.Of(isNil)
	}
	if isNil {
		return no // a nil error equals no sentinel
	}
	if w.isAbsentError(y) {
		return no // a failure of the dependency is no "does not exist" (absent.go)
	}
	return unknown
}

// beforeAttempt reports whether n ends before the attempt's call, both in
// the loop body: on that path the iteration has not made the attempt yet.
func (w *walker) beforeAttempt(n ast.Node) bool {
	if w.body == nil || w.att.call.Pos() < w.body.Pos() || w.att.call.End() > w.body.End() {
		return false
	}
	return n.End() <= w.att.call.Pos()
}

// outRoot returns v of an expression v, v.F or v.F.G, or nil.
func outRoot(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		default:
			return nil
		}
	}
}

func (w *walker) isNil(e ast.Expr) bool {
	tv, ok := w.info.Types[e]
	return ok && tv.IsNil()
}

// mentionsStatus reports whether e reads the attempt's status code, so that a
// comparison of it is evaluated (other integer comparisons stay unknown).
func (w *walker) mentionsStatus(e ast.Expr) bool {
	// Found by position: the walk evaluates conditions from their syntax,
	// without cursors, and comes here only for comparisons of integers.
	cur, ok := source.Cursor(w.loop, e)
	if !ok {
		return false
	}
	for c := range cur.Preorder((*ast.SelectorExpr)(nil)) {
		if w.isStatus(c.Node().(*ast.SelectorExpr)) {
			return true
		}
	}
	return false
}

func (w *walker) isStatus(sel *ast.SelectorExpr) bool {
	if sel.Sel.Name != "StatusCode" {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	return ok && w.att.resps[w.info.ObjectOf(id)]
}

// evalInt evaluates an integer expression built of constants and the
// attempt's status code, as the walker's outcome has it.
func (w *walker) evalInt(e ast.Expr) (int64, bool) {
	if tv, ok := w.info.Types[e]; ok && tv.Value != nil {
		v, ok := constant.Int64Val(constant.ToInt(tv.Value))
		return v, ok
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return w.evalInt(e.X)
	case *ast.SelectorExpr:
		if w.isStatus(e) {
			if o, ok := w.outcome(); ok && o.status != 0 {
				return o.status, true
			}
		}
	case *ast.BinaryExpr:
		x, ok1 := w.evalInt(e.X)
		y, ok2 := w.evalInt(e.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		return eval.IntOp(e.Op, x, y)
	}
	return 0, false
}
