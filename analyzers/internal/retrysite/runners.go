package retrysite

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// RunnerFact marks a retry runner of the user's own: a function or method
// with a parameter of function type (the operation) that it calls inside a
// retry loop of its body, or hands on to a retry library or to another
// runner. The call may go through a function-typed field or variable whose
// values the package all gives in sight, each calling the operation (a
// pacer's p.invoker(try, fn), with p.invoker = invoke). A call to it is a
// RunnerCall site.
type RunnerFact struct {
	// Param is the index of the operation among the parameters.
	Param int
	// Bound is the most attempts the runner makes.
	Bound Bound
	// AttemptsParam is the index of the parameter that holds the number of
	// attempts (func retrying(ctx, attempts int, op ...)), or -1: a call with
	// a constant there has that bound.
	AttemptsParam int
	// Waits says whether the runner's waits are randomised (Opaque when it
	// cannot be told, or when it does not wait).
	Waits Randomness
}

func (*RunnerFact) AFact() {}
func (f *RunnerFact) String() string {
	waits := map[Randomness]string{Opaque: "waits unknown", Random: "jittered", Fixed: "fixed waits"}[f.Waits]
	if f.AttemptsParam >= 0 {
		return fmt.Sprintf("runner(op %d, %s, attempts param %d, %s)", f.Param, f.Bound, f.AttemptsParam, waits)
	}
	return fmt.Sprintf("runner(op %d, %s, %s)", f.Param, f.Bound, waits)
}

// ownRunners finds the package's runners: functions whose retry site re-runs
// one of their function parameters, then, until nothing changes, functions
// that hand a function parameter to a runner found so far.
func (a *recogniser) ownRunners(sites []*Site, siteDecl map[*Site]*ast.FuncDecl, calls []callAt) map[*types.Func]*RunnerFact {
	own := map[*types.Func]*RunnerFact{}
	rs := &runnerScan{a: a}
	for _, s := range sites {
		decl := siteDecl[s]
		fn := a.declFunc(decl)
		if fn == nil || own[fn] != nil {
			continue
		}
		params := funcParams(a.info, decl)
		if len(params) == 0 {
			continue
		}
		var p, ap = -1, -1
		switch s.Kind {
		case Loop:
			// The parameter must be the attempt, not a logger called
			// between attempts.
			if s.Func == decl && s.Call != nil {
				if cur, ok := source.Cursor(a.root, s.Call); ok { // by position, once per site
					p = rs.callsParam(cur, params)
				}
				ap = paramIndex(a.info, decl, s.boundParam)
			}
		case LibraryCall:
			if call, ok := s.Node.(*ast.CallExpr); ok {
				if cur, ok := source.Cursor(a.root, call); ok { // by position, once per site
					p = rs.forwards(cur, s.Runner, params)
				}
			}
		}
		if p < 0 {
			continue
		}
		own[fn] = &RunnerFact{Param: p, Bound: s.Bound, AttemptsParam: ap, Waits: a.siteWaits(s)}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range calls {
			fn := a.declFunc(c.decl)
			if fn == nil || own[fn] != nil {
				continue
			}
			_, inner := a.calledRunner(c.call, own)
			if inner == nil {
				continue
			}
			params := funcParams(a.info, c.decl)
			if p := rs.opParam(c.cur, inner.Param, params); p >= 0 {
				f := &RunnerFact{Param: p, Bound: a.callBound(c.call, inner), AttemptsParam: -1, Waits: inner.Waits}
				if inner.AttemptsParam >= 0 && inner.AttemptsParam < len(c.call.Args) {
					if v, ok := identObj(a.info, c.call.Args[inner.AttemptsParam]).(*types.Var); ok {
						f.AttemptsParam = paramIndex(a.info, c.decl, v)
					}
				}
				own[fn] = f
				changed = true
			}
		}
	}
	// The package's interfaces with a runner among their implementations,
	// so that callers in other packages see them too.
	scope := a.pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || !types.IsInterface(tn.Type()) {
			continue // an alias's methods are another package's: no fact of this one
		}
		iface := tn.Type().Underlying().(*types.Interface)
		for i := range iface.NumExplicitMethods() {
			if m := iface.ExplicitMethod(i); own[m] == nil {
				if f := a.interfaceRunner(m, own); f != nil {
					own[m] = f
				}
			}
		}
	}
	return own
}

