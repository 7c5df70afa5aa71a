package zerotimeout

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// Bounds set another way than Client.Timeout: on the transport, by an SDK,
// by a setter, or by a fallback that no caller reaches.

// transportBounds reports whether the transport e bounds the wait for the
// server: an http.Transport with a ResponseHeaderTimeout that is not
// provably zero, or whose dial function returns connections with read
// deadlines; a RoundTripper built around such a transport (a struct literal
// with one in a field, a call given one); a variable given one, or whose
// ResponseHeaderTimeout is set; a function of the package that returns
// one.
func (c *checker) transportBounds(e ast.Expr, depth int) bool {
	if e == nil || depth > 6 {
		return false
	}
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.UnaryExpr:
		return e.Op == token.AND && c.transportBounds(e.X, depth+1)
	case *ast.CompositeLit:
		t := c.pass.TypesInfo.TypeOf(e)
		if t == nil {
			return false
		}
		isTransport := typematch.IsNamed(typematch.Deref(t), httpPath, "Transport")
		if !isTransport && (c.failsEveryRequest(t) || c.servesInProcess(t)) {
			return true
		}
		for _, elt := range e.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				if !isTransport && c.transportBounds(elt, depth+1) {
					return true
				}
				continue
			}
			f := c.fieldKey(kv)
			switch {
			case f == nil:
			case !isTransport:
				if c.transportBounds(kv.Value, depth+1) {
					return true // a wrapper around a bounded transport
				}
				if c.forwardsTo(t, f) {
					return true // the client it sends through is judged where it is made
				}
			case f.Name() == "ResponseHeaderTimeout":
				if !c.isZero(kv.Value) {
					return true
				}
			case isDialField(f.Name()):
				if c.dialSetsDeadlines(kv.Value) {
					return true
				}
			}
		}
	case *ast.Ident:
		v, ok := c.pass.TypesInfo.Uses[e].(*types.Var)
		if !ok || v.Pkg() != c.pass.Pkg {
			return false
		}
		return c.varTransportBounds(v, depth)
	case *ast.CallExpr:
		if body, ok := c.calledBody(e); ok && c.returnsBoundedTransport(body, depth) {
			return true
		}
		if fn := typematch.Callee(c.pass.TypesInfo, e); fn != nil && fn.Pkg() != c.pass.Pkg &&
			c.pass.ImportObjectFact(fn, new(BoundedTransportFact)) {
			return true // a transport factory of another package (rclone's fshttp.NewTransportCustom)
		}
		for _, arg := range e.Args {
			if c.transportBounds(arg, depth+1) {
				return true // a wrapper built around a bounded transport
			}
		}
	}
	return false
}

// returnsBoundedTransport reports whether the function whose body is at
// body returns, on every return with results, a transport that bounds the
// wait for the server as its first result.
func (c *checker) returnsBoundedTransport(body inspector.Cursor, depth int) bool {
	bounded, any := true, false
	body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil)}, func(cur inspector.Cursor) bool {
		switch n := cur.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) > 0 {
				any = true
				bounded = bounded && c.transportBounds(n.Results[0], depth+1)
			}
		}
		return bounded
	})
	return any && bounded
}

