package unkeyedpost

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// Real code seldom builds a POST where it retries it: a loop calls
// postJSON(ctx, c, url, body), which builds the request with the method it
// is given; a pacer calls the project's own REST caller with
// Opts{Method: "POST"}; a client method sends through an httpDoer
// interface. The analyzer therefore summarises each function by the
// requests a call of it sends, computed bottom-up (a function's summary uses
// those of the functions it calls) and exported as a SendsFact, so that a
// retry site in any package that calls it sees the POST.

// An Arg names a value that a function's caller gives it: the argument of
// parameter Param (an index into the signature's parameters; the receiver
// is not one), or the field Field of that argument, a struct of options.
type Arg struct {
	Param int
	Field string
}

func (a Arg) String() string {
	if a.Field != "" {
		return fmt.Sprintf("arg %d.%s", a.Param, a.Field)
	}
	return fmt.Sprintf("arg %d", a.Param)
}

// A KeyKind says how a summarised request carries an idempotency key.
type KeyKind uint8

const (
	// NoKey: no key header is set on it.
	NoKey KeyKind = iota
	// KeyArg: a key header is set to the value at Send.KeyFrom.
	KeyArg
	// HeaderArg: the headers set on it are those of the map at
	// Send.KeyFrom (for k, v := range opts.Headers { req.Header.Set(k, v) }):
	// keyed when the caller puts a key there.
	HeaderArg
	// FreshKey: a key made anew on every call (a UUID made inside).
	FreshKey
)

// A Send is one POST or PATCH request that a call of the function sends:
// built and sent there, or by a function it calls.
type Send struct {
	Method     string // "POST" or "PATCH"; "" when MethodFrom gives it
	MethodFrom Arg
	Key        KeyKind
	KeyFrom    Arg // for KeyArg and HeaderArg
	// BodyGiven says the request's body is the value at BodyFrom, which a
	// caller may show to be one its server deduplicates (see body.go).
	BodyGiven bool
	BodyFrom  Arg
	// Retrier describes what, inside the call, sends the request again (a
	// retry loop in the function, a retrying client), or is "".
	Retrier string
	// By is the function that builds the request.
	By string
	// Hops counts the calls between the function and the one that decided
	// the method and key (0: decided there). A decided POST travels up one
	// call, from the function that decides it to a thin wrapper (an SDK
	// method over the REST helper), and no further: see carried.
	Hops int
}

func (s Send) String() string {
	parts := []string{s.Method}
	if s.Method == "" {
		parts[0] = "method " + s.MethodFrom.String()
	}
	switch s.Key {
	case NoKey:
		parts = append(parts, "no key")
	case KeyArg:
		parts = append(parts, "key "+s.KeyFrom.String())
	case HeaderArg:
		parts = append(parts, "headers "+s.KeyFrom.String())
	case FreshKey:
		parts = append(parts, "fresh key")
	}
	if s.BodyGiven {
		parts = append(parts, "body "+s.BodyFrom.String())
	}
	if s.Retrier != "" {
		parts = append(parts, "retried by "+s.Retrier)
	}
	if s.Hops > 0 {
		parts = append(parts, fmt.Sprintf("decided %d call down", s.Hops))
	}
	return strings.Join(parts, ", ") + " by " + s.By
}

// A ReqSend is a request parameter that a call of the function sends
// without setting a key on it (do(req) calling c.hc.Do(req)), or after
// setting the key or the headers its caller gives at KeyFrom (Key is KeyArg
// or HeaderArg: PagerDuty's doSingleRequest(req, authRequired, headers)
// sets each of headers on req before it sends it).
type ReqSend struct {
	Param   int
	Retrier string // what inside the call sends it again, or ""
	Key     KeyKind
	KeyFrom Arg
}

// A ReqPass is a request parameter that a call of the function neither
// sends, nor sets a key or a header it cannot name on, nor hands to other
// code: it reads the request, or adjusts what is not a key (linodego's
// logRequest, applyBeforeRequest), or sets the key or the headers its
// caller gives at KeyFrom (Key is KeyArg or HeaderArg: PagerDuty's
// prepRequest(req, authRequired, headers)). Returned says it hands the same
// request back as its first result (req = c.logRequest(req)). Only the
// passes that set headers (SetsHeaders: oauth2's Token.SetAuthHeader) go to
// other packages: http.Handlers read requests too, and a fact on each would
// cost more than it is worth.
type ReqPass struct {
	Param       int
	Returned    bool
	Key         KeyKind
	KeyFrom     Arg
	SetsHeaders bool
}

// A Build is a request that a call of the function builds, sets no key
// on, and hands back unsent as its first result: the project's own
// NewRequest over net/http's or go-retryablehttp's (go-gitlab's
// c.NewRequest(http.MethodPost, u, opt, options), then c.Do(req, v)). Its
// method is Method, or the caller's argument at MethodFrom. The caller
// follows the request it gets as it follows one from http.NewRequest.
// Key is NoKey, or says that the builder sets a key header from its
// caller's argument at KeyFrom (KeyArg), or copies onto the request the
// headers of the caller's map there (HeaderArg: linodego's createRequest
// copies params.Headers); the call decides whether that carries a key.
type Build struct {
	Method     string // "POST" or "PATCH"; "" when MethodFrom gives it
	MethodFrom Arg
	Key        KeyKind
	KeyFrom    Arg
}

// SendsFact summarises, for the packages that call a function, the
// requests a call of it sends: the POST and PATCH requests it builds (or
// whose method or key its caller gives it), and the request parameters it
// sends; and the unkeyed requests it builds and hands back. Requests
// handed to code out of sight, and those keyed in sight, are left out.
type SendsFact struct {
	Sends    []Send
	Requests []ReqSend
	Builds   []Build
	Passes   []ReqPass // not exported (see ReqPass)
}

