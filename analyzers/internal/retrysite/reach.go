package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// A retry repeats, after it failed, an operation that reaches another
// process: a server over the network, a database, a subprocess. A loop that
// re-runs a parser, polls a local file lock, waits for room in a memory pool
// or for an in-memory condition looks the same but retries no dependency, so
// the recogniser asks, per function, whether calling it can reach another
// process, and lets only loops and runners whose attempt can be sites.
//
// The summary is computed bottom-up and travels as a ReachFact:
//
//   - The standard library is not analysed (see InStdlib): a small table
//     (stdReach) names what in it reaches: net's dialers, connections and
//     lookups, net/http's Client, Transport and Server, database/sql,
//     os/exec and starting processes, the system calls that connect, send
//     or start a program (syscallReaches, also for golang.org/x/sys, whose
//     raw calls have no Go body), log/syslog, net/rpc and net/smtp.
//     A signal is not there: the kernel delivers it (or says the process is
//     gone, for signal 0), and the process signalled takes no part. Everything
//     else there (parsing, files, locks, channels, io interfaces) is local,
//     and so are closing a connection and dialling a loopback address
//     (loopback.go): both end in this host.
//   - The packages of known SDK clients (sdkPrefixes) reach. The table
//     speaks for an SDK to the programs that call it: in the analysis of
//     an SDK package itself, that package's own functions are judged by
//     their code, which is in sight there (go-redis's helper that counts
//     its queued bytes is local), while calls into its other packages and
//     its interfaces keep the table's answer. Those of
//     logging, metrics and tracing libraries (apis.InstrumentationLibraries)
//     stay local, whatever sink their interfaces hide.
//   - A function of another package reaches as its ReachFact says; no fact
//     means local, since every non-standard package is analysed first.
//   - A function of this package reaches as its body's calls do, including
//     those of the function literals it contains and those it starts with go
//     or defer.
//   - An interface method: one of the standard library reaches when its type
//     is in the table (net.Conn, driver.Conn, http.RoundTripper); one of a
//     known SDK reaches; any other may reach (its implementations are out of
//     sight), and reaches when one this package declares does.
//   - A function value or an interface method with the shape of
//     (*http.Client).Do, taking an *http.Request and returning an
//     *http.Response, whose values are out of sight, reaches: it sends the
//     request it is handed (see sendParams).
//   - A function value: a parameter of function type is recorded in the
//     fact's Params, so a call of walk(node, visit) reaches only if visit
//     does; a variable or an unexported field whose values the package
//     visibly gives (function literals, named functions, method values)
//     reaches as they do; any other may reach.
//   - A function whose body only returns constants (a placeholder, one
//     platform's variant of a function that does I/O elsewhere) says nothing
//     about what the function is for: it may reach.

// Reach says whether calling a function can reach another process.
type Reach uint8

const (
	// Local: everything the call does stays in this process, as far as the
	// analysis follows it.
	Local Reach = iota
	// MayReach: the call runs code the analysis cannot see (a function
	// value, an interface method without a visible implementation, a stub).
	MayReach
	// Reaches: the call can reach the network, a database, a subprocess or
	// a known SDK client.
	Reaches
)

func (r Reach) String() string {
	switch r {
	case Local:
		return "local"
	case MayReach:
		return "may reach"
	}
	return "reaches"
}

// ReachFact marks a function whose call can reach another process, or whose
// reach depends on the functions passed to it.
type ReachFact struct {
	Reach Reach
	// Params has bit i set when the function calls its parameter i (a
	// function): a call reaches also when the function passed there does.
	// Bit 63 stands for every parameter from the 63rd on.
	Params uint64
}

func (*ReachFact) AFact() {}
func (f *ReachFact) String() string {
	if f.Params == 0 {
		return "reach(" + f.Reach.String() + ")"
	}
	var ps []string
	for i := 0; i < 64; i++ {
		if f.Params&(1<<uint(i)) != 0 {
			ps = append(ps, strconv.Itoa(i))
		}
	}
	return "reach(" + f.Reach.String() + ", calls param " + strings.Join(ps, ",") + ")"
}