// interfaceRunner is the runner a call of interface method fn, declared in
// this package, can be: some of the package's implementations are runners
// (loki's congestion Retrier, whose LimitedRetrier retries the operation and
// whose NoopRetrier calls it once, chosen by configuration). Where those
// runners differ, what they share is kept: the operation's place, and an
// unknown bound, attempts parameter or randomness otherwise.
func (a *recogniser) interfaceRunner(fn *types.Func, own map[*types.Func]*RunnerFact) *RunnerFact {
	var facts []*RunnerFact
	for _, impl := range a.implementations(fn) {
		facts = append(facts, own[impl])
	}
	return mergeRunners(facts)
}

// mergeRunners is what the runners of facts (nil where a value is no
// runner) share, for a call that may run any of them: the operation's place,
// and an unknown bound, attempts parameter or randomness where they differ.
// It is nil when none is a runner or their operations differ in place.
func mergeRunners(facts []*RunnerFact) *RunnerFact {
	var merged *RunnerFact
	for _, f := range facts {
		switch {
		case f == nil:
		case merged == nil:
			copied := *f
			merged = &copied
		case merged.Param != f.Param:
			return nil
		default:
			if merged.Bound != f.Bound {
				merged.Bound = Bound{Kind: Unknown}
			}
			if merged.AttemptsParam != f.AttemptsParam {
				merged.AttemptsParam = -1
			}
			if merged.Waits != f.Waits {
				merged.Waits = Opaque
			}
		}
	}
	return merged
}

// runnerCall returns the site of a call to a runner of the user's own.
func (a *recogniser) runnerCall(c callAt, own map[*types.Func]*RunnerFact) *Site {
	fn, f := a.calledRunner(c.call, own)
	if f == nil || f.Param >= len(c.call.Args) {
		return nil
	}
	s := &Site{Kind: RunnerCall, Node: c.call, Runner: fn, Func: c.fn, Bound: a.callBound(c.call, f)}
	s.Attempt, s.Operation = a.operation(c.call.Args[f.Param])
	return s
}

// callBound is the bound of a call to a runner: its constant attempts
// argument, or the runner's own bound.
func (a *recogniser) callBound(call *ast.CallExpr, f *RunnerFact) Bound {
	if f.AttemptsParam >= 0 && f.AttemptsParam < len(call.Args) {
		if n, ok := a.intConst(call.Args[f.AttemptsParam]); ok && n > 0 {
			return Bound{Kind: Known, Attempts: int(n)}
		}
	}
	return f.Bound
}