func (*SendsFact) AFact() {}
func (f *SendsFact) String() string {
	var parts []string
	for _, s := range f.Sends {
		parts = append(parts, "sends("+s.String()+")")
	}
	for _, r := range f.Requests {
		p := fmt.Sprintf("sends(request arg %d", r.Param) + keyString(r.Key, r.KeyFrom)
		if r.Retrier != "" {
			p += ", retried by " + r.Retrier
		}
		parts = append(parts, p+")")
	}
	for _, p := range f.Passes {
		parts = append(parts, fmt.Sprintf("sets headers(request arg %d%s)", p.Param, keyString(p.Key, p.KeyFrom)))
	}
	for _, b := range f.Builds {
		m := b.Method
		if m == "" {
			m = "method " + b.MethodFrom.String()
		}
		parts = append(parts, "builds("+m+keyString(b.Key, b.KeyFrom)+")")
	}
	return strings.Join(parts, " ")
}

// keyString describes a key taken from the caller, for a fact's String.
func keyString(k KeyKind, from Arg) string {
	switch k {
	case KeyArg:
		return ", key " + from.String()
	case HeaderArg:
		return ", headers " + from.String()
	}
	return ""
}

func (f *SendsFact) empty() bool {
	return f == nil || len(f.Sends) == 0 && len(f.Requests) == 0 && len(f.Builds) == 0 && len(f.Passes) == 0
}

// passes returns what the function does with its request parameter i when
// it only reads or adjusts it (see ReqPass).
func (f *SendsFact) passes(i int) (ReqPass, bool) {
	if f == nil {
		return ReqPass{}, false
	}
	for _, p := range f.Passes {
		if p.Param == i {
			return p, true
		}
	}
	return ReqPass{}, false
}

// request returns what the function does with its request parameter i.
func (f *SendsFact) request(i int) (ReqSend, bool) {
	if f == nil {
		return ReqSend{}, false
	}
	for _, r := range f.Requests {
		if r.Param == i {
			return r, true
		}
	}
	return ReqSend{}, false
}

// maxSends bounds a summary: a function that sends more distinct requests
// than that is a dispatcher, and the first ones say enough.
const maxSends = 8

// summaryOf returns what a call of fn sends: from its SendsFact for a
// function of another package, from its declaration for one of this
// package. Recursion sends nothing until shown.
func (c *checker) summaryOf(fn *types.Func) *SendsFact {
	if fn == nil || fn.Pkg() == nil || knownPkg(fn.Pkg().Path()) {
		return nil // the libraries the analyzer knows are judged by their API, not their code
	}
	fn = fn.Origin()
	if fn.Pkg() != c.pass.Pkg {
		if !c.sendFacts {
			return nil
		}
		f := new(SendsFact)
		if c.pass.ImportObjectFact(fn, f) {
			return f
		}
		return nil
	}
	if !c.sendsHere {
		return nil
	}
	if s, ok := c.sums[fn]; ok {
		return s
	}
	c.sums[fn] = nil
	decl := c.declOf(fn)
	if decl == nil || c.inTestFile(decl) {
		return nil
	}
	c.summarising[fn] = true
	s := c.summarise(fn, decl)
	delete(c.summarising, fn)
	c.sums[fn] = s
	return s
}

// summarise computes fn's summary from its declaration.
func (c *checker) summarise(fn *types.Func, decl *ast.FuncDecl) *SendsFact {
	cur, ok := c.cursorOf(decl)
	if !ok {
		return nil
	}
	f := &SendsFact{}
	add := func(s Send) {
		if len(f.Sends) < maxSends && !slices.Contains(f.Sends, s) {
			f.Sends = append(f.Sends, s)
		}
	}
	name := c.qualifiedName(fn)
	for call := range cur.Preorder((*ast.CallExpr)(nil)) {
		if !c.inScope(call) {
			continue
		}
		n := call.Node().(*ast.CallExpr)
		callees := c.calleesOf(n)
		if len(callees) == 0 || callees[0].Pkg() == nil {
			continue
		}
		callee := callees[0]
		if nr, ok := c.newRequest(callee, n); ok {
			if s, ok := c.builtSend(fn, call, n, nr); ok && (s.Retrier != "" || c.carried(call, s)) {
				s.By = name
				add(s)
			} else if b, ok := c.builtReturn(fn, call, nr); ok && !slices.Contains(f.Builds, b) {
				f.Builds = append(f.Builds, b)
			}
			continue
		}
		if d, ok := c.directSend(n); ok {
			s := Send{Method: "POST", By: name}
			if b := c.bodyOf(fn, d.body); b.kind == bodyDedup {
				continue
			} else if b.kind == bodyArg {
				s.BodyGiven, s.BodyFrom = true, b.from
			}
			if _, retried := c.siteOf(n); !retried && !d.clientRetries && c.carried(call, s) {
				add(s) // a retried one is reported where it is sent
			}
			continue
		}
		for _, callee := range callees {
			if callee == fn {
				continue
			}
			for _, s := range c.summaryOf(callee).sends() {
				rs, state, dependent := c.resolve(fn, callee, n, s)
				if state == dropped {
					continue
				}
				r, inSite := c.siteOf(n)
				if state == resolved {
					if _, reported := c.retriedAt(n, s, rs, dependent); reported {
						continue // reported at this call
					}
					if !dependent {
						if rs.Hops++; !c.carried(call, rs) {
							continue
						}
					}
				}
				if inSite {
					rs.Retrier = c.describe(r, fn)
				}
				add(rs)
			}
		}
	}
	// The request parameters it sends.
	params := fn.Signature().Params()
	for i := range params.Len() {
		p := params.At(i)
		if !isRequestType(p.Type()) {
			continue
		}
		fl := &followed{builder: true}
		if !c.follow(p, decl.Body.Pos(), fl, 0) {
			continue
		}
		if len(fl.sends) == 0 {
			// A request handed to an option of its own caller's, or to a
			// function still being summarised, may get a key there; one
			// handed back on some paths only may be keyed under the name
			// the caller keeps the result under.
			key, from, _, ok := c.keyOf(fn, fl)
			if ok && key != FreshKey && !fl.headerReplaced && !fl.paramOption && !fl.recursive &&
				(!fl.returned || c.alwaysReturns(decl, p)) {
				f.Passes = append(f.Passes, ReqPass{Param: i, Returned: fl.returned, Key: key, KeyFrom: from,
					SetsHeaders: len(fl.writes) > 0})
			}
			continue
		}
		if fl.returned {
			continue
		}
		key, from, _, ok := c.keyOf(fn, fl)
		if !ok || key == FreshKey {
			continue // keyed, maybe keyed, or keyed anew on every call
		}
		rs := ReqSend{Param: i, Key: key, KeyFrom: from}
		if fl.retried {
			rs.Retrier = c.describe(fl.by, fn)
			if fl.by.site != nil {
				c.paramSites[p] = fl.by.site
			}
		}
		f.Requests = append(f.Requests, rs)
	}
	if f.empty() {
		return nil
	}
	return f
}

