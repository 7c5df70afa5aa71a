package zerotimeout

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// A flow is where a client goes in the package: the places that send
// through it, and whether it also reaches code out of sight (another
// package, an exported name, a function value), which may send through it
// in any way.
type flow struct {
	// sends are the cursors of the selectors c.Do, c.Get, ... (the call is
	// their parent, unless the method is taken as a value) and of the
	// package functions http.Get, ... that send through http.DefaultClient.
	sends  []inspector.Cursor
	hidden bool
	// stored is true when the client is kept in a field or a package-level
	// variable: made once, it serves many requests.
	stored bool
	// readElsewhere is true when another package sends through the client
	// too (under deadlines, see BoundedFieldFact), reading its responses
	// in ways the analyzer does not see.
	readElsewhere bool
	// longCalls is true when the client is handed to an SDK whose calls
	// may rightly wait as long as they take (apis.LongCallSDKs): no Timeout
	// fits a client they share.
	longCalls bool
	// toModule lists the exported functions of an internal package that
	// return the client as their only result: the other packages that call
	// them can only be of the same module, which checks each call through
	// the function's UnboundedClientFact (see returned.go).
	toModule []*types.Func
}

func (f *flow) add(g *flow) {
	f.sends = append(f.sends, g.sends...)
	f.hidden = f.hidden || g.hidden
	f.stored = f.stored || g.stored
	f.readElsewhere = f.readElsewhere || g.readElsewhere
	f.longCalls = f.longCalls || g.longCalls
	f.toModule = append(f.toModule, g.toModule...)
}

// sendMethods are the methods of http.Client that send a request.
var sendMethods = []string{"Do", "Get", "Head", "Post", "PostForm"}

func isSendMethod(obj types.Object) bool {
	for _, name := range sendMethods {
		if typematch.IsMethod(obj, httpPath, "Client", name) {
			return true
		}
	}
	return false
}

// mentionsOf lists the cursors of the identifiers that refer to obj:
// a variable, a field or a function (keyed by their origin). The index is
// built once per pass, on first need. Uses in _test.go files are left out
// unless -zerotimeout.tests is set: a client only tests use is test code.
func (c *checker) mentionsOf(obj types.Object) []inspector.Cursor {
	if c.mentions == nil {
		c.mentions = make(map[types.Object][]inspector.Cursor)
		for fcur := range c.insp.Root().Children() {
			if !tests && source.IsTestFile(c.pass.Fset, fcur.Node().Pos()) {
				continue
			}
			c.indexMentions(fcur)
		}
	}
	return c.mentions[obj]
}

func (c *checker) indexMentions(file inspector.Cursor) {
	for cur := range file.Preorder((*ast.Ident)(nil)) {
		switch o := c.pass.TypesInfo.Uses[cur.Node().(*ast.Ident)].(type) {
		case *types.Var:
			c.mentions[o.Origin()] = append(c.mentions[o.Origin()], cur)
		case *types.Func:
			c.mentions[o.Origin()] = append(c.mentions[o.Origin()], cur)
		}
	}
}