// calledBody returns the body of the function call calls: a function of
// the package, or the function literal a package-level variable of the
// package is declared with (var DefaultTransport = func() ... {...}, as
// minio-go has), whose default is what the package runs unless a caller
// replaces it.
func (c *checker) calledBody(call *ast.CallExpr) (inspector.Cursor, bool) {
	if body, ok := c.funcBody(typematch.Callee(c.pass.TypesInfo, call)); ok {
		return body, true
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return inspector.Cursor{}, false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() != c.pass.Pkg || v.Parent() != c.pass.Pkg.Scope() {
		return inspector.Cursor{}, false
	}
	return c.funcLitBody(c.varValue(v))
}

// funcLitBody returns the cursor of the body of e when e is a function
// literal of the package's files.
func (c *checker) funcLitBody(e ast.Expr) (inspector.Cursor, bool) {
	lit, ok := ast.Unparen(e).(*ast.FuncLit)
	if !ok {
		return inspector.Cursor{}, false
	}
	cur, ok := source.Cursor(c.insp.Root(), lit)
	if !ok {
		return inspector.Cursor{}, false
	}
	return cur.ChildAt(edge.FuncLit_Body, -1), true
}

func isDialField(name string) bool {
	return name == "DialContext" || name == "Dial" || name == "DialTLSContext" || name == "DialTLS"
}

// varTransportBounds reports whether the variable v holds a transport that
// bounds the wait: its value does, or an assignment sets its
// ResponseHeaderTimeout or its dial function.
func (c *checker) varTransportBounds(v *types.Var, depth int) bool {
	scope := c.insp.Root() // a package-level variable's: every file
	if v.Parent() != c.pass.Pkg.Scope() {
		body, ok := c.declaringBody(v)
		if !ok {
			return false
		}
		if def := c.definition(body, v); def != nil && len(def.lhs) == 1 && c.transportBounds(def.rhs, depth+1) {
			return true
		}
		scope = body
	}
	for cur := range scope.Preorder((*ast.ValueSpec)(nil), (*ast.AssignStmt)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if c.pass.TypesInfo.Defs[name] == v && len(n.Values) == len(n.Names) && c.transportBounds(n.Values[i], depth+1) {
					return true
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				sel, ok := lhs.(*ast.SelectorExpr)
				if !ok || len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN {
					continue
				}
				if p := c.pathOf(sel.X); p == nil || p.root != v || len(p.fields) > 0 {
					continue
				}
				switch name := sel.Sel.Name; {
				case name == "ResponseHeaderTimeout" && !c.isZero(n.Rhs[i]),
					isDialField(name) && c.dialSetsDeadlines(n.Rhs[i]):
					return true
				}
			}
		}
	}
	return false
}

// declaringBody returns the body of the function that declares the local
// variable v.
func (c *checker) declaringBody(v *types.Var) (inspector.Cursor, bool) {
	cur, ok := c.insp.Root().FindByPos(v.Pos(), v.Pos())
	if !ok {
		return inspector.Cursor{}, false
	}
	return enclosingFunc(cur)
}

// dialSetsDeadlines reports whether the dial function e (a function
// literal or a function of the package) sets read deadlines on the
// connections it returns: it calls SetReadDeadline or SetDeadline of a
// net connection, or returns a connection type of the package whose Read
// does.
func (c *checker) dialSetsDeadlines(e ast.Expr) bool {
	var body inspector.Cursor
	ok := false
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		body, ok = c.funcLitBody(e)
	case *ast.Ident:
		fn, _ := c.pass.TypesInfo.Uses[e].(*types.Func)
		body, ok = c.funcBody(fn)
	}
	if !ok {
		return false
	}
	if c.setsDeadline(body) {
		return true
	}
	for cur := range body.Preorder((*ast.CompositeLit)(nil)) {
		t := c.pass.TypesInfo.TypeOf(cur.Node().(*ast.CompositeLit))
		named, ok := types.Unalias(typematch.Deref(t)).(*types.Named)
		if !ok || named.Obj().Pkg() != c.pass.Pkg {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, c.pass.Pkg, "Read")
		if read, ok := c.funcBody(asFunc(obj)); ok && c.setsDeadline(read) {
			return true
		}
	}
	return false
}

func asFunc(obj types.Object) *types.Func {
	fn, _ := obj.(*types.Func)
	return fn
}

// setsDeadline reports whether body calls SetReadDeadline or SetDeadline
// of a net connection (net.Conn, or a connection type of package net).
func (c *checker) setsDeadline(body inspector.Cursor) bool {
	for cur := range body.Preorder((*ast.CallExpr)(nil)) {
		fn := typematch.Callee(c.pass.TypesInfo, cur.Node().(*ast.CallExpr))
		if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "net" &&
			(fn.Name() == "SetReadDeadline" || fn.Name() == "SetDeadline") {
			return true
		}
	}
	return false
}

