package nestedretry

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// checker holds what one pass knows.
type checker struct {
	pass  *analysis.Pass
	res   *retrysite.Result
	table []apis.Client
	ix    *index
	ev    *evaluator
	sites map[ast.Node]*retrysite.Site
	// reach memoises reaches for the package's functions; a nil entry is a
	// function that leads to no retries, or one being computed (recursion).
	reach map[reachKey]*ReachesFact
	// giveUps memoises givesUp.
	giveUps map[*retrysite.Site][]string
	// translated holds this package's errors that stand for another
	// call's failure (see ownError); nil until asked.
	translated map[types.Object]bool
	// impls memoises implementations; concrete memoises concreteTypes.
	impls    map[implKey][]*types.Func
	concrete []*types.Named
	// forwards memoises forwardsOf.
	forwards map[*types.Func][]MethodRef
	// params holds the package's parameters, receivers and results (built
	// on first use by isParam).
	params map[*types.Var]bool
}

// implKey is an interface and the name of one of its methods.
type implKey struct {
	iface *types.Interface
	name  string
}

// reachKey is a function and whether its calls run under an outer
// retry.Do, where retrylint's own retry.Do calls make one attempt.
type reachKey struct {
	fn    *types.Func
	yield bool
}

func newChecker(pass *analysis.Pass, root inspector.Cursor, res *retrysite.Result, table []apis.Client) *checker {
	c := &checker{
		pass:  pass,
		res:   res,
		table: table,
		ix:    newIndex(pass, root),
		sites: make(map[ast.Node]*retrysite.Site),
		reach: make(map[reachKey]*ReachesFact),

		giveUps: make(map[*retrysite.Site][]string),
		impls:   make(map[implKey][]*types.Func),

		forwards: make(map[*types.Func][]MethodRef),
	}
	c.ev = &evaluator{ix: c.ix, fact: func(fn *types.Func) *ClientFact {
		var f ClientFact
		if fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &f) {
			return &f
		}
		return nil
	}}
	for _, s := range res.Sites {
		if s != nil && s.Node != nil {
			c.sites[s.Node] = s
		}
	}
	return c
}

// A lead is something in an attempt that retries: a call of a retrying
// client or of a function that leads to retries, or a retry site nested in
// the same function.
type lead struct {
	node ast.Node
	// chain names the calls down to what retries; empty for a nested loop
	// that retries nothing else.
	chain []Link
	// bound is how many calls one pass through node may make.
	bound retrysite.Bound
	// within says what bounds the layers by time when bound has no count
	// ("30 seconds", "a deadline"); empty otherwise.
	within string
	// nested: node is a retry loop inside the attempt (a retry call is a
	// call like any other, named by its runner).
	nested bool
	// own: a retry site of the user's own is among the layers (node, or
	// one below it), whose choice of errors to retry is not the table's.
	own bool
	// givesUp lists, when own, the user's own error kinds that every own
	// layer gives up on at once (see giveups.go).
	givesUp []string
	// runsOut is what the call or site hands back when its retries of the
	// user's own run out, when known (see exhausted.go).
	runsOut Exhaustion
	// client: a direct call of a retrying client, with what its fix needs.
	client *clientCall
	// countVar is the variable that counts the attempts of the lead's only
	// layer, a loop that calls nothing that retries (see
	// ReachesFact.CountParam), or nil.
	countVar *types.Var
	// timeOptions: the lead's only layer, a cenkalti/backoff v5 Retry, is
	// given the function's own variadic options (see
	// ReachesFact.TimeOptionsParam).
	timeOptions bool
}

// clientCall is a direct call of a retrying client in an attempt.
type clientCall struct {
	api   *apis.Client
	call  *ast.CallExpr
	fn    *types.Func
	build *build
}

