package unkeyedpost

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// extraHeaders holds the -unkeyedpost.headers flag: more key header names
// (PayPal-Request-Id, Cko-Idempotency-Key, ...).
var extraHeaders headerList

// headerList is a comma-separated list of header names, as a flag.Value.
type headerList []string

func (h *headerList) String() string { return strings.Join(*h, ",") }

func (h *headerList) Set(s string) error {
	var names []string
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if i := strings.IndexFunc(f, func(r rune) bool { return !isTokenChar(r) }); i >= 0 {
			return fmt.Errorf("%q is not a header name", f)
		}
		names = append(names, f)
	}
	*h = names
	return nil
}

// isTokenChar reports whether r may appear in a header name (RFC 9110 token).
func isTokenChar(r rune) bool {
	return r < 0x7f && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
		strings.ContainsRune("!#$%&'*+-.^_`|~", r))
}

// isKeyHeader reports whether name is an idempotency key header; header names
// are case-insensitive (and a map index assignment does not canonicalise).
// Besides the known names and the flag's, a name that says it is one is
// one: an API's own (k6 Cloud's K6-Idempotency-Key, Checkout.com's
// Cko-Idempotency-Key).
func isKeyHeader(name string) bool {
	if strings.Contains(strings.ToLower(name), "idempotency") {
		return true
	}
	for _, list := range [][]string{apis.KeyHeaders, extraHeaders} {
		for _, h := range list {
			if strings.EqualFold(h, name) {
				return true
			}
		}
	}
	return false
}

// A headerWrite is one header set on a request or a header map.
type headerWrite struct {
	node  ast.Node // the call, assignment or literal element that writes
	name  ast.Expr
	value ast.Expr
	// passed, when not NoKey, says the write is made by a helper the
	// request is handed to, from the key (KeyArg) or headers (HeaderArg)
	// that the function's own caller gives at from (see ReqSend); node is
	// the call of that helper, and name is nil.
	passed KeyKind
	from   Arg
}

// before reports whether w is made before the send at last: in sight
// before it, or by the helper that sends at last, before it sends.
func (w headerWrite) before(last token.Pos) bool {
	return w.node.Pos() < last || w.passed != NoKey && w.node.Pos() == last
}

// nameKind says what a write's header name is.
type nameKind int

const (
	otherHeader   nameKind = iota // a constant name that is not a key
	keyHeader                     // a constant key name
	unknownHeader                 // a name not known at compile time: it may be a key
	dedupHeader                   // a protocol's header whose receivers store a repeat once (apis.DedupHeaders)
)

func (c *checker) nameKind(name ast.Expr) nameKind {
	tv, ok := c.pass.TypesInfo.Types[name]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		if c.plainHeaderName(name) {
			return otherHeader
		}
		return unknownHeader
	}
	switch name := constant.StringVal(tv.Value); {
	case isKeyHeader(name):
		return keyHeader
	case apis.IsDedupHeader(name):
		return dedupHeader
	}
	return otherHeader
}

// headerWrites returns the header writes that the node at cur makes:
// Header.Set/Add, resty's SetHeader/SetHeaders and friends (with a map
// literal), an index assignment on an http.Header, or an http.Header literal.
func (c *checker) headerWrites(cur inspector.Cursor) (writes []headerWrite) {
	info := c.pass.TypesInfo
	switch n := cur.Node().(type) {
	case *ast.CallExpr:
		fn := typematch.Callee(info, n)
		if fn == nil {
			return nil
		}
		switch {
		case len(n.Args) == 2 && (typematch.IsMethod(fn, httpPath, "Header", "Set") || typematch.IsMethod(fn, httpPath, "Header", "Add") ||
			isRestyHeaderMethod(fn, "SetHeader") || isRestyHeaderMethod(fn, "SetHeaderVerbatim")):
			return []headerWrite{{node: n, name: n.Args[0], value: n.Args[1]}}
		case len(n.Args) == 1 && (isRestyHeaderMethod(fn, "SetHeaders") || isRestyHeaderMethod(fn, "SetHeaderMultiValues")):
			if lit, ok := ast.Unparen(n.Args[0]).(*ast.CompositeLit); ok {
				return mapWrites(lit)
			}
		}
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) {
			return nil
		}
		for i, lhs := range n.Lhs {
			ix, ok := ast.Unparen(lhs).(*ast.IndexExpr)
			if ok && isHeaderType(info.TypeOf(ix.X)) {
				writes = append(writes, headerWrite{node: n, name: ix.Index, value: n.Rhs[i]})
			}
		}
		return writes
	case *ast.CompositeLit:
		if isHeaderType(info.TypeOf(n)) {
			return mapWrites(n)
		}
	}
	return nil
}