// setterCall reports whether call, a call of a function or method of the
// package, sets a Timeout that is not provably zero on the client at p,
// which it reaches through its receiver or an argument (s.setTimeout(d)
// for p = s.hc, configure(c) for p = c). reaches reports whether the call
// is given what holds the client at all (s.fetch(u) for p = s.hc), and so
// may send through it.
func (c *checker) setterCall(call *ast.CallExpr, p *path) (sets, reaches bool) {
	var recvExpr ast.Expr
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := c.pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.MethodVal {
			recvExpr = sel.X
		}
	}
	holds := func(e ast.Expr) (*path, bool) {
		ap := c.pathOf(e)
		return ap, ap != nil && ap.root == p.root && len(ap.fields) <= len(p.fields) &&
			slices.Equal(ap.fields, p.fields[:len(ap.fields)])
	}
	for _, e := range append([]ast.Expr{recvExpr}, call.Args...) {
		if _, ok := holds(e); ok && e != nil {
			reaches = true
		}
	}
	fn := typematch.Callee(c.pass.TypesInfo, call)
	body, ok := c.funcBody(fn)
	if !ok || !reaches {
		return false, reaches
	}
	fd := body.Parent().Node().(*ast.FuncDecl)
	type pair struct {
		arg   ast.Expr
		param *types.Var
	}
	var pairs []pair
	if recvExpr != nil && fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
		if recv, ok := c.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]].(*types.Var); ok {
			pairs = append(pairs, pair{recvExpr, recv})
		}
	}
	params := fn.Origin().Signature().Params()
	for i, arg := range call.Args {
		if i < params.Len() {
			pairs = append(pairs, pair{arg, params.At(i)})
		}
	}
	for _, pr := range pairs {
		ap, ok := holds(pr.arg)
		if !ok {
			continue
		}
		target := &path{root: pr.param, fields: p.fields[len(ap.fields):]}
		set := false
		body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.AssignStmt)(nil)}, func(cur inspector.Cursor) bool {
			switch n := cur.Node().(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "Timeout" && n.Tok == token.ASSIGN &&
						len(n.Lhs) == len(n.Rhs) && !c.isZero(n.Rhs[i]) && target.equal(c.pathOf(sel.X)) {
						set = true
					}
				}
			}
			return !set
		})
		if set {
			return true, true
		}
	}
	return false, true
}

// fallback reports whether the mention of http.DefaultClient at cur is
// only a fallback that no caller reaches: it is assigned to x in
// `if x == nil { x = http.DefaultClient }`, x is a parameter (or a field
// of one) of an unexported function of the package (or an unexported
// method that no interface of the package names), and every call of
// that function passes a client there (not nil; for a field, a struct
// literal that sets it), also through a function-typed field the function
// is stored in (fieldCallsPass). A function that only decorates the client
// it is given and hands it back (PassedClientFact) may be exported or called
// anywhere: the calls that give it nil are reported instead, in its package
// and in the packages that import it (nilToDecorator).
func (c *checker) fallback(cur inspector.Cursor) bool {
	p, ok := c.nilFallback(cur)
	if !ok {
		return false
	}
	if c.setByConstructors(cur.Parent().Parent().Parent(), p, cur.Parent().Node().(*ast.AssignStmt)) {
		return true
	}
	fd := directFuncDecl(cur)
	if fd == nil {
		return false
	}
	fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return false
	}
	param := paramOf(fn.Signature(), p.root)
	if param < 0 || (fn.Signature().Variadic() && param == fn.Signature().Params().Len()-1) {
		return false
	}
	if f := c.passedClientOf(fn); len(p.fields) == 0 && f.Param == param && f.Decorates && c.onlyCalled(fn) {
		return true
	}
	if fd.Name.IsExported() || fd.Recv != nil && c.interfaceNames(fn.Name()) {
		return false
	}
	for _, id := range c.mentionsOf(fn) {
		if call, ok := callOf(id); ok {
			arg := typematch.ArgFor(c.pass.TypesInfo, fn, call.Node().(*ast.CallExpr), param)
			if arg == nil || !c.configured(arg, p.fields) {
				return false
			}
			continue
		}
		// A function value: its callers are out of sight, unless it is
		// stored in a function-typed field that the package only calls
		// (prometheus' notifier: o.Do = do, then s.opts.Do(ctx, c, req)).
		f := c.funcFieldStoring(id)
		if f == nil || !c.fieldCallsPass(f, param, p.fields) {
			return false
		}
	}
	return true
}