// findLeads returns the leads in body, in source order. With yield, body runs
// under an outer retry.Do of retrylint's retry package, where an inner
// retry.Do on the same context makes a single attempt. A nil body (a runner
// call whose operation is not a literal of this package, a function declared
// without one) has none.
func (c *checker) findLeads(body *ast.BlockStmt, yield bool) []lead {
	cur, ok := c.ix.find(body)
	if !ok {
		return nil
	}
	var leads []lead
	// A site's Node is a loop or a call: those, go statements and returned
	// function literals are all the walk stops at.
	kinds := []ast.Node{(*ast.GoStmt)(nil), (*ast.FuncLit)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.CallExpr)(nil)}
	cur.Inspect(kinds, func(at inspector.Cursor) bool {
		n := at.Node()
		if _, ok := n.(*ast.GoStmt); ok {
			// A call started with go runs beside the attempt, not in it: its
			// retries (a background dial probe) do not multiply the request's.
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			// A function literal handed back (return func() { stop() }) runs
			// when its caller calls it, not here: anthropic-sdk-go's
			// makeStopClosure makes the closure that stops a work item later.
			k, _ := at.ParentEdge()
			return k != edge.ReturnStmt_Results
		}
		if s := c.sites[n]; s != nil && !spin(s) {
			if l, ok := c.siteLead(s, yield); ok {
				leads = append(leads, l)
			}
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if l, ok := c.callLead(call, yield); ok {
				leads = append(leads, l)
			}
		}
		return true
	})
	return leads
}

// spin reports whether s is a loop that goes around without bound and
// without waiting. As an inner layer it is far more often a compare-and-swap
// or state-machine loop (go-redis's pool has several) than a retry, so it is
// not counted as one; the calls in it still are.
func spin(s *retrysite.Site) bool {
	return s.Kind == retrysite.Loop && s.Bound.Kind == retrysite.Unbounded && len(s.Waits) == 0
}

// siteLead describes a retry site met inside an attempt or a function body:
// the site as a layer of its own, or, where it is worse, a lead in its
// attempt times the site's attempts. A lead whose failure the site does not
// retry (it returns at once) counts alone: the site is no layer for it.
func (c *checker) siteLead(s *retrysite.Site, yield bool) (lead, bool) {
	do := c.yields(s)
	inners := c.findLeads(s.Attempt, yield || do)
	if yield && do {
		// This retry.Do makes one attempt: only what is below it retries.
		inner, ok := worst(inners)
		inner.node = s.Node
		return inner, ok
	}
	bound, within := c.siteLimit(s)
	name := siteName(s)
	giveUp := c.givesUp(s)
	runsOut := c.exhaustion(s)
	best := lead{node: s.Node, nested: len(name) == 0, chain: name, bound: bound, within: within, own: true, givesUp: giveUp, runsOut: runsOut}
	if len(inners) == 0 && s.Kind == retrysite.Loop && !bound.Finite() && within == "" {
		best.countVar = s.BoundParam()
	}
	if len(inners) == 0 {
		best.timeOptions = c.forwardsOptions(s)
	}
	for _, in := range inners {
		l := lead{node: s.Node, nested: best.nested, chain: append(append([]Link(nil), name...), in.chain...)}
		if c.retried(s, in) {
			l.bound, l.within = mulWithin(bound, within, in.bound, in.within)
			l.own, l.givesUp, l.runsOut = true, giveUp, runsOut
			if in.own {
				l.givesUp = commonKinds(giveUp, in.givesUp)
			}
		} else {
			l.bound, l.within, l.own, l.givesUp = in.bound, in.within, in.own, in.givesUp
		}
		if rank(l.bound) > rank(best.bound) {
			best = l
		}
	}
	return best, true
}

