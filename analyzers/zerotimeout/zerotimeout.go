package zerotimeout

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/analyzerdoc"
	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

//go:embed doc.go
var doc string

// Analyzer reports http.Client values that have no Timeout.
var Analyzer = analyzerdoc.Document(&analysis.Analyzer{
	Name:     "zerotimeout",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
	FactTypes: []analysis.Fact{
		(*DelegatedTransportFact)(nil), (*BoundedFieldFact)(nil), (*UnboundedClientFact)(nil),
		(*RequestContextFact)(nil), (*DerivedContextFact)(nil), (*BoundedTransportFact)(nil),
		(*PassedClientFact)(nil), (*TimeoutFieldFact)(nil), (*DeadlineParamFact)(nil),
		(*NilClientFact)(nil),
	},
}, doc)

// Analyzer flags: the only configuration, so that go vet, golangci-lint and
// nogo can all set them.
var (
	timeout = 30 * time.Second
	tests   bool
)

func init() {
	Analyzer.Flags.Var(positiveDuration{&timeout}, "timeout", "the Timeout that suggested fixes write (a positive `duration`)")
	Analyzer.Flags.BoolVar(&tests, "tests", false, "also check _test.go files and test support (off: go test -timeout ends a hung test)")
}

// positiveDuration is the -timeout flag. It refuses a Timeout that is not
// positive when the flag is set, so that every driver reports the bad value
// once, as a flag error, instead of each analysis pass failing with it.
type positiveDuration struct{ d *time.Duration }

func (p positiveDuration) String() string {
	if p.d == nil { // the zero value flag.PrintDefaults makes
		return ""
	}
	return p.d.String()
}

func (p positiveDuration) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	if d <= 0 {
		return fmt.Errorf("%v: fixes need a positive Timeout", d)
	}
	*p.d = d
	return nil
}

const (
	httpPath = "net/http"
	why      = "a server that stops answering blocks "
)

// defaultClientFuncs are the net/http functions that send through
// http.DefaultClient.
var defaultClientFuncs = []string{"Get", "Head", "Post", "PostForm"}

func run(pass *analysis.Pass) (any, error) {
	if typematch.InStdlib(pass.Pkg.Path()) {
		// No findings and no facts from the standard library, as in every
		// analyzer (see InStdlib): its clients are the user's to bound.
		return nil, nil
	}
	sends := typematch.Imports(pass.Pkg, httpPath)
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	c := &checker{
		pass: pass, insp: insp, rep: report.New(pass), timeout: timeout,
		defaultSet:    make(map[ast.Node]token.Pos),
		flows:         make(map[types.Object]*flow),
		localFlows:    make(map[pathKey]*flow),
		results:       make(map[result]*flow),
		delegated:     make(map[*types.Func]*DelegatedTransportFact),
		reqCtx:        make(map[*types.Func]int),
		derivedCtx:    make(map[*types.Func]int),
		passedClient:  make(map[*types.Func]PassedClientFact),
		timeoutFields: make(map[*types.Var]bool),

		deadlineParams: make(map[*types.Func]DeadlineParamFact),
		paramAnswers:   make(map[paramKey]paramAnswer),
		nilClients:     make(map[*types.Func]NilClientFact),
	}
	if !sends {
		// No client here, but calls that leave another module's client out
		// (github.NewClient(nil) needs no import of net/http), a function
		// that derives contexts for the packages that send (tailscale's
		// sockstats), and calls that give contexts to functions that send
		// under them. (Test support's calls are skipped as test code.)
		files := c.nonTestFiles()
		c.checkNilClientCalls(files)
		c.exportNilClients(files)
		if typematch.Imports(pass.Pkg, contextPath) {
			c.exportDerivedContexts()
			c.checkDeadlineCalls()
		}
		return nil, nil
	}
	if !tests && isTestSupport(pass) {
		return nil, nil
	}
	c.defaults = c.defaultConfig()
	filter := []ast.Node{(*ast.CompositeLit)(nil), (*ast.ValueSpec)(nil), (*ast.CallExpr)(nil), (*ast.Ident)(nil)}
	files := c.nonTestFiles()
	for _, fcur := range files {
		c.file = fcur.Node().(*ast.File)
		for cur := range fcur.Preorder(filter...) {
			switch n := cur.Node().(type) {
			case *ast.CompositeLit:
				c.literal(cur, n)
			case *ast.ValueSpec:
				c.zeroVar(cur, n)
			case *ast.CallExpr:
				c.newClient(cur, n)
				c.returnedClient(cur, n)
				c.nilToDecorator(cur, n)
				c.nilClientCall(cur, n)
			case *ast.Ident:
				c.defaultClientUse(cur, n)
			}
		}
	}
	c.checkDelegatedCalls(files)
	c.checkDeadlineCalls()
	c.exportBoundedFields()
	c.exportBoundedTransports()
	c.exportWrappedClients()
	c.exportRequestContexts()
	c.exportDerivedContexts()
	c.exportNilClients(files)
	return nil, nil
}

