package retrysite

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// RunnerFact marks a retry runner of the user's own: a function or method
// with a parameter of function type (the operation) that it calls inside a
// retry loop of its body, or hands on to a retry library or to another
// runner. A call to it is a RunnerCall site.
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
				p = a.callsParam(s.Call, params)
				ap = paramIndex(a.info, decl, s.boundParam)
			}
		case LibraryCall:
			if call, ok := s.Node.(*ast.CallExpr); ok {
				p = a.forwards(call, s.Runner, params)
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
			callee := typematch.Callee(a.info, c.call)
			inner := a.runnerFact(callee, own)
			if inner == nil {
				continue
			}
			params := funcParams(a.info, c.decl)
			if p := a.opParam(c.call, inner.Param, params); p >= 0 {
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
	return own
}

// runnerCall returns the site of a call to a runner of the user's own.
func (a *recogniser) runnerCall(c callAt, own map[*types.Func]*RunnerFact) *Site {
	fn := typematch.Callee(a.info, c.call)
	f := a.runnerFact(fn, own)
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

func (a *recogniser) runnerFact(fn *types.Func, own map[*types.Func]*RunnerFact) *RunnerFact {
	if fn == nil {
		return nil
	}
	if f := own[fn]; f != nil {
		return f
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

// callsParam returns the index of the function parameter that body calls,
// or -1.
func (a *recogniser) callsParam(body ast.Node, params map[types.Object]int) int {
	found := -1
	if body == nil {
		return found
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && found < 0 {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
				if i, ok := params[a.info.Uses[id]]; ok {
					found = i
				}
			}
		}
		return found < 0
	})
	return found
}

// forwards returns the index of the function parameter that a library call
// runs as its operation (directly or from a function literal), or -1.
func (a *recogniser) forwards(call *ast.CallExpr, runner *types.Func, params map[types.Object]int) int {
	if r := runnerOf(runner); r != nil {
		i := r.op
		if i < 0 {
			i = runner.Signature().Params().Len() - 1
		}
		return a.opParam(call, i, params)
	}
	return -1
}

// opParam returns the index of the function parameter passed (or called by
// the function literal passed) as argument i of call, or -1.
func (a *recogniser) opParam(call *ast.CallExpr, i int, params map[types.Object]int) int {
	if i < 0 || i >= len(call.Args) {
		return -1
	}
	switch arg := ast.Unparen(call.Args[i]).(type) {
	case *ast.Ident:
		if p, ok := params[a.info.Uses[arg]]; ok {
			return p
		}
	case *ast.FuncLit:
		return a.callsParam(arg.Body, params)
	}
	return -1
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