// yields reports whether s is a call of retrylint's retry.Do or
// retry.DoValue, which inside another such call on the same context makes a
// single attempt, unless its Policy visibly sets RetryNested.
func (c *checker) yields(s *retrysite.Site) bool {
	const pkg = apis.Retry
	call, ok := s.Node.(*ast.CallExpr)
	if !ok || s.Runner == nil || !typematch.IsFunc(s.Runner, pkg, "Do") && !typematch.IsFunc(s.Runner, pkg, "DoValue") || len(call.Args) < 2 {
		return false
	}
	nested := false
	c.ev.structFields(call.Args[1], nil, func(name string, x ast.Expr) {
		if name == "RetryNested" {
			tv := c.pass.TypesInfo.Types[x]
			nested = tv.Value == nil || constant.BoolVal(tv.Value)
		}
	})
	return !nested
}

// callLead describes a call that retries by itself, if call is one.
func (c *checker) callLead(call *ast.CallExpr, yield bool) (lead, bool) {
	fn := typematch.Callee(c.pass.TypesInfo, call)
	a, recv, label := matchAPI(c.pass.TypesInfo, c.table, call, fn)
	if a == nil && fn == nil {
		a, recv, label = matchField(c.pass.TypesInfo, c.table, call)
	}
	if a != nil && a.ClientArg > 0 {
		if len(call.Args) < a.ClientArg || !isESClient(c.pass.TypesInfo.TypeOf(call.Args[a.ClientArg-1])) {
			return lead{}, false // a transport of unknown retries
		}
		recv = call.Args[a.ClientArg-1]
	}
	if a != nil {
		return c.apiLead(a, call, recv, label, fn)
	}
	if fn == nil {
		return lead{}, false
	}
	f := c.reaches(fn, yield)
	if f == nil {
		if l, ok := c.argLead(call, fn, yield); ok {
			return l, true
		}
		l, ok, foreign := c.valuesLead(call, fn, yield)
		if ok || foreign {
			return l, ok
		}
		return c.interfaceLead(call, fn, yield)
	}
	bound, within := c.callLimits(call, f)
	l := lead{node: call, chain: append([]Link{funcLink(fn)}, f.Chain...), bound: bound, within: within, own: f.OwnRetries, givesUp: f.GivesUpOn,
		runsOut: f.RunsOutWith}
	if arg := typematch.ArgFor(c.pass.TypesInfo, fn, call, f.CountParam-1); arg != nil {
		if n, ok := c.ix.intConst(arg); ok {
			if n <= 1 {
				return lead{}, false // one attempt: no retry
			}
			l.bound = retrysite.Bound{Kind: retrysite.Known, Attempts: n}
		} else if v, ok := c.pass.TypesInfo.Uses[typematch.Ident(arg)].(*types.Var); ok {
			l.countVar = v
		}
	}
	return l, true
}

// argLead describes a call of fn that runs a function passed to it, a
// function or method value of this package or another that leads to
// retries: restic's s3 Load calls backend.DefaultLoad(ctx, h, length,
// offset, be.openReader, fn), and DefaultLoad calls openReader, which
// calls minio-go. The worst of such arguments is the call's lead. (A
// function literal passed is already walked where it stands.)
func (c *checker) argLead(call *ast.CallExpr, fn *types.Func, yield bool) (lead, bool) {
	params := c.res.CalledParams(fn)
	if params == 0 {
		return lead{}, false
	}
	var leads []lead
	for i, arg := range call.Args {
		if params&(1<<uint(min(i, 63))) == 0 {
			continue
		}
		id := typematch.Ident(arg)
		if id == nil {
			continue
		}
		argFn, ok := c.pass.TypesInfo.Uses[id].(*types.Func)
		if !ok {
			continue
		}
		if f := c.reaches(argFn.Origin(), yield); f != nil {
			leads = append(leads, lead{node: call, chain: append([]Link{funcLink(fn), funcLink(argFn.Origin())}, f.Chain...),
				bound: f.Bound, within: f.Within, own: f.OwnRetries, givesUp: f.GivesUpOn})
		}
	}
	return worst(leads)
}

