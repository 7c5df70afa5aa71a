package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// A loop that goes around on isRetryable(err) and returns otherwise is a
// retry loop only if success leaves it: isRetryable(nil) must be false. A
// predicate on an error tells, by a nil guard (if err == nil { return
// false }) or by the one expression it returns (errors.As(err, &t)), what it
// answers for a nil error; NilPredicateFact carries that answer to the
// packages that call it.

// NilPredicateFact marks an exported predicate on an error, func(error)
// bool (or one that gives other results beside its verdict, func(error)
// (bool, time.Duration)), whose answer for a nil error is known.
type NilPredicateFact struct {
	OnNil bool
}

func (*NilPredicateFact) AFact() {}

func (f *NilPredicateFact) String() string {
	if f.OnNil {
		return "true for a nil error"
	}
	return "false for a nil error"
}

// maxPredicateDepth bounds the predicates followed into one another.
const maxPredicateDepth = 3

// onNilPredicate returns what fn, a predicate on an error, answers for a nil
// error, where that is known.
func (a *recogniser) onNilPredicate(fn *types.Func) tri { return a.onNil(fn, 0) }

func (a *recogniser) onNil(fn *types.Func, depth int) tri {
	if fn == nil || fn.Pkg() == nil || depth > maxPredicateDepth {
		return unknown
	}
	if fn.Pkg() != a.pkg {
		var f NilPredicateFact
		if a.importFact(fn, &f) {
			return eval.Of(f.OnNil)
		}
		return unknown
	}
	param, result, guard, ok := eval.ErrorPredicate(a.info, fn, a.decls[fn])
	if !ok {
		// One that gives its verdict beside other results (retry, delay :=
		// shouldRetry(err)) is read as a predicate on the attempt's answer.
		if sig := fn.Signature(); sig.Params().Len() == 1 && typematch.IsError(sig.Params().At(0).Type()) && sig.Results().Len() > 1 {
			return a.onOutcome(fn, []argRole{errArg}, nilError)
		}
		return unknown
	}
	if result == nil {
		return guard
	}
	role := map[types.Object]argRole{param: errArg}
	return eval.Condition(result, func(x ast.Expr) tri { return a.outcomeLeaf(x, role, nilError, depth) })
}

// nilError is the outcome a predicate on an error alone is asked about: no
// error, and nothing known of a response.
var nilError = outcome{errNil: yes, respNil: unknown}

// exportPredicateFacts exports NilPredicateFact for the package's exported
// predicates on an error whose answer for a nil error is known.
func (a *recogniser) exportPredicateFacts() {
	for fn := range a.decls {
		if !fn.Exported() {
			continue
		}
		if v := a.onNil(fn, 0); v != unknown {
			a.pass.ExportObjectFact(fn, &NilPredicateFact{OnNil: v == yes})
		}
	}
}

// A generated SDK client asks one predicate of the request, the response and
// the error whether to go again (openai-go's shouldRetry(req, res, err)): it
// answers true for a connection error, a retry status or a server's
// x-should-retry header, and false otherwise. The walker asks such a
// predicate of the package what it answers under each outcome it assumes
// (scenario): a success is no error and a response with status 200, a
// failure by status no error and a 503, a failure by error an error (with
// the status retries() gives it, if any). In every outcome the response's
// headers are taken to be absent: the outcomes are told apart by status and
// error, and a header is a signal beyond them, which can say "retry" (the
// x-should-retry above) or "go on to the next chunk" (a resumable upload's
// X-Http-Status-Code-Override: 308). A loop that goes round only on such a
// header is no retry loop of a failing dependency.

// argRole is what an argument of a predicate call is to the walker's attempt.
type argRole uint8

const (
	otherArg  argRole = iota
	errArg            // the attempt's error
	respArg           // the attempt's response (a value with a StatusCode field)
	statusArg         // the status code of the attempt's response
	codesArg          // a list of status codes the caller gives (see inCodes)
	codeArg           // an element of such a list, while a predicate ranges over it
	// Only a walk that assumes a request method (Result.RetriesUnsureFailure)
	// gives these roles:
	methodArg // the method of the request the attempt sends (req.Method)
	reqArg    // that request (a *http.Request)
)

// A retry helper may be told by its caller which statuses to go again on:
// go-autorest's DoRetryForStatusCodes(attempts, backoff, codes...) leaves
// its loop when err == nil && !ResponseHasStatusCode(resp, codes...). No
// constant says what such a list holds, but a success is not in it: a list
// of statuses to retry that named 200 would retry every answer. So a
// success status is taken to be in no list of integers that a caller gives
// (a parameter to which the package gives no value, isCallerCodes) and the
// loop hands to a predicate beside the attempt's answer; whether a failure
// status is stays unknown. A list whose values the package shows (a
// literal, a local or package variable, a field) is not taken for one: it
// may hold 200, as a list of statuses to accept or to poll on does.

