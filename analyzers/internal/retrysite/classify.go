package retrysite

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// maxCandidates bounds the attempts tried per loop: a retry loop's attempt is
// one of its first few checked calls.
const maxCandidates = 8

// classifyLoop classifies the for or range statement at cur: a retry site,
// a periodic loop (it waits, whatever happens), or neither (nil, nil).
func (a *recogniser) classifyLoop(cur inspector.Cursor, label *types.Label, fn ast.Node, decl *ast.FuncDecl) (site, periodic *Site) {
	stmt := cur.Node().(ast.Stmt)
	bodyCur, _, _ := loopParts(cur)
	var (
		body       *ast.BlockStmt
		bound      = Bound{Kind: Unknown}
		counter    types.Object
		boundParam *types.Var
	)
	switch s := stmt.(type) {
	case *ast.ForStmt:
		body = s.Body
		bound, counter, boundParam = a.forBound(s)
		if counter != nil && a.walksCollection(cur, counter) {
			return nil, nil // a walk over a pool, as a range over it would be
		}
	case *ast.RangeStmt:
		body = s.Body
		t := a.info.TypeOf(s.X)
		if t == nil {
			return nil, nil
		}
		switch u := t.Underlying().(type) {
		case *types.Basic:
			if u.Info()&types.IsInteger == 0 {
				return nil, nil // a string
			}
			bound = Bound{Kind: Unknown}
			if tv := a.info.Types[s.X]; tv.Value != nil {
				if n, ok := constant.Int64Val(tv.Value); ok && n > 0 {
					bound = Bound{Kind: Known, Attempts: int(n)}
				}
			}
		case *types.Chan:
			// for range ticker.C, for range time.Tick(d): paced attempts
			// when the body leaves on success, else a periodic loop.
			if w, ok := a.tickerRange(s.X); ok {
				waits := append([]Wait{w}, a.listWaits(bodyCur, stmt)...)
				s := &Site{Kind: Loop, Node: stmt, Attempt: body, Func: fn, Bound: Bound{Kind: Unbounded}, Waits: waits}
				att, local, polled := a.findRetriedAttempt(cur, label, nil, decl)
				switch {
				case local:
					return nil, nil
				case att != nil && polled != nil:
					// Every round waits for the tick, whatever the remote
					// call answered, and the loop ends on a test of its answer
					// (k6 asks for a test run's progress every 2s until it
					// says finished): a failure does not set when the next
					// call goes out, so the loop polls that call.
					s.Call = polled.call
					return nil, s
				case att != nil:
					s.Call = att.call
					return s, nil
				}
				return nil, s
			}
			return nil, nil
		default:
			// A collection: a site only when its elements are not fed to
			// the attempt (for _, d := range delays { ...; sleep(d) }).
			n, ok := a.isWaitOnlyRange(cur)
			if !ok {
				return nil, nil
			}
			bound = Bound{Kind: Unknown}
			if n > 0 {
				bound = Bound{Kind: Known, Attempts: n}
			}
		}
	default:
		return nil, nil
	}
	if body == nil || len(body.List) == 0 {
		return nil, nil
	}
	waits := a.listWaits(bodyCur, stmt)
	att, local, polled := a.findRetriedAttempt(cur, label, counter, decl)
	if local {
		return nil, nil // a retry of nothing remote: neither a site nor a poller of one
	}
	if att == nil && len(waits) > 0 {
		// A supervisor that may also return after a session passes for a
		// poller; its count of failures says it retries.
		if sup, backoffs := a.reconnectAttempt(cur, label, counter, decl, waits); sup != nil {
			att, waits, polled = sup, backoffs, nil
		}
	}
	if att == nil {
		if len(waits) > 0 {
			p := &Site{Kind: Loop, Node: stmt, Attempt: body, Func: fn, Bound: bound, Waits: waits}
			if polled != nil {
				p.Call = polled.call
			}
			return nil, p
		}
		return nil, nil
	}
	if len(waits) == 0 && a.isRateLimited(bodyCur) {
		return nil, nil // its only pause is a rate limiter: a throttled worker
	}
	if bound.Kind == Unknown && stmtIsFor(stmt) {
		bound = a.decideBodyBound(cur, att.call)
	}
	if att.ch != nil {
		waits = a.dropTimeouts(bodyCur, waits, att.ch)
	}
	_, condCur, _ := loopParts(cur)
	cond, labels, flags := a.walkContext(bodyCur, condCur)
	walk := a.newWalker(cur, label, labels, cond, att, flags)
	return &Site{Kind: Loop, Node: stmt, Attempt: body, Func: fn, Bound: bound, Waits: waits, Call: att.call, boundParam: boundParam, walk: walk}, nil
}

func stmtIsFor(s ast.Stmt) bool { _, ok := s.(*ast.ForStmt); return ok }

// loopParts returns the cursors of the body, the condition and the post
// statement of the for or range statement at loop; those of a condition or
// post statement the loop lacks are not Valid.
func loopParts(loop inspector.Cursor) (body, cond, post inspector.Cursor) {
	switch s := loop.Node().(type) {
	case *ast.ForStmt:
		if s.Cond != nil {
			cond = loop.ChildAt(edge.ForStmt_Cond, -1)
		}
		if s.Post != nil {
			post = loop.ChildAt(edge.ForStmt_Post, -1)
		}
		body = loop.ChildAt(edge.ForStmt_Body, -1)
	case *ast.RangeStmt:
		body = loop.ChildAt(edge.RangeStmt_Body, -1)
	}
	return body, cond, post
}

