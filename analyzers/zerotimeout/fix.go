package zerotimeout

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/fixes"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// durationExpr renders d as Go source in its largest exact unit, the way
// people write it: time.Minute, 30 * time.Second, 1500 * time.Millisecond.
func durationExpr(timeName string, d time.Duration) string {
	units := []struct {
		d    time.Duration
		name string
	}{
		{time.Hour, "Hour"}, {time.Minute, "Minute"}, {time.Second, "Second"},
		{time.Millisecond, "Millisecond"}, {time.Microsecond, "Microsecond"}, {time.Nanosecond, "Nanosecond"},
	}
	for _, u := range units {
		if d%u.d == 0 {
			unit := fixes.QualifiedName(timeName, u.name)
			if d == u.d {
				return unit
			}
			return fmt.Sprintf("%d * %s", d/u.d, unit)
		}
	}
	return fmt.Sprint(int64(d)) // unreachable: every duration is whole nanoseconds
}

// pkgName returns how the file refers at pos to the package importPath, with
// the edits that import it. ok is false when that name is shadowed at pos.
func (c *checker) pkgName(pos token.Pos, importPath string) (name string, edits []analysis.TextEdit, ok bool) {
	name, edits = fixes.AddImport(c.pass.TypesInfo, c.file, pos, importPath)
	if name == "" || len(edits) > 0 {
		return name, edits, true // dot import, or a fresh name AddImport checked
	}
	scope := c.pass.TypesInfo.Scopes[c.file]
	if scope == nil {
		return name, edits, true
	}
	if inner := scope.Innermost(pos); inner != nil {
		scope = inner
	}
	_, obj := scope.LookupParent(name, pos)
	_, isPkg := obj.(*types.PkgName)
	return name, edits, isPkg
}

// The values of http.DefaultTransport (net/http, transport.go) that the
// transport fix keeps: the dial and TLS handshake bounds it already has,
// its keep-alive, and its pool of idle connections.
const (
	defaultDialTimeout     = 30 * time.Second
	defaultKeepAlive       = 30 * time.Second
	defaultTLSHandshake    = 10 * time.Second
	defaultIdleConnTimeout = 90 * time.Second
	defaultExpectContinue  = time.Second
	defaultMaxIdleConns    = 100
)

func transportFixMessage(n names) string {
	return "Bound the wait for the server, not the transfer: ResponseHeaderTimeout: " + n.dur
}

// timeoutEdits sets Timeout on the client cl where it is made.
func (c *checker) timeoutEdits(cl *client, n names) ([]analysis.TextEdit, bool) {
	return c.setField(cl, "Timeout: "+n.dur, true)
}

// setField writes field (Name: value) into the client cl where it is made:
// into its literal (replacing a zero Timeout when timeout is set), as the
// initialiser of var c http.Client, or in place of new(http.Client).
func (c *checker) setField(cl *client, field string, timeout bool) ([]analysis.TextEdit, bool) {
	switch {
	case cl.lit != nil:
		var zero ast.Expr
		if timeout {
			zero, _ = c.timeoutElt(cl.lit, typematch.Deref(c.pass.TypesInfo.TypeOf(cl.lit)))
		}
		if zero != nil {
			_, value, _ := strings.Cut(field, ": ")
			return []analysis.TextEdit{{Pos: zero.Pos(), End: zero.End(), NewText: []byte(value)}}, true
		}
		return c.literalEdits(cl.lit, []string{field})
	case cl.spec != nil:
		return c.zeroVarEdits(cl.spec, field)
	default:
		return c.newEdits(cl.cur, cl.cur.Node().(*ast.CallExpr), field)
	}
}

// clientTransportEdits bounds the wait for the server on the transport of
// the client cl, whose Transport is t (nil: http.DefaultTransport): a
// transport literal of the file gets the bounds it lacks; a client that
// sends through http.DefaultTransport gets a copy of it with the bounds
// added. Any other transport gets no fix: the analyzer cannot see what to
// bound.
func (c *checker) clientTransportEdits(cl *client, t ast.Expr, fl *flow, n names) ([]analysis.TextEdit, bool) {
	if t == nil || c.isDefaultTransport(t) {
		if c.defaults.transport {
			return nil, false // a copy would drop the package's changes to it
		}
		pos := cl.cur.Node().Pos()
		if cl.spec != nil {
			pos = cl.spec.Pos()
		}
		var v types.Object
		if cl.p != nil && len(cl.p.fields) == 0 {
			v = cl.p.root
		}
		text, edits, ok := c.newTransport(pos, !c.perRequest(cl.cur, fl, v), n)
		if !ok {
			return nil, false
		}
		if t != nil {
			return append(edits, analysis.TextEdit{Pos: t.Pos(), End: t.End(), NewText: []byte(text)}), true
		}
		es, ok := c.setField(cl, "Transport: "+text, false)
		return append(edits, es...), ok
	}
	if lit := c.transportLit(t); lit != nil {
		return c.boundTransportEdits(lit, n)
	}
	return nil, false
}