// summary is what calling a function does, as far as reach goes.
type summary struct {
	reach  Reach
	params uint64
}

func (s summary) or(t summary) summary {
	return summary{reach: max(s.reach, t.reach), params: s.params | t.params}
}

func paramBit(i int) uint64 { return 1 << uint(min(i, 63)) }

// stdPkg lists what in one standard-library package reaches another process:
// package-level functions, and types whose every method does (concrete or
// interface; a method promoted from an unexported type is listed under that
// type too).
type stdPkg struct {
	funcs, types []string
}

// stdReach is the table of the standard library's I/O.
var stdReach = map[string]stdPkg{
	"net": {
		funcs: []string{"Dial", "DialTimeout", "DialIP", "DialTCP", "DialUDP", "DialUnix", "Listen", "ListenIP",
			"ListenMulticastUDP", "ListenPacket", "ListenTCP", "ListenUDP", "ListenUnix", "ListenUnixgram",
			"LookupAddr", "LookupCNAME", "LookupHost", "LookupIP", "LookupMX", "LookupNS", "LookupPort", "LookupSRV",
			"LookupTXT", "FileConn", "FileListener", "FilePacketConn"},
		types: []string{"Conn", "PacketConn", "Listener", "conn", "TCPConn", "UDPConn", "UnixConn", "IPConn",
			"TCPListener", "UnixListener", "Dialer", "ListenConfig", "Resolver"},
	},
	"net/http": {
		funcs: []string{"Get", "Head", "Post", "PostForm", "ListenAndServe", "ListenAndServeTLS", "Serve", "ServeTLS"},
		types: []string{"Client", "Transport", "RoundTripper", "Server"},
	},
	"net/http/httputil": {types: []string{"ReverseProxy"}},
	"net/http/cgi":      {types: []string{"Handler"}},
	"net/http/fcgi":     {funcs: []string{"Serve"}},
	"net/rpc":           {funcs: []string{"Dial", "DialHTTP", "DialHTTPPath"}, types: []string{"Client"}},
	"net/rpc/jsonrpc":   {funcs: []string{"Dial"}},
	"net/smtp":          {funcs: []string{"Dial", "SendMail", "NewClient"}, types: []string{"Client"}},
	"net/textproto":     {funcs: []string{"Dial"}, types: []string{"Conn"}},
	"crypto/tls":        {funcs: []string{"Dial", "DialWithDialer", "Listen"}, types: []string{"Conn", "Dialer"}},
	"database/sql":      {types: []string{"DB", "Conn", "Tx", "Stmt", "Rows", "Row"}},
	"database/sql/driver": {types: []string{"Conn", "ConnBeginTx", "ConnPrepareContext", "Connector", "Driver",
		"DriverContext", "Execer", "ExecerContext", "Pinger", "Queryer", "QueryerContext", "Rows", "SessionResetter",
		"Stmt", "StmtExecContext", "StmtQueryContext", "Tx", "Validator"}},
	"os/exec":    {types: []string{"Cmd"}},
	"os":         {funcs: []string{"StartProcess"}},
	"log/syslog": {funcs: []string{"Dial", "New", "NewLogger"}, types: []string{"Writer"}},
	"syscall":    {funcs: syscallReaches},
}

// syscallReaches are the system calls that reach another process:
// connecting, sending, starting a program. The others (a stat, a lock, a
// read of a file, a signal) stay on this host.
var syscallReaches = []string{"Connect", "Sendto", "Sendmsg", "SendmsgN", "Sendmmsg", "SendmsgBuffers", "Exec",
	"ForkExec", "StartProcess", "CreateProcess", "CreateProcessAsUser", "WSAConnect", "WSASend", "WSASendTo",
	"WSASendMsg"}

