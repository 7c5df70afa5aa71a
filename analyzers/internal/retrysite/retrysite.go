// Package retrysite finds the places where a package retries, once, for the
// analyzers that ask: nojitter, nestedretry and unkeyedpost take its Result
// through Requires/ResultOf, so no analyzer walks the files for loops itself.
//
// A retry site is a loop that re-runs an attempt after it fails and leaves
// when it succeeds, or an event loop whose failed attempt arms a timer that
// leads back to it (Loop, rearm.go), the operation handed to a known retry library
// (LibraryCall), or the operation handed to a retry runner of the user's own
// (RunnerCall), where the attempt can reach another process (reach.go: a
// loop that re-runs a parser or polls a local lock is no retry of a
// dependency). Loops that look alike but do not retry (over a collection,
// pollers and workers that wait whatever happens, rate-limited workers,
// poll-until-ready loops that end on error, waits for an object to show up
// that go round only on a "does not exist" answer, absent.go) are not
// sites; the ones among
// them that wait are listed as Result.Periodic. Test code (source.InTestCode: a
// _test.go file, a test harness package, a function that takes a testing
// value) and generated files hold no sites.
//
// Facts carry what other packages need: RetriesFact (a function contains a
// site, with its bound), RunnerFact (a function is a retry runner: its
// operation and attempts parameters, bound and waits), WaitsFact (a function
// waits for its duration argument), RandomFact (a function returns a
// randomised duration) and ReachFact (calling a function can reach another
// process).
//
// There is no early exit on imports: an immediate retry loop needs no import
// at all, and its RetriesFact is what lets another package see that a call
// retries. Library calls are looked for only in packages that import a
// library; runner calls are found through facts, per call. The one package
// set skipped whole is the standard library (typematch.InStdlib): its loops
// are no retry layer a user controls, and a fact-using driver would otherwise
// analyse all of it as dependencies of every program.
package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// Analyzer finds the retry sites of a package.
var Analyzer = &analysis.Analyzer{
	Name:       "retrysite",
	Doc:        "find retry loops and calls to retry runners (a helper for retrylint's analyzers; reports nothing)",
	URL:        "https://github.com/retrylint/retrylint/tree/main/analyzers/internal/retrysite",
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{(*RetriesFact)(nil), (*WaitsFact)(nil), (*RandomFact)(nil), (*PassFact)(nil), (*RunnerFact)(nil), (*ReachFact)(nil), (*NilPredicateFact)(nil), (*SetsFieldsFact)(nil)},
}

// recogniser is the state of one run.
type recogniser struct {
	pass        *analysis.Pass
	root        inspector.Cursor // the package's syntax, where walks of a node found by position start
	info        *types.Info
	pkg         *types.Package
	decls       map[*types.Func]*ast.FuncDecl
	bodies      map[*ast.FuncDecl]inspector.Cursor // the body of each declaration that has one
	assigned    map[types.Object]*assigns
	helperWaits map[*types.Func]WaitsFact
	calleeWaits map[*types.Func]calleeWait
	funcRand    map[*types.Func]randomness
	litRand     map[*ast.FuncLit]randomness
	inPlace     map[types.Object]bool                  // see writtenInPlace
	paramIndex  map[*ast.FuncDecl]map[types.Object]int // allParams's, by declaration
	// fieldAssigns and recvCalls list, per variable, the statements that set
	// one of its fields (v.F = x) and the method calls on it (v.M(...)).
	fieldAssigns map[types.Object][]*ast.AssignStmt
	recvCalls    map[types.Object][]*ast.CallExpr
	// fields are the values the package gives each struct field: keyed and
	// positional composite literals, assignments (x.f = v, x.f op= v,
	// x.f++); unknown when its address is taken.
	fields map[*types.Var]*assigns
	// declCalls lists the calls inside each function declaration, those of
	// the function literals it contains included.
	declCalls map[*ast.FuncDecl][]*ast.CallExpr
	callers   map[*types.Func][]*ast.CallExpr // built on demand: callersOf
	// funcValues holds the functions of the package mentioned other than as
	// a callee, built on demand: isFuncValue.
	funcValues map[*types.Func]bool
	// ranged maps the variables a range statement declares to the
	// collection they come from (nil for an index or a counter).
	ranged map[types.Object]ast.Expr
	reach  reachState
	tests  map[*ast.FuncDecl]bool // testDecl's answers
}

