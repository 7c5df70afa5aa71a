package nojitter

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/fixes"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// library reports a retry-library call whose backoff does not jitter, at the
// setting that leaves it so.
func (c *checker) library(s *retrysite.Site) {
	j := c.res.LibraryJitter(s)
	if j.Randomness != retrysite.Fixed || j.Culprit == nil {
		return
	}
	pos := j.Culprit.Pos()
	if c.rep.Skip(pos) {
		return
	}
	var lib apis.RetryPackage // the zero row for a library apis does not list: no knob
	if p := apis.PackageOf(s.Runner.Pkg().Path()); p != nil {
		lib = *p
	}
	fix, hint := c.libraryFix(lib, s, j.Culprit)
	d := analysis.Diagnostic{
		Pos:     pos,
		End:     j.Culprit.End(),
		Message: fmt.Sprintf("retry call backs off without jitter (%s): %s; %s", j.Reason, herd, hint),
	}
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	c.rep.Report(d)
}

// libraryFix turns the library's own jitter knob (lib.JitterKnob, set to
// lib.JitterFix), so the fix adds no dependency. It returns no fix where the
// library has no knob to turn (a constant or zero backoff: the change of
// behaviour is the user's call).
func (c *checker) libraryFix(lib apis.RetryPackage, s *retrysite.Site, culprit ast.Node) (*analysis.SuggestedFix, string) {
	info := c.pass.TypesInfo
	switch lib.Lib {
	case apis.CenkaltiLib:
		hint := "use an ExponentialBackOff with a RandomizationFactor (0.5 is the default)"
		if f := c.setFactor(culprit, lib.JitterKnob, lib.JitterFix); f != nil {
			return f, "set RandomizationFactor (0.5 is the default)"
		}
		return nil, hint
	case apis.K8sLib:
		return c.setFactor(culprit, lib.JitterKnob, lib.JitterFix), "set Jitter (0.1, as client-go's DefaultRetry)"
	case apis.RetryGoLib:
		call, ok := culprit.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return nil, "combine the delay with retry.RandomDelay"
		}
		q, ok := fixes.Qualifier(info, call)
		if !ok {
			return nil, "combine the delay with retry.RandomDelay"
		}
		arg := call.Args[0]
		return &analysis.SuggestedFix{
			Message: "combine the delay with RandomDelay",
			TextEdits: []analysis.TextEdit{
				{Pos: arg.Pos(), End: arg.Pos(), NewText: []byte(fixes.QualifiedName(q, "CombineDelay") + "(")},
				{Pos: arg.End(), End: arg.End(), NewText: []byte(", " + fixes.QualifiedName(q, "RandomDelay") + ")")},
			},
		}, "combine it with RandomDelay"
	case apis.GoRetryLib:
		call, ok := culprit.(*ast.CallExpr)
		if !ok {
			return nil, "wrap the backoff in retry.WithFullJitter"
		}
		if call != s.Node || len(call.Args) != 3 {
			return c.goRetryWrap(call)
		}
		// retry.Exponential(ctx, d, f) -> retry.Do(ctx, retry.WithFullJitter(retry.NewExponential(d)), f)
		q, ok := fixes.Qualifier(info, call)
		if !ok {
			return nil, "wrap the backoff in retry.WithFullJitter"
		}
		fun := ast.Unparen(call.Fun)
		d := call.Args[1]
		return &analysis.SuggestedFix{
			Message: "run it through retry.Do with a fully jittered backoff",
			TextEdits: []analysis.TextEdit{
				{Pos: fun.Pos(), End: fun.End(), NewText: []byte(fixes.QualifiedName(q, "Do"))},
				{Pos: d.Pos(), End: d.Pos(), NewText: []byte(fixes.QualifiedName(q, "WithFullJitter") + "(" + fixes.QualifiedName(q, "New"+s.Runner.Name()) + "(")},
				{Pos: d.End(), End: d.End(), NewText: []byte("))")},
			},
		}, "use retry.Do with retry.WithFullJitter"
	case apis.FailsafeLib:
		call, ok := culprit.(*ast.CallExpr)
		if !ok {
			return nil, "add WithJitterFactor"
		}
		knob := "." + lib.JitterKnob + "(" + lib.JitterFix + ")"
		return &analysis.SuggestedFix{
			Message:   "add " + knob[1:],
			TextEdits: []analysis.TextEdit{{Pos: call.End(), End: call.End(), NewText: []byte(knob)}},
		}, "add WithJitterFactor"
	case apis.EapacheLib:
		return nil, "call SetJitter on the retrier"
	case apis.RetrylintLib:
		// The culprit is the key-value that names JitterNone. Only the
		// jitter changes: a Base left out is DefaultBase, so full jitter
		// never makes the waits zero.
		const hint = "set Jitter: retry.JitterFull"
		kv, ok := culprit.(*ast.KeyValueExpr)
		if !ok {
			return nil, hint
		}
		f := source.File(c.pass.Files, kv.Pos())
		if f == nil {
			return nil, hint
		}
		name, edits := fixes.AddImport(info, f, kv.Pos(), apis.Retry, "retry", "rlretry")
		edits = append(edits, analysis.TextEdit{Pos: kv.Value.Pos(), End: kv.Value.End(), NewText: []byte(fixes.QualifiedName(name, lib.JitterFix))})
		return &analysis.SuggestedFix{Message: "use full jitter", TextEdits: edits}, hint
	}
	return nil, "randomise the backoff"
}

