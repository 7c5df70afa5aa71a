package unkeyedpost

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// The consequence every unkeyed report states.
const why = "a timed-out attempt may already have been applied, so a retry can apply it twice"

// call recognises the non-idempotent requests that call makes or builds.
func (c *checker) call(cur inspector.Cursor, call *ast.CallExpr) {
	fn := typematch.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil {
		return
	}
	name := fn.Name()
	path := fn.Pkg().Path()
	if nr, ok := c.newRequest(fn, call); ok {
		c.built(cur, call, nr)
	}
	if d, ok := c.directSend(call); ok {
		c.direct(call, d)
		return
	}
	c.stripeRaw(cur, call, fn)
	c.stripeWrite(cur, call, fn)
	if path == apis.RestyV2 {
		switch {
		case (name == "Post" || name == "Patch") && typematch.IsMethod(fn, apis.RestyV2, "Request", name):
			c.resty(cur, call, methodName[name])
		case name == "Execute" && typematch.IsMethod(fn, apis.RestyV2, "Request", name) && len(call.Args) == 2:
			if m := c.method(call.Args[0]); m != "" {
				c.resty(cur, call, m)
			}
		}
	}
}

// A directPost is a call that sends a POST itself (Post, PostForm): no
// header can be set on it.
type directPost struct {
	pkg, api      string   // the package whose NewRequestWithContext the message recommends; the call
	body          ast.Expr // the body Post sends; nil for PostForm
	client        selfRetry
	clientRetries bool
}

// directSend recognises a call that sends a POST itself.
func (c *checker) directSend(call *ast.CallExpr) (directPost, bool) {
	fn := typematch.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil {
		return directPost{}, false
	}
	name := fn.Name()
	if name != "Post" && name != "PostForm" {
		return directPost{}, false
	}
	recv := fn.Signature().Recv() != nil
	var receiver ast.Expr
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		receiver = sel.X
	}
	var d directPost
	switch path := fn.Pkg().Path(); {
	case path == httpPath && !recv:
		d = directPost{pkg: "http", api: "http." + name}
	case path == httpPath && typematch.IsMethod(fn, httpPath, "Client", name):
		s, ok := c.httpClient(receiver)
		d = directPost{pkg: "http", api: "(*http.Client)." + name, client: s, clientRetries: ok}
	case path == apis.RetryableHTTP && !recv:
		// The package functions use a NewClient() client.
		d = directPost{pkg: "retryablehttp", api: "retryablehttp." + name,
			client: retryable(clientMax{n: apis.RetryMax.CtorRetries}), clientRetries: true}
	case path == apis.RetryableHTTP && typematch.IsMethod(fn, apis.RetryableHTTP, "Client", name):
		s, ok := c.retryableClient(receiver)
		d = directPost{pkg: "retryablehttp", api: "(*retryablehttp.Client)." + name, client: s, clientRetries: ok}
	default:
		return directPost{}, false
	}
	if name == "Post" && len(call.Args) == 3 { // Post(url, contentType, body)
		d.body = call.Args[2]
	}
	return d, true
}

var methodName = map[string]string{"Post": "POST", "Patch": "PATCH"}

// method returns "POST" or "PATCH" when e is a constant of that value (a
// literal, http.MethodPost, a named constant of the user's), else "".
// Methods are case-sensitive (RFC 9110 section 9.1): net/http sends "post"
// as written, and servers do not take it for POST (Go's ServeMux does not
// match it; most servers answer 400 or 501), so it is not reported.
func (c *checker) method(e ast.Expr) string {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return ""
	}
	switch m := constant.StringVal(tv.Value); m {
	case "POST", "PATCH":
		return m
	}
	return ""
}

// A retrier is what sends a request more than once: the retry site whose
// attempt sends it, or a client that retries by itself.
type retrier struct {
	site   *retrysite.Site // the innermost
	client selfRetry
	// send is the call that sends the request through client, when the
	// request is followed there (see follow).
	send *ast.CallExpr
	// desc describes a retrier known from a fact: a helper's own retries, or
	// the caller, in another function, that retries an interface method this
	// function implements.
	desc string
	// iface is set for the latter: every call of the function is an
	// attempt, so no key made inside it is made once.
	iface bool
}