// plainHeaderName reports whether name is the key of a range over a local
// header map that the function fills with constant names that are neither
// keys nor deduplicating headers (go-gitlab's NewRequest copies
// reqHeaders, holding Accept, User-Agent and Content-Type, onto the
// request), or over the client's own headers (see clientHeaders): such a
// copy sets no key.
func (c *checker) plainHeaderName(name ast.Expr) bool {
	k := c.varOf(name)
	if k == nil {
		return false
	}
	def, ok := c.find(k.Pos(), k.Pos()+token.Pos(len(k.Name())))
	if !ok || def.ParentEdgeKind() != edge.RangeStmt_Key || len(c.usesOf(k).defs) > 0 {
		return false
	}
	rs := def.Parent().Node().(*ast.RangeStmt)
	if c.clientHeaders(rs.X) {
		return true
	}
	m := c.varOf(rs.X)
	if m == nil || !isHeaderType(m.Type()) || m.Parent() == m.Pkg().Scope() || c.isParam(m) {
		return false
	}
	writes, ok := c.localHeaderWrites(m)
	if !ok {
		return false
	}
	for _, w := range writes {
		if tv := c.pass.TypesInfo.Types[w.name]; tv.Value == nil || c.nameKind(w.name) != otherHeader {
			return false
		}
	}
	return true
}

// clientHeaders reports whether e is a map of headers that a client holds:
// a field of a method's receiver whose struct also holds the *http.Client
// (or go-retryablehttp client) that sends its requests (linodego's
// `for name, values := range c.header`, filled by Client.SetHeader). The
// client adds them to every request it sends, and such a header cannot
// carry an idempotency key: a key names one operation, and one sent with
// every request would make the server answer each later POST with the
// first one's result. A receiver without a client (options applied to one
// request) may carry one.
func (c *checker) clientHeaders(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if s := c.pass.TypesInfo.Selections[sel]; s == nil || s.Kind() != types.FieldVal {
		return false
	}
	if _, isMap := c.pass.TypesInfo.TypeOf(sel).Underlying().(*types.Map); !isMap {
		return false
	}
	recv := c.varOf(sel.X)
	if recv == nil || recv.Kind() != types.RecvVar {
		return false
	}
	st, ok := typematch.Deref(recv.Type()).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if t := typematch.Deref(f.Type()); typematch.IsNamed(t, httpPath, "Client") || typematch.IsNamed(t, apis.RetryableHTTP, "Client") {
			return true
		}
	}
	return false
}

func mapWrites(lit *ast.CompositeLit) []headerWrite {
	var writes []headerWrite
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			writes = append(writes, headerWrite{node: kv, name: kv.Key, value: kv.Value})
		}
	}
	return writes
}

func isHeaderType(t types.Type) bool { return t != nil && typematch.IsNamed(t, httpPath, "Header") }

func isRestyHeaderMethod(fn *types.Func, name string) bool {
	return typematch.IsMethod(fn, apis.RestyV2, "Request", name) || typematch.IsMethod(fn, apis.RestyV2, "Client", name)
}