// follow adds to fl where the client that the expression at cur evaluates
// to goes: a method that sends, a variable or field it is stored in (and
// from there, their uses), a function of the package it is passed to or
// returned from (and from there, its parameter or its callers).
func (c *checker) follow(cur inspector.Cursor, fl *flow) {
	for {
		kind, idx := cur.ParentEdge()
		parent := cur.Parent()
		switch kind {
		case edge.ParenExpr_X, edge.StarExpr_X:
			cur = parent
			continue
		case edge.UnaryExpr_X:
			if parent.Node().(*ast.UnaryExpr).Op == token.AND {
				cur = parent
				continue
			}
		case edge.SelectorExpr_X:
			sel, ok := c.pass.TypesInfo.Selections[parent.Node().(*ast.SelectorExpr)]
			switch {
			case !ok:
			case sel.Kind() == types.FieldVal:
				return // reading or setting a field sends nothing
			case isSendMethod(sel.Obj()):
				fl.sends = append(fl.sends, parent)
				if !isCall(parent) {
					fl.stored = true // a method value keeps the client
				}
				return
			case typematch.IsMethod(sel.Obj(), httpPath, "Client", "CloseIdleConnections"):
				return
			}
		case edge.BinaryExpr_X, edge.BinaryExpr_Y:
			if op := parent.Node().(*ast.BinaryExpr).Op; op == token.EQL || op == token.NEQ {
				return // a comparison
			}
		case edge.AssignStmt_Rhs:
			as := parent.Node().(*ast.AssignStmt)
			if len(as.Lhs) == len(as.Rhs) {
				c.flowInto(as.Lhs[idx], fl)
				return
			}
		case edge.ValueSpec_Values:
			spec := parent.Node().(*ast.ValueSpec)
			if len(spec.Names) == len(spec.Values) {
				c.flowInto(spec.Names[idx], fl)
				return
			}
		case edge.KeyValueExpr_Value:
			kv := parent.Node().(*ast.KeyValueExpr)
			if lit, ok := parent.Parent().Node().(*ast.CompositeLit); ok && c.boundedPerTry(lit, kv) {
				return // every request the SDK sends through it has a deadline
			}
			if f := c.fieldKey(kv); f != nil {
				fl.stored = true
				fl.add(c.flowOf(f))
				return
			}
		case edge.CallExpr_Args:
			if c.flowArg(parent, idx, fl) {
				return
			}
		case edge.ReturnStmt_Results:
			if c.flowReturn(parent, idx, fl) {
				return
			}
		}
		fl.hidden = true // stored or passed where the analyzer cannot follow
		return
	}
}

// callOf returns the call that the mention id of a function calls (f(...)
// or x.f(...)); ok is false when the function is taken as a value.
func callOf(id inspector.Cursor) (call inspector.Cursor, ok bool) {
	called := id
	if kind, _ := id.ParentEdge(); kind == edge.SelectorExpr_Sel {
		called = id.Parent()
	}
	if kind, _ := called.ParentEdge(); kind != edge.CallExpr_Fun {
		return inspector.Cursor{}, false
	}
	return called.Parent(), true
}

// keyed returns the value lit gives the field called name, or nil.
func (c *checker) keyed(lit *ast.CompositeLit, name string) ast.Expr {
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if f := c.fieldKey(kv); f != nil && f.Name() == name {
				return kv.Value
			}
		}
	}
	return nil
}

// fieldKey returns the struct field that a key of a struct literal names.
func (c *checker) fieldKey(kv *ast.KeyValueExpr) *types.Var {
	id, ok := kv.Key.(*ast.Ident)
	if !ok {
		return nil
	}
	if f, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && f.IsField() {
		return f
	}
	return nil
}

// flowInto follows a client stored by an assignment to lhs.
func (c *checker) flowInto(lhs ast.Expr, fl *flow) {
	if id, ok := lhs.(*ast.Ident); ok && id.Name == "_" {
		return
	}
	if _, ok := ast.Unparen(lhs).(*ast.StarExpr); ok {
		fl.hidden = true // stored through a pointer
		return
	}
	p := c.pathOf(lhs)
	switch {
	case p == nil:
		fl.hidden = true
	case len(p.fields) > 0:
		if local, ok := c.localFieldFlow(p); ok {
			fl.add(local)
			return
		}
		fl.stored = true
		fl.add(c.flowOf(p.fields[len(p.fields)-1]))
	default:
		fl.stored = fl.stored || p.root.Parent() == p.root.Pkg().Scope()
		fl.add(c.flowOf(p.root))
	}
}