// isTestSupport reports whether the package is test support: one of its
// non-test files imports "testing" (a package of test helpers, fakes and
// servers), which, like a _test.go file, runs under go test -timeout.
func isTestSupport(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		if source.IsTestFile(pass.Fset, f.FileStart) {
			continue
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"testing"` {
				return true
			}
		}
	}
	return false
}

// skip reports whether a finding at pos goes unreported: in a generated
// file, silenced by a directive, or, unless -zerotimeout.tests, in test code
// that a test-support package does not already cover (a function that takes
// a testing value or starts an httptest server: source.InTestCode).
func (c *checker) skip(pos token.Pos) bool {
	return c.rep.Skip(pos) || !tests && source.InTestCode(c.pass, pos)
}

type checker struct {
	pass    *analysis.Pass
	insp    *inspector.Inspector
	rep     *report.Reporter
	timeout time.Duration
	file    *ast.File
	// defaultSet caches, per function, where http.DefaultClient or its
	// Timeout is first given a value (a Timeout not provably zero), NoPos
	// where nowhere.
	defaultSet map[ast.Node]token.Pos
	// defaults is how the package configures http.DefaultClient and
	// http.DefaultTransport.
	defaults defaultConfig
	// mentions, flows, results and decls are indexes and caches built on
	// first need: see flow.go.
	mentions map[types.Object][]inspector.Cursor
	// ifaceMethods holds the names of the methods of the package's
	// interface types, made on first need (interfaceNames).
	ifaceMethods map[string]bool
	flows        map[types.Object]*flow
	// localFlows caches localFieldFlow's result per field path of a local
	// struct (nil where the struct is used whole).
	localFlows map[pathKey]*flow
	results    map[result]*flow
	decls      map[*types.Func]inspector.Cursor
	// delegated holds the functions of the package that make a client
	// around the transport their caller gives (see delegate.go).
	delegated map[*types.Func]*DelegatedTransportFact
	// reqCtx caches, per function of the package, the parameter whose
	// context the requests it returns carry, -1 for none (see reqctx.go).
	reqCtx map[*types.Func]int
	// derivedCtx caches, per function of the package, the parameter that
	// the context it returns derives from, -1 for none (see ctxderive.go).
	derivedCtx map[*types.Func]int
	// passedClient caches, per function of the package, what it does with
	// the parameter's client it returns (Param -1 for none); timeoutFields, per client field of
	// the package, whether it holds only clients with a Timeout (see
	// wrapped.go).
	passedClient  map[*types.Func]PassedClientFact
	timeoutFields map[*types.Var]bool
	// deferrals collects, while deferred evaluates, the context parameters
	// counted as bounded by their callers; deadlineParams holds what the
	// package's functions carry of them (see ctxparam.go).
	deferrals      map[*types.Func]int
	deadlineParams map[*types.Func]DeadlineParamFact
	// paramAnswers remembers paramBounded's answers.
	paramAnswers map[paramKey]paramAnswer
	// nilClients holds the functions of the package that send through a
	// client with no Timeout when their caller leaves the client out (see
	// nilclient.go).
	nilClients map[*types.Func]NilClientFact
	// callsNilClients says that the package calls a function of another
	// package with a NilClientFact: its own functions may hand a caller's
	// value on to it.
	callsNilClients bool
}

func isClient(t types.Type) bool { return t != nil && typematch.IsNamed(t, httpPath, "Client") }

// A client is one http.Client the analyzer found without a Timeout.
type client struct {
	cur  inspector.Cursor // the expression that makes it (zero for var c http.Client)
	v    *types.Var       // the variable var c http.Client declares
	lit  *ast.CompositeLit
	spec *ast.ValueSpec
	p    *path       // where it is stored, or nil
	made *types.Func // the function of another module that returned it, or nil
}

// flow returns where the client goes.
func (c *checker) clientFlow(cl *client) *flow {
	if cl.v != nil {
		return c.flowOf(cl.v)
	}
	var fl flow
	c.follow(cl.cur, &fl)
	return &fl
}

// transportExpr returns the expression that gives the client its
// Transport (in the literal, or assigned to it in the function that makes
// it), or nil when it has none (it sends through http.DefaultTransport).
// always is false when that assignment is made only on some paths (under
// an if, a switch, a loop): then the literal's own Transport, lit (nil for
// none), is the other one it may have.
func (c *checker) transportExpr(cl *client) (t ast.Expr, always bool, lit ast.Expr) {
	if cl.lit != nil {
		lit = c.keyed(cl.lit, "Transport")
	}
	at := cl.cur
	if cl.spec != nil {
		at = c.insp.Root()
		if cur, ok := at.FindNode(cl.spec); ok {
			at = cur
		}
	}
	if body, ok := enclosingFunc(at); ok && cl.p != nil {
		if a, direct := c.transportAssigned(body, cl.p); a != nil {
			return a, direct, lit
		}
	}
	return lit, true, lit
}

// check decides whether the client cl is bounded another way than by its
// Timeout, and reports it otherwise, with the fix that suits how its
// responses are read.
func (c *checker) check(cl *client, at ast.Node, msg string) {
	t, always, lit := c.transportExpr(cl)
	if c.transportBounds(t, 0) && (always || c.transportBounds(lit, 0)) {
		return
	}
	// A client handed to an SDK whose calls take as long as they take is
	// quiet whatever its transport, also one its caller gives.
	fl := c.clientFlow(cl)
	if fl.longCalls {
		return
	}
	if fd := directFuncDecl(cl.cur); fd != nil && always {
		if d := c.delegation(fd, t); d != nil {
			c.delegate(fd, d) // checked where it is called
			return
		}
	}
	if c.boundedByContext(fl, at) {
		for _, fn := range fl.toModule {
			c.pass.ExportObjectFact(fn, &UnboundedClientFact{}) // checked at each call in the module
		}
		return
	}
	c.exportReturned(cl)
	if cl.lit != nil && cl.made == nil {
		c.noteNilFallback(cl.cur, "a new http.Client")
	}
	whole := c.allReadWhole(fl)
	c.report(at, msg, func(names names) ([]analysis.TextEdit, string, bool) {
		if cl.made != nil {
			return nil, "", false // the client is made out of reach
		}
		if whole {
			es, ok := c.timeoutEdits(cl, names)
			return es, "Set Timeout: " + names.dur, ok
		}
		es, ok := c.clientTransportEdits(cl, t, fl, names)
		return es, transportFixMessage(names), ok
	})
}

// boundedByContext reports whether every request sent through a client
// that goes where fl says carries a context with a deadline (true when it
// sends nothing), and none goes out of sight. With at, the client's use, a
// context that an exported function of a module-only package is given
// counts as bounded, and the function's calls are checked instead (see
// ctxparam.go); a nil at counts only deadlines in sight.
func (c *checker) boundedByContext(fl *flow, at ast.Node) bool {
	if fl.hidden {
		return false
	}
	var places []string
	if at != nil {
		places = []string{source.Place(c.pass.Fset, c.pass.Pkg, at.Pos())}
	}
	return c.deferred(places, func() bool {
		for _, s := range fl.sends {
			if !c.sendBounded(s) {
				return false
			}
		}
		return true
	})
}

// allReadWhole reports whether every response of a client that goes where
// fl says is read whole: then Timeout cuts no transfer.
func (c *checker) allReadWhole(fl *flow) bool {
	if fl.hidden || fl.readElsewhere || len(fl.sends) == 0 {
		return false
	}
	for _, s := range fl.sends {
		if !c.readsWhole(s) {
			return false
		}
	}
	return true
}

// literal checks an http.Client composite literal.
func (c *checker) literal(cur inspector.Cursor, lit *ast.CompositeLit) {
	t := c.pass.TypesInfo.TypeOf(lit)
	if lit.Type == nil && t != nil {
		t = typematch.Deref(t) // the elided type of a {...} in []*http.Client{...} is *http.Client
	}
	if !isClient(t) {
		return
	}
	value, known := c.timeoutElt(lit, t)
	if !known || (value != nil && !c.isZero(value)) {
		return
	}
	p := c.target(cur)
	if c.skip(lit.Pos()) || c.setBeforeUse(cur, p) {
		return
	}
	msg := "http.Client has no Timeout: " + why + "its calls forever"
	if value != nil {
		msg = "http.Client Timeout is 0, which means no timeout: " + why + "its calls forever"
	}
	c.check(&client{cur: cur, lit: lit, p: p}, lit, msg)
}

// timeoutElt returns the expression a literal gives Timeout (nil when it
// gives none). known is false when the literal cannot be read (unkeyed and
// incomplete, as in broken code).
func (c *checker) timeoutElt(lit *ast.CompositeLit, t types.Type) (value ast.Expr, known bool) {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	for i, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			if i < st.NumFields() && st.Field(i).Name() == "Timeout" {
				return e, true
			}
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			if f, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && f.IsField() && f.Name() == "Timeout" {
				return kv.Value, true
			}
		}
	}
	if len(lit.Elts) > 0 {
		if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); !keyed {
			return nil, false
		}
	}
	return nil, true
}

// isZero reports whether e is a constant zero.
func (c *checker) isZero(e ast.Expr) bool {
	return eval.IsZero(c.pass.TypesInfo.Types[e].Value)
}

// zeroVar checks var declarations without a value, such as var c http.Client.
func (c *checker) zeroVar(cur inspector.Cursor, spec *ast.ValueSpec) {
	if len(spec.Values) > 0 {
		return
	}
	for _, name := range spec.Names {
		v, ok := c.pass.TypesInfo.Defs[name].(*types.Var)
		if !ok || name.Name == "_" || !isClient(v.Type()) || c.skip(name.Pos()) {
			continue
		}
		p := &path{root: v}
		if c.setBeforeUse(cur, p) {
			continue
		}
		msg := fmt.Sprintf("zero-value http.Client %s has no Timeout: %sits calls forever", name.Name, why)
		c.check(&client{cur: cur, v: v, spec: spec, p: p}, name, msg)
	}
}

// newClient checks new(http.Client).
func (c *checker) newClient(cur inspector.Cursor, call *ast.CallExpr) {
	if len(call.Args) != 1 {
		return
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return
	}
	if !typematch.IsBuiltin(c.pass.TypesInfo, id, "new") {
		return
	}
	tv, ok := c.pass.TypesInfo.Types[call.Args[0]]
	if !ok || !tv.IsType() || !isClient(tv.Type) || c.skip(call.Pos()) {
		return // new(expr) of Go 1.26 copies a value: its literal is checked on its own
	}
	p := c.target(cur)
	if c.setBeforeUse(cur, p) {
		return
	}
	c.check(&client{cur: cur, p: p}, call, "new(http.Client) has no Timeout: "+why+"its calls forever")
}

// defaultClientUse checks uses of http.DefaultClient and of the functions
// that send through it.
func (c *checker) defaultClientUse(cur inspector.Cursor, id *ast.Ident) {
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != httpPath {
		return
	}
	// expr is the whole mention: the selector http.X, or X alone after a dot import.
	expr, ecur := ast.Expr(id), cur
	if kind, _ := cur.ParentEdge(); kind == edge.SelectorExpr_Sel {
		ecur = cur.Parent()
		expr = ecur.Node().(*ast.SelectorExpr)
	}
	switch {
	case typematch.IsVar(obj, httpPath, "DefaultClient"):
		if !c.isClientUse(ecur) || c.skip(expr.Pos()) || c.defaultTimeoutSet(ecur, expr.Pos()) || c.fallback(ecur) ||
			c.timeoutGivenThrough(ecur) {
			return
		}
		msg := "http.DefaultClient has no Timeout: " + why + "this call forever"
		vcur, ok := clientValue(ecur)
		if !ok {
			// &http.DefaultClient hands on the variable itself: no
			// expression can take its place.
			c.rep.Report(analysis.Diagnostic{Pos: expr.Pos(), End: expr.End(), Message: msg})
			return
		}
		var fl flow
		c.follow(vcur, &fl)
		if c.boundedByContext(&fl, expr) {
			return
		}
		c.noteNilFallback(ecur, "http.DefaultClient")
		whole := c.allReadWhole(&fl)
		c.report(expr, msg, func(n names) ([]analysis.TextEdit, string, bool) {
			return c.defaultClientEdits(vcur, &fl, whole, "", n)
		})
	case isDefaultClientFunc(obj):
		var at ast.Node = expr
		if kind, _ := ecur.ParentEdge(); kind == edge.CallExpr_Fun {
			at = ecur.Parent().Node()
		}
		if c.skip(at.Pos()) || c.defaultTimeoutSet(ecur, expr.Pos()) {
			return
		}
		msg := fmt.Sprintf("http.%s uses http.DefaultClient, which has no Timeout: %sthis call forever", obj.Name(), why)
		whole := c.readsWhole(ecur)
		fl := &flow{sends: []inspector.Cursor{ecur}, stored: !isCall(ecur)}
		c.report(at, msg, func(n names) ([]analysis.TextEdit, string, bool) {
			return c.defaultClientEdits(ecur, fl, whole, obj.Name(), n)
		})
	}
}

// clientValue returns the expression that evaluates to the client
// http.DefaultClient holds, given its mention at cur: the mention itself,
// or *&http.DefaultClient. ok is false for &http.DefaultClient, the
// address of the variable.
func clientValue(cur inspector.Cursor) (inspector.Cursor, bool) {
	up := func(c inspector.Cursor) inspector.Cursor {
		for {
			if kind, _ := c.ParentEdge(); kind != edge.ParenExpr_X {
				return c
			}
			c = c.Parent()
		}
	}
	x := up(cur)
	if kind, _ := x.ParentEdge(); kind != edge.UnaryExpr_X || x.Parent().Node().(*ast.UnaryExpr).Op != token.AND {
		return cur, true
	}
	addr := up(x.Parent())
	if kind, _ := addr.ParentEdge(); kind == edge.StarExpr_X {
		return addr.Parent(), true
	}
	return cur, false
}

func isDefaultClientFunc(obj types.Object) bool {
	for _, name := range defaultClientFuncs {
		if typematch.IsFunc(obj, httpPath, name) {
			return true
		}
	}
	return false
}

// isClientUse reports whether the mention of http.DefaultClient at cur uses
// the client to send requests or hands it on. Assignments to it or its
// fields, reads of its fields and comparisons with it do not.
func (c *checker) isClientUse(cur inspector.Cursor) bool {
	for {
		kind, _ := cur.ParentEdge()
		switch kind {
		case edge.ParenExpr_X:
			cur = cur.Parent()
			continue
		case edge.AssignStmt_Lhs:
			return false
		case edge.BinaryExpr_X, edge.BinaryExpr_Y:
			op := cur.Parent().Node().(*ast.BinaryExpr).Op
			return op != token.EQL && op != token.NEQ
		case edge.SelectorExpr_X:
			sel := c.pass.TypesInfo.Selections[cur.Parent().Node().(*ast.SelectorExpr)]
			return sel == nil || sel.Kind() != types.FieldVal
		}
		return true
	}
}

// names are the names and values a fix writes: the bound rendered as Go
// (dur), in the file's name for package time, and the edits that import
// time.
type names struct {
	time, dur string
	imports   []analysis.TextEdit
}

// report reports a diagnostic over n with one fix, whose edits and message
// fix builds (no fix when it cannot build a safe one).
func (c *checker) report(n ast.Node, msg string, fix func(names) ([]analysis.TextEdit, string, bool)) {
	d := analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Message: msg}
	if timeName, importEdits, ok := c.pkgName(n.Pos(), "time"); ok {
		nm := names{time: timeName, dur: durationExpr(timeName, c.timeout), imports: importEdits}
		if es, title, ok := fix(nm); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{{Message: title, TextEdits: append(es, importEdits...)}}
		}
	}
	c.rep.Report(d)
}