// helperHeaders returns the header writes of a map that a function of the
// package builds and hands back, when e (assigned whole to a request's
// Header) is a call of it, or a variable given its result once and used
// for nothing else (h, err := c.getHTTPRequestHeader(); req.Header = h:
// loki's logcli builds every request's headers that way). The writes are
// placed at assign, where the request gets them. ok is false for a map
// the analysis cannot see whole.
//
// A header whose name is not a constant is taken for no key when the
// function has no parameter and makes no value anew: it comes from the
// sender's configuration (logcli's auth header name, its --header flags),
// so it is the same on every request the sender makes. An idempotency key
// names one operation: one sent with every request would make the server
// take each request after the first for a repeat of it.
func (c *checker) helperHeaders(e ast.Expr, assign ast.Node) (writes []headerWrite, ok bool) {
	call, isCall := ast.Unparen(e).(*ast.CallExpr)
	if v := c.varOf(e); v != nil {
		u := c.usesOf(v)
		if len(u.defs) != 1 || len(u.calls) > 0 || len(u.fieldSets) > 0 || len(u.other) != 1 {
			return nil, false
		}
		call, isCall = ast.Unparen(u.defs[0]).(*ast.CallExpr)
	}
	if !isCall {
		return nil, false
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	decl := c.declOf(fn)
	if decl == nil {
		return nil, false
	}
	hw, ok := c.returnedHeaders(decl)
	if !ok {
		return nil, false
	}
	configured := fn.Signature().Params().Len() == 0
	for _, w := range hw {
		if c.nameKind(w.name) == unknownHeader && configured && c.fresh.expr(w.name) == nil && c.fresh.expr(w.value) == nil {
			continue
		}
		writes = append(writes, headerWrite{node: assign, name: w.name, value: w.value})
	}
	return writes, true
}

// returnedHeaders returns the writes on the header maps that decl hands
// back as its first result: literals, or a local map it builds (see
// localHeaderWrites); a return of nil (beside an error) hands back none. ok
// is false for any other map.
func (c *checker) returnedHeaders(decl *ast.FuncDecl) (writes []headerWrite, ok bool) {
	declCur, found := c.cursorOf(decl)
	if !found || decl.Type.Results == nil || !isHeaderType(c.pass.TypesInfo.TypeOf(decl.Type.Results.List[0].Type)) {
		return nil, false
	}
	var local *types.Var
	ok = true
	declCur.ChildAt(edge.FuncDecl_Body, -1).Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil)}, func(cur inspector.Cursor) bool {
		ret, isRet := cur.Node().(*ast.ReturnStmt)
		if !isRet || !ok {
			return false // a function literal's returns are its own
		}
		if len(ret.Results) == 0 {
			ok = false // a bare return of named results
			return false
		}
		first := ast.Unparen(ret.Results[0])
		if lit, isLit := first.(*ast.CompositeLit); isLit {
			writes = append(writes, mapWrites(lit)...)
			return false
		}
		if c.pass.TypesInfo.Types[first].IsNil() {
			return false
		}
		v := c.varOf(first)
		if v == nil || local != nil && v != local || c.isParam(v) || v.Parent() == v.Pkg().Scope() {
			ok = false
		}
		local = v
		return false
	})
	if !ok {
		return nil, false
	}
	if local != nil {
		lw, localOK := c.localHeaderWrites(local)
		if !localOK {
			return nil, false
		}
		writes = append(writes, lw...)
	}
	return writes, true
}

// localHeaderWrites returns the writes on the header map h, made in its
// function (make(http.Header) or a literal, then Set, Add and index
// assignments; reads, ranges and returns write nothing); ok is false when h
// is given another value or handed to other code, which may write what the
// analysis cannot see.
func (c *checker) localHeaderWrites(h *types.Var) (writes []headerWrite, ok bool) {
	u := c.usesOf(h)
	for _, d := range u.defs {
		switch d := ast.Unparen(d).(type) {
		case *ast.CallExpr: // make(http.Header)
			id, isIdent := ast.Unparen(d.Fun).(*ast.Ident)
			if !isIdent || !typematch.IsBuiltin(c.pass.TypesInfo, id, "make") {
				return nil, false
			}
		case *ast.CompositeLit:
			writes = append(writes, mapWrites(d)...)
		default:
			return nil, false
		}
	}
	for _, call := range u.calls {
		fn := typematch.Callee(c.pass.TypesInfo, call.Node().(*ast.CallExpr))
		if typematch.IsMethod(fn, httpPath, "Header", "Get") || typematch.IsMethod(fn, httpPath, "Header", "Values") {
			continue
		}
		w := c.headerWrites(call)
		if len(w) == 0 {
			return nil, false
		}
		writes = append(writes, w...)
	}
	for _, ref := range u.other {
		switch {
		case ref.ParentEdgeKind() == edge.ReturnStmt_Results, ref.ParentEdgeKind() == edge.RangeStmt_X:
		case ref.ParentEdgeKind() == edge.IndexExpr_X && ref.Parent().ParentEdgeKind() == edge.AssignStmt_Lhs:
			writes = append(writes, c.headerWrites(ref.Parent().Parent())...)
		default:
			return nil, false
		}
	}
	return writes, true
}