// localFieldFlow returns where a client stored in the field path p of a
// local variable goes when the variable holds the struct itself, not a
// pointer to it (func newLogger(cfg Config) { ... cfg.HTTPC =
// http.DefaultClient }): that copy is the function's own, so the field is
// reached only through the variable, even when the field is exported. ok
// is false when the path passes through a pointer, or the struct is used
// whole (copied, passed, its address taken), which takes it out of sight.
func (c *checker) localFieldFlow(p *path) (fl *flow, ok bool) {
	v, isVar := p.root.(*types.Var)
	if !isVar || v.IsField() || v.Pkg() != c.pass.Pkg || v.Parent() == c.pass.Pkg.Scope() {
		return nil, false
	}
	if _, ok := v.Type().Underlying().(*types.Struct); !ok {
		return nil, false
	}
	for _, f := range p.fields[:len(p.fields)-1] {
		if _, ok := f.Type().Underlying().(*types.Struct); !ok {
			return nil, false
		}
	}
	key := p.key()
	if done, ok := c.localFlows[key]; ok {
		return done, done != nil // done, or in progress: a cycle adds nothing new
	}
	fl = &flow{}
	c.localFlows[key] = fl
	defer func() {
		if !ok {
			c.localFlows[key] = nil
		}
	}()
	for _, id := range c.mentionsOf(v) {
		cur, depth := id, 0
		for depth < len(p.fields) {
			kind, _ := cur.ParentEdge()
			if kind != edge.SelectorExpr_X {
				break
			}
			sel, ok := c.pass.TypesInfo.Selections[cur.Parent().Node().(*ast.SelectorExpr)]
			if !ok || sel.Kind() != types.FieldVal || sel.Obj().(*types.Var).Origin() != p.fields[depth] {
				break
			}
			cur, depth = cur.Parent(), depth+1
		}
		kind, _ := cur.ParentEdge()
		switch {
		case kind == edge.AssignStmt_Lhs:
			// A new value stored over the client or a struct around it.
		case depth == len(p.fields):
			c.follow(cur, fl) // the client read from the field
		case kind == edge.SelectorExpr_X && c.isFieldRead(cur.Parent()):
			// Another field: it holds no part of the client.
		default:
			return nil, false // the struct used whole
		}
	}
	return fl, true
}

// isFieldRead reports whether the selector at cur selects a field (not a
// method, which may read any field).
func (c *checker) isFieldRead(cur inspector.Cursor) bool {
	sel, ok := c.pass.TypesInfo.Selections[cur.Node().(*ast.SelectorExpr)]
	return ok && sel.Kind() == types.FieldVal
}

// flowOf returns where a client stored in the variable or field v goes:
// the union over v's uses in the package. An exported field or package-level
// variable, or one of another package, is hidden: code out of sight may use
// it. An embedded field is too: its methods are called without naming it.
func (c *checker) flowOf(v types.Object) *flow {
	if fv, ok := v.(*types.Var); ok {
		v = fv.Origin()
	}
	if fl, ok := c.flows[v]; ok {
		return fl // done, or in progress: a cycle adds nothing new
	}
	fl := &flow{}
	c.flows[v] = fl
	vr, ok := v.(*types.Var)
	switch {
	case ok && vr.IsField() && v.Pkg() != c.pass.Pkg && !vr.Embedded() && c.pass.ImportObjectFact(vr, new(BoundedFieldFact)):
		// Its package sends through it only with deadlines: what is left
		// to follow are this package's own uses.
		fl.readElsewhere = true
	case !ok || v.Pkg() != c.pass.Pkg || vr.Embedded() ||
		((vr.IsField() || vr.Parent() == c.pass.Pkg.Scope()) && v.Exported()):
		fl.hidden = true
		return fl
	}
	fl.add(c.mentionFlow(vr))
	return fl
}