// paramIndex returns the index of parameter v of decl, or -1.
func paramIndex(info *types.Info, decl *ast.FuncDecl, v *types.Var) int {
	if v == nil {
		return -1
	}
	i := 0
	for _, field := range decl.Type.Params.List {
		for _, name := range field.Names {
			if info.Defs[name] == v {
				return i
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return -1
}

// calledRunner returns the runner that call runs and its fact: the
// callee's, or, for a call through a function-typed field or variable whose
// values are all in sight (a service keeping its retry helper in a field, a
// package's pacer variable, a method value in a local), what all of those
// runners share; the runner named is the first value's. Both are nil when
// some value is no runner.
func (a *recogniser) calledRunner(call *ast.CallExpr, own map[*types.Func]*RunnerFact) (*types.Func, *RunnerFact) {
	if fn := typematch.Callee(a.info, call); fn != nil {
		return fn, a.runnerFact(fn, own)
	}
	values, ok := (&runnerScan{a: a}).holderValues(call.Fun)
	if !ok {
		return nil, nil
	}
	var first *types.Func
	facts := make([]*RunnerFact, len(values))
	for i, v := range values {
		fn := a.namedFunc(v)
		if fn == nil {
			return nil, nil
		}
		if first == nil {
			first = fn
		}
		if facts[i] = a.runnerFact(fn, own); facts[i] == nil {
			return nil, nil
		}
	}
	if f := mergeRunners(facts); f != nil {
		return first, f
	}
	return nil, nil
}

// namedFunc returns the function or method that the function value e (seen
// through local variables) names: f, pkg.F, a method value x.M; nil for a
// literal, a call's result or a method expression T.M, whose parameters are
// the method's shifted by its receiver.
func (a *recogniser) namedFunc(e ast.Expr) *types.Func {
	e = uninstantiated(ast.Unparen(a.value(e)))
	if typematch.IsMethodExpr(a.info, e) {
		return nil
	}
	id := typematch.Ident(e)
	if id == nil {
		return nil
	}
	fn, _ := a.info.Uses[id].(*types.Func)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

func (a *recogniser) runnerFact(fn *types.Func, own map[*types.Func]*RunnerFact) *RunnerFact {
	if fn == nil {
		return nil
	}
	if f := own[fn]; f != nil {
		return f
	}
	if fn.Pkg() == a.pkg && typematch.IsInterfaceMethod(fn) {
		return a.interfaceRunner(fn, own)
	}
	if fn.Pkg() != a.pkg {
		f := new(RunnerFact)
		if a.pass.ImportObjectFact(fn, f) {
			return f
		}
	}
	return nil
}

func (a *recogniser) declFunc(decl *ast.FuncDecl) *types.Func {
	if decl == nil {
		return nil
	}
	fn, _ := a.info.Defs[decl.Name].(*types.Func)
	return fn
}

// funcParams maps a declaration's parameters of function type to their index.
func funcParams(info *types.Info, decl *ast.FuncDecl) map[types.Object]int {
	out := map[types.Object]int{}
	i := 0
	for _, field := range decl.Type.Params.List {
		for _, name := range field.Names {
			if obj := info.Defs[name]; obj != nil {
				if _, ok := obj.Type().Underlying().(*types.Signature); ok {
					out[obj] = i
				}
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return out
}

// runnerScan is the state of one search for runners.
type runnerScan struct {
	a *recogniser
	// depth counts the values being followed, against a field whose value
	// calls through the field again.
	depth int
}

// callsParam returns the index of the function parameter that the syntax
// at cur calls, directly or through a function-typed field or variable (see
// through), or -1.
func (rs *runnerScan) callsParam(cur inspector.Cursor, params map[types.Object]int) int {
	for c := range cur.Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if i, ok := params[rs.a.info.Uses[id]]; ok {
				return i
			}
		}
		if i := rs.through(call, params); i >= 0 {
			return i
		}
	}
	return -1
}

// through returns the index of the function parameter that call hands to a
// function-typed field or variable whose every value, all of them in sight,
// calls the parameter it gets there: a repository's own pacer keeps how it
// invokes the operation in a field (p.invoker(try, fn), with p.invoker =
// invoke and invoke calling its fn). It returns -1 otherwise.
func (rs *runnerScan) through(call *ast.CallExpr, params map[types.Object]int) int {
	values, ok := rs.holderValues(call.Fun)
	if !ok {
		return -1
	}
	for i, arg := range call.Args {
		p, isParam := params[identObj(rs.a.info, arg)]
		if !isParam {
			continue
		}
		all := true
		for _, v := range values {
			if !rs.valueCalls(v, i) {
				all = false
				break
			}
		}
		if all {
			return p
		}
	}
	return -1
}

// holderValues returns the function values that a call of e may run, when e
// is a function-typed field or variable whose values are all in sight: an
// unexported field of this package, a local variable, or an unexported
// package-level variable, never taken by address nor set from a tuple. A
// value declared without one (nil) is left out.
func (rs *runnerScan) holderValues(e ast.Expr) ([]ast.Expr, bool) {
	a := rs.a
	e = ast.Unparen(e)
	var v *types.Var
	switch x := e.(type) {
	case *ast.Ident:
		v, _ = a.info.Uses[x].(*types.Var)
	case *ast.SelectorExpr:
		if sel := a.info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
			v, _ = sel.Obj().(*types.Var)
		}
	}
	if v == nil || v.Pkg() != a.pkg || v.Exported() && (v.IsField() || v.Parent() == a.pkg.Scope()) {
		return nil, false
	}
	if _, ok := v.Type().Underlying().(*types.Signature); !ok {
		return nil, false
	}
	as := a.assigned[v]
	if v.IsField() {
		as = a.fields[v]
	}
	if as == nil || as.unknown || as.stepped || as.tuple {
		return nil, false
	}
	var out []ast.Expr
	for _, x := range as.exprs {
		if d, ok := x.(*ast.Ident); ok && a.info.Defs[d] == v || a.info.Types[x].IsNil() {
			continue
		}
		out = append(out, x)
	}
	return out, len(out) > 0
}

// valueCalls reports whether the function value v (a literal, or a
// function of this package named directly or through a local variable)
// calls its parameter i.
func (rs *runnerScan) valueCalls(v ast.Expr, i int) bool {
	a := rs.a
	if rs.depth > 4 {
		return false
	}
	rs.depth++
	defer func() { rs.depth-- }()
	var ft *ast.FuncType
	var body inspector.Cursor
	switch x := ast.Unparen(a.value(v)).(type) {
	case *ast.FuncLit:
		// Found by position: the literal is a value followed through
		// assignments and fields, not a node of a walk.
		ft = x.Type
		body, _ = source.Cursor(a.root, x.Body)
	case *ast.Ident, *ast.SelectorExpr:
		fn, _ := a.info.Uses[typematch.Ident(x)].(*types.Func)
		if fn == nil {
			return false
		}
		d := a.decls[fn.Origin()]
		if d == nil {
			return false
		}
		ft, body = d.Type, a.bodies[d] // not Valid when d has no body
	default:
		return false
	}
	if !body.Valid() {
		return false
	}
	params := map[types.Object]int{}
	n := 0
	for _, field := range ft.Params.List {
		for _, name := range field.Names {
			if n == i {
				if obj := a.info.Defs[name]; obj != nil {
					params[obj] = i
				}
			}
			n++
		}
		if len(field.Names) == 0 {
			n++
		}
	}
	return len(params) == 1 && rs.callsParam(body, params) == i
}

// forwards returns the index of the function parameter that a library call
// runs as its operation (directly or from a function literal), or -1.
func (rs *runnerScan) forwards(call inspector.Cursor, runner *types.Func, params map[types.Object]int) int {
	if r := runnerOf(runner); r != nil {
		i := r.Op
		if i < 0 {
			i = runner.Signature().Params().Len() - 1
		}
		return rs.opParam(call, i, params)
	}
	return -1
}

// opParam returns the index of the function parameter passed (or called by
// the function literal passed) as argument i of the call at cur, or -1.
func (rs *runnerScan) opParam(cur inspector.Cursor, i int, params map[types.Object]int) int {
	call := cur.Node().(*ast.CallExpr)
	if i < 0 || i >= len(call.Args) {
		return -1
	}
	switch arg := ast.Unparen(call.Args[i]).(type) {
	case *ast.Ident:
		if p, ok := params[rs.a.info.Uses[arg]]; ok {
			return p
		}
		return rs.heldParam(arg, params)
	case *ast.FuncLit:
		lit, _ := cur.ChildAt(edge.CallExpr_Args, i).FindNode(arg)
		return rs.callsParam(lit.ChildAt(edge.FuncLit_Body, -1), params)
	}
	return -1
}

// heldParam returns the index of the function parameter that every value
// of the local variable (or unexported field) id is, or calls from a
// function literal; -1 if there is none. restic's
// retryNotifyErrorWithSuccess hands backoff.RetryNotify a variable that
// holds its operation, or a literal wrapping it that counts the retries.
func (rs *runnerScan) heldParam(id *ast.Ident, params map[types.Object]int) int {
	values, ok := rs.holderValues(id)
	if !ok {
		return -1
	}
	p := -1
	for _, v := range values {
		q := -1
		switch x := ast.Unparen(v).(type) {
		case *ast.Ident:
			if i, ok := params[rs.a.info.Uses[x]]; ok {
				q = i
			}
		case *ast.FuncLit:
			if body, ok := source.Cursor(rs.a.root, x.Body); ok {
				q = rs.callsParam(body, params)
			}
		}
		if q < 0 || p >= 0 && q != p {
			return -1
		}
		p = q
	}
	return p
}

// siteWaits says whether a site's waits are randomised.
func (a *recogniser) siteWaits(s *Site) Randomness {
	if s.Kind == LibraryCall {
		return (&Result{a: a}).LibraryJitter(s).Randomness
	}
	out := Opaque
	for _, w := range s.Waits {
		if w.Duration == nil {
			continue
		}
		switch a.randomness(w.Duration, &randomCtx{visited: map[types.Object]bool{}}).r {
		case Random:
			return Random
		case Fixed:
			out = Fixed
		}
	}
	return out
}