// sysPackages make the operating system's calls outside the standard
// library, as syscall does inside it. Their raw calls are written in
// assembly, with no body to read, so they are judged as syscall's are, by
// syscallReaches: a unix.Flock retried until the lock is free is no retry
// of another process.
var sysPackages = []string{"golang.org/x/sys/unix", "golang.org/x/sys/windows"}

// stdReaches reports whether the standard-library function fn reaches
// another process; recv, when not nil, is the expression the method is
// called on (its type may be the listed one: a method promoted from an
// unexported embedded type, an interface embedding another).
func (a *recogniser) stdReaches(fn *types.Func, recv ast.Expr) bool {
	if closes(fn) {
		return false
	}
	if StdReaches(fn) {
		return true
	}
	if recv != nil {
		if n := namedOf(a.info.TypeOf(recv)); n != nil && n.Obj().Pkg() != nil {
			if u, ok := stdReach[n.Obj().Pkg().Path()]; ok && has(u.types, n.Obj().Name()) {
				return true
			}
		}
	}
	return false
}

// StdReaches reports whether fn, a function of the standard library or a
// method declared on one of its types, reaches another process by the
// table above (stdReach). Other packages' functions are not in it.
func StdReaches(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || closes(fn) {
		return false
	}
	t, ok := stdReach[fn.Pkg().Path()]
	if !ok {
		return false
	}
	r := fn.Signature().Recv()
	if r == nil {
		return has(t.funcs, fn.Name())
	}
	n := namedOf(r.Type())
	return n != nil && has(t.types, n.Obj().Name())
}

// closes reports whether fn is a Close of package net. Closing a
// connection or a listener waits on no peer: close(2) returns at once. A
// loop that closes the connection it dialled retries the dial, not the
// close.
func closes(fn *types.Func) bool {
	return fn.Name() == "Close" && fn.Pkg() != nil && fn.Pkg().Path() == "net"
}