// inCodes is whether the status of out is in a list of statuses the caller
// gives (codesArg).
func (out outcome) inCodes() tri {
	if out.status >= 200 && out.status < 300 {
		return no
	}
	return unknown
}

// isCallerCodes reports whether e is a list of status codes the caller
// gives (see inCodes): a variable, a slice of integers, to which the
// package gives no value (it neither declares it with one nor assigns it as
// a whole, ranges into it or hands it out by address): a parameter or
// receiver of the loop's function or of one around it. (A write to one of
// its elements is not looked for.)
func (a *recogniser) isCallerCodes(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || !isIntSlice(a.info.TypeOf(id)) || a.assigned[a.info.Uses[id]] != nil {
		return false
	}
	_, ranged := a.ranged[a.info.Uses[id]]
	return !ranged
}

// isIntSlice reports whether t is a slice of integers that may be status
// codes: not of bytes or runes, which are text (nor, since those are their
// names, of uint8 or int32).
func isIntSlice(t types.Type) bool {
	if t == nil {
		return false
	}
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && typematch.IsInteger(b) && b.Kind() != types.Uint8 && b.Kind() != types.Int32
}

// outcome is the attempt's answer a predicate is evaluated with: whether the
// error is nil and the response nil (each may be unknown), the status
// code, when known, and the method of the request, when the walk assumes
// one.
type outcome struct {
	errNil, respNil tri
	status          int64  // 0: unknown
	method          string // "": unknown
}

// outcome returns the walker's scenario as an outcome, and whether a
// predicate can be asked about it.
func (w *walker) outcome() (outcome, bool) {
	switch w.sc {
	case success:
		return outcome{errNil: yes, respNil: no, status: 200, method: w.method}, true
	case failStatus:
		return outcome{errNil: yes, respNil: no, status: w.failStatusCode(), method: w.method}, true
	case failErr:
		if w.errStatus != 0 {
			return outcome{errNil: no, respNil: no, status: w.errStatus, method: w.method}, true
		}
		return outcome{errNil: no, respNil: unknown, method: w.method}, true
	}
	return outcome{}, false
}

// onOutcome returns what fn, a predicate of the package given the attempt's
// error, response or status code as roles says, answers for the outcome
// out: its first result, a bool, beside which it may give others (a delay:
// PagerDuty's shouldRetry(resp, err, attempt) (bool, time.Duration)). Its
// body is followed through if and else, each condition evaluated with the
// arguments out gives; a condition that cannot be evaluated adds what both
// branches may answer. Declarations and assignments that leave the
// parameters in roles alone are passed over; a statement of another kind
// (a predicate that does more than decide), or a return whose verdict
// cannot be evaluated, makes the answer unknown.
func (a *recogniser) onOutcome(fn *types.Func, roles []argRole, out outcome) tri {
	return a.outcomeOf(fn, roles, out, 0)
}

// outcomeOf is onOutcome; depth counts the predicates followed into one
// another (return containsInt(codes, resp.StatusCode)).
func (a *recogniser) outcomeOf(fn *types.Func, roles []argRole, out outcome, depth int) tri {
	if typematch.IsFunc(fn, "slices", "Contains") && slices.Equal(roles, []argRole{codesArg, statusArg}) {
		return out.inCodes()
	}
	decl := a.decls[fn]
	sig := fn.Signature()
	if depth > maxPredicateDepth || decl == nil || decl.Body == nil || sig.Results().Len() == 0 || !isBool(sig.Results().At(0).Type()) ||
		sig.Params().Len() != len(roles) {
		return unknown
	}
	p := verdicts{a: a, results: sig.Results().Len(), role: map[types.Object]argRole{}}
	for i, r := range roles {
		if r == codesArg && !isIntSlice(sig.Params().At(i).Type()) {
			r = otherArg // a list handed as one element of a ...any
		}
		if r != otherArg {
			p.role[sig.Params().At(i)] = r
		}
	}
	// A variadic predicate is followed only when given a list of codes
	// whole (ResponseHasStatusCode(resp, codes...)).
	if sig.Variadic() && p.role[sig.Params().At(sig.Params().Len()-1)] != codesArg {
		return unknown
	}
	if len(p.role) == 0 {
		return unknown
	}
	p.leaf = func(e ast.Expr) tri { return a.outcomeLeaf(e, p.role, out, depth) }
	if falls, ok := p.list(decl.Body.List); !ok || falls {
		return unknown
	}
	return answerOf(p.mayFalse, p.mayTrue)
}