// findRetriedAttempt returns the attempt that the loop at cur re-runs when
// it fails and leaves when it succeeds, or nil; local is set when there is
// one but it does not reach another process. Without one, polled is an
// attempt that may reach another process which the loop re-runs after
// every failure, and leaves after some success only (a poll until the
// answer is stable): the loop cannot end while it fails; or which the loop
// re-runs while it answers that an object does not exist (a wait for the
// object to show up). With an attempt that stays in this process but tests
// what such a remote call answered (p.finished() for p, err := progress()),
// polled is that call too.
func (a *recogniser) findRetriedAttempt(cur inspector.Cursor, label *types.Label, counter types.Object, decl *ast.FuncDecl) (att *attempt, local bool, polled *attempt) {
	bodyCur, condCur, postCur := loopParts(cur)
	cands := a.findAttempts(bodyCur, condCur, postCur, counter)
	if len(cands) == 0 {
		return nil, false, nil
	}
	body := bodyCur.Node().(*ast.BlockStmt)
	cond, labels, flags := a.walkContext(bodyCur, condCur)
	// A candidate that succeeds and retries but stays in this process
	// (a parser's next token, a local lock) makes no retry site, unless the
	// body visibly reaches another process some other way.
	var localAtt *attempt
	for _, att := range cands {
		w := a.newWalker(cur, label, labels, cond, att, flags)
		if !w.retries(body) && !a.rearms(w, body) {
			if polled == nil && (w.polls(body) || w.awaitsObject(body)) && a.reaches(att.call, decl) != Local {
				polled = att
			}
			continue
		}
		if a.reaches(att.call, decl) == Local {
			if localAtt == nil {
				localAtt = att
			}
			continue
		}
		return att, false, nil
	}
	if localAtt != nil && a.bodyReaches(bodyCur, decl) {
		if a.endsOnRemoteFailure(cur, label, body, cond, labels, flags, cands, decl) {
			return nil, false, nil // a poll of the remote call's answer
		}
		if polled != nil && readsAnswer(a.info, localAtt.call, polled.outs) {
			return localAtt, false, polled
		}
		return localAtt, false, nil
	}
	if localAtt != nil {
		return nil, true, nil
	}
	return nil, false, polled
}

// endsOnRemoteFailure reports whether some candidate that reaches another
// process and returns an error leaves the loop on every path when it fails:
// the loop then checks that call's answer with a local test and goes round
// until the answer is the one it waits for (rclone's internet archive
// backend, re-reading an item's metadata until the uploaded file shows),
// which polls the call rather than retrying it.
func (a *recogniser) endsOnRemoteFailure(loop inspector.Cursor, label *types.Label, body *ast.BlockStmt, cond ast.Expr,
	labels map[*types.Label]bool, flags map[types.Object]bool, cands []*attempt, decl *ast.FuncDecl) bool {
	for _, att := range cands {
		if !att.errResult && len(att.errs) == 0 || a.reaches(att.call, decl) != Reaches {
			continue
		}
		w := a.newWalker(loop, label, labels, cond, att, flags)
		w.sc, w.steps = failErr, 0
		if w.run(body) == exits {
			return true
		}
	}
	return false
}

// readsAnswer reports whether the syntax at n reads one of outs: the values
// an attempt gives when it succeeds (p.finished() for p, err :=
// progress()), or a count a wait's duration grows with.
func readsAnswer(info *types.Info, node ast.Node, outs map[types.Object]bool) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && outs[info.Uses[id]] {
			found = true
		}
		return !found
	})
	return found
}

// awaitsObject reports whether the loop goes around only while its attempt
// answers that something does not exist (absent.go), and would retry the
// attempt if that answer were a failure like any other: it waits for an
// object to show up, re-running a call that reaches the dependency.
func (w *walker) awaitsObject(body *ast.BlockStmt) bool {
	v := *w
	v.absentFails = true
	return v.retries(body)
}

// polls reports whether the loop goes around on every path after its
// attempt fails with an error, and leaves on some path after it succeeds.
func (w *walker) polls(body *ast.BlockStmt) bool {
	if !w.att.errResult && len(w.att.errs) == 0 {
		return false
	}
	w.sc, w.steps = failErr, 0
	if w.run(body) != around {
		return false
	}
	w.sc, w.steps = success, 0
	return w.run(body)&exits != 0
}

// retries reports whether the walker's attempt leaves the loop when it
// succeeds and goes around on some failure.
func (w *walker) retries(body *ast.BlockStmt) bool {
	att := w.att
	if len(att.verdicts) > 0 && (w.retriesOnVerdict(body, false) || w.retriesOnVerdict(body, true)) {
		return true
	}
	w.sc, w.steps, w.laterStepsLeave = success, 0, true
	leaves := w.run(body) == exits
	w.laterStepsLeave = false
	if !leaves {
		return false
	}
	fails := []scenario{}
	if att.errResult || len(att.errs) > 0 {
		fails = append(fails, failErr)
	}
	if len(att.resps) > 0 {
		fails = append(fails, failStatus)
	}
	if att.boolResult || len(att.bools) > 0 {
		fails = append(fails, failBool)
	}
	for _, sc := range fails {
		w.sc, w.steps = sc, 0
		if sc == failErr && len(att.resps) > 0 {
			if w.retriesWithStatus(body, 503) || w.retriesWithStatus(body, 429) {
				return true
			}
			continue
		}
		if w.run(body)&around != 0 {
			return true
		}
	}
	return false
}

// unsureStatuses are the answers after which a server may or may not have
// acted on a request: it failed or timed out behind a gateway while
// handling it. (A 429 refuses a request before it is handled.)
var unsureStatuses = []int64{500, 502, 503, 504}

// retriesUnsure reports whether the loop goes around on some path after its
// attempt, sending a request of the given method, failed in a way that
// leaves open whether the server acted on it: an error (a transport error,
// or one that came with any status), or an answer with a status in
// unsureStatuses. A failure whose cause the loop cannot see (a
// false, an operation's own verdict) may be either, so it counts. The walk
// evaluates comparisons of the request's method (replicate-go goes round
// for any method but GET only on a 429: shouldRetry(response,
// request.Method)).
func (w *walker) retriesUnsure(body *ast.BlockStmt, method string) bool {
	v := *w // the site's walker keeps its settings
	v.method = method
	att := v.att
	if len(att.verdicts) > 0 || att.boolResult || len(att.bools) > 0 {
		return true
	}
	goesAround := func(sc scenario, failCode int64) bool {
		v.sc, v.steps, v.errStatus, v.failCode = sc, 0, 0, failCode
		return v.run(body)&around != 0
	}
	// An error whose status is not known stands for every error, with a
	// response or without.
	if (att.errResult || len(att.errs) > 0) && goesAround(failErr, 0) {
		return true
	}
	for _, code := range unsureStatuses {
		if len(att.resps) > 0 && goesAround(failStatus, code) {
			return true
		}
	}
	return false
}