// interfaceNames reports whether an interface type of the package names a
// method called name: an unexported method of that name may then be called
// through the interface, by calls that do not mention it.
func (c *checker) interfaceNames(name string) bool {
	if c.ifaceMethods == nil {
		c.ifaceMethods = map[string]bool{}
		for _, tv := range c.pass.TypesInfo.Types {
			if it, ok := tv.Type.Underlying().(*types.Interface); ok && tv.IsType() {
				for m := range it.Methods() {
					c.ifaceMethods[m.Name()] = true
				}
			}
		}
	}
	return c.ifaceMethods[name]
}

// nilFallback returns the path x when the expression at cur is assigned
// to it in the body of `if x == nil { x = <cur> }`.
func (c *checker) nilFallback(cur inspector.Cursor) (*path, bool) {
	kind, idx := cur.ParentEdge()
	if kind != edge.AssignStmt_Rhs {
		return nil, false
	}
	as := cur.Parent().Node().(*ast.AssignStmt)
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return nil, false
	}
	p := c.pathOf(as.Lhs[idx])
	if p == nil || len(p.fields) > 1 {
		return nil, false
	}
	// The assignment stands in the body of if x == nil.
	block := cur.Parent().Parent()
	if kind, _ := block.ParentEdge(); kind != edge.IfStmt_Body {
		return nil, false
	}
	cond, ok := ast.Unparen(block.Parent().Node().(*ast.IfStmt).Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.EQL {
		return nil, false
	}
	x, y := cond.X, cond.Y
	if c.isNil(x) {
		x, y = y, x
	}
	if !c.isNil(y) || !p.equal(c.pathOf(x)) {
		return nil, false
	}
	return p, true
}

// onlyCalled reports whether every mention of fn in the package calls it:
// no caller out of sight of this package gives it nil (another package's
// calls are checked through its fact).
func (c *checker) onlyCalled(fn *types.Func) bool {
	for _, id := range c.mentionsOf(fn) {
		if _, ok := callOf(id); !ok {
			return false
		}
	}
	return true
}

// passesClient reports whether call gives its parameter param a client
// (configured at fields, as configured says).
func (c *checker) passesClient(call *ast.CallExpr, param int, fields []*types.Var) bool {
	return !call.Ellipsis.IsValid() && param < len(call.Args) && c.configured(call.Args[param], fields)
}

// funcFieldStoring returns the field of function type that the function
// value at id is stored in, o.F = fn or T{F: fn}, or nil.
func (c *checker) funcFieldStoring(id inspector.Cursor) *types.Var {
	var target ast.Expr
	switch kind, idx := id.ParentEdge(); kind {
	case edge.AssignStmt_Rhs:
		as := id.Parent().Node().(*ast.AssignStmt)
		if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return nil
		}
		sel, ok := ast.Unparen(as.Lhs[idx]).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		target = sel.Sel
	case edge.KeyValueExpr_Value:
		target = id.Parent().Node().(*ast.KeyValueExpr).Key
	default:
		return nil
	}
	key := typematch.Ident(target)
	if key == nil {
		return nil
	}
	f, ok := c.pass.TypesInfo.ObjectOf(key).(*types.Var)
	if !ok || !f.IsField() || f.Pkg() != c.pass.Pkg {
		return nil
	}
	if _, ok := f.Type().Underlying().(*types.Signature); !ok {
		return nil
	}
	return f.Origin()
}