func (r retrier) String() string {
	switch {
	case r.site != nil:
		return fmt.Sprintf("a %s (%s)", r.site.Kind, r.site.Bound)
	case r.desc != "":
		return r.desc
	}
	return r.client.String()
}

// siteOf returns the retrier for a request sent by the call send inside a
// retry site's attempt: the innermost site that may send it again; else,
// when send lies in a method that implements an interface method a caller
// retries (see RetriedFact), that caller.
func (c *checker) siteOf(send ast.Node) (retrier, bool) {
	sites := c.enclosing(send.Pos())
	for i := len(sites) - 1; i >= 0; i-- {
		if !c.sentOnce(send, sites[i]) {
			return retrier{site: sites[i]}, true
		}
	}
	if desc := c.retriedImpl(send); desc != "" {
		return retrier{desc: desc, iface: true}, true
	}
	return retrier{}, false
}

// direct handles a call that sends a POST itself (Post, PostForm): no header
// can be set on it, so a retried one is always unkeyed.
func (c *checker) direct(call *ast.CallExpr, d directPost) {
	if c.deduplicated(nil, d.body) {
		return
	}
	pkg, api := d.pkg, d.api
	r, ok := c.siteOf(call)
	if !ok && d.clientRetries {
		r, ok = retrier{client: d.client}, true
	}
	if !ok {
		return
	}
	c.report(analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(),
		Message: fmt.Sprintf("POST by %s is retried by %s without an Idempotency-Key, which %s cannot set: %s; "+
			"build the request with %s.NewRequestWithContext and set a key made once before the retry", api, r, api, why, pkg),
	})
}

// built handles a request built by NewRequest*, or by a builder of the
// user's: it follows the request to the Do calls that send it and the
// header writes before them.
func (c *checker) built(cur inspector.Cursor, call *ast.CallExpr, nr newReq) {
	method := c.methodOf(nr)
	if method == "" {
		return
	}
	if key, _, ok := c.builderKey(nil, call, nr); !ok || key != NoKey {
		return // the builder may key it from the call's arguments
	}
	req := c.assignedVar(cur)
	if req == nil {
		return // not kept in a variable: not followed
	}
	f := &followed{}
	if !c.follow(req, call.End(), f, 0) || !f.retried {
		return // handed to code the analysis cannot see (it may set a key), or not retried
	}
	if c.deduplicated(nil, nr.body) {
		return // the server deduplicates the body
	}
	if c.drainedBody(call, nr.body, f.by.site) {
		return // every retry sends an empty body
	}
	sends, writes, r := f.sends, f.writes, f.by
	last := sends[len(sends)-1].Pos()
	for _, w := range writes {
		switch c.nameKind(w.name) {
		case keyHeader, unknownHeader, dedupHeader:
			if w.before(last) {
				return // keyed (a key made on every attempt is reported at the write), maybe keyed, or deduplicated
			}
		}
	}
	var fixes []analysis.SuggestedFix
	what := method
	if nr.builder != nil {
		// No fix: the key belongs where the builder sets its headers, for
		// every request it builds, or in an option the caller hands it.
		what += " built by " + c.funcName(nr.builder)
	} else if !r.iface && !f.headerReplaced { // retried from another function: a key made here would be new on every attempt
		fixes = c.keyFix(cur, call, req)
	}
	msg := fmt.Sprintf("%s is retried by %s without an Idempotency-Key: %s", what, r, why)
	if r.site == nil && !r.iface && r.desc != "" && fixes == nil &&
		c.deferToExecutor(r.desc, executorCall{call: call, method: method, message: msg}) {
		return // the callee's own retrier: see executors.go; a call with a fix is reported where the fix goes
	}
	c.report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: msg, SuggestedFixes: fixes})
}