func (f *SendsFact) sends() []Send {
	if f == nil {
		return nil
	}
	return f.Sends
}

func (f *SendsFact) requests() []ReqSend {
	if f == nil {
		return nil
	}
	return f.Requests
}

// A newReq is a call that builds a request: net/http's or
// go-retryablehttp's NewRequest or NewRequestWithContext, or a builder of
// the user's (see Build).
type newReq struct {
	method    string   // the method a builder fixes, "POST" or "PATCH"
	methodArg ast.Expr // the argument that gives the method; nil when the builder fixes it
	body      ast.Expr // the body argument; nil for a builder, whose body is out of sight
	builder   *types.Func
	build     Build // the builder's summary
}

// methodOf returns the method nr builds, when it is a constant POST or
// PATCH, else "".
func (c *checker) methodOf(nr newReq) string {
	if nr.methodArg == nil {
		return nr.method
	}
	return c.method(nr.methodArg)
}

// newRequest recognises a call of fn that builds a request.
func (c *checker) newRequest(fn *types.Func, call *ast.CallExpr) (newReq, bool) {
	if fn.Pkg() == nil {
		return newReq{}, false
	}
	if path := fn.Pkg().Path(); fn.Signature().Recv() == nil && (path == httpPath || path == apis.RetryableHTTP) {
		switch {
		case fn.Name() == "NewRequest" && len(call.Args) == 3:
			return newReq{methodArg: call.Args[0], body: call.Args[2]}, true
		case fn.Name() == "NewRequestWithContext" && len(call.Args) == 4:
			return newReq{methodArg: call.Args[1], body: call.Args[3]}, true
		}
		return newReq{}, false
	}
	f := c.summaryOf(fn)
	if f == nil || len(f.Builds) != 1 {
		return newReq{}, false // not a builder, or one whose request depends on the path taken
	}
	b := f.Builds[0]
	nr := newReq{method: b.Method, builder: fn, build: b}
	if b.Method == "" {
		if b.MethodFrom.Field != "" {
			return newReq{}, false
		}
		if nr.methodArg = c.argAt(fn, call, b.MethodFrom.Param); nr.methodArg == nil {
			return newReq{}, false
		}
	}
	return nr, true
}

func isRequestType(t types.Type) bool {
	t = typematch.Deref(t)
	return typematch.IsNamed(t, httpPath, "Request") || typematch.IsNamed(t, apis.RetryableHTTP, "Request")
}

// builtMethod says which method the request that fn builds by nr has: a
// constant POST or PATCH, or the value at from that fn's caller gives it.
// ok is false for another method, or one the analysis cannot trace.
func (c *checker) builtMethod(fn *types.Func, nr newReq) (method string, from Arg, ok bool) {
	if method = c.methodOf(nr); method != "" {
		return method, Arg{}, true
	}
	if nr.methodArg == nil || c.pass.TypesInfo.Types[nr.methodArg].Value != nil {
		return "", Arg{}, false // GET, PUT, ...
	}
	from, ok = c.argOf(fn, nr.methodArg)
	return "", from, ok
}

// builtSend summarises the request that fn builds at call (by nr): its
// method, where its key comes from, and what retries it inside fn. A
// request handed to code out of sight, keyed in sight, or already reported
// (a constant method, no key, retried) is left out.
func (c *checker) builtSend(fn *types.Func, cur inspector.Cursor, call *ast.CallExpr, nr newReq) (Send, bool) {
	var s Send
	var ok bool
	if s.Method, s.MethodFrom, ok = c.builtMethod(fn, nr); !ok {
		return s, false
	}
	req := c.assignedVar(cur)
	if req == nil {
		return s, false
	}
	f := &followed{}
	if !c.follow(req, call.End(), f, 0) || len(f.sends) == 0 {
		return s, false
	}
	key, from, mk, ok := c.keyOf(fn, f)
	if !ok {
		return s, false
	}
	if bk, bfrom, ok := c.builderKey(fn, call, nr); !ok || bk != NoKey && key != NoKey {
		return s, false // maybe keyed, or keyed from two places
	} else if bk != NoKey {
		key, from = bk, bfrom
	}
	s.Key, s.KeyFrom = key, from
	switch b := c.bodyOf(fn, nr.body); b.kind {
	case bodyDedup:
		return s, false // the server deduplicates it
	case bodyArg:
		s.BodyGiven, s.BodyFrom = true, b.from
	}
	if f.retried {
		switch {
		case c.drainedBody(call, nr.body, f.by.site):
			return s, false // every retry sends an empty body
		case s.Method != "" && key == NoKey:
			return s, false // reported where it is built
		case key == FreshKey && f.by.site != nil && f.by.site.Contains(mk.Pos()):
			return s, false // the key made anew on each attempt is reported
		}
		s.Retrier = c.describe(f.by, fn)
	}
	return s, true
}