// fieldCallsPass reports whether the package uses the function-typed field
// f only to store a function in it, to compare it with nil, or to call it,
// and every such call gives parameter param a client: whatever function
// the field holds, the package never hands it nil for a client.
func (c *checker) fieldCallsPass(f *types.Var, param int, fields []*types.Var) bool {
	calls := 0
	for _, id := range c.mentionsOf(f) {
		kind, _ := id.ParentEdge()
		if kind == edge.KeyValueExpr_Key {
			continue // a literal that stores a function
		}
		if kind != edge.SelectorExpr_Sel {
			return false
		}
		sel := id.Parent()
		switch k, _ := sel.ParentEdge(); k {
		case edge.AssignStmt_Lhs:
			continue // a store
		case edge.BinaryExpr_X, edge.BinaryExpr_Y:
			if b := sel.Parent().Node().(*ast.BinaryExpr); (b.Op == token.EQL || b.Op == token.NEQ) && (c.isNil(b.X) || c.isNil(b.Y)) {
				continue // o.F == nil
			}
			return false
		case edge.CallExpr_Fun:
			if !c.passesClient(sel.Parent().Node().(*ast.CallExpr), param, fields) {
				return false
			}
			calls++
		default:
			return false // the function escapes: its callers are out of sight
		}
	}
	return calls > 0
}

// setByConstructors reports whether the client that x (at p) holds at the
// fallback if x == nil { x = http.DefaultClient } (ifCur; fallback is the
// assignment) comes from an unexported field of a struct type of the
// package, read directly (c.hc) or through a local variable last given it
// before the if (hc := c.hc), that the package always sets to a client:
// every keyed literal of the struct sets it, every assignment to it gives
// something other than nil, and there is at least one. The fallback then
// serves only a struct the package did not make, such as a zero value made
// elsewhere (minio-go's Client.CredContext).
func (c *checker) setByConstructors(ifCur inspector.Cursor, p *path, fallback *ast.AssignStmt) bool {
	field := p
	if len(p.fields) == 0 {
		v, ok := p.root.(*types.Var)
		body, inBody := enclosingFunc(ifCur)
		if !ok || !inBody {
			return false
		}
		last := c.lastAssignment(body, v, ifCur.Node().Pos())
		if last == nil {
			return false
		}
		field = c.pathOf(last)
		if field == nil || len(field.fields) == 0 {
			return false
		}
	}
	f := field.fields[len(field.fields)-1]
	if f.Exported() || f.Pkg() != c.pass.Pkg {
		return false
	}
	holder := field.root.Type()
	if n := len(field.fields); n > 1 {
		holder = field.fields[n-2].Type()
	}
	named, ok := types.Unalias(typematch.Deref(holder)).(*types.Named)
	if !ok {
		return false
	}
	writes := 0
	for _, id := range c.mentionsOf(f) {
		switch kind, _ := id.ParentEdge(); kind {
		case edge.KeyValueExpr_Key:
			if c.isNil(id.Parent().Node().(*ast.KeyValueExpr).Value) {
				return false
			}
			writes++
		case edge.SelectorExpr_Sel:
			k, idx := id.Parent().ParentEdge()
			if k != edge.AssignStmt_Lhs {
				continue // a read
			}
			as := id.Parent().Parent().Node().(*ast.AssignStmt)
			if as == fallback {
				continue
			}
			if len(as.Lhs) != len(as.Rhs) || c.isNil(as.Rhs[idx]) {
				return false
			}
			writes++
		}
	}
	return writes > 0 && c.literalsSet(named, f)
}