// receiver returns the expression a call's function is selected from, or nil.
func receiver(fun ast.Expr) ast.Expr {
	if sel, ok := ast.Unparen(uninstantiated(ast.Unparen(fun))).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

func namedOf(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	n, _ := types.Unalias(typematch.Deref(t)).(*types.Named)
	return n
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// reachState is the per-run memory of the reach analysis.
type reachState struct {
	funcs    map[*types.Func]summary
	busy     map[*types.Func]bool
	cyclic   bool // a summary was read while being computed: iterate
	lits     map[*ast.FuncLit]summary
	impls    map[*types.Func]Reach
	params   map[*ast.FuncDecl]map[types.Object]int
	declList []*ast.FuncDecl // sorted by position, for declAt
	methods  map[string][]*types.TypeName
}

// funcReach returns the summary of a function of this package.
func (a *recogniser) funcReach(fn *types.Func) summary {
	rs := &a.reach
	if s, ok := rs.funcs[fn]; ok && !rs.busy[fn] {
		return s
	}
	if rs.busy[fn] {
		rs.cyclic = true
		return rs.funcs[fn]
	}
	decl := a.decls[fn]
	if decl == nil {
		return summary{reach: MayReach} // declared in assembly, or a generic instance
	}
	rs.busy[fn] = true
	s := a.declSummary(decl)
	delete(rs.busy, fn)
	rs.funcs[fn] = s
	return s
}

// declSummary computes a declaration's summary from its calls.
func (a *recogniser) declSummary(decl *ast.FuncDecl) summary {
	if decl.Body == nil {
		return summary{reach: MayReach}
	}
	if a.isStub(decl.Body, decl.Type) {
		return summary{reach: MayReach}
	}
	var s summary
	for _, call := range a.declCalls[decl] {
		s = s.or(a.callSummary(call, decl))
		if s.reach == Reaches {
			return summary{reach: Reaches}
		}
	}
	return s
}

// settleReach computes every function's summary and, when recursion made
// one read another before it was done, recomputes until nothing changes.
func (a *recogniser) settleReach() {
	for fn := range a.decls {
		a.funcReach(fn)
	}
	for a.reach.cyclic {
		a.reach.cyclic = false
		// What was remembered while a summary was still growing is asked
		// again.
		a.reach.lits = map[*ast.FuncLit]summary{}
		a.reach.impls = map[*types.Func]Reach{}
		changed := false
		for fn, decl := range a.decls {
			s := a.declSummary(decl).or(a.reach.funcs[fn])
			if s != a.reach.funcs[fn] {
				a.reach.funcs[fn] = s
				changed = true
			}
		}
		if !changed {
			break
		}
		a.reach.cyclic = true
	}
}

// exportReachFacts exports a ReachFact for each function another package
// can call whose summary is not plainly local.
func (a *recogniser) exportReachFacts() {
	for fn := range a.decls {
		if !fn.Exported() {
			continue
		}
		if s := a.reach.funcs[fn]; s.reach != Local || s.params != 0 {
			a.pass.ExportObjectFact(fn, &ReachFact{Reach: s.reach, Params: s.params})
		}
	}
}

// isStub reports whether a body only returns constants, nil, literals of
// constants, sentinels (package-level variables) or the context's error, or
// only panics: a placeholder that says nothing about what the real function
// does.
func (a *recogniser) isStub(body *ast.BlockStmt, ft *ast.FuncType) bool {
	if len(body.List) != 1 {
		return false
	}
	switch s := body.List[0].(type) {
	case *ast.ReturnStmt:
		if len(s.Results) == 0 {
			return false
		}
		for _, r := range s.Results {
			if !a.constantish(r) {
				return false
			}
		}
		return true
	case *ast.ExprStmt:
		call, ok := s.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok {
			return false
		}
		return typematch.IsBuiltin(a.info, id, "panic") && ft.Results != nil && len(ft.Results.List) > 0
	}
	return false
}

func (a *recogniser) constantish(e ast.Expr) bool {
	e = ast.Unparen(e)
	if tv, ok := a.info.Types[e]; ok && (tv.Value != nil || tv.IsNil()) {
		return true
	}
	switch e := e.(type) {
	case *ast.Ident, *ast.SelectorExpr:
		v, ok := a.info.ObjectOf(typematch.Ident(e)).(*types.Var)
		return ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
	case *ast.CallExpr:
		fn := typematch.Callee(a.info, e)
		return fn != nil && len(e.Args) == 0 && typematch.IsMethod(fn, "context", "Context", fn.Name())
	case *ast.UnaryExpr:
		return e.Op == token.AND && a.constantish(e.X)
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if !a.constantish(el) {
				return false
			}
		}
		return true
	}
	return false
}

// declParams maps a declaration's parameters of function type to their
// index.
func (a *recogniser) declParams(decl *ast.FuncDecl) map[types.Object]int {
	if decl == nil {
		return nil
	}
	p, ok := a.reach.params[decl]
	if !ok {
		p = funcParams(a.info, decl)
		a.reach.params[decl] = p
	}
	return p
}

// callSummary says what a call made inside decl (nil: outside any function)
// reaches; its params are those of decl whose functions the call runs.
func (a *recogniser) callSummary(call *ast.CallExpr, decl *ast.FuncDecl) summary {
	if tv, ok := a.info.Types[call.Fun]; ok && tv.IsType() {
		return summary{} // a conversion
	}
	if id := typematch.Ident(call.Fun); id != nil {
		// len(xs), and unsafe's functions, written unsafe.Sizeof(x).
		if _, ok := a.info.Uses[id].(*types.Builtin); ok {
			return summary{}
		}
	}
	fn := typematch.Callee(a.info, call)
	if fn == nil {
		s := a.valueSummary(call.Fun, decl, 0)
		if s.reach == MayReach && s.params == 0 && typematch.SendsRequest(typematch.SignatureOf(a.info, call.Fun)) {
			return summary{reach: Reaches} // see sendParams
		}
		return s
	}
	if a.dialsLoopback(fn, call, decl) {
		return summary{} // see loopback.go
	}
	s := a.fnSummary(fn, receiver(call.Fun))
	if s.reach == Reaches {
		return summary{reach: Reaches}
	}
	out := summary{reach: s.reach}
	nparams := fn.Signature().Params().Len()
	for i, arg := range call.Args {
		if typematch.InStdlib(fn.Pkg().Path()) {
			// What the standard library calls back (sync.Once.Do(f),
			// sort.Slice(xs, less)) runs as part of the call; a literal's
			// calls are the enclosing function's own already.
			if typematch.SignatureOf(a.info, arg) != nil {
				if _, lit := ast.Unparen(arg).(*ast.FuncLit); !lit {
					out = out.or(a.valueSummary(arg, decl, 0))
				}
			}
			continue
		}
		if s.params&paramBit(min(i, nparams-1)) != 0 {
			out = out.or(a.valueSummary(arg, decl, 0))
		}
	}
	return out
}

// fnSummary says what calling the statically known fn does; recv is the
// expression a method is called on (nil if unknown). Its params are fn's
// own, to be matched with the arguments of a call.
func (a *recogniser) fnSummary(fn *types.Func, recv ast.Expr) summary {
	if fn.Pkg() == nil {
		return summary{} // error.Error
	}
	if apis.IsInstrumentation(fn.Pkg().Path()) {
		return summary{} // a log line, a metric, a span: recorded in the process
	}
	if r := fn.Signature().Recv(); r != nil && types.IsInterface(r.Type()) {
		r := a.interfaceReach(fn, recv)
		if r == MayReach && typematch.SendsRequest(fn.Signature()) {
			r = Reaches // an httpDoer's Do: see sendParams
		}
		return summary{reach: r}
	}
	path := fn.Pkg().Path()
	switch {
	case typematch.InStdlib(path):
		if a.stdReaches(fn, recv) {
			return summary{reach: Reaches}
		}
		return summary{}
	case fn.Pkg() == a.pkg:
		// Before the SDK table: in an SDK's own package its code is in
		// sight (the package comment above).
		return a.funcReach(fn.Origin())
	case apis.IsSDK(path):
		return summary{reach: Reaches}
	case slices.Contains(sysPackages, path):
		if fn.Signature().Recv() == nil && has(syscallReaches, fn.Name()) {
			return summary{reach: Reaches}
		}
		return summary{}
	}
	var f ReachFact
	if !a.pass.ImportObjectFact(fn.Origin(), &f) {
		return summary{}
	}
	return summary{reach: f.Reach, params: f.Params}
}

// valueSummary says what calling the function value e, an expression inside
// decl, does.
func (a *recogniser) valueSummary(e ast.Expr, decl *ast.FuncDecl, depth int) summary {
	if depth > 6 {
		return summary{reach: MayReach}
	}
	e = ast.Unparen(e)
	if lit, ok := e.(*ast.FuncLit); ok {
		return a.litSummary(lit, decl)
	}
	id := typematch.Ident(uninstantiated(e))
	if id == nil {
		return summary{reach: MayReach}
	}
	switch obj := a.info.Uses[id].(type) {
	case *types.Func:
		s := a.fnSummary(obj, receiver(e))
		if s.params != 0 {
			s = summary{reach: max(s.reach, MayReach)} // the functions it is given are out of sight
		}
		return s
	case *types.Var:
		if i, ok := a.declParams(decl)[obj]; ok {
			return summary{params: paramBit(i)}
		}
		var as *assigns
		switch {
		case obj.IsField():
			// An unexported field of this package: every value it gets is
			// in sight.
			if obj.Pkg() == a.pkg && !obj.Exported() {
				as = a.fields[obj]
			}
		case obj.Pkg() == a.pkg && (obj.Parent() != a.pkg.Scope() || !obj.Exported()):
			as = a.assigned[obj]
		}
		if as == nil || as.unknown || as.tuple || len(as.exprs) == 0 {
			return summary{reach: MayReach}
		}
		var s summary
		for _, v := range as.exprs {
			if d, ok := v.(*ast.Ident); ok && a.info.Defs[d] == obj {
				continue // declared without a value: nil
			}
			t := a.valueSummary(v, a.declAt(v.Pos()), depth+1)
			if t.params != 0 {
				t = summary{reach: max(t.reach, MayReach)} // another function's parameter
			}
			s = s.or(t)
		}
		return s
	}
	return summary{reach: MayReach}
}

// uninstantiated strips the instantiation off a generic function's name.
func uninstantiated(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.IndexExpr:
		return x.X
	case *ast.IndexListExpr:
		return x.X
	}
	return e
}