// retriesWithStatus reports whether the loop goes around on some path when
// the attempt fails with an error and a response of the given status.
func (w *walker) retriesWithStatus(body *ast.BlockStmt, status int64) bool {
	defer func() { w.errStatus = 0 }()
	w.errStatus, w.steps = status, 0
	return w.run(body)&around != 0
}

// retriesOnVerdict reports whether the loop leaves on every path when the
// attempt's verdict is stopOn and its error nil, and goes around on some path
// when the verdict is the other and there is an error: the operation decides
// whether it is retried. A poll (done, err := cond(); leaving on an error) and
// an iterator (more, err := next()) leave on the error, so neither is a
// retry.
func (w *walker) retriesOnVerdict(body *ast.BlockStmt, stopOn bool) bool {
	w.stopOn = stopOn
	w.sc, w.steps = opStops, 0
	if w.run(body) != exits {
		return false
	}
	w.sc, w.steps = opRetries, 0
	return w.run(body)&around != 0
}

// bodyReaches reports whether a call in body certainly reaches another
// process, other than a call that handles an item the body received in a
// select: an event loop (sarama's producer handles each response it
// receives while it waits for room in its batch) does each such call once.
func (a *recogniser) bodyReaches(body inspector.Cursor, decl *ast.FuncDecl) bool {
	queue := a.selectedItems(body)
	for c := range body.Preorder((*ast.CallExpr)(nil)) {
		if a.reaches(c.Node().(*ast.CallExpr), decl) == Reaches && !queue.handlesItem(a.info, c) {
			return true
		}
	}
	return false
}

// findAttempts returns the checked calls of a loop: calls in its body,
// condition or post statement (cursors; the last two not Valid when the loop
// has none), not in nested loops or function literals, whose error, bool or
// HTTP response is kept or tested.
func (a *recogniser) findAttempts(body, cond, post inspector.Cursor, counter types.Object) []*attempt {
	var out []*attempt
	byCall := map[*ast.CallExpr]*attempt{}
	queue := a.queueItems(body)
	add := func(cur inspector.Cursor, lhs []ast.Expr) {
		call := cur.Node().(*ast.CallExpr)
		if len(out) >= maxCandidates && byCall[call] == nil {
			return
		}
		sig := typematch.SignatureOf(a.info, call.Fun)
		if sig == nil || a.isWait(call) || feedsIndex(a.info, cur, counter) || queue.handlesItem(a.info, cur) {
			return
		}
		res := sig.Results()
		att := byCall[call]
		if att == nil {
			att = &attempt{call: call, errs: map[types.Object]bool{}, bools: map[types.Object]bool{}, verdicts: map[types.Object]bool{},
				resps: map[types.Object]bool{}, outs: map[types.Object]bool{}}
		}
		hasErr := false
		for i := 0; i < res.Len(); i++ {
			if typematch.IsError(res.At(i).Type()) {
				hasErr = true
			}
		}
		if !hasErr && (counter != nil && argsMention(a.info, cur, counter) ||
			typematch.Callee(a.info, call) == nil && a.argsStepped(cur, body, post)) {
			// A predicate over the counter's position (strings.EqualFold(arg(i), tok)),
			// or a predicate handed in and asked about a value the loop moves
			// on (rclone's errors.Walk calls f(err), then err = e.Unwrap()):
			// the loop searches or walks, it does not retry.
			return
		}
		if lhs == nil {
			if res.Len() == 1 {
				att.errResult = hasErr
				att.boolResult = isBool(res.At(0).Type())
			}
		} else if len(lhs) == res.Len() {
			for i, l := range lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || id.Name == "_" {
					continue
				}
				obj := a.info.ObjectOf(id)
				t := res.At(i).Type()
				switch {
				case typematch.IsError(t):
					att.errs[obj] = true
				case isBool(t) && res.Len() == 1:
					// Only a lone bool is an attempt's outcome (tryLock()):
					// item, quit := q.Get() is a consumer's, not a retry's.
					att.bools[obj] = true
				case isBool(t) && res.Len() == 2 && i == 0 && hasErr:
					att.verdicts[obj] = true
				case hasStatus(t):
					att.resps[obj] = true
				default:
					att.outs[obj] = true
				}
			}
		}
		if len(att.errs)+len(att.bools)+len(att.verdicts)+len(att.resps) == 0 && !att.errResult && !att.boolResult {
			return
		}
		a.addCallbackOuts(cur, att.outs)
		if byCall[call] == nil {
			byCall[call] = att
			out = append(out, att)
		}
	}
	sent := a.mapGoroutineResults(body)
	visit := func(c inspector.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
					callCur, _ := c.FindNode(call)
					add(callCur, n.Lhs)
				}
				// err := <-done, where a goroutine of the body sends the
				// attempt's error on done.
				if u, ok := ast.Unparen(n.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW && len(n.Lhs) == 1 {
					ch := identObj(a.info, u.X)
					if call := sent[ch]; call != nil && len(out) < maxCandidates && byCall[call] == nil {
						if obj := identObj(a.info, n.Lhs[0]); obj != nil && typematch.IsError(obj.Type()) {
							att := &attempt{call: call, errs: map[types.Object]bool{obj: true}, bools: map[types.Object]bool{},
								resps: map[types.Object]bool{}, ch: ch}
							byCall[call] = att
							out = append(out, att)
						}
					}
				}
			}
		case *ast.TypeSwitchStmt:
			// switch op().(type)
			if call, ok := typeSwitchSubject(n).(*ast.CallExpr); ok {
				callCur, _ := c.FindNode(call)
				add(callCur, nil)
			}
		case *ast.ValueSpec:
			if len(n.Values) == 1 {
				if call, ok := ast.Unparen(n.Values[0]).(*ast.CallExpr); ok {
					lhs := make([]ast.Expr, len(n.Names))
					for i, id := range n.Names {
						lhs[i] = id
					}
					callCur, _ := c.FindNode(call)
					add(callCur, lhs)
				}
			}
		case *ast.IfStmt:
			a.visitCondCalls(c.ChildAt(edge.IfStmt_Cond, -1), add)
		case *ast.CaseClause:
			for i := range n.List {
				a.visitCondCalls(c.ChildAt(edge.CaseClause_List, i), add)
			}
		}
		return true
	}
	filter := []ast.Node{(*ast.FuncLit)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.AssignStmt)(nil),
		(*ast.TypeSwitchStmt)(nil), (*ast.ValueSpec)(nil), (*ast.IfStmt)(nil), (*ast.CaseClause)(nil)}
	body.Inspect(filter, visit)
	if cond.Valid() {
		// A predicate in the loop condition (for !informer.HasSynced()) is
		// a wait until ready, not an attempt; an error there is one.
		a.visitCondCalls(cond, func(cur inspector.Cursor, lhs []ast.Expr) {
			call := cur.Node().(*ast.CallExpr)
			if sig := typematch.SignatureOf(a.info, call.Fun); sig != nil && sig.Results().Len() == 1 && isBool(sig.Results().At(0).Type()) {
				return
			}
			add(cur, lhs)
		})
		cond.Inspect(filter, visit)
	}
	if post.Valid() {
		post.Inspect(filter, visit)
	}
	return out
}