// literalsSet reports whether every keyed literal of the struct type named
// in the package's checked files gives the field f a value.
func (c *checker) literalsSet(named *types.Named, f *types.Var) bool {
	for _, file := range c.nonTestFiles() {
		for cur := range file.Preorder((*ast.CompositeLit)(nil)) {
			lit := cur.Node().(*ast.CompositeLit)
			t := c.pass.TypesInfo.TypeOf(lit)
			if t == nil || !types.Identical(typematch.Deref(t), named) {
				continue
			}
			set := len(lit.Elts) > 0
			if _, keyed := elt0(lit).(*ast.KeyValueExpr); keyed {
				set = slices.ContainsFunc(lit.Elts, func(e ast.Expr) bool {
					kv, ok := e.(*ast.KeyValueExpr)
					return ok && c.fieldKey(kv) != nil && c.fieldKey(kv).Origin() == f
				})
			}
			if !set {
				return false
			}
		}
	}
	return true
}

func elt0(lit *ast.CompositeLit) ast.Expr {
	if len(lit.Elts) == 0 {
		return nil
	}
	return lit.Elts[0]
}

// configured reports whether the argument arg gives a client: for a client
// parameter, anything but nil; for a field of a struct parameter, a struct
// literal that sets that field to something other than nil.
func (c *checker) configured(arg ast.Expr, fields []*types.Var) bool {
	if len(fields) == 0 {
		return !c.isNil(arg)
	}
	e := ast.Unparen(arg)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if f := c.fieldKey(kv); f != nil && f.Origin() == fields[0] {
				return !c.isNil(kv.Value)
			}
		}
	}
	return false
}

func (c *checker) isNil(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	return ok && tv.IsNil()
}

// transportAssigned returns the value last assigned, in the function body
// (not in a closure), to the Transport of the client at p (c.Transport = t),
// or nil; direct says that the assignment stands directly in the body, so
// that every path through the function makes it.
func (c *checker) transportAssigned(body inspector.Cursor, p *path) (last ast.Expr, direct bool) {
	return c.fieldAssigned(body, p, "Transport")
}

// fieldAssigned returns the value last assigned, in the function body (not
// in a closure), to the field named field of the value at p (p.field = v),
// or nil; direct says that the assignment stands directly in the body, so
// that every path through the function makes it.
func (c *checker) fieldAssigned(body inspector.Cursor, p *path, field string) (last ast.Expr, direct bool) {
	fn := body.Parent().Node()
	for cur := range body.Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) || !inFunc(cur, fn) {
			continue
		}
		for i, lhs := range as.Lhs {
			if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == field && p.equal(c.pathOf(sel.X)) {
				last, direct = as.Rhs[i], cur.Parent() == body
			}
		}
	}
	return last, direct
}

// servesInProcess reports whether t is a RoundTripper of this package
// whose RoundTrip answers every request with the response an
// httptest.ResponseRecorder records (or nil and an error): the request is
// served by a handler in this process, never sent, so there is no server
// to wait for (cloudflared's in-memory websocket pipe, test support kept
// outside _test.go files). One that also calls what the standard library
// reaches another process with (a client, a transport, a dialer: the table
// of the shared retry-site recogniser) may send, and is not counted.
func (c *checker) servesInProcess(t types.Type) bool {
	body, ok := c.roundTripBody(t)
	if !ok {
		return false
	}
	recorded, served := 0, true
	body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil), (*ast.CallExpr)(nil)}, func(cur inspector.Cursor) bool {
		switch n := cur.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch {
			case len(n.Results) != 2:
				served = false
			case c.isNil(n.Results[0]):
				served = served && !c.isNil(n.Results[1])
			default:
				served = served && c.recordedResponse(body, n.Results[0])
				recorded++
			}
		case *ast.CallExpr:
			served = served && !retrysite.StdReaches(typematch.Callee(c.pass.TypesInfo, n))
		}
		return served
	})
	return served && recorded > 0
}