// verdicts gathers the verdicts a predicate's returns may give (see
// onOutcome).
type verdicts struct {
	a                 *recogniser
	results           int
	role              map[types.Object]argRole
	leaf              func(ast.Expr) tri
	mayFalse, mayTrue bool
}

// list follows stmts and reports whether control may fall off their end;
// ok is false for a statement it cannot follow.
func (p *verdicts) list(stmts []ast.Stmt) (falls, ok bool) {
	for _, s := range stmts {
		if falls, ok := p.stmt(s); !ok || !falls {
			return false, ok
		}
	}
	return true, true
}

func (p *verdicts) stmt(s ast.Stmt) (falls, ok bool) {
	switch s := s.(type) {
	case *ast.DeclStmt, *ast.EmptyStmt:
		return true, true
	case *ast.AssignStmt:
		return true, !p.assignsRole(s)
	case *ast.BlockStmt:
		return p.list(s.List)
	case *ast.IfStmt:
		if s.Init != nil {
			if init, isAssign := s.Init.(*ast.AssignStmt); !isAssign || p.assignsRole(init) {
				return false, false
			}
		}
		orElse := func() (bool, bool) {
			if s.Else == nil {
				return true, true
			}
			return p.stmt(s.Else)
		}
		switch eval.Condition(s.Cond, p.leaf) {
		case yes:
			return p.stmt(s.Body)
		case no:
			return orElse()
		}
		fb, okb := p.stmt(s.Body)
		fe, oke := orElse()
		return fb || fe, okb && oke
	case *ast.RangeStmt:
		// for _, c := range codes { if c == status { return true } }: the
		// body runs for each code in turn, or not at all.
		v, _ := s.Value.(*ast.Ident)
		if v == nil || s.Tok != token.DEFINE || p.roleOf(s.X) != codesArg {
			return false, false
		}
		p.role[p.a.info.Defs[v]] = codeArg
		_, ok := p.stmt(s.Body)
		return true, ok
	case *ast.ReturnStmt:
		if len(s.Results) != p.results {
			return false, false // a bare return of named results, or of a call's results
		}
		switch eval.Condition(s.Results[0], p.leaf) {
		case yes:
			p.mayTrue = true
		case no:
			p.mayFalse = true
		default:
			return false, false
		}
		return false, true
	}
	return false, false
}

// roleOf is the role of e, a variable of the predicate.
func (p *verdicts) roleOf(e ast.Expr) argRole { return roleIn(p.a.info, p.role, e) }

// roleIn is the role that role gives e, a variable of a predicate.
func roleIn(info *types.Info, role map[types.Object]argRole, e ast.Expr) argRole {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		return role[info.Uses[id]]
	}
	return otherArg
}

// assignsRole reports whether s may change a parameter in the roles, or
// what it points to: it assigns the parameter, a field, element or
// pointee of it (res.StatusCode = 503), or hands the parameter itself, or
// its address, to a call. The predicate then no longer asks about the
// attempt's answer.
func (p *verdicts) assignsRole(s *ast.AssignStmt) bool {
	isRole := func(e ast.Expr) bool { return p.roleOf(e) != otherArg }
	for _, l := range s.Lhs {
		if isRole(rootOf(l)) {
			return true
		}
	}
	changes := false
	for _, r := range s.Rhs {
		ast.Inspect(r, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.UnaryExpr:
				changes = changes || n.Op == token.AND && isRole(rootOf(n.X))
			case *ast.CallExpr:
				changes = changes || slices.ContainsFunc(n.Args, isRole)
			}
			return !changes
		})
	}
	return changes
}

// rootOf returns the variable expression that e selects, indexes or
// dereferences into (res of res.Header["X"] or *res).
func rootOf(e ast.Expr) ast.Expr {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return x
		}
	}
}

// answerOf is the predicate's answer from the answers it may give.
func answerOf(mayFalse, mayTrue bool) tri {
	switch {
	case mayFalse && !mayTrue:
		return no
	case mayTrue && !mayFalse:
		return yes
	}
	return unknown
}