// litSummary says what a function literal's body does when called; its
// params are those of decl, the declaration the literal is in.
func (a *recogniser) litSummary(lit *ast.FuncLit, decl *ast.FuncDecl) summary {
	if s, ok := a.reach.lits[lit]; ok {
		return s
	}
	a.reach.lits[lit] = summary{} // recursion guard
	var s summary
	if a.isStub(lit.Body, lit.Type) {
		s.reach = MayReach
	} else if cur, ok := source.Cursor(a.root, lit.Body); ok {
		// Found by position, once per literal: the literal is a value
		// followed through assignments, not a node of a walk.
		for c := range cur.Preorder((*ast.CallExpr)(nil)) {
			s = s.or(a.callSummary(c.Node().(*ast.CallExpr), decl))
		}
	}
	a.reach.lits[lit] = s
	return s
}

// interfaceReach says what calling the interface method fn does; recv,
// when not nil, is the expression it is called on.
func (a *recogniser) interfaceReach(fn *types.Func, recv ast.Expr) Reach {
	pkgs := []*types.Package{fn.Pkg()}
	if n := namedOf(fn.Signature().Recv().Type()); n != nil {
		pkgs = append(pkgs, n.Obj().Pkg())
	}
	if recv != nil {
		if n := namedOf(a.info.TypeOf(recv)); n != nil {
			pkgs = append(pkgs, n.Obj().Pkg())
		}
	}
	std := false
	for _, p := range pkgs {
		if p == nil {
			continue
		}
		switch {
		case apis.IsSDK(p.Path()):
			return Reaches
		case typematch.InStdlib(p.Path()):
			std = true
		}
	}
	if std {
		if a.stdReaches(fn, recv) {
			return Reaches
		}
		return Local
	}
	return a.implReach(fn)
}