// setFactor sets a jitter factor field to value where culprit leaves it at
// zero: a key-value of a literal, a literal without the field, an
// assignment to the field, or an option call With...(0).
func (c *checker) setFactor(culprit ast.Node, field, value string) *analysis.SuggestedFix {
	msg := fmt.Sprintf("set %s to %s", field, value)
	replace := func(e ast.Expr) *analysis.SuggestedFix {
		return &analysis.SuggestedFix{Message: msg, TextEdits: []analysis.TextEdit{{Pos: e.Pos(), End: e.End(), NewText: []byte(value)}}}
	}
	switch n := culprit.(type) {
	case *ast.KeyValueExpr:
		return replace(n.Value)
	case *ast.AssignStmt:
		if len(n.Rhs) == 1 {
			return replace(n.Rhs[0])
		}
	case *ast.CallExpr:
		fn := typematch.Callee(c.pass.TypesInfo, n)
		if fn != nil && fn.Name() == "With"+field && len(n.Args) == 1 {
			return replace(n.Args[0])
		}
	case *ast.CompositeLit:
		t := c.pass.TypesInfo.TypeOf(n)
		if t == nil {
			return nil
		}
		st, ok := typematch.Deref(t).Underlying().(*types.Struct)
		if !ok || !hasField(st, field) {
			return nil // e.g. a ZeroBackOff or ConstantBackOff: no knob to turn
		}
		text := field + ": " + value
		pos := n.Lbrace + 1
		if len(n.Elts) > 0 {
			if _, keyed := n.Elts[0].(*ast.KeyValueExpr); !keyed {
				return nil // a positional literal
			}
			pos = n.Elts[len(n.Elts)-1].End()
			text = ", " + text
		}
		return &analysis.SuggestedFix{Message: msg, TextEdits: []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte(text)}}}
	}
	return nil
}

// hasField reports whether st has a field named name.
func hasField(st *types.Struct, name string) bool {
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return true
		}
	}
	return false
}

// A flow follows a value the package makes (a retrying client, a backoff)
// forward, to every expression that holds it: the variables it is assigned
// to, the struct fields it is stored in (in any value of the struct), the
// results of the package's functions that return it (at each of their
// calls) and the parameters of the package's functions it is passed to. So
// a client made in a constructor, kept in a field and used by a method is
// one value, and a setting made on it anywhere in the package is seen.
//
// A library's rule is asked first at each place the value reaches (what a
// field write, a method call or a call of the library means); where neither
// the rule nor the flow can follow it (a call into another package, a
// channel, a map, a function literal's result, its address taken), the value
// is lost: code out of sight may configure it.
type flow struct {
	info *types.Info
	pkg  *types.Package
	// uses lists the identifiers that use each variable, field and function
	// (by its origin, for generics); decls the package's function
	// declarations.
	uses  map[types.Object][]inspector.Cursor
	decls map[*types.Func]*ast.FuncDecl
}

// A verdict is what a library's rule makes of one place the value reaches.
type verdict int

const (
	// goOn: the rule has nothing to say; the flow follows the value as Go
	// moves it.
	goOn verdict = iota
	// settled: the rule has accounted for the place; nothing flows on.
	settled
	// through: the parent expression holds the value too (a wrapper's result).
	through
	// lost: the value goes where the rule cannot see.
	lost
)