func (c *checker) isDefaultTransport(e ast.Expr) bool {
	p := c.pathOf(e)
	return p != nil && len(p.fields) == 0 && typematch.IsVar(p.root, httpPath, "DefaultTransport")
}

// perRequest reports whether a client made at cur, going where fl says, may
// be made anew for each request: it is made in a function, neither kept in
// a field or a package-level variable nor handed out of sight, nor held in a
// variable (v, when not nil) that a loop uses after it was made.
func (c *checker) perRequest(cur inspector.Cursor, fl *flow, v types.Object) bool {
	_, inFunc := enclosingFunc(cur)
	if !inFunc || fl.stored || fl.hidden {
		return false
	}
	if v == nil {
		return true
	}
	made := cur.Node()
	for _, m := range c.mentionsOf(v) {
		for anc := range m.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			if _, loop := anc.Node().(ast.Stmt); !loop {
				break
			}
			if made.Pos() < anc.Node().Pos() || made.End() > anc.Node().End() {
				return false // made once, then used by every turn of a loop
			}
		}
	}
	return true
}

// transportLit returns the http.Transport literal that the transport
// expression t makes, directly or through a variable of the file given
// it once, or nil.
func (c *checker) transportLit(t ast.Expr) *ast.CompositeLit {
	for range 4 {
		t = ast.Unparen(t)
		if u, ok := t.(*ast.UnaryExpr); ok && u.Op == token.AND {
			t = ast.Unparen(u.X)
		}
		switch e := t.(type) {
		case *ast.CompositeLit:
			if typematch.IsNamed(c.pass.TypesInfo.TypeOf(e), httpPath, "Transport") && c.inFile(e) {
				return e
			}
			return nil
		case *ast.Ident:
			v, ok := c.pass.TypesInfo.Uses[e].(*types.Var)
			if !ok || v.Pkg() != c.pass.Pkg {
				return nil
			}
			next := c.varValue(v)
			if next == nil {
				return nil
			}
			t = next
		default:
			return nil
		}
	}
	return nil
}

// varValue returns the only value the variable v is given: its
// initialiser or its single assignment.
func (c *checker) varValue(v *types.Var) ast.Expr {
	if v.Parent() != c.pass.Pkg.Scope() {
		body, ok := c.declaringBody(v)
		if !ok {
			return nil
		}
		if def := c.definition(body, v); def != nil && len(def.lhs) == 1 {
			return def.rhs
		}
		return nil
	}
	var value ast.Expr
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if c.pass.TypesInfo.Defs[name] == v && len(vs.Values) == len(vs.Names) {
						value = vs.Values[i]
					}
				}
			}
		}
	}
	return value
}

func (c *checker) inFile(n ast.Node) bool {
	return c.file.FileStart <= n.Pos() && n.End() <= c.file.FileEnd
}

// boundTransportEdits adds to an http.Transport literal the bounds it
// lacks: ResponseHeaderTimeout, TLSHandshakeTimeout, and a dial timeout
// where adding a DialContext keeps the transport's choice of HTTP/2 (net/http
// does not attempt HTTP/2 on a transport with its own dialer unless
// ForceAttemptHTTP2 is set, or TLSClientConfig, TLSNextProto or Protocols
// already decide it). A zero value is replaced.
func (c *checker) boundTransportEdits(lit *ast.CompositeLit, n names) ([]analysis.TextEdit, bool) {
	set := make(map[string]ast.Expr)
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return nil, false // an unkeyed literal: no room for fields
		}
		if f := c.fieldKey(kv); f != nil {
			set[f.Name()] = kv.Value
		}
	}
	var edits []analysis.TextEdit
	var fields []string
	bound := func(name, value string) {
		v, ok := set[name]
		switch {
		case !ok:
			fields = append(fields, name+": "+value)
		case c.isZero(v):
			edits = append(edits, analysis.TextEdit{Pos: v.Pos(), End: v.End(), NewText: []byte(value)})
		}
	}
	_, dialer := set["DialContext"]
	for _, f := range []string{"Dial", "DialTLS", "DialTLSContext"} {
		_, d := set[f]
		dialer = dialer || d
	}
	h2Decided := set["TLSClientConfig"] != nil || set["TLSNextProto"] != nil || set["Protocols"] != nil
	if v, ok := set["ForceAttemptHTTP2"]; ok {
		tv := c.pass.TypesInfo.Types[v]
		h2Decided = h2Decided || (tv.Value != nil && constant.BoolVal(tv.Value))
	}
	if !dialer && h2Decided {
		netName, es, ok := c.pkgName(lit.Pos(), "net")
		if !ok {
			return nil, false
		}
		edits = append(edits, es...)
		fields = append(fields, "DialContext: (&"+fixes.QualifiedName(netName, "Dialer")+"{Timeout: "+
			durationExpr(n.time, defaultDialTimeout)+"}).DialContext")
	}
	bound("TLSHandshakeTimeout", durationExpr(n.time, defaultTLSHandshake))
	bound("ResponseHeaderTimeout", n.dur)
	if len(fields) > 0 {
		es, ok := c.literalEdits(lit, fields)
		if !ok {
			return nil, false
		}
		edits = append(edits, es...)
	}
	return edits, true
}