// builtReturn summarises the request that fn builds at cur (by nr) and
// hands back as its first result, unsent, with no key header set on it or
// one its caller gives (see Build).
func (c *checker) builtReturn(fn *types.Func, cur inspector.Cursor, nr newReq) (Build, bool) {
	var b Build
	var ok bool
	if b.Method, b.MethodFrom, ok = c.builtMethod(fn, nr); !ok {
		return b, false
	}
	call := cur.Node().(*ast.CallExpr)
	if b.Key, b.KeyFrom, ok = c.builderKey(fn, call, nr); !ok {
		return b, false
	}
	req := c.assignedVar(cur)
	if req == nil {
		// return c.NewRequest(http.MethodPost, path, nil): handed back as built.
		ret, isRet := cur.Parent().Node().(*ast.ReturnStmt)
		return b, isRet && len(ret.Results) == 1 && nr.builder != nil
	}
	f := &followed{builder: true}
	if !c.follow(req, call.End(), f, 0) || len(f.sends) > 0 || !f.returned {
		return b, false
	}
	key, from, _, ok := c.keyOf(fn, f)
	switch {
	case !ok || key == FreshKey:
		return b, false // keyed, maybe keyed, deduplicated, or keyed anew on every build
	case key != NoKey && b.Key != NoKey:
		return b, false // keyed from two places
	case key != NoKey:
		b.Key, b.KeyFrom = key, from
	}
	if c.deduplicated(fn, nr.body) {
		return b, false
	}
	return b, true
}

// keyOf says how the request followed in f is keyed before its last send
// (or at all, for a request handed back unsent):
// not at all, from fn's caller (a parameter, a field of one, a header map
// it hands over), or with a key made anew on every call (mk makes it).
// ok is false for a request keyed in sight, maybe keyed, or of a protocol
// whose receivers store a repeat once (dedupHeader).
func (c *checker) keyOf(fn *types.Func, f *followed) (kind KeyKind, from Arg, mk *ast.CallExpr, ok bool) {
	last := token.NoPos // a request handed back unsent: every write counts
	if len(f.sends) > 0 {
		last = f.sends[len(f.sends)-1].Pos()
	}
	for _, w := range f.writes {
		if last.IsValid() && !w.before(last) {
			continue
		}
		if w.passed != NoKey {
			if kind != NoKey && (kind != w.passed || from != w.from) {
				return 0, Arg{}, nil, false // keyed from two places
			}
			kind, from = w.passed, w.from
			continue
		}
		switch c.nameKind(w.name) {
		case keyHeader:
			if a, isArg := c.argOf(fn, w.value); isArg && kind == NoKey {
				kind, from = KeyArg, a
				continue
			}
			if m := c.fresh.expr(w.value); m != nil && kind == NoKey {
				kind, mk = FreshKey, m
				continue
			}
			return 0, Arg{}, nil, false
		case unknownHeader:
			if a, isArg := c.rangedArg(fn, w.name); isArg && kind == NoKey {
				kind, from = HeaderArg, a
				continue
			}
			return 0, Arg{}, nil, false
		case dedupHeader:
			return 0, Arg{}, nil, false // a protocol whose receivers store a repeat once
		}
	}
	return kind, from, mk, true
}

// alwaysReturns reports whether every return statement of decl (outside
// function literals) hands back p as its first result, and p is never
// given another value: the request the function was handed.
func (c *checker) alwaysReturns(decl *ast.FuncDecl, p *types.Var) bool {
	if len(c.usesOf(p).defs) > 0 {
		return false
	}
	always := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			always = always && len(n.Results) > 0 && c.varOf(n.Results[0]) == p
		}
		return always
	})
	return always
}

// argOf returns where e's value comes from when fn's caller gives it: a
// parameter of fn that fn never assigns, or a field of one (opts.Method)
// that fn never assigns.
func (c *checker) argOf(fn *types.Func, e ast.Expr) (Arg, bool) {
	if fn == nil {
		return Arg{}, false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v := c.varOf(e); v != nil {
			if i := typematch.ParamIndex(fn, v); i >= 0 && len(c.usesOf(v).defs) == 0 {
				return Arg{Param: i}, true
			}
		}
	case *ast.SelectorExpr:
		sel := c.pass.TypesInfo.Selections[e]
		id, ok := ast.Unparen(e.X).(*ast.Ident)
		if sel == nil || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 || !ok {
			return Arg{}, false
		}
		v := c.varOf(id)
		if v == nil {
			return Arg{}, false
		}
		i := typematch.ParamIndex(fn, v)
		if i < 0 {
			return Arg{}, false
		}
		u := c.usesOf(v)
		if len(u.defs) > 0 || len(u.fieldSets[e.Sel.Name]) > 0 {
			return Arg{}, false
		}
		return Arg{Param: i, Field: e.Sel.Name}, true
	}
	return Arg{}, false
}