// newFlow indexes the package's uses of variables, fields and functions.
// made is called on every call and composite literal the walk meets, so
// that the caller finds what the package makes in the same walk.
func newFlow(pass *analysis.Pass, root inspector.Cursor, made func(inspector.Cursor)) *flow {
	info := pass.TypesInfo
	f := &flow{info: info, pkg: pass.Pkg, uses: map[types.Object][]inspector.Cursor{}, decls: map[*types.Func]*ast.FuncDecl{}}
	for cur := range root.Preorder((*ast.Ident)(nil), (*ast.FuncDecl)(nil), (*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.Ident:
			// Only the package's own objects: the value is lost as soon
			// as another package's variable or function takes it.
			switch obj := info.Uses[n].(type) {
			case *types.Var:
				if obj.Pkg() == f.pkg {
					f.uses[obj.Origin()] = append(f.uses[obj.Origin()], cur)
				}
			case *types.Func:
				if obj.Pkg() == f.pkg {
					f.uses[obj.Origin()] = append(f.uses[obj.Origin()], cur)
				}
			}
		case *ast.FuncDecl:
			if fn, ok := info.Defs[n.Name].(*types.Func); ok {
				f.decls[fn] = n
			}
		default:
			made(cur)
		}
	}
	return f
}

// holder is an expression that holds the value; result is, for a call of a
// function with several results, the one that is the value (-1 otherwise).
type holder struct {
	cur    inspector.Cursor
	result int
}