// apiLead describes call, an operation of the table's row a made on recv,
// as its client's configuration has it.
func (c *checker) apiLead(a *apis.Client, call *ast.CallExpr, recv ast.Expr, label string, fn *types.Func) (lead, bool) {
	cfg, b := c.ev.callConfig(a, call, recv)
	var bound retrysite.Bound
	switch {
	case cfg.State == cfgOff || cfg.State == cfgOpaque:
		return lead{}, false
	case cfg.State == cfgAttempts:
		bound = retrysite.Bound{Kind: retrysite.Known, Attempts: cfg.Attempts}
	case cfg.State == cfgUnbounded:
		bound = retrysite.Bound{Kind: retrysite.Unbounded}
	case cfg.State == cfgLibDefault:
		bound = retrysite.Bound{Kind: retrysite.LibraryDefault, Attempts: cfg.Attempts}
	case a.Declared:
		bound = retrysite.Bound{Kind: retrysite.Known, Attempts: a.Attempts}
	case a.OptIn:
		return lead{}, false
	case a.Attempts > 0:
		bound = retrysite.Bound{Kind: retrysite.LibraryDefault, Attempts: a.Attempts}
	default:
		bound = retrysite.Bound{Kind: retrysite.Unbounded}
	}
	return lead{
		node:   call,
		chain:  []Link{{Name: label}},
		bound:  bound,
		client: &clientCall{api: a, call: call, fn: fn, build: b},
	}, true
}

// reaches returns what a call of fn leads to, or nil; with yield, under an
// outer retry.Do.
func (c *checker) reaches(fn *types.Func, yield bool) *ReachesFact {
	if fn.Pkg() != c.pass.Pkg {
		var f ReachesFact
		if !c.pass.ImportObjectFact(fn, &f) {
			return nil
		}
		if yield && f.DoYields {
			return f.UnderDo
		}
		return &f
	}
	key := reachKey{fn, yield}
	if f, seen := c.reach[key]; seen {
		return f
	}
	c.reach[key] = nil // while computing: a recursive call adds nothing
	d := c.ix.decls[fn]
	if d == nil || d.Body == nil {
		return nil
	}
	leads := c.findLeads(d.Body, yield)
	l, ok := worst(leads)
	if !ok {
		return nil
	}
	f := &ReachesFact{Chain: capChain(l.chain), Bound: l.bound, Within: l.within, OwnRetries: l.own, GivesUpOn: l.givesUp}
	if s := c.sites[l.node]; len(leads) == 1 && s != nil && s.Func == ast.Node(d) {
		// The loop's run-out return is the function's own, and nothing
		// else in it retries.
		f.RunsOutWith = l.runsOut
	}
	if len(leads) == 1 && l.countVar != nil {
		f.CountParam = typematch.ParamIndex(fn, l.countVar) + 1
	}
	if len(leads) == 1 && l.timeOptions {
		f.TimeOptionsParam = fn.Signature().Params().Len() // the last, variadic
	}
	c.reach[key] = f
	return f
}

// exportFacts exports what the package's exported functions lead to, and
// the configuration of the clients its exported constructors return. Other
// packages cannot name the rest; within the package they are evaluated
// directly.
func (c *checker) exportFacts() {
	for _, fn := range c.ix.funcs {
		d := c.ix.decls[fn]
		if !fn.Exported() || c.inTest(d) {
			continue // unexported, or test code: no other package calls it
		}
		if f := c.reaches(fn, false); f != nil {
			if g := c.reaches(fn, true); !f.same(g) {
				f.DoYields, f.UnderDo = true, g
			}
			c.pass.ExportObjectFact(fn, f)
		}
		if cfg, ok := c.constructed(fn, d); ok {
			c.pass.ExportObjectFact(fn, &ClientFact{Config: cfg})
		}
	}
}