// addCallbackOuts adds to outs the variables declared outside the function
// literals that the call at cur hands on and assigned inside them.
func (a *recogniser) addCallbackOuts(cur inspector.Cursor, outs map[types.Object]bool) {
	for i, arg := range cur.Node().(*ast.CallExpr).Args {
		lit, ok := ast.Unparen(arg).(*ast.FuncLit)
		if !ok {
			continue
		}
		litCur, _ := cur.ChildAt(edge.CallExpr_Args, i).FindNode(lit)
		for c := range litCur.ChildAt(edge.FuncLit_Body, -1).Preorder((*ast.AssignStmt)(nil)) {
			as := c.Node().(*ast.AssignStmt)
			if as.Tok != token.ASSIGN {
				continue
			}
			for _, l := range as.Lhs {
				if obj := identObj(a.info, l); obj != nil && !typematch.IsError(obj.Type()) && (obj.Pos() < lit.Pos() || obj.Pos() >= lit.End()) {
					outs[obj] = true
				}
			}
		}
	}
}

// dropTimeouts removes the waits of select cases that race the result of an
// attempt made in a goroutine: a timeout of the attempt, not a pause
// between attempts.
func (a *recogniser) dropTimeouts(body inspector.Cursor, waits []Wait, ch types.Object) []Wait {
	var timeouts []ast.Node
	for c := range body.Preorder((*ast.SelectStmt)(nil)) {
		sel := c.Node().(*ast.SelectStmt)
		races := false
		for _, cl := range sel.Body.List {
			if cc, ok := cl.(*ast.CommClause); ok && receivesFrom(a.info, cc.Comm, ch) {
				races = true
			}
		}
		if races {
			for _, cl := range sel.Body.List {
				if cc, ok := cl.(*ast.CommClause); ok && cc.Comm != nil {
					timeouts = append(timeouts, cc.Comm)
				}
			}
		}
	}
	out := waits[:0:0]
	for _, w := range waits {
		in := false
		for _, t := range timeouts {
			if t.Pos() <= w.Node.Pos() && w.Node.End() <= t.End() {
				in = true
			}
		}
		if !in {
			out = append(out, w)
		}
	}
	return out
}

// mapGoroutineResults maps each channel to which a goroutine started in
// body sends an error that a call made (go func() { done <- c.call() }(), or
// err := c.call(); done <- err) to that call.
func (a *recogniser) mapGoroutineResults(body inspector.Cursor) map[types.Object]*ast.CallExpr {
	var out map[types.Object]*ast.CallExpr
	for st := range body.Children() {
		g, ok := st.Node().(*ast.GoStmt)
		if !ok {
			continue
		}
		lit, ok := ast.Unparen(g.Call.Fun).(*ast.FuncLit)
		if !ok {
			continue
		}
		errCalls := map[types.Object]*ast.CallExpr{}
		litCur, _ := st.FindNode(lit)
		filter := []ast.Node{(*ast.FuncLit)(nil), (*ast.AssignStmt)(nil), (*ast.SendStmt)(nil)}
		litCur.ChildAt(edge.FuncLit_Body, -1).Inspect(filter, func(c inspector.Cursor) bool {
			switch n := c.Node().(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				if len(n.Rhs) == 1 {
					if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
						for _, l := range n.Lhs {
							if obj := identObj(a.info, l); obj != nil && typematch.IsError(obj.Type()) {
								errCalls[obj] = call
							}
						}
					}
				}
			case *ast.SendStmt:
				ch := identObj(a.info, n.Chan)
				if ch == nil || !typematch.IsError(a.info.TypeOf(n.Value)) {
					return true
				}
				call, _ := ast.Unparen(n.Value).(*ast.CallExpr)
				if call == nil {
					call = errCalls[identObj(a.info, n.Value)]
				}
				if call != nil {
					if out == nil {
						out = map[types.Object]*ast.CallExpr{}
					}
					out[ch] = call
				}
			}
			return true
		})
	}
	return out
}

// visitCondCalls hands each call that the condition at e tests directly to
// add.
func (a *recogniser) visitCondCalls(e inspector.Cursor, add func(inspector.Cursor, []ast.Expr)) {
	e.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}, func(c inspector.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if fn := typematch.Callee(a.info, n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors" {
				return true // errors.Is(err, X) tests the attempt, it is not one
			}
			add(c, nil)
		}
		return true
	})
}

// feedsIndex reports whether the call at cur indexes something by the loop
// counter: the loop walks a collection rather than retrying.
func feedsIndex(info *types.Info, cur inspector.Cursor, counter types.Object) bool {
	if counter == nil {
		return false
	}
	for _, op := range operands(cur) {
		for ix := range op.Preorder((*ast.IndexExpr)(nil)) {
			if mentions(info, ix.ChildAt(edge.IndexExpr_Index, -1), counter) {
				return true
			}
		}
	}
	return false
}