// implReach says what an interface method of a non-standard package does,
// from the implementations this package declares: it reaches when one of
// them does, and may reach otherwise (others are out of sight).
func (a *recogniser) implReach(fn *types.Func) Reach {
	if r, ok := a.reach.impls[fn]; ok {
		return r
	}
	a.reach.impls[fn] = MayReach
	for _, impl := range a.implementations(fn) {
		if a.fnSummary(impl, nil).reach == Reaches {
			a.reach.impls[fn] = Reaches
			return Reaches
		}
	}
	return MayReach
}

// implementations returns the methods of the package's own types that
// implement interface method fn.
func (a *recogniser) implementations(fn *types.Func) []*types.Func {
	iface, ok := fn.Signature().Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var impls []*types.Func
	for _, tn := range a.typesWithMethod(fn.Name()) {
		for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if !types.Implements(t, iface) {
				continue
			}
			m, _, _ := types.LookupFieldOrMethod(t, false, fn.Pkg(), fn.Name())
			if impl, ok := m.(*types.Func); ok {
				impls = append(impls, impl)
			}
			break
		}
	}
	return impls
}

// typesWithMethod returns the package's concrete, non-generic named types
// that have a method called name (declared or promoted, on the type or its
// pointer), so that looking for an interface's implementations checks only
// those.
func (a *recogniser) typesWithMethod(name string) []*types.TypeName {
	if a.reach.methods == nil {
		a.reach.methods = map[string][]*types.TypeName{}
		scope := a.pkg.Scope()
		for _, n := range scope.Names() {
			tn, ok := scope.Lookup(n).(*types.TypeName)
			if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
				continue
			}
			if named, ok := tn.Type().(*types.Named); ok && named.TypeParams().Len() > 0 {
				continue
			}
			ms := types.NewMethodSet(types.NewPointer(tn.Type()))
			for i := 0; i < ms.Len(); i++ {
				m := ms.At(i).Obj().Name()
				a.reach.methods[m] = append(a.reach.methods[m], tn)
			}
		}
	}
	return a.reach.methods[name]
}