// assigns are the values a variable is given: its initialiser and the
// right-hand sides of its assignments. unknown is set when it is also
// assigned in a way the analysis does not follow (a tuple, x++, &x).
type assigns struct {
	exprs   []ast.Expr
	unknown bool
	stepped bool // x++, x--, x op= y: the value derives from the old one
	tuple   bool // one of several results of a call listed in exprs
}

// loopAt is a loop met during the traversal.
type loopAt struct {
	cur   inspector.Cursor // the for or range statement
	label *types.Label
	fn    ast.Node      // innermost enclosing function
	decl  *ast.FuncDecl // outermost, for facts
}

type callAt struct {
	call *ast.CallExpr
	cur  inspector.Cursor // call's
	fn   ast.Node
	decl *ast.FuncDecl
}

func run(pass *analysis.Pass) (any, error) {
	a := &recogniser{
		pass:         pass,
		info:         pass.TypesInfo,
		pkg:          pass.Pkg,
		decls:        map[*types.Func]*ast.FuncDecl{},
		bodies:       map[*ast.FuncDecl]inspector.Cursor{},
		assigned:     map[types.Object]*assigns{},
		helperWaits:  map[*types.Func]WaitsFact{},
		calleeWaits:  map[*types.Func]calleeWait{},
		funcRand:     map[*types.Func]randomness{},
		litRand:      map[*ast.FuncLit]randomness{},
		paramIndex:   map[*ast.FuncDecl]map[types.Object]int{},
		fieldAssigns: map[types.Object][]*ast.AssignStmt{},
		recvCalls:    map[types.Object][]*ast.CallExpr{},
		fields:       map[*types.Var]*assigns{},
		ranged:       map[types.Object]ast.Expr{},
		declCalls:    map[*ast.FuncDecl][]*ast.CallExpr{},
		reach: reachState{funcs: map[*types.Func]summary{}, busy: map[*types.Func]bool{},
			lits: map[*ast.FuncLit]summary{}, impls: map[*types.Func]Reach{},
			params: map[*ast.FuncDecl]map[types.Object]int{}},
	}
	res := &Result{a: a}
	insp, ok := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	if !ok {
		return res, nil
	}
	a.root = insp.Root() // before any return: Result's methods walk from it
	if a.info == nil || a.pkg == nil || typematch.InStdlib(a.pkg.Path()) {
		// No sites and no facts from the standard library: see InStdlib.
		return res, nil
	}
	libraries := typematch.Imports(a.pkg, libraryPaths()...)

	var (
		loops   []loopAt
		calls   []callAt
		funcs   []*ast.FuncDecl // those with a body, outside generated files and test code
		noSites bool            // the current file is generated, or test code
	)
	harness := source.HarnessPackage(pass)
	filter := []ast.Node{
		(*ast.File)(nil), (*ast.FuncDecl)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.CallExpr)(nil),
		(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.UnaryExpr)(nil), (*ast.IncDecStmt)(nil),
		(*ast.CompositeLit)(nil),
	}
	for cur := range a.root.Preorder(filter...) {
		switch n := cur.Node().(type) {
		case *ast.File:
			noSites = report.IsGenerated(n) || harness
			if source.IsTestFile(pass.Fset, n.FileStart) {
				noSites = true
			}
		case *ast.FuncDecl:
			if fn, ok := a.info.Defs[n.Name].(*types.Func); ok {
				a.decls[fn] = n
			}
			if n.Body != nil {
				a.bodies[n] = cur.ChildAt(edge.FuncDecl_Body, -1)
				if !noSites {
					funcs = append(funcs, n)
				}
			}
		case *ast.AssignStmt:
			a.recordAssign(n)
		case *ast.ValueSpec:
			a.recordSpec(n)
		case *ast.IncDecStmt:
			if obj := identObj(a.info, n.X); obj != nil {
				a.add(obj, nil)
				a.assigned[obj].stepped = true
			}
			if f := a.fieldOf(n.X); f != nil {
				a.addField(f, nil).stepped = true
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				a.markUnknown(n.X)
				if f := a.fieldOf(n.X); f != nil {
					a.addField(f, nil).unknown = true
				}
			}
		case *ast.CompositeLit:
			a.recordLit(n)
		case *ast.ForStmt, *ast.RangeStmt:
			if r, ok := n.(*ast.RangeStmt); ok {
				a.recordRange(r)
			}
			if noSites {
				continue
			}
			fn, decl := enclosing(cur)
			if fn == nil || a.testDecl(decl) {
				continue
			}
			var label *types.Label
			if l, ok := cur.Parent().Node().(*ast.LabeledStmt); ok {
				label, _ = a.info.Defs[l.Label].(*types.Label)
			}
			loops = append(loops, loopAt{cur, label, fn, decl})
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				if obj := identObj(a.info, sel.X); obj != nil {
					a.recvCalls[obj] = append(a.recvCalls[obj], n)
				}
			}
			fn, decl := enclosing(cur)
			if decl != nil {
				a.declCalls[decl] = append(a.declCalls[decl], n)
			}
			if !noSites && fn != nil && !a.testDecl(decl) {
				calls = append(calls, callAt{n, cur, fn, decl})
			}
		}
	}

	// What each function can reach, before any loop is judged by it.
	a.settleReach()

	facts := map[*types.Func]Bound{}
	addFact := func(decl *ast.FuncDecl, b Bound) {
		if decl == nil {
			return
		}
		fn, ok := a.info.Defs[decl.Name].(*types.Func)
		if !ok {
			return
		}
		if old, ok := facts[fn]; !ok || larger(b, old) {
			facts[fn] = b
		}
	}

	siteDecl := map[*Site]*ast.FuncDecl{}
	for _, l := range loops {
		site, periodic := a.classifyLoop(l.cur, l.label, l.fn, l.decl)
		if site != nil {
			res.Sites = append(res.Sites, site)
			siteDecl[site] = l.decl
			addFact(l.decl, site.Bound)
		}
		if periodic != nil {
			res.Periodic = append(res.Periodic, periodic)
		}
	}
	libCalls := map[*ast.CallExpr]bool{}
	for _, c := range calls {
		fn := typematch.Callee(a.info, c.call)
		if fn == nil {
			continue
		}
		var site *Site
		if libraries {
			if r := runnerOf(fn); r != nil && (r.accept == nil || r.accept(a, c.call)) {
				site = a.librarySite(c, fn, r)
			}
		}
		if site == nil && userRunners.has(fn) {
			site = a.librarySite(c, fn, &runner{Runner: &apis.Runner{Op: -2}, site: func(*recogniser, *ast.CallExpr, *Site) {}})
		}
		if site != nil {
			res.Sites = append(res.Sites, site)
			siteDecl[site] = c.decl
			libCalls[c.call] = true
			addFact(c.decl, site.Bound)
		}
	}

	// The user's own runners, and the calls to them (this package's or, by
	// their facts, other packages').
	own := a.ownRunners(res.Sites, siteDecl, calls)
	for _, c := range calls {
		if libCalls[c.call] {
			continue
		}
		if site := a.runnerCall(c, own); site != nil && !a.localOp(c, a.runnerFact(site.Runner, own).Param) {
			res.Sites = append(res.Sites, site)
			addFact(c.decl, site.Bound)
		}
	}
	for fn, f := range own {
		a.pass.ExportObjectFact(fn, f)
	}
	sortSites(res.Sites)
	for _, decl := range funcs {
		if !a.testDecl(decl) {
			res.Recursive = append(res.Recursive, a.recursiveSites(decl)...)
		}
	}

	for fn, b := range facts {
		a.pass.ExportObjectFact(fn, &RetriesFact{Bound: b})
	}
	a.exportWaitFacts()
	a.exportPredicateFacts()
	a.exportRandomFacts()
	a.exportSetsFields()
	a.exportFieldFacts()
	a.exportReachFacts()
	return res, nil
}