// argsStepped reports whether a variable among the arguments or the
// receiver of the call at cur is assigned, outside function literals, in the
// loop's post statement or in its body after the call: each round asks about
// the value the round before moved on to. A value made afresh before the call
// in the same round (listing, err := s.Get(); if has(listing, name)) is the
// answer of this round's attempt, not a step.
func (a *recogniser) argsStepped(cur, body, post inspector.Cursor) bool {
	call := cur.Node()
	used := map[types.Object]bool{}
	for _, op := range operands(cur) {
		for c := range op.Preorder((*ast.Ident)(nil)) {
			if v, ok := a.info.Uses[c.Node().(*ast.Ident)].(*types.Var); ok {
				used[v] = true
			}
		}
	}
	if len(used) == 0 {
		return false
	}
	for _, part := range []inspector.Cursor{body, post} {
		if !part.Valid() {
			continue
		}
		stepped := false
		part.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.AssignStmt)(nil), (*ast.RangeStmt)(nil)}, func(c inspector.Cursor) bool {
			var lhs []ast.Expr
			switch n := c.Node().(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				lhs = n.Lhs
			case *ast.RangeStmt:
				lhs = []ast.Expr{n.Key, n.Value}
			}
			if part == body && c.Node().Pos() < call.End() {
				return true // before the call: made afresh this round
			}
			for _, l := range lhs {
				if l != nil && used[identObj(a.info, l)] {
					stepped = true
				}
			}
			return !stepped
		})
		if stepped {
			return true
		}
	}
	return false
}

// argsMention reports whether the counter appears in the arguments or the
// receiver of the call at cur.
func argsMention(info *types.Info, cur inspector.Cursor, counter types.Object) bool {
	for _, op := range operands(cur) {
		if mentions(info, op, counter) {
			return true
		}
	}
	return false
}

// operands returns the cursors of the arguments of the call at cur and, when
// it calls x.f, of x.
func operands(cur inspector.Cursor) []inspector.Cursor {
	call := cur.Node().(*ast.CallExpr)
	var out []inspector.Cursor
	for i := range call.Args {
		out = append(out, cur.ChildAt(edge.CallExpr_Args, i))
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		x, _ := cur.ChildAt(edge.CallExpr_Fun, -1).FindNode(sel.X)
		out = append(out, x)
	}
	return out
}

// mentions reports whether obj is used in the syntax at cur.
func mentions(info *types.Info, cur inspector.Cursor, obj types.Object) bool {
	for c := range cur.Preorder((*ast.Ident)(nil)) {
		if info.Uses[c.Node().(*ast.Ident)] == obj {
			return true
		}
	}
	return false
}

// isWaitOnlyRange reports whether the range over a collection at cur uses
// its key and value only as wait durations (a list of delays), and the
// list's length when it is a literal.
func (a *recogniser) isWaitOnlyRange(cur inspector.Cursor) (int, bool) {
	s := cur.Node().(*ast.RangeStmt)
	vars := map[types.Object]bool{}
	for _, e := range []ast.Expr{s.Key, s.Value} {
		if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
			if obj := a.info.ObjectOf(id); obj != nil {
				vars[obj] = true
			}
		}
	}
	body := cur.ChildAt(edge.RangeStmt_Body, -1)
	if !a.onlyInWaits(body, func(c inspector.Cursor) bool {
		id, ok := c.Node().(*ast.Ident)
		return ok && vars[a.info.Uses[id]]
	}) {
		return 0, false
	}
	if lit, isLit := ast.Unparen(s.X).(*ast.CompositeLit); isLit {
		return len(lit.Elts), true
	}
	return 0, true
}

// walksCollection reports whether the three-clause loop at cur, whose
// counter is counter, goes through a collection the way a range over it
// does (for i := 0; i < len(pool); i++ { nc.current = pool[i]; ... }):
// each attempt goes to the next server of a pool, and none is tried twice.
// A collection of durations or numbers is a schedule of waits, however the
// loop reads it (d := delays[i]; log(d); sleep(d)), and leaves the loop a
// retry; so does one read only by the waits.
func (a *recogniser) walksCollection(cur inspector.Cursor, counter types.Object) bool {
	s := cur.Node().(*ast.ForStmt)
	var coll ast.Expr
	for _, c := range eval.Conjuncts(s.Cond) {
		be, ok := c.(*ast.BinaryExpr)
		if !ok {
			continue
		}
		// i < len(pool), i <= ..., i != ..., and the same reversed.
		switch {
		case (be.Op == token.LSS || be.Op == token.LEQ || be.Op == token.NEQ) && isIdentOf(a.info, be.X, counter):
			coll = cmp.Or(a.lenOf(be.Y), coll)
		case (be.Op == token.GTR || be.Op == token.GEQ || be.Op == token.NEQ) && isIdentOf(a.info, be.Y, counter):
			coll = cmp.Or(a.lenOf(be.X), coll)
		}
	}
	if coll == nil || schedule(a.info.TypeOf(coll)) {
		return false
	}
	name := types.ExprString(coll)
	return !a.onlyInWaits(cur.ChildAt(edge.ForStmt_Body, -1), func(c inspector.Cursor) bool {
		ix, ok := c.Node().(*ast.IndexExpr)
		return ok && types.ExprString(ast.Unparen(ix.X)) == name && a.walkIndex(ix.Index, counter, name)
	})
}

// lenOf returns x when e is len(x), or nil.
func (a *recogniser) lenOf(e ast.Expr) ast.Expr {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && typematch.IsBuiltin(a.info, id, "len") {
			return ast.Unparen(call.Args[0])
		}
	}
	return nil
}

// walkIndex reports whether index, into the collection named name, moves
// with the counter over the whole of it: the counter itself, or a rotation
// that starts elsewhere, (off+i)%len(pool).
func (a *recogniser) walkIndex(index ast.Expr, counter types.Object, name string) bool {
	if isIdentOf(a.info, index, counter) {
		return true
	}
	rem, ok := ast.Unparen(index).(*ast.BinaryExpr)
	if !ok || rem.Op != token.REM {
		return false
	}
	if x := a.lenOf(rem.Y); x == nil || types.ExprString(x) != name {
		return false
	}
	for n := range ast.Preorder(rem.X) {
		if id, ok := n.(*ast.Ident); ok && isIdentOf(a.info, id, counter) {
			return true
		}
	}
	return false
}