// outcomeLeaf evaluates an operand of a condition in a predicate whose
// parameters in role hold the attempt's error, response or status code as
// out has them. depth counts the predicates followed into one another
// (return isTemporary(err) || isTimeout(err), return containsInt(codes,
// resp.StatusCode)).
func (a *recogniser) outcomeLeaf(e ast.Expr, role map[types.Object]argRole, out outcome, depth int) tri {
	roleOf := func(e ast.Expr) argRole { return roleIn(a.info, role, e) }
	isNil := func(e ast.Expr) bool { tv, ok := a.info.Types[e]; return ok && tv.IsNil() }
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if e.Op == token.EQL || e.Op == token.NEQ {
			for _, xy := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
				if !isNil(xy[1]) {
					continue
				}
				v := unknown
				switch roleOf(xy[0]) {
				case errArg:
					v = out.errNil
				case respArg:
					v = out.respNil
				default:
					continue
				}
				if e.Op == token.NEQ {
					return v.Not()
				}
				return v
			}
		}
		if e.Op == token.EQL {
			// c == status, c an element of the caller's list of codes
			for _, xy := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
				if roleOf(xy[0]) == codeArg && a.isStatusOf(xy[1], roleOf) {
					return out.inCodes()
				}
			}
		}
		x, okX := a.outcomeValue(e.X, roleOf, out)
		y, okY := a.outcomeValue(e.Y, roleOf, out)
		if okX && okY && x.Kind() == y.Kind() {
			switch e.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				return eval.Of(constant.Compare(x, e.Op, y))
			}
		}
	case *ast.CallExpr:
		f := typematch.Callee(a.info, e)
		if len(e.Args) > 0 && roleOf(e.Args[0]) == errArg && out.errNil == yes {
			if typematch.IsFunc(f, "errors", "Is") || typematch.IsFunc(f, "errors", "As") {
				return no // a nil error is no error of any kind
			}
			if len(e.Args) == 1 {
				return a.onNil(f, depth+1)
			}
		}
		// containsInt(codes, resp.StatusCode): a predicate asked whether
		// the status is in the caller's list.
		roles := make([]argRole, len(e.Args))
		for i, arg := range e.Args {
			if roles[i] = roleOf(arg); a.isStatusOf(arg, roleOf) {
				roles[i] = statusArg
			}
		}
		if f != nil && slices.Contains(roles, codesArg) && slices.ContainsFunc(roles, func(r argRole) bool { return r == statusArg || r == respArg }) {
			return a.outcomeOf(f, roles, out, depth+1)
		}
	case *ast.Ident:
		if tv, ok := a.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
			return eval.Of(constant.BoolVal(tv.Value))
		}
	}
	return unknown
}

// isStatusOf reports whether e is the status code of the attempt's
// response: a parameter in that role, or the response's StatusCode field.
func (a *recogniser) isStatusOf(e ast.Expr, roleOf func(ast.Expr) argRole) bool {
	return isPart(e, roleOf, statusArg, respArg, "StatusCode")
}

// isMethodOf reports whether e is the method of the attempt's request: a
// parameter in that role, or the request's Method field.
func isMethodOf(e ast.Expr, roleOf func(ast.Expr) argRole) bool {
	return isPart(e, roleOf, methodArg, reqArg, "Method")
}

// isPart reports whether e is a part of the attempt's answer or request: a
// variable in the role part, or the field of that name of a variable in
// the role whole.
func isPart(e ast.Expr, roleOf func(ast.Expr) argRole, part, whole argRole, field string) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return roleOf(e) == part
	case *ast.SelectorExpr:
		return e.Sel.Name == field && roleOf(e.X) == whole
	}
	return false
}

// outcomeValue evaluates a constant, the response's status code (given
// whole or as the response's field) where out knows it, the request's
// method (given whole or as the request's field) where out assumes one, or
// one of the response's headers (res.Header.Get(name): absent, ""), and
// reports whether it could.
func (a *recogniser) outcomeValue(e ast.Expr, roleOf func(ast.Expr) argRole, out outcome) (constant.Value, bool) {
	e = ast.Unparen(e)
	if tv, ok := a.info.Types[e]; ok && tv.Value != nil {
		return tv.Value, true
	}
	if a.isStatusOf(e, roleOf) {
		if out.status == 0 {
			return nil, false
		}
		return constant.MakeInt64(out.status), true
	}
	if isMethodOf(e, roleOf) && out.method != "" {
		return constant.MakeString(out.method), true
	}
	if e, ok := e.(*ast.CallExpr); ok {
		f := typematch.Callee(a.info, e)
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && typematch.IsMethod(f, "net/http", "Header", "Get") {
			if h, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok && h.Sel.Name == "Header" && roleOf(h.X) == respArg {
				return constant.MakeString(""), true
			}
		}
	}
	return nil, false
}