// constructed evaluates fn when its first result is a client of the table
// and its configuration is visibly set.
func (c *checker) constructed(fn *types.Func, d *ast.FuncDecl) (clientConfig, bool) {
	res := fn.Signature().Results()
	if res.Len() == 0 {
		return clientConfig{}, false
	}
	named, ok := types.Unalias(typematch.Deref(res.At(0).Type())).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return clientConfig{}, false
	}
	path, name := named.Obj().Pkg().Path(), named.Obj().Name()
	for i := range c.table {
		a := &c.table[i]
		if !a.HasPkg(path) || !a.Methods() || !a.HasRecv(name) {
			continue
		}
		built := c.ev.builder(a)
		if built == nil {
			return clientConfig{}, false
		}
		cfg := c.ev.constructor(d, built, 0)
		return cfg, cfg.State != cfgDefault
	}
	return clientConfig{}, false
}

// report reports every lead in the attempt of every outermost retry site
// that the site runs again after it failed, where at least one of the two
// layers has a figure to give.
func (c *checker) report(r *report.Reporter) {
	fixed := make(map[ast.Expr]bool) // one fix per client built
	for _, s := range c.res.Sites {
		if s == nil || s.Node == nil || s.Attempt == nil || len(c.res.Enclosing(s.Node.Pos())) > 0 {
			continue
		}
		if s.Bound.Kind == retrysite.Known && s.Bound.Attempts <= 1 || c.inTest(s.Node) {
			continue
		}
		bound, within := c.siteLimit(s)
		for _, l := range c.findLeads(s.Attempt, c.yields(s)) {
			if r.Skip(l.node.Pos()) || !informative(bound, l.bound) || !c.retried(s, l) {
				continue
			}
			d := analysis.Diagnostic{Pos: l.node.Pos(), End: l.node.End(), Message: c.message(s, bound, within, l)}
			if fix := c.fix(s, l, fixed); fix != nil {
				d.SuggestedFixes = []analysis.SuggestedFix{*fix}
			}
			r.Report(d)
		}
	}
	c.reportRetried(r, fixed)
}

// informative reports whether a layer of outer around one of inner has a
// figure to report: a count of attempts, or no bound at all, on one side.
// Two layers of unknown counts (a loop bounded by a parameter around a
// helper bounded by another) say nothing a reader can weigh.
func informative(outer, inner retrysite.Bound) bool {
	return outer.Finite() || inner.Finite() || outer.Kind == retrysite.Unbounded || inner.Kind == retrysite.Unbounded
}

// inTest reports whether n is in a _test.go file, whose retry loops wait for
// test fixtures (eventual consistency, a container starting) rather than
// multiply a production request.
func (c *checker) inTest(n ast.Node) bool { return source.IsTestFile(c.pass.Fset, n.Pos()) }

// message says what multiplies, and how much:
// "retry loop of up to 5 attempts calls s3.Client.PutObject, which makes up
// to 3 attempts (the library default) itself: up to 15 calls in all; let
// one layer own the retries". The total is "per request" where the site is
// in an HTTP handler, where there is a request to count by.
func (c *checker) message(s *retrysite.Site, bound retrysite.Bound, within string, l lead) string {
	where := "in all"
	if handler(c.pass.TypesInfo, s.Func) {
		where = "per request"
	}
	return fmt.Sprintf("%s %s %s: %s; let one layer own the retries",
		s.Kind, outerPhrase(bound, within), c.leadPhrase(l), totalPhrase(bound, l.bound, where))
}

// leadPhrase says what a lead does: "calls s3.Client.PutObject, which makes
// up to 3 attempts (the library default) itself".
func (c *checker) leadPhrase(l lead) string {
	var names []string
	for _, link := range l.chain {
		names = append(names, link.qualified(c.pass.Pkg.Path()))
	}
	chain := strings.Join(names, " -> ")
	inner := attemptsPhrase(l.bound, l.within)
	switch {
	case l.nested && chain == "":
		return "contains another retry loop, which makes " + inner
	case l.nested:
		return "contains a retry loop that calls " + chain + ", which makes " + inner + " in all"
	case l.client != nil:
		return "calls " + chain + ", which makes " + inner + " itself"
	}
	return "calls " + chain + ", which makes " + inner
}