// followed is what follow gathers about one request.
type followed struct {
	sends   []*ast.CallExpr
	writes  []headerWrite
	by      retrier
	retried bool
	// builder: the request may be handed back as the function's first
	// result (see Build), which returned then records; any other return is
	// a use out of sight.
	builder, returned bool
	// headerReplaced: the request is given a new header map after it is
	// built, so a key set where it is built would be dropped.
	headerReplaced bool
	// paramOption: the request is handed to an option that the function's
	// caller gives as a parameter; recursive: to a function still being
	// summarised. Either may set a key the summary cannot see, so such a
	// function is no ReqPass.
	paramOption, recursive bool
}

// follow gathers the sends of and header writes on the request held by req
// between the point it was given it and the next assignment to it (a
// variable reused for another request holds another request), and through retryablehttp.FromRequest(req)
// the request that wraps it (the two share the header map). It reports false
// for a use it cannot judge.
func (c *checker) follow(req *types.Var, from token.Pos, f *followed, depth int) bool {
	for _, ref := range c.refs(req) {
		if ref.Node().Pos() < from {
			continue
		}
		if ref.ParentEdgeKind() == edge.AssignStmt_Lhs {
			if c.handedBack(ref, req) {
				continue // req = c.logRequest(req): the same request
			}
			break // a new value: what follows is another request
		}
		u, ok := c.requestUse(ref)
		if !ok || u.result > 0 && !(f.builder && u.result == 1) {
			return false
		}
		if u.result > 0 {
			f.returned = true
			continue
		}
		if u.wrapped != nil {
			if depth > 0 || !c.follow(u.wrapped, ref.Node().End(), f, depth+1) {
				return false
			}
			continue
		}
		f.writes = append(f.writes, u.writes...)
		f.headerReplaced = f.headerReplaced || u.replaces
		f.paramOption = f.paramOption || u.paramOption
		f.recursive = f.recursive || u.recursive
		if u.send == nil {
			continue
		}
		f.sends = append(f.sends, u.send)
		if f.retried {
			continue
		}
		if f.by, f.retried = c.siteOf(u.send); !f.retried && u.client.attempts > 1 {
			f.by, f.retried = retrier{client: u.client, send: u.send}, true
		} else if !f.retried && u.retrier != "" {
			f.by, f.retried = retrier{desc: u.retrier}, true
		}
	}
	slices.SortFunc(f.sends, func(a, b *ast.CallExpr) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return true
}

// resultDropped reports whether the call at cur is a statement of its own,
// its results unused.
func (c *checker) resultDropped(cur inspector.Cursor) bool {
	return cur.ParentEdgeKind() == edge.ExprStmt_X
}

// resultReassigns reports whether the call at cur is the right-hand side
// of req = g(..., req, ...), where ref is the argument req.
func (c *checker) resultReassigns(cur, ref inspector.Cursor) bool {
	if cur.ParentEdgeKind() != edge.AssignStmt_Rhs {
		return false
	}
	as := cur.Parent().Node().(*ast.AssignStmt)
	req := c.varOf(ref.Node().(ast.Expr))
	return len(as.Rhs) == 1 && req != nil && c.varOf(as.Lhs[0]) == req
}

// handedBack reports whether the assignment to req at lhs gives it the
// request it held: req = g(req), where g only reads or adjusts its request
// parameter and hands it back as its first result (see ReqPass).
func (c *checker) handedBack(lhs inspector.Cursor, req *types.Var) bool {
	as := lhs.Parent().Node().(*ast.AssignStmt)
	if _, idx := lhs.ParentEdge(); idx != 0 || len(as.Rhs) != 1 {
		return false
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	g := typematch.Callee(c.pass.TypesInfo, call)
	if g == nil {
		return false
	}
	for i := range g.Signature().Params().Len() {
		if arg := c.argAt(g, call, i); arg != nil && c.varOf(arg) == req {
			p, ok := c.summaryOf(g).passes(i)
			return ok && p.Returned && p.Key == NoKey
		}
	}
	return false
}

// assignedVar returns the variable that the call at cur is assigned to
// (req, err := http.NewRequest(...)), or nil.
func (c *checker) assignedVar(cur inspector.Cursor) *types.Var {
	switch ek, _ := cur.ParentEdge(); ek {
	case edge.AssignStmt_Rhs:
		as := cur.Parent().Node().(*ast.AssignStmt)
		if len(as.Rhs) == 1 {
			return c.varOf(as.Lhs[0])
		}
	case edge.ValueSpec_Values:
		vs := cur.Parent().Node().(*ast.ValueSpec)
		if len(vs.Values) == 1 {
			return c.varOf(vs.Names[0])
		}
	}
	return nil
}

// A reqUse is what one use of a request variable does.
type reqUse struct {
	send    *ast.CallExpr // a Do call that sends it
	client  selfRetry     // the sending client, when it retries by itself
	retrier string        // what retries it inside the function it is handed to (see ReqSend)
	writes  []headerWrite
	// replaces: the use gives the request a new header map, which drops
	// what was set on the one before.
	replaces bool
	wrapped  *types.Var // the variable given retryablehttp.FromRequest(req)
	result   int        // 1 + the index of the result it is returned as; 0: not returned
	// paramOption, recursive: see followed.
	paramOption, recursive bool
}

// handedTo judges a request handed, as the i-th argument of call, to a
// function of the user's: callee (the function the call reaches, through a
// function value when it is held one) sends it when its summary says so
// (see ReqSend), and code out of sight with the shape of Do sends it too
// (isDoer, given the statically called fn, nil for a function value); any
// other function may set a key the analysis cannot see.
func (c *checker) handedTo(u reqUse, call *ast.CallExpr, callee, fn *types.Func, i int, ref inspector.Cursor) (reqUse, bool) {
	if callee != nil && c.summarising[callee.Origin()] {
		// A recursive call (go-gitlab's Do sends the request again after
		// renewing a token): it does what the rest of the function does.
		u.recursive = true
		return u, true
	}
	if rs, ok := c.summaryOf(callee).request(i); ok {
		if u, ok = c.helperKey(u, call, callee, rs.Key, rs.KeyFrom); !ok {
			return u, false
		}
		u.send, u.retrier = call, rs.Retrier
		return u, true
	}
	if p, ok := c.summaryOf(callee).passes(i); ok {
		// Read or adjusted, not keyed but by what the caller gives. The
		// request it hands back is followed only where it replaces req
		// (req = g(req), see handedBack); kept under another name, or
		// handed on, it escapes.
		if u, ok = c.helperKey(u, call, callee, p.Key, p.KeyFrom); !ok {
			return u, false
		}
		return u, !p.Returned || c.resultDropped(ref.Parent()) || c.resultReassigns(ref.Parent(), ref)
	}
	if c.isDoer(call, fn, ref) {
		u.send = call
		return u, true
	}
	return u, false
}

// helperKey applies, to the use u of a request handed to callee at call,
// the key or headers that callee sets on it from its caller's argument at
// from (kind KeyArg or HeaderArg; NoKey sets none): nothing when the
// argument visibly holds no key, a write passed on from the caller's own
// caller when the caller hands on its parameter. ok is false when the
// argument may hold a key.
func (c *checker) helperKey(u reqUse, call *ast.CallExpr, callee *types.Func, kind KeyKind, from Arg) (reqUse, bool) {
	if kind == NoKey {
		return u, true
	}
	passed, unkeyed, ok := c.resolveKey(c.funcOf(call.Pos()), callee, call, kind, from)
	if ok && !unkeyed {
		u.writes = append(u.writes, headerWrite{node: call, passed: kind, from: passed})
	}
	return u, ok
}

// requestUse judges one use of a request variable; ok is false for a use
// that may set a key the analysis cannot see (the request or its header map
// handed to other code, stored, or returned).
func (c *checker) requestUse(ref inspector.Cursor) (u reqUse, ok bool) {
	info := c.pass.TypesInfo
	parent := ref.Parent()
	switch ek, idx := ref.ParentEdge(); ek {
	case edge.BinaryExpr_X, edge.BinaryExpr_Y:
		return u, true // a nil check
	case edge.ReturnStmt_Results:
		u.result = idx + 1
		return u, true
	case edge.CallExpr_Args:
		call := parent.Node().(*ast.CallExpr)
		fn := typematch.Callee(info, call)
		if fn == nil && c.callerOption(call.Fun) {
			u.paramOption = c.paramOption(call.Fun)
			return u, true
		}
		if fn == nil || fn.Pkg() == nil {
			_, i := ref.ParentEdge()
			return c.handedTo(u, call, c.heldFunc(call.Fun), nil, i, ref)
		}
		sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		switch {
		case sel != nil && typematch.IsMethod(fn, httpPath, "Client", "Do"):
			u.send = call
			u.client, _ = c.httpClient(sel.X)
			return u, true
		case sel != nil && typematch.IsMethod(fn, apis.RetryableHTTP, "Client", "Do"):
			u.send = call
			u.client, _ = c.retryableClient(sel.X)
			return u, true
		case typematch.IsFunc(fn, apis.RetryableHTTP, "FromRequest"):
			u.wrapped = c.assignedVar(parent)
			return u, u.wrapped != nil
		}
		if harmlessPkgs[fn.Pkg().Path()] {
			return u, true
		}
		// A function of the user's that sends the request (see ReqSend).
		_, i := ref.ParentEdge()
		if sel != nil && typematch.IsMethodExpr(info, sel) {
			i-- // T.M(recv, args...)
		}
		return c.handedTo(u, call, fn, fn, i, ref)
	case edge.SelectorExpr_X:
		sel := parent.Node().(*ast.SelectorExpr)
		if m, ok := info.Uses[sel.Sel].(*types.Func); ok && (m.Name() == "WithContext" || m.Name() == "Clone") &&
			isRequestType(info.TypeOf(sel.X)) && parent.ParentEdgeKind() == edge.CallExpr_Fun {
			// c.Do(req.WithContext(ctx)): the copy is sent, with the
			// headers set on req before it was made.
			u, ok := c.requestUse(parent.Parent())
			if !ok && m.Name() == "Clone" {
				// Clone copies the header map: what other code does to the
				// copy (PagerDuty's dupeRequest keeps it for debugging)
				// leaves req's headers as they are.
				return reqUse{}, true
			}
			return u, ok
		}
		field, isField := info.Uses[sel.Sel].(*types.Var)
		if isField && field.Embedded() && field.Name() == "Request" && parent.ParentEdgeKind() == edge.SelectorExpr_X {
			// retryablehttp's req.Request.Header: step through the embedded *http.Request.
			parent = parent.Parent()
			sel = parent.Node().(*ast.SelectorExpr)
			field, isField = info.Uses[sel.Sel].(*types.Var)
		}
		if !isField || field.Name() != "Header" || field.Pkg() == nil || field.Pkg().Path() != httpPath {
			return u, true // another field, or a method of the request
		}
		return c.headerUse(parent)
	}
	return u, false
}

// headerUse judges a use of req.Header (at hdr).
func (c *checker) headerUse(hdr inspector.Cursor) (u reqUse, ok bool) {
	info := c.pass.TypesInfo
	parent := hdr.Parent()
	switch ek, idx := hdr.ParentEdge(); ek {
	case edge.SelectorExpr_X: // req.Header.Set(...), req.Header.Get(...)
		if parent.ParentEdgeKind() != edge.CallExpr_Fun {
			return u, false
		}
		u.writes = c.headerWrites(parent.Parent())
		return u, true
	case edge.IndexExpr_X: // req.Header[k] = v, or a read
		if parent.ParentEdgeKind() == edge.AssignStmt_Lhs {
			u.writes = c.headerWrites(parent.Parent())
		}
		return u, true
	case edge.AssignStmt_Lhs: // req.Header = http.Header{...}, or a map a helper builds
		as := parent.Node().(*ast.AssignStmt)
		if len(as.Lhs) != len(as.Rhs) {
			return u, false
		}
		u.replaces = true
		if lit, isLit := ast.Unparen(as.Rhs[idx]).(*ast.CompositeLit); isLit {
			u.writes = mapWrites(lit)
			return u, true
		}
		u.writes, ok = c.helperHeaders(as.Rhs[idx], as)
		return u, ok
	case edge.CallExpr_Args:
		fn := typematch.Callee(info, parent.Node().(*ast.CallExpr))
		return u, fn != nil && fn.Pkg() != nil && harmlessPkgs[fn.Pkg().Path()] && fn.Name() != "Header"
	case edge.BinaryExpr_X, edge.BinaryExpr_Y:
		return u, true
	}
	return u, false
}

// resty handles (*resty.Request).Post/Patch/Execute: the request chain
// c.R().SetHeader(...).SetBody(...).Post(url), or a request variable.
func (c *checker) resty(cur inspector.Cursor, call *ast.CallExpr, method string) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	var reqCalls []*ast.CallExpr
	e := sel.X
	var client ast.Expr
	for depth := 0; client == nil && depth < 32; depth++ {
		switch x := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			fn := typematch.Callee(c.pass.TypesInfo, x)
			xs, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok || fn == nil {
				return
			}
			if typematch.IsMethod(fn, apis.RestyV2, "Client", "R") || typematch.IsMethod(fn, apis.RestyV2, "Client", "NewRequest") {
				client = xs.X
				break
			}
			if !typematch.IsMethod(fn, apis.RestyV2, "Request", fn.Name()) {
				return
			}
			reqCalls = append(reqCalls, x)
			e = xs.X
		case *ast.Ident:
			v := c.varOf(x)
			if v == nil {
				return
			}
			u := c.usesOf(v)
			if len(u.defs) != 1 || u.defs[0] == nil || len(u.other) > 0 || len(u.fieldSets) > 0 {
				return
			}
			for _, cc := range u.calls {
				reqCalls = append(reqCalls, cc.Node().(*ast.CallExpr))
			}
			e = u.defs[0]
		default:
			return
		}
	}
	if client == nil {
		return
	}
	for _, rc := range reqCalls {
		if rc == call {
			continue
		}
		fn := typematch.Callee(c.pass.TypesInfo, rc)
		if fn == nil {
			continue
		}
		switch fn.Name() {
		case "SetHeader", "SetHeaderVerbatim":
			if len(rc.Args) == 2 && c.nameKind(rc.Args[0]) != otherHeader {
				return
			}
		case "SetHeaders", "SetHeaderMultiValues":
			if len(rc.Args) != 1 {
				return
			}
			lit, ok := ast.Unparen(rc.Args[0]).(*ast.CompositeLit)
			if !ok {
				return
			}
			for _, w := range mapWrites(lit) {
				if c.nameKind(w.name) != otherHeader {
					return
				}
			}
		}
	}
	s, keyed, known := c.restyClient(client)
	if keyed {
		return
	}
	r, retried := c.siteOf(call)
	if !retried && known && s.attempts > 1 {
		r, retried = retrier{client: s}, true
	}
	if !retried {
		return
	}
	var fixes []analysis.SuggestedFix
	if !r.iface {
		fixes = c.restyFix(cur, call)
	}
	c.report(analysis.Diagnostic{
		Pos: sel.Sel.Pos(), End: call.End(), // the Post of a chain that may span lines
		Message:        fmt.Sprintf("%s is retried by %s without an Idempotency-Key: %s", method, r, why),
		SuggestedFixes: fixes,
	})
}

// report reports d once per position, and not in a _test.go file: a test
// retries against a stub server, where nothing is charged twice.
func (c *checker) report(d analysis.Diagnostic) {
	if c.reported[d.Pos] || c.pass.Fset.File(d.Pos) == nil || source.IsTestFile(c.pass.Fset, d.Pos) {
		return
	}
	c.reported[d.Pos] = true
	c.rep.Report(d)
}