// enclosing returns the innermost function around cur and the outermost
// function declaration.
func enclosing(cur inspector.Cursor) (fn ast.Node, decl *ast.FuncDecl) {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if fn == nil {
			fn = c.Node()
		}
		if d, ok := c.Node().(*ast.FuncDecl); ok {
			decl = d
		}
	}
	return fn, decl
}

// larger reports whether bound b says more attempts than old.
func larger(b, old Bound) bool {
	rank := func(b Bound) int {
		switch {
		case b.Kind == Unbounded:
			return 1 << 30
		case b.Finite():
			return b.Attempts
		}
		return 0
	}
	return rank(b) > rank(old)
}

// librarySite builds the site of a call to a known runner.
func (a *recogniser) librarySite(c callAt, fn *types.Func, r *runner) *Site {
	i := r.Op
	switch i {
	case -1: // the last parameter
		i = fn.Signature().Params().Len() - 1
	case -2: // the last parameter of function type
		params := fn.Signature().Params()
		for i = params.Len() - 1; i >= 0; i-- {
			if _, ok := params.At(i).Type().Underlying().(*types.Signature); ok {
				break
			}
		}
	}
	if i < 0 || i >= len(c.call.Args) || a.localOp(c, i) {
		return nil
	}
	s := &Site{Kind: LibraryCall, Node: c.call, Runner: fn, Func: c.fn, Bound: Bound{Kind: Unknown}}
	s.Attempt, s.Operation = a.operation(c.call.Args[i])
	opDecl := c.decl
	if s.Operation != nil {
		opDecl = a.decls[s.Operation]
	}
	if s.Attempt != nil && a.pollsAnswer(s.Attempt, opDecl, fn) {
		return nil
	}
	r.site(a, c.call, s)
	return s
}