// follow visits the places the value of the expression at start reaches,
// asking rule at each, and reports whether the value is lost somewhere.
func (f *flow) follow(start inspector.Cursor, rule func(h inspector.Cursor) verdict) bool {
	var (
		work      = []holder{{start, -1}}
		seenObj   = map[types.Object]bool{}
		seenFunc  = map[*types.Func]map[int]bool{}
		lostValue bool
	)
	var returned func(fn *types.Func, i int)
	// hold adds the uses of a variable or field the value is stored in.
	hold := func(obj types.Object) {
		v, ok := obj.(*types.Var)
		if !ok {
			lostValue = true
			return
		}
		v = v.Origin()
		if seenObj[v] {
			return
		}
		seenObj[v] = true
		if v.Pkg() != f.pkg || v.Embedded() {
			// Another package's variable or field: its code reads it. An
			// embedded field: its fields are reached without naming it.
			lostValue = true
			return
		}
		if fn, i := f.resultOf(v); fn != nil {
			returned(fn, i) // a named result, returned bare
		}
		for _, u := range f.uses[v] {
			if !v.IsField() {
				work = append(work, holder{u, -1})
				continue
			}
			if k, _ := u.ParentEdge(); k == edge.SelectorExpr_Sel {
				work = append(work, holder{u.Parent(), -1})
			}
		}
	}
	// store follows the value into what an assignment's left side names.
	store := func(lhs ast.Expr) {
		switch l := ast.Unparen(lhs).(type) {
		case *ast.Ident:
			if l.Name == "_" {
				return
			}
			hold(f.info.ObjectOf(l))
		case *ast.SelectorExpr:
			if s := f.info.Selections[l]; s != nil && s.Kind() == types.FieldVal {
				hold(s.Obj())
				return
			}
			hold(f.info.Uses[l.Sel]) // a package-qualified variable
		default:
			lostValue = true // m[k] = v, *p = v
		}
	}
	// returned follows the value out of fn, as its result i, to fn's calls.
	returned = func(fn *types.Func, i int) {
		if seenFunc[fn] == nil {
			seenFunc[fn] = map[int]bool{}
		}
		if seenFunc[fn][i] {
			return
		}
		seenFunc[fn][i] = true
		multi := fn.Signature().Results().Len() > 1
		for _, u := range f.uses[fn] {
			e := u
			if k, _ := e.ParentEdge(); k == edge.SelectorExpr_Sel {
				e = e.Parent()
			}
			for k, _ := e.ParentEdge(); k == edge.IndexExpr_X || k == edge.IndexListExpr_X || k == edge.ParenExpr_X; k, _ = e.ParentEdge() {
				e = e.Parent() // f[T](...), (f)(...)
			}
			if k, _ := e.ParentEdge(); k != edge.CallExpr_Fun {
				lostValue = true // a function value: its calls are out of sight
				continue
			}
			r := -1
			if multi {
				r = i
			}
			work = append(work, holder{e.Parent(), r})
		}
	}
	for len(work) > 0 {
		h := work[len(work)-1]
		work = work[:len(work)-1]
		cur := h.cur
		for k, _ := cur.ParentEdge(); k == edge.ParenExpr_X; k, _ = cur.ParentEdge() {
			cur = cur.Parent()
		}
		switch rule(cur) {
		case settled:
			continue
		case lost:
			lostValue = true
			continue
		case through:
			work = append(work, holder{cur.Parent(), -1})
			continue
		}
		k, i := cur.ParentEdge()
		parent := cur.Parent()
		switch k {
		case edge.AssignStmt_Rhs:
			as := parent.Node().(*ast.AssignStmt)
			switch {
			case as.Tok != token.ASSIGN && as.Tok != token.DEFINE:
				lostValue = true
			case len(as.Lhs) == len(as.Rhs):
				store(as.Lhs[i])
			case h.result >= 0 && h.result < len(as.Lhs):
				store(as.Lhs[h.result])
			default:
				lostValue = true
			}
		case edge.ValueSpec_Values:
			vs := parent.Node().(*ast.ValueSpec)
			switch {
			case len(vs.Names) == len(vs.Values):
				store(vs.Names[i])
			case h.result >= 0 && h.result < len(vs.Names):
				store(vs.Names[h.result])
			default:
				lostValue = true
			}
		case edge.KeyValueExpr_Value:
			kv := parent.Node().(*ast.KeyValueExpr)
			key, ok := kv.Key.(*ast.Ident)
			if v, isVar := f.info.Uses[key].(*types.Var); ok && isVar && v.IsField() {
				hold(v)
			} else {
				lostValue = true // a map or slice element
			}
		case edge.CompositeLit_Elts:
			lit := parent.Node().(*ast.CompositeLit)
			if st, ok := typematch.Deref(f.info.TypeOf(lit)).Underlying().(*types.Struct); ok && i < st.NumFields() {
				hold(st.Field(i))
			} else {
				lostValue = true
			}
		case edge.ReturnStmt_Results:
			ret := parent.Node().(*ast.ReturnStmt)
			var fn *types.Func
			for enc := range parent.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
				if d, ok := enc.Node().(*ast.FuncDecl); ok {
					fn, _ = f.info.Defs[d.Name].(*types.Func)
				}
				break
			}
			if fn == nil {
				lostValue = true // a function literal's result
				continue
			}
			r := i
			if len(ret.Results) == 1 {
				r = max(h.result, 0) // return f(): the result it forwards
			}
			returned(fn, r)
		case edge.CallExpr_Args:
			call := parent.Node().(*ast.CallExpr)
			if tv, ok := f.info.Types[call.Fun]; ok && tv.IsType() {
				work = append(work, holder{parent, -1}) // a conversion
				continue
			}
			p := f.param(call, i)
			if p == nil {
				lostValue = true
				continue
			}
			hold(p)
		case edge.TypeAssertExpr_X:
			work = append(work, holder{parent, -1})
		case edge.SelectorExpr_X, edge.BinaryExpr_X, edge.BinaryExpr_Y, edge.ExprStmt_X, edge.AssignStmt_Lhs:
			// A field read, a method call, a comparison, a value
			// discarded or overwritten: nothing flows on.
		default:
			lostValue = true
		}
	}
	return lostValue
}

// resultOf returns the function whose named result v is, and its index.
func (f *flow) resultOf(v *types.Var) (*types.Func, int) {
	if v.Kind() != types.ResultVar {
		return nil, -1
	}
	for fn := range f.decls {
		res := fn.Signature().Results()
		for i := range res.Len() {
			if res.At(i) == v {
				return fn, i
			}
		}
	}
	return nil, -1
}

// param returns the parameter of a function declared in the package that
// argument i of call is passed to, or nil (a call into another package, of a
// function value, a variadic or spread argument).
func (f *flow) param(call *ast.CallExpr, i int) *types.Var {
	fn := typematch.Callee(f.info, call)
	if fn == nil || f.decls[fn] == nil || f.decls[fn].Body == nil || call.Ellipsis.IsValid() {
		return nil
	}
	params := fn.Signature().Params()
	if i >= params.Len() || fn.Signature().Variadic() && i >= params.Len()-1 {
		return nil
	}
	return params.At(i)
}