// schedule reports whether t is a slice or array of durations or numbers:
// a list of waits, not of places to try.
func schedule(t types.Type) bool {
	var elem types.Type
	switch u := typematch.Deref(t).Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	default:
		return false
	}
	b, ok := elem.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0
}

// onlyInWaits reports whether every node of body that use matches lies in
// the duration of a wait call: function literals included, since a closure
// the loop calls feeds the attempt as well.
func (a *recogniser) onlyInWaits(body inspector.Cursor, use func(inspector.Cursor) bool) bool {
	ok := true
	inWait := map[ast.Node]bool{}
	body.Inspect(nil, func(c inspector.Cursor) bool {
		if call, isCall := c.Node().(*ast.CallExpr); isCall {
			if _, d := a.waitOf(call); d != nil {
				for m := range c.Child(d).Preorder() {
					inWait[m.Node()] = true
				}
			}
		}
		if !inWait[c.Node()] && use(c) {
			ok = false
		}
		return ok
	})
	return ok
}

// forBound reads a three-clause loop's attempt bound: for i := 0; i < N; i++.
// It also returns the counter variable.
//
// When the limit is a parameter in the canonical shape (for i := 0; i < n;
// i++, or i := 1; i <= n), it returns that parameter too: a runner's callers
// then know the bound from their argument.
func (a *recogniser) forBound(s *ast.ForStmt) (Bound, types.Object, *types.Var) {
	counter := a.counter(s)
	if s.Cond == nil {
		return Bound{Kind: Unknown}, counter, nil // decided by bodyBound
	}
	if counter != nil {
		start, okStart := a.initValue(s, counter)
		for _, c := range eval.Conjuncts(s.Cond) {
			be, ok := c.(*ast.BinaryExpr)
			if !ok {
				continue
			}
			x, y, op := be.X, be.Y, be.Op
			if !isIdentOf(a.info, x, counter) {
				x, y, op = y, x, flip(op)
			}
			if !isIdentOf(a.info, x, counter) {
				continue
			}
			lim, ok := a.intConst(y)
			if !ok || !okStart {
				var param *types.Var
				if v, isVar := identObj(a.info, y).(*types.Var); isVar && isParam(v) && okStart &&
					(start == 0 && op == token.LSS || start == 1 && op == token.LEQ) {
					param = v
				}
				return Bound{Kind: Unknown}, counter, param
			}
			n := int64(-1)
			switch op {
			case token.LSS:
				n = lim - start
			case token.LEQ:
				n = lim - start + 1
			case token.GTR:
				n = start - lim
			case token.GEQ:
				n = start - lim + 1
			case token.NEQ:
				n = lim - start
				if n < 0 {
					n = -n
				}
			}
			if n > 0 {
				return Bound{Kind: Known, Attempts: int(n)}, counter, nil
			}
			return Bound{Kind: Unknown}, counter, nil
		}
	}
	return Bound{Kind: Unknown}, counter, nil
}

// decideBodyBound decides the bound of the for statement at cur, which has
// no counted condition: a counter checked in the body (attempt++; if attempt
// >= N { return }, or remaining--; if remaining <= 0 { return }), unbounded
// when nothing but the attempt, a flag or a context ends it, else unknown.
func (a *recogniser) decideBodyBound(cur inspector.Cursor, call *ast.CallExpr) Bound {
	s := cur.Node().(*ast.ForStmt)
	bodyCur, condCur, _ := loopParts(cur)
	if condCur.Valid() {
		var other bool
		condCur.Inspect(nil, func(c inspector.Cursor) bool {
			n := c.Node()
			if e, ok := n.(ast.Expr); ok {
				if t := a.info.TypeOf(e); t != nil && isNumeric(t) {
					other = true
				}
			}
			// A predicate that keeps its own count (dskit's
			// for retries.Ongoing(), which stops after MaxRetries): a
			// bound the loop does not show. A context's Err is no count.
			if call, ok := n.(*ast.CallExpr); ok && a.mayCount(call) {
				other = true
			}
			return !other
		})
		// A condition on what the post statement gives (for b := first();
		// b != nil; b = next()): the loop ends when the candidates run out.
		// When the post statement is the attempt (err = try()), only
		// success ends it.
		if as, ok := s.Post.(*ast.AssignStmt); ok && !within(call, as) {
			for _, l := range as.Lhs {
				if obj := identObj(a.info, l); obj != nil && mentions(a.info, condCur, obj) {
					other = true
				}
			}
		}
		if other {
			return Bound{Kind: Unknown}
		}
	}
	// Counters stepped by one in the body or the post statement, up or
	// down (sarama's attemptsRemaining--).
	incs := map[types.Object]int{} // counter -> index of its top-level step (len(body) for post)
	down := map[types.Object]bool{}
	for i, st := range s.Body.List {
		if obj, dec := a.step(st); obj != nil {
			incs[obj], down[obj] = i, dec
		}
	}
	if s.Post != nil {
		if obj, dec := a.step(s.Post); obj != nil {
			incs[obj], down[obj] = len(s.Body.List), dec
		}
	}
	timed := false
	timeCalls := func(c inspector.Cursor) bool {
		if _, ok := c.Node().(*ast.FuncLit); ok {
			return false
		}
		if call, ok := c.Node().(*ast.CallExpr); ok {
			if fn := typematch.Callee(a.info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" {
				switch fn.Name() {
				case "Since", "Until", "Now":
					timed = true
				}
			}
		}
		return true
	}
	filter := []ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}
	bodyCur.Inspect(filter, timeCalls)
	if condCur.Valid() {
		condCur.Inspect(filter, timeCalls) // for time.Now().Before(deadline)
	}
	checked := false
	for i, st := range s.Body.List {
		ifs, ok := st.(*ast.IfStmt)
		if !ok {
			continue
		}
		// Each disjunct alone leaves (if err == nil || remaining <= 0).
		var terms []ast.Expr
		for _, d := range eval.Disjuncts(ifs.Cond) {
			terms = append(terms, eval.Conjuncts(d)...)
		}
		for _, c := range terms {
			be, ok := ast.Unparen(c).(*ast.BinaryExpr)
			if !ok {
				continue
			}
			x, y, op := be.X, be.Y, be.Op
			obj := identObj(a.info, x)
			if _, isCounter := incs[obj]; !isCounter {
				x, y, op = y, x, flip(op)
				obj = identObj(a.info, x)
			}
			at, isCounter := incs[obj]
			if !isCounter {
				continue
			}
			checked = true
			lim, ok := a.intConst(y)
			start, okStart := a.outerInit(s, obj)
			if !ok || !okStart || !eval.LeavesLoop(a.info, ifs.Body, anyBreak) {
				continue
			}
			if down[obj] {
				// remaining <= lim is -remaining >= -lim: count up.
				start, lim, op = -start, -lim, flip(op)
			}
			// In iteration k (from 0) the check sees start+k, plus one when
			// the increment comes first; the attempt runs in the exiting
			// iteration only when it comes before the check.
			k := lim - start
			if at < i {
				k--
			}
			switch op {
			case token.GTR:
				k++
			case token.GEQ, token.EQL:
			default:
				continue
			}
			n := k
			if call.Pos() < ifs.Body.Pos() { // before the branch: in the if's init or condition, or above it
				n++
			}
			if n > 0 {
				return Bound{Kind: Known, Attempts: int(n)}
			}
		}
	}
	// A count handed to a predicate may be stepped at the top of the body
	// or in the post statement as well as in a branch.
	counters := a.branchCounters(s, bodyCur, false)
	for obj := range incs {
		counters[obj] = true
	}
	if checked || len(incs) > 0 && s.Cond == nil && s.Post == nil || timed || a.countsInBranches(a.branchCounters(s, bodyCur, true), bodyCur) ||
		a.countAsked(bodyCur, counters) || a.leavesOnOwnCount(s, call) {
		return Bound{Kind: Unknown}
	}
	return Bound{Kind: Unbounded}
}