// localOp reports whether the operation a runner call hands on as argument i
// stays in this process (a poll of an in-memory condition through a retry
// library): no retry of a dependency.
func (a *recogniser) localOp(c callAt, i int) bool {
	if i < 0 || i >= len(c.call.Args) {
		return false
	}
	return a.valueSummary(c.call.Args[i], c.decl, 0) == summary{}
}

// operation resolves the operation handed to a runner: a function literal
// (directly or through a local variable) or a function or method of this
// package.
func (a *recogniser) operation(e ast.Expr) (*ast.BlockStmt, *types.Func) {
	e = ast.Unparen(a.value(e))
	// A conversion to the runner's operation type: backoff.Operation(f).
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := a.info.Types[call.Fun]; ok && tv.IsType() {
			e = ast.Unparen(a.value(call.Args[0]))
		}
	}
	switch e := e.(type) {
	case *ast.FuncLit:
		return e.Body, nil
	case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr:
		id := typematch.Ident(uninstantiated(e))
		if id == nil {
			return nil, nil
		}
		fn, ok := a.info.Uses[id].(*types.Func)
		if !ok {
			return nil, nil
		}
		fn = fn.Origin()
		if d := a.decls[fn]; d != nil {
			return d.Body, fn
		}
		return nil, fn
	}
	return nil, nil
}

// value follows a local variable assigned once to its value.
func (a *recogniser) value(e ast.Expr) ast.Expr {
	for range 8 {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return e
		}
		v, ok := a.info.Uses[id].(*types.Var)
		if !ok || v.Parent() == nil || v.Pkg() != a.pkg || v.Parent() == a.pkg.Scope() {
			return e
		}
		as := a.assigned[v]
		if as == nil || as.unknown || as.stepped || as.tuple || len(as.exprs) != 1 {
			return e
		}
		if d, ok := as.exprs[0].(*ast.Ident); ok && a.info.Defs[d] == v {
			return e // declared without a value
		}
		e = as.exprs[0]
	}
	return e
}

func (a *recogniser) recordAssign(n *ast.AssignStmt) {
	for i, l := range n.Lhs {
		if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
			if obj := identObj(a.info, sel.X); obj != nil {
				a.fieldAssigns[obj] = append(a.fieldAssigns[obj], n)
			}
		}
		f := a.fieldOf(l)
		if f == nil {
			continue
		}
		switch {
		case len(n.Lhs) == 1 && len(n.Rhs) == 1 && n.Tok != token.ASSIGN:
			a.addField(f, n.Rhs[0]).stepped = true // x.f op= y
		case len(n.Lhs) == len(n.Rhs):
			a.addField(f, n.Rhs[i])
		default:
			if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
				a.addField(f, call).tuple = true
			} else {
				a.addField(f, nil).unknown = true
			}
		}
	}
	if len(n.Lhs) == 1 && len(n.Rhs) == 1 && n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
		// x op= y: the new value derives from the old one and y.
		if obj := identObj(a.info, n.Lhs[0]); obj != nil {
			a.add(obj, n.Rhs[0])
			a.assigned[obj].stepped = true
		}
		return
	}
	if len(n.Lhs) != len(n.Rhs) {
		call, isCall := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
		for _, l := range n.Lhs {
			obj := identObj(a.info, l)
			if obj == nil {
				continue
			}
			if !isCall {
				a.markUnknown(l)
				continue
			}
			// n, err := f(x): each result comes from the call.
			a.add(obj, call)
			a.assigned[obj].tuple = true
		}
		return
	}
	for i, l := range n.Lhs {
		if obj := identObj(a.info, l); obj != nil {
			a.add(obj, n.Rhs[i])
		}
	}
}