// newTransport returns the source of a copy of http.DefaultTransport's
// settings with ResponseHeaderTimeout added, as code at pos writes it, and
// the edits that import net/http and net. A client made for one request
// (shared false) gets a transport that keeps no idle connections, since
// nothing would reuse them.
func (c *checker) newTransport(pos token.Pos, shared bool, n names) (string, []analysis.TextEdit, bool) {
	httpName, edits, ok := c.pkgName(pos, httpPath)
	if !ok {
		return "", nil, false
	}
	netName, netEdits, ok := c.pkgName(pos, "net")
	if !ok {
		return "", nil, false
	}
	d := func(v time.Duration) string { return durationExpr(n.time, v) }
	fields := []string{
		"Proxy: " + fixes.QualifiedName(httpName, "ProxyFromEnvironment"),
		"DialContext: (&" + fixes.QualifiedName(netName, "Dialer") + "{Timeout: " + d(defaultDialTimeout) +
			", KeepAlive: " + d(defaultKeepAlive) + "}).DialContext",
		"ForceAttemptHTTP2: true",
	}
	if shared {
		fields = append(fields, fmt.Sprintf("MaxIdleConns: %d", defaultMaxIdleConns), "IdleConnTimeout: "+d(defaultIdleConnTimeout))
	} else {
		fields = append(fields, "DisableKeepAlives: true")
	}
	fields = append(fields,
		"TLSHandshakeTimeout: "+d(defaultTLSHandshake),
		"ExpectContinueTimeout: "+d(defaultExpectContinue),
		"ResponseHeaderTimeout: "+n.dur,
	)
	indent := c.indent(pos)
	text := "&" + fixes.QualifiedName(httpName, "Transport") + "{\n"
	for _, f := range fields {
		text += indent + "\t" + f + ",\n"
	}
	text += indent + "}"
	return text, append(edits, netEdits...), true
}

// indent returns the leading white space of the line of pos, so that the
// lines of a fix line up before gofmt runs (drivers format fixed files,
// but an editor applying a quick fix may not).
func (c *checker) indent(pos token.Pos) string {
	tf := c.pass.Fset.File(pos)
	if tf == nil || c.pass.ReadFile == nil {
		return ""
	}
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil || tf.Size() != len(src) {
		return ""
	}
	return fixes.Indent(src, tf.Offset(pos))
}

// defaultClientEdits replaces the expression at cur (http.DefaultClient,
// or the function http.<method>) by a new client (or its method) that
// keeps what the package set on http.DefaultClient (its Transport, Jar,
// CheckRedirect, read when the call runs) and is bounded: with a Timeout
// when the response is read whole, else (when the package leaves
// http.DefaultClient's transport alone) with a copy of
// http.DefaultTransport whose ResponseHeaderTimeout is set. A client with
// a Timeout and a nil Transport sends through http.DefaultTransport, as
// http.DefaultClient does, so connections are still pooled and shared.
func (c *checker) defaultClientEdits(cur inspector.Cursor, fl *flow, whole bool, method string, n names) ([]analysis.TextEdit, string, bool) {
	expr := cur.Node().(ast.Expr)
	httpName, edits, ok := c.pkgName(expr.Pos(), httpPath)
	if !ok {
		return nil, "", false
	}
	var fields []string
	for _, f := range []string{"Transport", "Jar", "CheckRedirect"} {
		if c.defaults.fields[f] && (whole || f != "Transport") {
			fields = append(fields, f+": "+fixes.QualifiedName(httpName, "DefaultClient")+"."+f)
		}
	}
	title := "Set Timeout: " + n.dur
	if whole {
		fields = append(fields, "Timeout: "+n.dur)
	} else {
		if c.defaults.fields["Transport"] || c.defaults.transport {
			return nil, "", false // the bound would replace the package's own transport
		}
		var v types.Object
		if kind, idx := cur.ParentEdge(); kind == edge.AssignStmt_Rhs {
			if p := c.pathOf(cur.Parent().Node().(*ast.AssignStmt).Lhs[idx]); p != nil && len(p.fields) == 0 {
				v = p.root
			}
		}
		t, es, ok := c.newTransport(expr.Pos(), !c.perRequest(cur, fl, v), n)
		if !ok {
			return nil, "", false
		}
		edits = append(edits, es...)
		fields = append([]string{"Transport: " + t}, fields...)
		title = transportFixMessage(n)
	}
	text := "&" + fixes.QualifiedName(httpName, "Client") + "{" + strings.Join(fields, ", ") + "}"
	if method != "" {
		text = "(" + text + ")." + method
	} else if needParens(cur) {
		text = "(" + text + ")"
	}
	return append(edits, analysis.TextEdit{Pos: expr.Pos(), End: expr.End(), NewText: []byte(text)}), title, true
}