// rangedArg returns the map that a header name comes from when it is the
// key of a range over a map fn's caller gives it (for k, v := range
// opts.Headers).
func (c *checker) rangedArg(fn *types.Func, name ast.Expr) (Arg, bool) {
	v := c.varOf(name)
	if v == nil {
		return Arg{}, false
	}
	def, ok := c.find(v.Pos(), v.Pos()+token.Pos(len(v.Name())))
	if !ok || def.ParentEdgeKind() != edge.RangeStmt_Key {
		return Arg{}, false
	}
	rs := def.Parent().Node().(*ast.RangeStmt)
	if _, isMap := c.pass.TypesInfo.TypeOf(rs.X).Underlying().(*types.Map); !isMap || len(c.usesOf(v).defs) > 0 ||
		!c.onlyRanged(rs.X) {
		return Arg{}, false
	}
	return c.argOf(fn, rs.X)
}

// onlyRanged reports whether the function does nothing with the map m, a
// variable or a field of one (opts.Headers), but range over it, compare it
// or take its length: a key the function writes into it in place
// (headers["Idempotency-Key"] = key) is its own, not its caller's.
func (c *checker) onlyRanged(m ast.Expr) bool {
	var v *types.Var
	field := ""
	switch e := ast.Unparen(m).(type) {
	case *ast.Ident:
		v = c.varOf(e)
	case *ast.SelectorExpr:
		v, field = c.varOf(e.X), e.Sel.Name
	}
	if v == nil {
		return false
	}
	for _, ref := range c.refs(v) {
		use := ref
		if field != "" {
			if ref.ParentEdgeKind() != edge.SelectorExpr_X {
				return false // the struct whole, which shares the map
			}
			if ref.Parent().Node().(*ast.SelectorExpr).Sel.Name != field {
				continue
			}
			use = ref.Parent()
		}
		switch ek, _ := use.ParentEdge(); ek {
		case edge.RangeStmt_X, edge.BinaryExpr_X, edge.BinaryExpr_Y:
		case edge.CallExpr_Args:
			call := use.Parent().Node().(*ast.CallExpr)
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || !typematch.IsBuiltin(c.pass.TypesInfo, id, "len") {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// A resolution is what a summarised send becomes at one call.
type resolution int

const (
	dropped  resolution = iota // keyed, or not known: nothing to report or pass on
	pending                    // its method or key still comes from the caller's caller
	resolved                   // method and key known: POST or PATCH, without a key or with one made anew
)

// resolve applies the arguments of call (a call of g, in caller, which may
// be nil) to s. dependent reports that the call's arguments decided the
// method or the key.
func (c *checker) resolve(caller, g *types.Func, call *ast.CallExpr, s Send) (out Send, state resolution, dependent bool) {
	out = s
	if s.Method == "" {
		arg := c.argAt(g, call, s.MethodFrom.Param)
		if arg == nil {
			return out, dropped, false
		}
		known := false // the method is decided here, POST or not
		if s.MethodFrom.Field == "" {
			out.Method = c.method(arg)
			known = c.pass.TypesInfo.Types[arg].Value != nil
		} else if vals, ok := c.argField(arg, s.MethodFrom.Field, call); ok {
			out.Method, known = c.sameMethod(vals), true
		}
		switch {
		case known && out.Method == "":
			return out, dropped, false // GET, PUT, or methods that differ
		case known:
			out.MethodFrom, dependent = Arg{}, true
		default:
			a, ok := c.passedOn(caller, arg, s.MethodFrom.Field)
			if !ok {
				return out, dropped, false
			}
			out.MethodFrom = a
		}
	}
	if s.Key == KeyArg || s.Key == HeaderArg {
		from, unkeyed, ok := c.resolveKey(caller, g, call, s.Key, s.KeyFrom)
		switch {
		case !ok:
			return out, dropped, false
		case unkeyed:
			out.Key, out.KeyFrom, dependent = NoKey, Arg{}, true
		default:
			out.KeyFrom = from
		}
	}
	if s.BodyGiven {
		arg := c.argAt(g, call, s.BodyFrom.Param)
		b := body{kind: bodyPlain}
		if arg != nil && s.BodyFrom.Field == "" {
			b = c.bodyOf(caller, arg)
		}
		switch b.kind {
		case bodyDedup:
			return out, dropped, false
		case bodyArg:
			out.BodyFrom = b.from
		default:
			out.BodyGiven, out.BodyFrom = false, Arg{}
		}
	}
	if out.Method == "" || out.Key == KeyArg || out.Key == HeaderArg {
		return out, pending, dependent
	}
	return out, resolved, dependent
}

// resolveKey applies the arguments of call (a call of g, in caller) to a
// key that g takes from its caller at from, as a value (KeyArg) or a header
// map (HeaderArg). unkeyed says the argument visibly holds no key; else
// passed says where caller's own caller gives it, when caller passes it on.
// ok is false when it may hold a key.
func (c *checker) resolveKey(caller, g *types.Func, call *ast.CallExpr, kind KeyKind, from Arg) (passed Arg, unkeyed, ok bool) {
	arg := c.argAt(g, call, from.Param)
	if arg == nil {
		return Arg{}, false, false
	}
	none := c.noKeyValue
	if kind == HeaderArg {
		none = c.noKeyHeaders
	}
	if from.Field == "" {
		unkeyed = none(arg)
	} else if vals, ok := c.argField(arg, from.Field, call); ok {
		unkeyed = true
		for _, v := range vals {
			unkeyed = unkeyed && (v == nil || none(v))
		}
	}
	if unkeyed {
		return Arg{}, true, true
	}
	passed, ok = c.passedOn(caller, arg, from.Field)
	return passed, false, ok
}

// builderKey says how the request that a builder call (call, by nr, in fn)
// hands back is keyed by the builder: NoKey when it sets none or the call's
// argument visibly holds none, the kind and fn's own caller's argument when
// fn passes that on. ok is false when it may be keyed.
func (c *checker) builderKey(fn *types.Func, call *ast.CallExpr, nr newReq) (kind KeyKind, from Arg, ok bool) {
	if nr.builder == nil || nr.build.Key == NoKey {
		return NoKey, Arg{}, true
	}
	from, unkeyed, resolved := c.resolveKey(fn, nr.builder, call, nr.build.Key, nr.build.KeyFrom)
	if !resolved || unkeyed {
		return NoKey, Arg{}, resolved
	}
	return nr.build.Key, from, true
}

// argAt returns the argument of call for g's parameter i, or nil.
func (c *checker) argAt(g *types.Func, call *ast.CallExpr, i int) ast.Expr {
	return typematch.ArgFor(c.pass.TypesInfo, g, call, i)
}

// passedOn returns where arg comes from in caller, when caller's own caller
// gives it (see argOf); field is the field of arg that the callee reads.
func (c *checker) passedOn(caller *types.Func, arg ast.Expr, field string) (Arg, bool) {
	a, ok := c.argOf(caller, arg)
	if !ok || field != "" && a.Field != "" {
		return Arg{}, false
	}
	if field != "" {
		a.Field = field
	}
	return a, true
}

// sameMethod returns "POST" or "PATCH" when every value is that constant.
func (c *checker) sameMethod(vals []ast.Expr) string {
	m := ""
	for i, v := range vals {
		if v == nil {
			return "" // the zero value: GET
		}
		vm := c.method(v)
		if vm == "" || i > 0 && vm != m {
			return ""
		}
		m = vm
	}
	return m
}

// noKeyValue reports whether a key value is visibly empty: "" sends no key.
func (c *checker) noKeyValue(e ast.Expr) bool {
	tv := c.pass.TypesInfo.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == ""
}

// noKeyHeaders reports whether a header map visibly holds no key: nil, or
// a literal whose names are constants, none a key header.
func (c *checker) noKeyHeaders(e ast.Expr) bool {
	e = ast.Unparen(e)
	if c.pass.TypesInfo.Types[e].IsNil() {
		return true
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return false
	}
	if _, isMap := c.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Map); !isMap {
		return false
	}
	for _, w := range mapWrites(lit) {
		if c.nameKind(w.name) != otherHeader {
			return false
		}
	}
	return len(lit.Elts) == len(mapWrites(lit))
}

// argField returns the values that the struct argument e (a literal, its
// address, or a local variable holding one) may have in field when call
// runs: nil for the zero value. ok is false when the analysis cannot see
// them all: the variable is handed to other code, or has its field's map
// changed in place.
func (c *checker) argField(e ast.Expr, field string, call *ast.CallExpr) (vals []ast.Expr, ok bool) {
	e = ast.Unparen(e)
	if u, isAddr := e.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		st, isStruct := c.pass.TypesInfo.TypeOf(e).Underlying().(*types.Struct)
		if !isStruct {
			return nil, false
		}
		for i, elt := range e.Elts {
			if kv, isKV := elt.(*ast.KeyValueExpr); isKV {
				if id, isID := kv.Key.(*ast.Ident); isID && id.Name == field {
					return []ast.Expr{kv.Value}, true
				}
			} else if i < st.NumFields() && st.Field(i).Name() == field {
				return []ast.Expr{elt}, true
			}
		}
		return []ast.Expr{nil}, true
	case *ast.Ident:
		v := c.varOf(e)
		if v == nil || c.isParam(v) || v.Parent() == v.Pkg().Scope() {
			return nil, false
		}
		u := c.usesOf(v)
		if len(u.defs) != 1 || u.defs[0] == nil || len(u.calls) > 0 {
			return nil, false
		}
		vals, ok := c.argField(u.defs[0], field, call)
		if !ok {
			return nil, false
		}
		for _, ref := range u.other {
			if within(ref.Node(), call) {
				continue // the call that sends it
			}
			if sel, isSel := ref.Parent().Node().(*ast.SelectorExpr); isSel {
				if sel.Sel.Name == field && c.mayChange(ref.Parent()) {
					return nil, false // opts.Headers[k] = v, opts.Headers.Set(k, v), h := opts.Headers
				}
				continue // a field read
			}
			return nil, false
		}
		return append(vals, u.fieldSets[field]...), true
	}
	return nil, false
}

// mayChange reports whether the field selection at sel (opts.Headers) is a
// use through which what the field refers to may change in place: any use
// of a map, pointer or slice but a comparison (opts.Headers[k] = v, a
// method call on it, an alias h := opts.Headers, an argument). Reading a
// string or a number changes nothing.
func (c *checker) mayChange(sel inspector.Cursor) bool {
	switch c.pass.TypesInfo.TypeOf(sel.Node().(ast.Expr)).Underlying().(type) {
	case *types.Map, *types.Pointer, *types.Slice:
		switch sel.ParentEdgeKind() {
		case edge.BinaryExpr_X, edge.BinaryExpr_Y:
			return false
		}
		return true
	}
	return false
}

// helperCall reports, at a call of a summarised function, a POST or PATCH
// that the call sends without a key (or with a key the callee makes anew on
// every call) when it is sent again: by a retry site whose attempt holds
// the call, or by a retrier inside the callee once the call's arguments
// make it a POST.
func (c *checker) helperCall(call *ast.CallExpr) {
	for _, g := range c.calleesOf(call) {
		if c.helperCallOf(call, g) {
			return
		}
	}
}

// helperCallOf reports at call, which may run g, what helperCall reports,
// and says whether it did.
func (c *checker) helperCallOf(call *ast.CallExpr, g *types.Func) bool {
	for _, s := range c.summaryOf(g).sends() {
		rs, state, dependent := c.resolve(nil, g, call, s)
		if state != resolved {
			continue
		}
		r, ok := c.retriedAt(call, s, rs, dependent)
		if !ok {
			continue
		}
		via := c.funcName(g)
		if s.By != c.qualifiedName(g) {
			via += " (through " + s.By + ")"
		}
		msg := fmt.Sprintf("%s sent by %s is retried by %s without an Idempotency-Key: %s", rs.Method, via, r, why)
		if rs.Key == FreshKey {
			msg = fmt.Sprintf("idempotency key is made anew by %s on every call, so each attempt of %s sends a new one: "+
				"the server sees each retry as a new operation; make the key once before the retry and pass it in", via, r)
		}
		if r.site == nil && r.desc == s.Retrier && rs.Key == NoKey &&
			c.deferToExecutor(s.Retrier, executorCall{call: call, method: rs.Method, message: msg}) {
			return true // the callee's own retry loop: see executors.go
		}
		c.report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: msg})
		return true
	}
	return false
}