// outerPhrase says an outer site's bound: "of up to 5 attempts", "bounded
// by time (30 seconds)".
func outerPhrase(b retrysite.Bound, within string) string {
	if within != "" && !b.Finite() {
		return "bounded by time (" + within + ")"
	}
	return "of " + b.String()
}

// attemptsPhrase says an inner bound: "up to 3 attempts (the library
// default)", "unbounded attempts", "attempts bounded by time (a deadline)".
func attemptsPhrase(b retrysite.Bound, within string) string {
	switch {
	case b.Kind == retrysite.LibraryDefault && b.Attempts > 0:
		return fmt.Sprintf("up to %d attempts (the library default)", b.Attempts)
	case within != "" && !b.Finite():
		return "attempts bounded by time (" + within + ")"
	}
	return b.String()
}

// totalPhrase says the calls that a layer of outer makes around one of
// inner: their product where both are counts, or what one count says.
func totalPhrase(outer, inner retrysite.Bound, where string) string {
	total := mul(outer, inner)
	switch {
	case total.Finite():
		return fmt.Sprintf("up to %d calls %s", total.Attempts, where)
	case total.Kind == retrysite.Unbounded:
		return "unbounded calls " + where
	case inner.Finite():
		return fmt.Sprintf("up to %d calls for each of its attempts", inner.Attempts)
	case outer.Finite():
		return fmt.Sprintf("up to %d times the calls it makes alone", outer.Attempts)
	}
	return "an unknown number of calls " + where
}

// handler reports whether fn (a *ast.FuncDecl or *ast.FuncLit) serves an
// HTTP request: it takes an http.ResponseWriter (a *http.Request alone may
// be one the function sends).
func handler(info *types.Info, fn ast.Node) bool {
	var ft *ast.FuncType
	switch f := fn.(type) {
	case *ast.FuncDecl:
		ft = f.Type
	case *ast.FuncLit:
		ft = f.Type
	default:
		return false
	}
	for _, field := range ft.Params.List {
		if t := info.TypeOf(field.Type); t != nil && typematch.IsNamed(t, "net/http", "ResponseWriter") {
			return true
		}
	}
	return false
}

// mul is the bound of a layer of a around a layer of b.
func mul(a, b retrysite.Bound) retrysite.Bound {
	switch {
	case a.Kind == retrysite.Unbounded || b.Kind == retrysite.Unbounded:
		return retrysite.Bound{Kind: retrysite.Unbounded}
	case a.Finite() && b.Finite():
		kind := retrysite.Known
		if a.Kind != retrysite.Known || b.Kind != retrysite.Known {
			kind = retrysite.LibraryDefault
		}
		return retrysite.Bound{Kind: kind, Attempts: a.Attempts * b.Attempts}
	}
	return retrysite.Bound{Kind: retrysite.Unknown}
}

// mulWithin is mul, with what bounds the product by time when it has no
// count: the outer layer's time bound first.
func mulWithin(a retrysite.Bound, aWithin string, b retrysite.Bound, bWithin string) (retrysite.Bound, string) {
	m := mul(a, b)
	if m.Finite() || m.Kind == retrysite.Unbounded {
		return m, ""
	}
	if aWithin != "" {
		return m, aWithin
	}
	return m, bWithin
}

// rank orders bounds by the calls they may make: unbounded first, then the
// largest finite bound, then an unknown one.
func rank(b retrysite.Bound) int {
	switch {
	case b.Kind == retrysite.Unbounded:
		return 1 << 30
	case b.Finite():
		return b.Attempts
	}
	return 0
}

// worst returns the lead that makes the most calls (see rank), with the
// error kinds that all of the leads give up on: the outer layer may run any
// of them again.
func worst(leads []lead) (lead, bool) {
	if len(leads) == 0 {
		return lead{}, false
	}
	best := leads[0]
	for _, l := range leads[1:] {
		if rank(l.bound) > rank(best.bound) {
			best = l
		}
	}
	if best.own {
		best.givesUp = leadsGiveUp(leads)
	}
	return best, true
}