// mentionFlow returns where a client stored in the variable or field v
// goes through its mentions in the package.
func (c *checker) mentionFlow(vr *types.Var) *flow {
	var acc flow
	for _, id := range c.mentionsOf(vr) {
		mention := id
		if vr.IsField() {
			if kind, _ := id.ParentEdge(); kind != edge.SelectorExpr_Sel {
				continue // the key of a struct literal: a store
			}
			mention = id.Parent()
		}
		if kind, _ := mention.ParentEdge(); kind == edge.AssignStmt_Lhs {
			continue // a new value stored
		}
		c.follow(mention, &acc)
	}
	return &acc
}

// flowArg follows a client passed as argument idx of the call at cur, and
// reports whether it could: into the parameter of a function declared in
// the package, into the result of a function that only decorates the client
// and hands it back (PassedClientFact), or into an SDK whose calls take as
// long as they take (apis.LongCallSDKs), where no Timeout belongs.
func (c *checker) flowArg(cur inspector.Cursor, idx int, fl *flow) bool {
	call := cur.Node().(*ast.CallExpr)
	fn := typematch.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	if fn.Pkg() != nil && apis.IsLongCallOption(fn.Pkg().Path(), fn.Name()) && fn.Signature().Recv() == nil {
		fl.longCalls = true
		return true
	}
	if f := c.decorated(fn); f.Decorates && f.Param == idx && !call.Ellipsis.IsValid() {
		// The client comes back as the result, and goes nowhere else.
		c.followResult(cur, fn.Signature().Results().Len(), 0, fl)
		return true
	}
	if c.funcDecl(fn) == nil {
		return false
	}
	sig := fn.Signature()
	if idx >= sig.Params().Len() || (sig.Variadic() && idx >= sig.Params().Len()-1) || call.Ellipsis.IsValid() {
		return false
	}
	fl.add(c.flowOf(sig.Params().At(idx)))
	return true
}

// funcDecl returns the declaration, with a body, of fn in this package.
func (c *checker) funcDecl(fn *types.Func) *ast.FuncDecl {
	if cur, ok := c.funcDeclCursor(fn); ok {
		return cur.Node().(*ast.FuncDecl)
	}
	return nil
}

// funcBody returns the cursor of the body of fn's declaration in this
// package, for walks over it.
func (c *checker) funcBody(fn *types.Func) (inspector.Cursor, bool) {
	cur, ok := c.funcDeclCursor(fn)
	if !ok {
		return inspector.Cursor{}, false
	}
	return cur.ChildAt(edge.FuncDecl_Body, -1), true
}

// funcDeclCursor returns the cursor of fn's declaration, with a body, in
// this package.
func (c *checker) funcDeclCursor(fn *types.Func) (inspector.Cursor, bool) {
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return inspector.Cursor{}, false
	}
	if c.decls == nil {
		c.decls = make(map[*types.Func]inspector.Cursor)
		for fcur := range c.insp.Root().Children() {
			for dcur := range fcur.Children() {
				if fd, ok := dcur.Node().(*ast.FuncDecl); ok && fd.Body != nil {
					if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						c.decls[obj] = dcur
					}
				}
			}
		}
	}
	cur, ok := c.decls[fn.Origin()]
	return cur, ok
}

// flowReturn follows a client returned as result idx by the return
// statement at cur into the callers of its function, and reports whether
// it could: the function must be declared in the package, unexported, and
// only ever called (not taken as a value), and a method must not be
// callable through an interface of the package. An exported function of an
// internal package whose only result is the client is followed too: its
// calls in the package like an unexported function's, and those of the
// other packages, which only its own module can hold, through toModule.
// So is a function literal that is the value of an unexported
// package-level variable (loki's defaultClientFactory = func() *http.Client
// {...}), through the calls of the variable.
func (c *checker) flowReturn(cur inspector.Cursor, idx int, fl *flow) bool {
	callee, sig, exported := c.returningFunc(cur)
	if callee == nil {
		return false
	}
	nres := sig.Results().Len()
	fn, isFunc := callee.(*types.Func)
	if exported && (!isFunc || nres != 1 || !typematch.IsInternal(c.pass.Pkg.Path())) {
		return false
	}
	key := result{callee, idx}
	if r, ok := c.results[key]; ok {
		fl.add(r)
		return true
	}
	r := &flow{}
	c.results[key] = r
	var acc flow
	if exported {
		acc.toModule = []*types.Func{fn}
	}
	for _, id := range c.mentionsOf(callee) {
		if call, ok := callOf(id); ok {
			c.followResult(call, nres, idx, &acc)
		} else if kind, _ := id.ParentEdge(); kind != edge.AssignStmt_Lhs || isFunc {
			acc.hidden = true // a function value: its callers are out of sight
		}
		// Else another function stored in the variable: this one's clients
		// go nowhere through it.
	}
	r.add(&acc)
	fl.add(r)
	return true
}