// declAt returns the function declaration that holds pos, or nil.
func (a *recogniser) declAt(pos token.Pos) *ast.FuncDecl {
	l := a.reach.declList
	if l == nil {
		for _, d := range a.decls {
			l = append(l, d)
		}
		sort.Slice(l, func(i, j int) bool { return l[i].Pos() < l[j].Pos() })
		a.reach.declList = l
	}
	i := sort.Search(len(l), func(i int) bool { return l[i].End() > pos })
	if i < len(l) && l[i].Pos() <= pos {
		return l[i]
	}
	return nil
}

// reaches says whether a call made inside decl can reach another process,
// counting a function parameter it runs as unknown, unless that parameter
// is shaped like (*http.Client).Do (see sendParams).
func (a *recogniser) reaches(call *ast.CallExpr, decl *ast.FuncDecl) Reach {
	s := a.callSummary(call, decl)
	if s.params != 0 {
		if s.params&a.sendParams(decl) != 0 {
			return Reaches
		}
		return max(s.reach, MayReach)
	}
	return s.reach
}

// A function value that takes an *http.Request and returns an
// *http.Response, the shape of (*http.Client).Do, sends the request it is
// handed, or fakes sending it. One out of sight (a field, variable or
// interface method whose values the package does not all show) is taken to
// send: cohere's Retrier.run retries such a parameter, handed client.Do.
// The values the package does show decide for themselves (a fake that
// answers from a map is local), and a parameter's own callers decide for
// the function's fact (store.Send(fake, req) reaches what fake reaches);
// only inside the function is the parameter taken to send (reaches).

// sendParams returns the bits of decl's parameters shaped like
// (*http.Client).Do.
func (a *recogniser) sendParams(decl *ast.FuncDecl) uint64 {
	var bits uint64
	for obj, i := range a.declParams(decl) {
		if v, ok := obj.(*types.Var); ok {
			if sig, ok := v.Type().Underlying().(*types.Signature); ok && typematch.SendsRequest(sig) {
				bits |= paramBit(i)
			}
		}
	}
	return bits
}

// CallReach says whether a call of the package (made inside one of its
// functions) can reach another process.
func (r *Result) CallReach(call *ast.CallExpr) Reach {
	if r.a == nil || r.a.reach.funcs == nil {
		return MayReach
	}
	return r.a.reaches(call, r.a.declAt(call.Pos()))
}

// FuncReach says whether calling fn (of this package, or of another by its
// fact) can reach another process; a function parameter it runs counts as
// unknown.
func (r *Result) FuncReach(fn *types.Func) Reach {
	if r.a == nil || r.a.reach.funcs == nil || fn == nil {
		return MayReach
	}
	s := r.a.fnSummary(fn, nil)
	if s.params != 0 {
		return max(s.reach, MayReach)
	}
	return s.reach
}

// CalledParams says which function parameters calling fn runs: bit i is
// set when fn calls its parameter i (bit 63 stands for every one from the
// 63rd on), so the function passed there runs in the call.
func (r *Result) CalledParams(fn *types.Func) uint64 {
	if r.a == nil || r.a.reach.funcs == nil || fn == nil {
		return 0
	}
	return r.a.fnSummary(fn, nil).params
}