// calleesOf returns the functions that call may run: the one it names, the
// one a function-typed field always holds (see heldFunc), or those a local
// function variable is given, when every value it is given is in sight
// (f := n.notifyV2; if v1 { f = n.notifyV1 }; f(ctx, ...)).
func (c *checker) calleesOf(call *ast.CallExpr) []*types.Func {
	if fn := typematch.Callee(c.pass.TypesInfo, call); fn != nil {
		return []*types.Func{fn}
	}
	if fn := c.heldFunc(call.Fun); fn != nil {
		return []*types.Func{fn}
	}
	return c.localFuncs(call.Fun)
}

// localFuncs returns the functions and method values that the local
// variable e is given, or nil when one of its values is something else (a
// literal, a parameter's value, a tuple) or its address is taken.
func (c *checker) localFuncs(e ast.Expr) []*types.Func {
	defs, ok := c.localFuncValues(e)
	if !ok {
		return nil
	}
	var fns []*types.Func
	for _, d := range defs {
		fn := c.funcNamed(d)
		if fn == nil {
			return nil
		}
		if !slices.Contains(fns, fn) {
			fns = append(fns, fn)
		}
	}
	return fns
}

// localFuncValues returns the values that e, a local function variable
// (not a parameter), is given; ok is false for anything else, and when its
// address is taken or a range gives it values (they are not all in sight).
// A value may be nil (one of a tuple).
func (c *checker) localFuncValues(e ast.Expr) (defs []ast.Expr, ok bool) {
	v := c.varOf(e)
	if v == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || c.isParam(v) {
		return nil, false
	}
	if _, ok := v.Type().Underlying().(*types.Signature); !ok {
		return nil, false
	}
	u := c.usesOf(v)
	for _, ref := range u.other {
		switch ref.ParentEdgeKind() {
		case edge.UnaryExpr_X, edge.RangeStmt_Key, edge.RangeStmt_Value:
			return nil, false // &f, or given values by a range
		}
	}
	return u.defs, true
}