// mayCount reports whether call is a method that may keep a count of its
// own: one of a type outside the context and time packages.
func (a *recogniser) mayCount(call *ast.CallExpr) bool {
	fn := typematch.Callee(a.info, call)
	return fn != nil && fn.Signature().Recv() != nil && !isContextMethod(fn) && fn.Pkg() != nil && fn.Pkg().Path() != "time"
}

// leavesOnOwnCount reports whether the loop s leaves under an if of its
// body that asks, other than by the attempt call, a method that is given
// nothing of a value the body also tells of each turn by a call for its
// effect: roko's r.MarkAttempt(), then if r.ShouldGiveUp() { return err }.
// Such a value may keep a count of its own, a bound the loop does not show.
// A method given the outcome (if !p.retryable(err)), one of a value the
// loop does not tell (the error's own ae.Code(), if p.isClosed()), or one
// of the standard library's (ne.Timeout()) keeps no count.
func (a *recogniser) leavesOnOwnCount(s *ast.ForStmt, call *ast.CallExpr) bool {
	told := map[types.Object]bool{}
	for _, st := range s.Body.List {
		if es, ok := st.(*ast.ExprStmt); ok {
			if c, ok := ast.Unparen(es.X).(*ast.CallExpr); ok && c != call && a.mayCount(c) {
				if v := a.countingRecv(c); v != nil {
					told[v] = true
				}
			}
		}
	}
	for _, st := range s.Body.List {
		ifs, ok := st.(*ast.IfStmt)
		if !ok || within(call, ifs.Cond) || !eval.LeavesLoop(a.info, ifs.Body, anyBreak) {
			continue
		}
		counts := false
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && len(c.Args) == 0 && a.mayCount(c) &&
				!typematch.InStdlib(typematch.Callee(a.info, c).Pkg().Path()) && told[a.countingRecv(c)] {
				counts = true
			}
			return !counts
		})
		if counts {
			return true
		}
	}
	return false
}

// countingRecv returns the variable the method call c is made on (r in
// r.ShouldGiveUp()), or nil.
func (a *recogniser) countingRecv(c *ast.CallExpr) types.Object {
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	return identObj(a.info, sel.X)
}

// countAsked reports whether the loop body hands one of its counters to a
// predicate that may compare it with a limit the loop does not show
// (retry, delay := c.shouldRetry(resp, err, attempt), as PagerDuty's
// client does; wait, ok, err := retrier.Retry(ctx, n, req, res, err), as
// olivere/elastic's does): a policy (isPolicy) that compares the
// parameter, when it is the package's, or one out of sight.
func (a *recogniser) countAsked(bodyCur inspector.Cursor, counters map[types.Object]bool) bool {
	asked := false
	bodyCur.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}, func(c inspector.Cursor) bool {
		call, ok := c.Node().(*ast.CallExpr)
		if !ok {
			return false
		}
		sig := typematch.SignatureOf(a.info, call.Fun)
		if sig == nil || !isPolicy(sig) {
			return true
		}
		isCounter := func(arg ast.Expr) bool { return arg != nil && counters[identObj(a.info, arg)] }
		fn := typematch.Callee(a.info, call)
		if fn == nil {
			asked = slices.ContainsFunc(call.Args, isCounter) // a function value: out of sight
			return !asked
		}
		for i := range fn.Signature().Params().Len() {
			asked = asked || isCounter(typematch.ArgFor(a.info, fn, call, i)) && a.comparesParam(fn, i)
		}
		return !asked
	})
	return asked
}

// comparesParam reports whether fn may compare its parameter i: its body,
// when it is a function of the package, compares it (attempt >= limit);
// a function out of sight may.
func (a *recogniser) comparesParam(fn *types.Func, i int) bool {
	decl := a.decls[fn.Origin()]
	if decl == nil || decl.Body == nil {
		return true
	}
	param := fn.Signature().Params().At(i)
	compares := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if be, ok := n.(*ast.BinaryExpr); ok {
			switch be.Op {
			case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
				compares = compares || isIdentOf(a.info, be.X, param) || isIdentOf(a.info, be.Y, param)
			}
		}
		return !compares
	})
	return compares
}