// recordRange records the variables of a range over an integer (a counter)
// or over a slice or array (an index, and an element of the collection).
func (a *recogniser) recordRange(r *ast.RangeStmt) {
	t := a.info.TypeOf(r.X)
	if t == nil {
		return
	}
	var elem bool
	switch u := typematch.Deref(t).Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsInteger == 0 {
			return
		}
	case *types.Slice, *types.Array:
		elem = true
	default:
		return
	}
	if obj := identObj(a.info, r.Key); obj != nil {
		a.ranged[obj] = nil
	}
	if obj := identObj(a.info, r.Value); obj != nil && elem {
		a.ranged[obj] = r.X
	}
}

// testDecl reports whether decl takes a value of the testing package (see
// source.InTestCode).
func (a *recogniser) testDecl(decl *ast.FuncDecl) bool {
	if decl == nil {
		return false
	}
	t, ok := a.tests[decl]
	if !ok {
		if a.tests == nil {
			a.tests = map[*ast.FuncDecl]bool{}
		}
		t = source.TestFunc(a.info, decl)
		a.tests[decl] = t
	}
	return t
}

// fieldOf returns the struct field e selects, or nil.
func (a *recogniser) fieldOf(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s := a.info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
		f, _ := s.Obj().(*types.Var)
		return f
	}
	return nil
}

// addField records a value of field f (nil only creates its entry).
func (a *recogniser) addField(f *types.Var, e ast.Expr) *assigns {
	return assignsOf(a.fields, f).add(e)
}

// assignsOf returns the record of k's values in m, made on first use.
func assignsOf[K comparable](m map[K]*assigns, k K) *assigns {
	as := m[k]
	if as == nil {
		as = &assigns{}
		m[k] = as
	}
	return as
}

// add records the value e (nil records none).
func (as *assigns) add(e ast.Expr) *assigns {
	if e != nil {
		as.exprs = append(as.exprs, e)
	}
	return as
}

// recordLit records the field values of a struct literal.
func (a *recogniser) recordLit(lit *ast.CompositeLit) {
	t := a.info.TypeOf(lit)
	if t == nil {
		return // broken code: a literal of no type
	}
	st, ok := typematch.Deref(t).Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := a.info.Uses[id].(*types.Var); ok && f.IsField() {
					a.addField(f, kv.Value)
				}
			}
			continue
		}
		if i < st.NumFields() {
			a.addField(st.Field(i), el)
		}
	}
}

func (a *recogniser) recordSpec(n *ast.ValueSpec) {
	for i, id := range n.Names {
		obj := a.info.Defs[id]
		if obj == nil {
			continue
		}
		switch {
		case len(n.Values) == len(n.Names):
			a.add(obj, n.Values[i])
		case len(n.Values) == 0:
			a.add(obj, id) // the zero value
		default:
			a.markUnknown(id)
		}
	}
}

// add records a value of obj; nil only creates its entry.
func (a *recogniser) add(obj types.Object, e ast.Expr) { assignsOf(a.assigned, obj).add(e) }

func (a *recogniser) markUnknown(e ast.Expr) {
	obj := identObj(a.info, e)
	if obj == nil {
		return
	}
	assignsOf(a.assigned, obj).unknown = true
}

func (a *recogniser) importFact(fn *types.Func, f analysis.Fact) bool {
	return a.pass.ImportObjectFact(fn, f)
}

// exportWaitFacts exports a WaitsFact for each function of the package that
// waits for a duration parameter, or always waits a fixed or randomised
// time of its own, so that loops in other packages see it.
func (a *recogniser) exportWaitFacts() {
	for fn, d := range a.decls {
		if d.Body == nil {
			continue
		}
		if hasDurationParam(fn) {
			if k, p := a.waitHelper(fn); k != 0 {
				a.pass.ExportObjectFact(fn, &WaitsFact{Kind: k, Param: p})
				continue
			}
		}
		w, ok := a.calleeWait(fn)
		if !ok || w.r.fromServer() || w.r.r != Fixed && w.r.r != Random {
			continue
		}
		if w.r.params == 0 || w.r.r == Fixed {
			a.pass.ExportObjectFact(fn, &WaitsFact{Kind: w.kind, Param: -1, Randomness: w.r.r, Unless: w.r.unless, Params: w.r.params})
		}
	}
}

func hasDurationParam(fn *types.Func) bool { return holdsDuration(fn.Signature().Params()) }

func sortSites(s []*Site) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].Node.Pos() < s[j-1].Node.Pos(); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