// inStatusSet answers whether status is in set, a map from status codes to
// bool the retry loop looks the attempt's status up in
// (c.retryOnStatus[resp.StatusCode], meilisearch's 502, 503 and 504). The
// package's literals for it decide: followed through the fields, local and
// package variables it is copied from, each map literal with constant keys
// and true values gives its codes. When every value is such a literal and
// nothing writes into the map in place, the answer is theirs; the failure
// status a walk assumes (503, 429) stands for any server failure, so a set
// holding another 5xx or 429 answers yes for it too. When some value is not
// a literal (a map an option fills with the user's codes), the literals are
// the default: a code one of them holds is in the set, and a success (2xx)
// none holds is taken not to be (a set of codes to go round on holds
// failures; a set of codes to stop on that is not in sight leaves the loop
// going round on success, which is no retry). Anything else is unknown.
// Asked exactly, a set answers for the status itself: one that holds only
// 429 does not hold 503.
func (a *recogniser) inStatusSet(set ast.Expr, status int64, exact bool) tri {
	t, ok := typematch.Deref(a.info.TypeOf(set)).Underlying().(*types.Map)
	if !ok || !typematch.IsInteger(t.Key().Underlying()) || !types.Identical(t.Elem().Underlying(), types.Typ[types.Bool]) {
		return unknown
	}
	codes := statusCodes{has: map[int64]bool{}, complete: true}
	codes.gather(a, set, 0)
	switch {
	case codes.has[status]:
		return yes
	case !exact && serverFailure(status) && codes.holdsAny(serverFailure):
		return yes
	case codes.complete:
		return no
	case status >= 200 && status < 300 && len(codes.has) > 0:
		return no
	}
	return unknown
}

// serverFailure reports whether an HTTP status says the server failed or
// is overloaded: 429, or a 5xx.
func serverFailure(code int64) bool { return code == 429 || code >= 500 && code < 600 }

// statusCodes are the codes the map literals of a status set hold (true
// values only), and whether every value the set may have is such a
// literal, never written into in place.
type statusCodes struct {
	has      map[int64]bool
	complete bool
}

func (s *statusCodes) holdsAny(f func(int64) bool) bool {
	for code := range s.has {
		if f(code) {
			return true
		}
	}
	return false
}

func (s *statusCodes) gather(a *recogniser, e ast.Expr, depth int) {
	if depth > 4 {
		s.complete = false
		return
	}
	e = ast.Unparen(a.value(e))
	var obj types.Object
	switch e := e.(type) {
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				s.complete = false
				continue
			}
			code, okCode := eval.Int(a.info.Types[kv.Key])
			val := a.info.Types[kv.Value].Value
			if !okCode || val == nil || val.Kind() != constant.Bool {
				s.complete = false
				continue
			}
			if constant.BoolVal(val) {
				s.has[code] = true
			}
		}
		return
	case *ast.SelectorExpr:
		if f := a.fieldOf(e); f != nil && f.Pkg() == a.pkg {
			obj = f
		}
	case *ast.Ident:
		if v, ok := a.info.Uses[e].(*types.Var); ok && v.Pkg() == a.pkg && v.Parent() == a.pkg.Scope() {
			obj = v // a package variable: a.value stops there
		}
	}
	var as *assigns
	switch obj := obj.(type) {
	case nil:
		s.complete = false
		return
	case *types.Var:
		if obj.IsField() {
			as = a.fields[obj]
		} else {
			as = a.assigned[obj]
		}
	}
	if as == nil || as.unknown || as.stepped || as.tuple {
		s.complete = false
		return
	}
	if a.writtenInPlace()[obj] {
		s.complete = false
	}
	for _, x := range as.exprs {
		s.gather(a, x, depth+1)
	}
}

// writtenInPlace holds the variables and fields of the package whose map
// a statement changes in place: m[k] = v, delete(m, k), clear(m).
func (a *recogniser) writtenInPlace() map[types.Object]bool {
	if a.inPlace != nil {
		return a.inPlace
	}
	a.inPlace = map[types.Object]bool{}
	target := func(e ast.Expr) types.Object {
		if f := a.fieldOf(e); f != nil {
			return f
		}
		return identObj(a.info, e)
	}
	for cur := range a.root.Preorder((*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
					if obj := target(ix.X); obj != nil {
						a.inPlace[obj] = true
					}
				}
			}
		case *ast.CallExpr:
			id, ok := ast.Unparen(n.Fun).(*ast.Ident)
			if ok && len(n.Args) > 0 && (typematch.IsBuiltin(a.info, id, "delete") || typematch.IsBuiltin(a.info, id, "clear")) {
				if obj := target(n.Args[0]); obj != nil {
					a.inPlace[obj] = true
				}
			}
		}
	}
	return a.inPlace
}