// branchCounters returns the counters that the body of loop s steps outside
// function literals, in its branches too (olivere/elastic counts n++ only
// where an attempt failed), and in the loops it holds when intoLoops is set:
// numeric variables declared before the loop, stepped with ++, --, += or -=.
func (a *recogniser) branchCounters(s *ast.ForStmt, bodyCur inspector.Cursor, intoLoops bool) map[types.Object]bool {
	counters := map[types.Object]bool{}
	step := func(e ast.Expr) {
		if v, ok := identObj(a.info, e).(*types.Var); ok && !v.IsField() && isNumeric(v.Type()) && v.Pos() < s.Pos() {
			counters[v] = true
		}
	}
	filter := []ast.Node{(*ast.FuncLit)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.AssignStmt)(nil)}
	bodyCur.Inspect(filter, func(c inspector.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			return intoLoops // a tally of items inside one attempt is no count of attempts
		case *ast.IncDecStmt:
			step(n.X)
		case *ast.AssignStmt:
			if (n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN) && len(n.Lhs) == 1 {
				step(n.Lhs[0])
			}
		}
		return true
	})
	return counters
}

// countsInBranches reports whether the body of loop s compares one of the
// counters it steps (branchCounters): ncw/swift's Call goes round while
// "retries > 0", taking one off in each branch that retries. The count is
// bounded, by a value the loop does not show.
func (a *recogniser) countsInBranches(counters map[types.Object]bool, bodyCur inspector.Cursor) bool {
	compared := false
	bodyCur.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.BinaryExpr)(nil)}, func(c inspector.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			switch n.Op {
			case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
				compared = compared || counters[identObj(a.info, n.X)] || counters[identObj(a.info, n.Y)]
			}
		}
		return !compared
	})
	return compared
}

// isContextMethod reports whether fn is a method of context.Context.
func isContextMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && typematch.IsContext(recv.Type())
}

// step returns the variable st adds one to or takes one from (attempt++,
// remaining -= 1), and whether it counts down.
func (a *recogniser) step(st ast.Stmt) (obj types.Object, down bool) {
	switch st := st.(type) {
	case *ast.IncDecStmt:
		return identObj(a.info, st.X), st.Tok == token.DEC
	case *ast.AssignStmt:
		if (st.Tok == token.ADD_ASSIGN || st.Tok == token.SUB_ASSIGN) && len(st.Lhs) == 1 {
			if v, ok := a.intConst(st.Rhs[0]); ok && v == 1 {
				return identObj(a.info, st.Lhs[0]), st.Tok == token.SUB_ASSIGN
			}
		}
	}
	return nil, false
}

// outerInit returns the constant a counter starts from: the loop's init
// statement, or its only other assignment, made before the loop.
func (a *recogniser) outerInit(s *ast.ForStmt, obj types.Object) (int64, bool) {
	if v, ok := a.initValue(s, obj); ok {
		return v, true
	}
	vals, ok := a.assigned[obj]
	if !ok || vals.unknown {
		return 0, false
	}
	var start []ast.Expr
	for _, e := range vals.exprs {
		if e.Pos() < s.Pos() { // op-assignments in the loop come after
			start = append(start, e)
		}
	}
	if len(start) != 1 {
		return 0, false
	}
	if id, ok := start[0].(*ast.Ident); ok && a.info.Defs[id] == obj {
		return 0, true // declared without a value
	}
	return a.intConst(start[0])
}

func (a *recogniser) counter(s *ast.ForStmt) types.Object {
	if s.Post == nil {
		return nil
	}
	var obj types.Object
	switch p := s.Post.(type) {
	case *ast.IncDecStmt:
		obj = identObj(a.info, p.X)
	case *ast.AssignStmt:
		if len(p.Lhs) == 1 {
			obj = identObj(a.info, p.Lhs[0])
		}
	}
	if obj == nil || !isNumeric(obj.Type()) {
		return nil
	}
	return obj
}

func (a *recogniser) initValue(s *ast.ForStmt, obj types.Object) (int64, bool) {
	as, ok := s.Init.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != len(as.Rhs) {
		return 0, false
	}
	for i, l := range as.Lhs {
		if identObj(a.info, l) == obj {
			return a.intConst(as.Rhs[i])
		}
	}
	return 0, false
}

// anyBreak is a break that leaves the loop: the statement it is in stands
// directly in the loop's body.
func anyBreak(*ast.BranchStmt) bool { return true }

func (a *recogniser) intConst(e ast.Expr) (int64, bool) { return eval.Int(a.info.Types[e]) }

func flip(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

func identObj(info *types.Info, e ast.Expr) types.Object {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		return info.ObjectOf(id)
	}
	return nil
}

func isIdentOf(info *types.Info, e ast.Expr, obj types.Object) bool {
	return obj != nil && identObj(info, e) == obj
}

// isRateLimited reports whether a loop body pauses on a rate limiter
// (golang.org/x/time/rate).
func (a *recogniser) isRateLimited(body inspector.Cursor) bool {
	for c := range body.Preorder((*ast.CallExpr)(nil)) {
		if fn := typematch.Callee(a.info, c.Node().(*ast.CallExpr)); fn != nil {
			for _, m := range apis.LimiterWaits {
				if typematch.IsMethod(fn, apis.Rate, apis.LimiterType, m) {
					return true
				}
			}
		}
	}
	return false
}

// isPolicy reports whether sig may answer whether to go on: its first
// result is a bool (a verdict, perhaps beside a delay), or a bool comes
// beside a delay or an error (olivere/elastic's Retry(...) (time.Duration,
// bool, error)); a comma-ok lookup, (T, bool), is no such answer.
func isPolicy(sig *types.Signature) bool {
	res := sig.Results()
	if res.Len() == 0 {
		return false
	}
	if isBool(res.At(0).Type()) {
		return true
	}
	verdict, beside := false, false
	for v := range res.Variables() {
		verdict = verdict || isBool(v.Type())
		beside = beside || typematch.IsError(v.Type()) || typematch.IsNamed(v.Type(), "time", "Duration")
	}
	return verdict && beside
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

func isNumeric(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0
}

// hasStatus reports whether t is (a pointer to) a struct with an integer
// StatusCode field, such as *http.Response.
func hasStatus(t types.Type) bool {
	s, ok := typematch.Deref(t).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < s.NumFields(); i++ {
		if f := s.Field(i); f.Name() == "StatusCode" && isNumeric(f.Type()) {
			return true
		}
	}
	return false
}