// backoffJitter asks the shared recogniser how the backoff e, of the library
// fn belongs to, jitters. Result.LibraryJitter reads a backoff at a call of
// the library's runner, so e is read as the backoff such a call would be
// handed (retry.Do(ctx, e, f)): the library's knowledge stays in one place.
func (c *checker) backoffJitter(fn *types.Func, e ast.Expr) retrysite.BackoffJitter {
	return c.res.LibraryJitter(&retrysite.Site{
		Kind:   retrysite.LibraryCall,
		Node:   &ast.CallExpr{}, // the runner's call, which is not e
		Runner: fn,
		Waits:  []retrysite.Wait{{Kind: retrysite.LibBackoff, Node: e}},
	})
}

// returnsGoRetryBackoff reports whether fn returns a go-retry Backoff alone:
// a constructor (NewFibonacci) or a wrapper (WithMaxRetries, WithJitter).
func returnsGoRetryBackoff(fn *types.Func) bool {
	res := fn.Signature().Results()
	return res.Len() == 1 && typematch.IsNamed(res.At(0).Type(), apis.GoRetry, "Backoff")
}

// goRetryBackoffs reports the go-retry backoffs the package makes without
// jitter (retry.NewFibonacci(d), under WithMaxRetries or WithCappedDuration
// too) where they are made, wherever they are used: returned by a
// constructor, kept in a field, handed to a helper. The backoff is followed
// through the package (see flow); nojitter stays quiet when a jitter
// wrapper takes it on the way (retry.WithFullJitter(newBackoff()) in the
// same package), when it is lost to code out of sight, or when a retry call
// of the package already reports it (retry.Do(ctx, retry.NewFibonacci(d), f)).
func (c *checker) goRetryBackoffs(f *flow, made []inspector.Cursor) {
	if len(made) == 0 {
		return
	}
	atSites := map[ast.Node]bool{}
	for _, s := range c.res.Sites {
		if s.Kind == retrysite.LibraryCall && s.Runner != nil && s.Runner.Pkg() != nil && s.Runner.Pkg().Path() == apis.GoRetry {
			if j := c.res.LibraryJitter(s); j.Culprit != nil {
				atSites[j.Culprit] = true
			}
		}
	}
	info := c.pass.TypesInfo
	for _, cur := range made {
		call := cur.Node().(*ast.CallExpr)
		fn := typematch.Callee(info, call)
		j := c.backoffJitter(fn, call)
		if j.Randomness != retrysite.Fixed || j.Culprit != call || atSites[call] || c.rep.Skip(call.Pos()) {
			continue
		}
		jittered := false
		rule := func(h inspector.Cursor) verdict {
			switch k, _ := h.ParentEdge(); k {
			case edge.CallExpr_Args:
				outer := h.Parent().Node().(*ast.CallExpr)
				fn := typematch.Callee(info, outer)
				if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != apis.GoRetry {
					return goOn
				}
				switch {
				case c.backoffJitter(fn, outer).Randomness == retrysite.Random:
					jittered = true // WithJitter, WithJitterPercent, WithFullJitter
					return settled
				case returnsGoRetryBackoff(fn):
					return through // WithMaxRetries, WithCappedDuration: the same waits
				}
				return settled // a retry call (Do, DoValue)
			case edge.SelectorExpr_X:
				return lost // b.Next(): a loop of the package's own, which may add jitter
			}
			return goOn
		}
		if f.follow(cur, rule) || jittered {
			continue
		}
		fix, hint := c.goRetryWrap(call)
		d := analysis.Diagnostic{
			Pos:     call.Pos(),
			End:     call.End(),
			Message: fmt.Sprintf("retry backoff made without jitter (%s): %s; %s", j.Reason, herd, hint),
		}
		if fix != nil {
			d.SuggestedFixes = []analysis.SuggestedFix{*fix}
		}
		c.rep.Report(d)
	}
}

// goRetryWrap wraps a go-retry backoff in WithFullJitter.
func (c *checker) goRetryWrap(call *ast.CallExpr) (*analysis.SuggestedFix, string) {
	const hint = "wrap it in retry.WithFullJitter"
	q, ok := fixes.Qualifier(c.pass.TypesInfo, call)
	if !ok {
		return nil, hint
	}
	return &analysis.SuggestedFix{
		Message:   "wrap the backoff in WithFullJitter",
		TextEdits: wrapEdits(call, fixes.QualifiedName(q, "WithFullJitter")),
	}, hint
}