// literalEdits adds fields (each Name: value) to a literal after its last
// field: on the same line when the closing brace follows it there, else on
// lines of their own before the brace's line, so that comments stay on the
// lines they describe.
func (c *checker) literalEdits(lit *ast.CompositeLit, fields []string) ([]analysis.TextEdit, bool) {
	field := strings.Join(fields, ", ")
	tf := c.pass.Fset.File(lit.Rbrace)
	if tf == nil {
		return nil, false
	}
	// Raw positions: a //line directive must not move the edits.
	line := func(p token.Pos) int { return tf.PositionFor(p, false).Line }
	column := func(p token.Pos) int { return tf.PositionFor(p, false).Column }
	ownLine := func(indentCols int) []analysis.TextEdit {
		at := tf.LineStart(line(lit.Rbrace))
		indent := strings.Repeat("\t", max(indentCols, 0)) // gofmt indents with tabs
		text := ""
		for _, f := range fields {
			text += indent + f + ",\n"
		}
		return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}}
	}
	if len(lit.Elts) == 0 {
		if line(lit.Lbrace) == line(lit.Rbrace) {
			return []analysis.TextEdit{{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte(field)}}, true
		}
		return ownLine(column(lit.Rbrace)), true // one level deeper than the brace
	}
	last := lit.Elts[len(lit.Elts)-1]
	if line(last.End()) == line(lit.Rbrace) {
		return []analysis.TextEdit{{Pos: last.End(), End: last.End(), NewText: []byte(", " + field)}}, true
	}
	// Indent like the first element on the last element's line.
	first := last
	for _, e := range lit.Elts {
		if line(e.Pos()) == line(last.Pos()) {
			first = e
			break
		}
	}
	return ownLine(column(first.Pos()) - 1), true
}

// zeroVarEdits turns var c http.Client into var c = http.Client{field}.
// A declaration of several names gets no fix: splitting it would move
// comments and change the reading order.
func (c *checker) zeroVarEdits(spec *ast.ValueSpec, field string) ([]analysis.TextEdit, bool) {
	if len(spec.Names) != 1 || !isTypeName(spec.Type) {
		return nil, false
	}
	text := " = " + types.ExprString(spec.Type) + "{" + field + "}"
	return []analysis.TextEdit{{Pos: spec.Names[0].End(), End: spec.Type.End(), NewText: []byte(text)}}, true
}

// newEdits turns new(http.Client) into &http.Client{field}, spelled as the
// call spelled the type.
func (c *checker) newEdits(cur inspector.Cursor, call *ast.CallExpr, field string) ([]analysis.TextEdit, bool) {
	if !isTypeName(call.Args[0]) {
		return nil, false
	}
	text := "&" + types.ExprString(call.Args[0]) + "{" + field + "}"
	if needParens(cur) {
		text = "(" + text + ")"
	}
	return []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(text)}}, true
}

// isTypeName reports whether e is a plain or qualified type name, which a
// composite literal can start with.
func isTypeName(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		_, ok := e.X.(*ast.Ident)
		return ok
	}
	return false
}

// needParens reports whether &T{...} written in place of the expression at
// cur needs parentheses: as the operand of a selector, or in the header of an
// if, for or switch statement, where its brace would open the block.
func needParens(cur inspector.Cursor) bool {
	if kind, _ := cur.ParentEdge(); kind == edge.SelectorExpr_X {
		return true
	}
	for ; cur.Node() != nil; cur = cur.Parent() {
		kind, _ := cur.ParentEdge()
		switch kind {
		case edge.IfStmt_Init, edge.IfStmt_Cond, edge.ForStmt_Init, edge.ForStmt_Cond, edge.ForStmt_Post,
			edge.SwitchStmt_Init, edge.SwitchStmt_Tag, edge.TypeSwitchStmt_Init, edge.TypeSwitchStmt_Assign,
			edge.RangeStmt_X:
			return true
		case edge.ParenExpr_X, edge.CallExpr_Args, edge.IndexExpr_Index, edge.CompositeLit_Elts,
			edge.BlockStmt_List, edge.FuncLit_Body:
			return false
		}
	}
	return false
}