// opaqueLocalFunc reports whether e is a local function variable (not a
// parameter, its address never taken) every value of which is code out of
// sight: the method value of a Do of net/http's or go-retryablehttp's
// client or of an interface, or what a function of this package returns
// that writes no header (a wrapper of the handler, applyMiddleware(m,
// handler), whose middleware, like a request option, is taken to set
// none). A wrapper from another package, a conversion and a function
// value may set a key.
func (c *checker) opaqueLocalFunc(e ast.Expr) bool {
	defs, ok := c.localFuncValues(e)
	if !ok || len(defs) == 0 {
		return false
	}
	for _, d := range defs {
		switch d := ast.Unparen(d).(type) {
		case *ast.CallExpr:
			// A conversion, a call of a function value or of another
			// package's function has no declaration here: it may set a key.
			if c.writesHeaders(c.declOf(typematch.Callee(c.pass.TypesInfo, d)), 0) {
				return false
			}
		case *ast.SelectorExpr:
			s := c.pass.TypesInfo.Selections[d]
			if s == nil || s.Kind() != types.MethodVal {
				return false
			}
			fn, _ := s.Obj().(*types.Func)
			if !types.IsInterface(s.Recv()) && !typematch.IsMethod(fn, httpPath, "Client", "Do") &&
				!typematch.IsMethod(fn, apis.RetryableHTTP, "Client", "Do") {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// maxWrapperDepth bounds how many calls deep writesHeaders looks.
const maxWrapperDepth = 2

// writesHeaders reports whether decl (nil: a function out of sight) may
// write a request header anywhere in its body, its function literals
// included: a header write, a new header map (r.Header = h), or a call of a
// function of this package that does (depth counts the calls entered).
func (c *checker) writesHeaders(decl *ast.FuncDecl, depth int) bool {
	if decl == nil || depth > maxWrapperDepth {
		return decl == nil
	}
	cur, ok := c.cursorOf(decl)
	if !ok {
		return true
	}
	for n := range cur.Preorder((*ast.CallExpr)(nil), (*ast.AssignStmt)(nil), (*ast.CompositeLit)(nil)) {
		if len(c.headerWrites(n)) > 0 {
			return true
		}
		switch nd := n.Node().(type) {
		case *ast.AssignStmt:
			for _, lhs := range nd.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "Header" && isHeaderType(c.pass.TypesInfo.TypeOf(sel)) {
					return true
				}
			}
		case *ast.CallExpr:
			if fn := typematch.Callee(c.pass.TypesInfo, nd); fn != nil && fn.Pkg() == c.pass.Pkg && c.declOf(fn) != decl &&
				c.writesHeaders(c.declOf(fn), depth+1) {
				return true
			}
		}
	}
	return false
}

// retriedAt returns what sends again the request rs that call sends (s
// before the call's arguments applied to it): the retry site whose attempt
// holds the call, or, when the arguments made it a POST without a key, the
// retrier inside the callee.
func (c *checker) retriedAt(call *ast.CallExpr, s, rs Send, dependent bool) (retrier, bool) {
	if r, ok := c.siteOf(call); ok {
		return r, true
	}
	if s.Retrier != "" && dependent && rs.Key == NoKey {
		return retrier{desc: s.Retrier}, true
	}
	return retrier{}, false
}

// carried reports whether a decided POST (rs, its Hops counted to the
// function at call) belongs in that function's summary: it is at most one
// call from where it was decided, and the call is not in a loop of the
// function, which is no retry (it would have been reported): a loop over
// items or targets sends it once per item, or tries each target once. The
// farther a retry is from the POST, the more the operation it repeats is a
// larger one (a connection, a bootstrap, a sync) of which the POST is one
// step, and an RPC API posts even its reads; the method alone no longer
// says that repeating the step repeats an effect. A POST whose method or
// key the caller still decides is carried whatever the distance.
func (c *checker) carried(call inspector.Cursor, rs Send) bool {
	if rs.Method == "" || rs.Key == KeyArg || rs.Key == HeaderArg {
		return true
	}
	if rs.Hops > 1 {
		return false
	}
	for anc := range call.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil)) {
		if _, ok := anc.Node().(*ast.FuncLit); ok {
			return true
		}
		return false
	}
	return true
}

// inScope reports whether the call at cur runs when its function declaration
// runs: not inside a function literal, unless that literal is the attempt
// of a retry site (which runs it).
func (c *checker) inScope(cur inspector.Cursor) bool {
	for lit := range cur.Enclosing((*ast.FuncLit)(nil)) {
		if !c.isAttempt(lit.Node().(*ast.FuncLit).Body) {
			return false
		}
	}
	return true
}

// describe says what r is, for a summary of fn: the message of a call in
// another function names where the retry happens, a retry loop of fn or a
// retrying client fn sends through, which it notes as an executor.
func (c *checker) describe(r retrier, fn *types.Func) string {
	switch {
	case r.site != nil:
		desc := fmt.Sprintf("a %s in %s (%s)", r.site.Kind, c.qualifiedName(fn), r.site.Bound)
		c.noteExecutor(desc, &executor{site: r.site})
		return desc
	case r.send != nil && r.client.inSight:
		// A client from out of sight (a parameter) is not fn's to change:
		// its calls are reported where they hand it their request.
		desc := fmt.Sprintf("%s in %s", r, c.qualifiedName(fn))
		c.noteExecutor(desc, &executor{send: r.send, client: r.client, fn: c.funcName(fn)})
		return desc
	}
	return r.String()
}

// funcName names fn as a message of this package does: postJSON,
// (*Client).do, helpers.PostJSON.
func (c *checker) funcName(fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		star := ""
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t, star = p.Elem(), "*"
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && star != "" {
			name = fmt.Sprintf("(*%s).%s", n.Obj().Name(), name)
		} else if ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// qualifiedName names fn with its package, as facts do.
func (c *checker) qualifiedName(fn *types.Func) string {
	name := c.funcName(fn)
	if fn.Pkg() == c.pass.Pkg {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// knownPkg reports whether path is a package of a client library the
// analyzer knows by its API (see requests.go).
func knownPkg(path string) bool {
	return path == apis.RetryableHTTP || path == apis.RestyV2 || path == httpPath
}

// exportSends exports the summaries of the package's exported functions,
// for the packages that call them.
func (c *checker) exportSends() {
	if knownPkg(c.pass.Pkg.Path()) {
		return
	}
	c.declOf(nil)
	for fn, decl := range c.decls {
		if !fn.Exported() || c.inTestFile(decl) {
			continue
		}
		if s := c.summaryOf(fn); s != nil {
			exported := *s
			exported.Passes = slices.DeleteFunc(slices.Clone(s.Passes), func(p ReqPass) bool { return !p.SetsHeaders })
			if !exported.empty() {
				c.pass.ExportObjectFact(fn, &exported)
			}
		}
	}
}

func (c *checker) inTestFile(n ast.Node) bool {
	return source.IsTestFile(c.pass.Fset, n.Pos())
}

// isDoer reports whether call, handed the request at ref, sends it through
// code out of sight that has the shape of (*http.Client).Do: a method of an
// interface (an httpDoer), a function-typed struct field, or a local
// function variable given only method values and other calls' results
// (handler := cfg.HTTPClient.Do, then handler = wrap(m, handler)), taking
// the request and returning an *http.Response. A local variable given a
// function literal is not followed: the literal may set a key.
func (c *checker) isDoer(call *ast.CallExpr, fn *types.Func, ref inspector.Cursor) bool {
	info := c.pass.TypesInfo
	if fn != nil {
		if recv := fn.Signature().Recv(); recv == nil || !types.IsInterface(recv.Type()) {
			return false
		}
	} else if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s == nil || s.Kind() != types.FieldVal {
			return false
		}
	} else if !c.opaqueLocalFunc(call.Fun) {
		return false
	}
	sig, ok := info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok {
		return false
	}
	_, i := ref.ParentEdge()
	if i < 0 || i >= sig.Params().Len() || !isRequestType(sig.Params().At(i).Type()) {
		return false
	}
	for r := range sig.Results().Variables() {
		if typematch.IsNamed(typematch.Deref(r.Type()), httpPath, "Response") {
			return true
		}
	}
	return false
}