// returningFunc returns the function whose return statement is at cur: a
// function or method declared in the package (not one an interface of the
// package has a method of the same name as), or the variable a function
// literal is the value of, when it is an unexported package-level
// variable. exported says whether the function is exported.
func (c *checker) returningFunc(cur inspector.Cursor) (fn types.Object, sig *types.Signature, exported bool) {
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch d := f.Node().(type) {
		case *ast.FuncDecl:
			obj, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
			if !ok || (d.Recv != nil && c.interfaceMethod(d.Name.Name)) {
				return nil, nil, false
			}
			return obj, obj.Signature(), d.Name.IsExported()
		case *ast.FuncLit:
			v := c.packageVarOf(f)
			if v == nil {
				return nil, nil, false
			}
			sig, ok := v.Type().Underlying().(*types.Signature)
			if !ok {
				return nil, nil, false
			}
			return v, sig, false
		}
	}
	return nil, nil, false
}

// packageVarOf returns the unexported package-level variable that the
// function literal at lit is declared as the value of, or nil.
func (c *checker) packageVarOf(lit inspector.Cursor) *types.Var {
	kind, idx := lit.ParentEdge()
	if kind != edge.ValueSpec_Values {
		return nil
	}
	spec := lit.Parent().Node().(*ast.ValueSpec)
	if len(spec.Names) != len(spec.Values) {
		return nil
	}
	v, ok := c.pass.TypesInfo.Defs[spec.Names[idx]].(*types.Var)
	if !ok || v.Exported() || v.Parent() != c.pass.Pkg.Scope() {
		return nil
	}
	return v
}

// followResult follows result idx of the call at call, of a function with
// nres results: the call itself when it has one, else the variable it is
// assigned to.
func (c *checker) followResult(call inspector.Cursor, nres, idx int, fl *flow) {
	if nres == 1 {
		c.follow(call, fl)
		return
	}
	switch kind, _ := call.ParentEdge(); kind {
	case edge.AssignStmt_Rhs:
		if as := call.Parent().Node().(*ast.AssignStmt); len(as.Rhs) == 1 && len(as.Lhs) == nres {
			c.flowInto(as.Lhs[idx], fl)
			return
		}
	case edge.ValueSpec_Values:
		if spec := call.Parent().Node().(*ast.ValueSpec); len(spec.Values) == 1 && len(spec.Names) == nres {
			c.flowInto(spec.Names[idx], fl)
			return
		}
	}
	fl.hidden = true
}

// A result is one result of a function, whose flow is cached.
type result struct {
	fn  types.Object // a function, or a variable holding a function literal
	idx int
}

// interfaceMethod reports whether an interface type declared at package
// level has a method called name: a method of that name may be called
// through it, out of sight of its mentions.
func (c *checker) interfaceMethod(name string) bool {
	scope := c.pass.Pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok {
			continue
		}
		if it, ok := tn.Type().Underlying().(*types.Interface); ok {
			for m := range it.Methods() {
				if m.Name() == name {
					return true
				}
			}
		}
	}
	return false
}