// recordedResponse reports whether e, in body, is rec.Result() of an
// httptest.ResponseRecorder (also through a field that embeds one), or a
// variable that body gives only that.
func (c *checker) recordedResponse(body inspector.Cursor, e ast.Expr) bool {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		return typematch.IsMethod(typematch.Callee(c.pass.TypesInfo, call), "net/http/httptest", "ResponseRecorder", "Result")
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	given := 0
	for cur := range body.Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		for i, lhs := range as.Lhs {
			if id, ok := ast.Unparen(lhs).(*ast.Ident); !ok || c.pass.TypesInfo.ObjectOf(id) != v {
				continue
			}
			if len(as.Lhs) != len(as.Rhs) || !c.recordedResponse(body, as.Rhs[i]) {
				return false
			}
			given++
		}
	}
	return given > 0
}

// forwardsTo reports whether t is a RoundTripper of this package whose
// RoundTrip sends every request it sends through the *http.Client in its
// field f (olivere/elastic's AWS signing Transport, which signs and calls
// st.client.Do(req)): each request then waits as long as that client lets
// it, which is judged where that client is made, so a client around t
// needs no Timeout of its own. A RoundTrip that may also send another way
// (the table of the shared retry-site recogniser) is not counted.
func (c *checker) forwardsTo(t types.Type, f *types.Var) bool {
	if !typematch.IsNamed(typematch.Deref(f.Type()), httpPath, "Client") {
		return false
	}
	body, ok := c.roundTripBody(t)
	if !ok {
		return false
	}
	forwards, only := false, true
	// Function literals are looked into: a send made in one (a goroutine,
	// a callback) is a send of RoundTrip's too.
	body.Inspect([]ast.Node{(*ast.CallExpr)(nil)}, func(cur inspector.Cursor) bool {
		call := cur.Node().(*ast.CallExpr)
		fn := typematch.Callee(c.pass.TypesInfo, call)
		if !retrysite.StdReaches(fn) {
			return only
		}
		sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		var held *ast.SelectorExpr
		if sel != nil {
			held, _ = ast.Unparen(sel.X).(*ast.SelectorExpr)
		}
		if typematch.IsMethod(fn, httpPath, "Client", "Do") && held != nil && c.pass.TypesInfo.Uses[held.Sel] == f {
			forwards = true
		} else {
			only = false
		}
		return only
	})
	return forwards && only
}

// roundTripBody returns the body of t's RoundTrip method, when this package
// declares it.
func (c *checker) roundTripBody(t types.Type) (inspector.Cursor, bool) {
	obj, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, "RoundTrip")
	fn, ok := obj.(*types.Func)
	if !ok {
		return inspector.Cursor{}, false
	}
	return c.funcBody(fn)
}

// failsEveryRequest reports whether t is a RoundTripper of this package
// whose RoundTrip answers every request with a nil response and an error
// (not nil: return nil, nil is a placeholder, which says nothing), and
// calls nothing but errors.New or fmt.Errorf: a transport that fails the
// requests it is given (prometheus' failingRoundTripper, kept for a target
// whose client could not be made) and never waits on a server.
func (c *checker) failsEveryRequest(t types.Type) bool {
	body, ok := c.roundTripBody(t)
	if !ok {
		return false
	}
	returns, fails := 0, true
	body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil), (*ast.CallExpr)(nil)}, func(cur inspector.Cursor) bool {
		switch n := cur.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
			fails = fails && len(n.Results) == 2 && c.isNil(n.Results[0]) && !c.isNil(n.Results[1])
		case *ast.CallExpr:
			callee := typematch.Callee(c.pass.TypesInfo, n)
			fails = fails && (typematch.IsFunc(callee, "errors", "New") || typematch.IsFunc(callee, "fmt", "Errorf"))
		}
		return fails
	})
	return fails && returns > 0
}
