package unkeyedpost

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/fixes"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// stripe-go keys its own write requests, but only those that carry params
// (see apis.StripeRawRequest): a RawRequest POST given nil params is sent
// with no Idempotency-Key, and the backend retries it by itself. With
// &stripe.RawParams{} the backend makes one key for the call and sends it
// on every attempt it makes; a retry site of the user's own around the
// call needs more, a key made once before it, since each call makes its own.

// stripeRaw handles a call of one of stripe-go's RawRequest functions.
func (c *checker) stripeRaw(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func) {
	i, rawParams, ok := apis.StripeRawRequest(fn)
	if !ok || len(call.Args) <= i || c.method(call.Args[0]) != "POST" { // stripe-go refuses PATCH
		return
	}
	params := call.Args[i]
	if !c.pass.TypesInfo.Types[params].IsNil() || c.stripeRetriesSet() {
		return
	}
	r, inSite := c.siteOf(call)
	if !inSite {
		r = retrier{client: selfRetry{attempts: apis.StripeAttempts, lib: "stripe-go's backend",
			setting: fmt.Sprintf("MaxNetworkRetries %d by default", apis.StripeAttempts-1)}}
	}
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(),
		Message: fmt.Sprintf("POST by stripe-go's RawRequest with nil params is retried by %s without an Idempotency-Key "+
			"(stripe-go adds one only to a request with params): %s; ", r, why),
	}
	if inSite {
		d.Message += "pass &stripe.RawParams{} with Params.IdempotencyKey set to a key made once before the retry"
		d.SuggestedFixes = c.stripeKeyFix(cur, call, params, types.NewPointer(rawParams.Type()))
	} else {
		d.Message += "pass &stripe.RawParams{}, and stripe-go sends one key on all its attempts"
		d.SuggestedFixes = c.rawParamsFix(cur, params, rawParams)
	}
	c.report(d)
}

// rawParamsFix replaces nil params by an empty *RawParams, for which
// stripe-go makes the call's Idempotency-Key itself.
func (c *checker) rawParamsFix(cur inspector.Cursor, params ast.Expr, rawParams *types.TypeName) []analysis.SuggestedFix {
	file := c.fileOf(cur)
	if file == nil {
		return nil
	}
	pkg, edits := fixes.AddImport(c.pass.TypesInfo, file, params.Pos(), rawParams.Pkg().Path(), "stripe")
	lit := "&" + fixes.QualifiedName(pkg, rawParams.Name()) + "{}"
	edits = append(edits, analysis.TextEdit{Pos: params.Pos(), End: params.End(), NewText: []byte(lit)})
	return []analysis.SuggestedFix{{Message: "pass empty RawParams, so that stripe-go keys the request", TextEdits: edits}}
}

// stripeRetriesSet reports whether the package sets a stripe-go backend's
// retries anywhere (apis.IsStripeRetrySetting): which backend a RawRequest
// goes through is not followed, so any such setting leaves every call open.
func (c *checker) stripeRetriesSet() bool {
	if c.stripeSetting == nil {
		set := false
		for _, obj := range c.pass.TypesInfo.Uses {
			if apis.IsStripeRetrySetting(obj) {
				set = true
				break
			}
		}
		c.stripeSetting = &set
	}
	return *c.stripeSetting
}

// A retry of the user's own around a stripe-go write is unkeyed in another
// way: the backend makes its key per call when the params carry none, so
// each attempt of the user's loop is a new operation to Stripe (a second
// charge), though the backend's own attempts share one key.

// StripeWriteFact marks a function of stripe-go that sends a POST through
// the library's backend (c.B.Call(http.MethodPost, ...), as every write of
// a service does): keyed by its params' IdempotencyKey, or by a key the
// backend makes anew on every call.
type StripeWriteFact struct{}

func (*StripeWriteFact) AFact()         {}
func (*StripeWriteFact) String() string { return "stripeWrite" }

// exportStripeWrites marks the functions of a stripe-go package that send
// a POST through the backend, for the packages that call them.
func (c *checker) exportStripeWrites() {
	for cur := range c.root.Preorder((*ast.FuncDecl)(nil)) {
		decl := cur.Node().(*ast.FuncDecl)
		fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if !ok || decl.Body == nil || !decl.Name.IsExported() {
			continue
		}
		for call := range cur.Preorder((*ast.CallExpr)(nil)) {
			call := call.Node().(*ast.CallExpr)
			if len(call.Args) > 0 && apis.IsStripeBackendCall(typematch.Callee(c.pass.TypesInfo, call)) && c.method(call.Args[0]) == "POST" {
				c.pass.ExportObjectFact(fn, &StripeWriteFact{})
				break
			}
		}
	}
}

// stripeWrite handles a stripe-go POST (a service's write, or a RawRequest
// with params) in a retry attempt of the user's own whose params carry no
// key of their own: stripe-go makes one on every call.
func (c *checker) stripeWrite(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func) {
	if i, _, ok := apis.StripeRawRequest(fn); ok {
		if len(call.Args) <= i || c.method(call.Args[0]) != "POST" || c.pass.TypesInfo.Types[call.Args[i]].IsNil() {
			return // not a POST, or nil params: see stripeRaw
		}
	} else if !c.pass.ImportObjectFact(fn, new(StripeWriteFact)) {
		return
	}
	r, ok := c.siteOf(call)
	if !ok {
		return
	}
	var params ast.Expr // the argument of the params parameter, nil included
	var paramsType types.Type
	sig := fn.Signature()
	for i, arg := range call.Args {
		if i < sig.Params().Len() && apis.StripeKeySetter(sig.Params().At(i).Type()) != nil {
			params, paramsType = arg, sig.Params().At(i).Type()
		}
	}
	if params == nil || !c.stripeUnkeyed(cur, params) {
		return
	}
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(),
		Message: fmt.Sprintf("POST by stripe-go's %s is retried by %s with a new Idempotency-Key on every attempt "+
			"(stripe-go makes one per call when the params carry none): the server sees each retry as a new operation; "+
			"make a key once before the retry and set it with params.SetIdempotencyKey(key)", fn.Name(), r),
	}
	if r.site != nil {
		d.SuggestedFixes = c.stripeKeyFix(cur, call, params, paramsType)
	}
	c.report(d)
}

// stripeKeyFix gives the params of a stripe-go POST in a retry attempt a
// key made once before the site (see keyExpr): nil params become a
// literal that carries it, a literal gets it in its Params, and a variable
// declared before the site gets params.SetIdempotencyKey(key) there.
func (c *checker) stripeKeyFix(cur inspector.Cursor, call *ast.CallExpr, params ast.Expr, paramsType types.Type) []analysis.SuggestedFix {
	ptr, _ := paramsType.(*types.Pointer)
	if ptr == nil {
		return nil
	}
	named, _ := types.Unalias(ptr.Elem()).(*types.Named)
	file := c.fileOf(cur)
	setter := apis.StripeKeySetter(paramsType)
	if named == nil || file == nil || setter == nil || named.Obj().Pkg() != setter.Pkg() {
		return nil
	}
	// The key goes in the embedded Params (stripe.Params), as stripe-go's
	// own params types all have it.
	if f, _, _ := types.LookupFieldOrMethod(named, true, nil, "Params"); !isEmbeddedField(f) {
		return nil
	}
	retryPkg, edits := fixes.AddImport(c.pass.TypesInfo, file, call.Pos(), apis.Retry, "retry", "rlretry")
	stripePkg, stripeEdits := fixes.AddImport(c.pass.TypesInfo, file, call.Pos(), setter.Pkg().Path(), "stripe")
	key, keyEdits, ok := c.keyExpr(call, retryPkg)
	if !ok {
		return nil
	}
	keyed := fmt.Sprintf("IdempotencyKey: %s(%s)", fixes.QualifiedName(stripePkg, "String"), key)
	withKey := fixes.QualifiedName(stripePkg, "Params") + "{" + keyed + "}"
	var set analysis.TextEdit
	switch e := ast.Unparen(params); {
	case c.pass.TypesInfo.Types[e].IsNil():
		typeName := fixes.QualifiedName(stripePkg, named.Obj().Name())
		set = analysis.TextEdit{Pos: e.Pos(), End: e.End(), NewText: []byte("&" + typeName + "{Params: " + withKey + "}")}
	case paramsLiteral(e) != nil:
		set = c.addToLiteral(paramsLiteral(e), withKey, keyed)
	default: // a variable declared before the site: key it there, once
		v, _ := c.pass.TypesInfo.Uses[e.(*ast.Ident)].(*types.Var)
		if v == nil || len(keyEdits) != 1 || v.Pos() >= keyEdits[0].Pos {
			return nil
		}
		// keyEdits[0] is "key := ...\n" and the site's indentation.
		text := string(keyEdits[0].NewText)
		indent := text[strings.LastIndex(text, "\n")+1:]
		keyEdits[0].NewText = []byte(text + v.Name() + ".SetIdempotencyKey(" + key + ")\n" + indent)
	}
	edits = append(edits, stripeEdits...)
	edits = append(edits, keyEdits...)
	if set.NewText != nil {
		edits = append(edits, set)
	}
	return []analysis.SuggestedFix{{Message: "set an Idempotency-Key made once for all attempts on the params", TextEdits: edits}}
}

// addToLiteral sets the params literal's key: inside its Params literal
// when it has one (that sets no key), else as a new Params field.
func (c *checker) addToLiteral(lit *ast.CompositeLit, withKey, keyed string) analysis.TextEdit {
	for _, elt := range lit.Elts {
		kv := elt.(*ast.KeyValueExpr) // setsIdempotencyKey took only keyed literals
		if id, _ := kv.Key.(*ast.Ident); id != nil && id.Name == "Params" {
			return c.insertElt(ast.Unparen(kv.Value).(*ast.CompositeLit), keyed)
		}
	}
	return c.insertElt(lit, "Params: "+withKey)
}

// isEmbeddedField reports whether obj is an embedded struct field.
func isEmbeddedField(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.Embedded()
}

// insertElt inserts the keyed element first in lit: on its own line when
// the literal's elements stand on their own lines.
func (c *checker) insertElt(lit *ast.CompositeLit, elt string) analysis.TextEdit {
	at := lit.Lbrace + 1
	switch {
	case len(lit.Elts) == 0:
	case c.pass.Fset.Position(lit.Elts[0].Pos()).Line != c.pass.Fset.Position(lit.Lbrace).Line:
		elt = "\n" + c.indent(lit.Elts[0]) + elt + ","
	default:
		elt += ", "
	}
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(elt)}
}

// stripeUnkeyed reports whether the params e surely carry no
// IdempotencyKey: nil, a literal that sets none, or a local variable given
// such a literal once (p := ..., var p = ...) that nothing else touches but
// field reads and writes other than the key's. A params value from
// elsewhere, or handed to other code, may carry one.
func (c *checker) stripeUnkeyed(cur inspector.Cursor, e ast.Expr) bool {
	e = ast.Unparen(e)
	if c.pass.TypesInfo.Types[e].IsNil() {
		return true
	}
	if lit := paramsLiteral(e); lit != nil {
		return !setsIdempotencyKey(lit)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
	var fun inspector.Cursor
	for fun = range cur.Enclosing((*ast.FuncDecl)(nil)) {
		break
	}
	if v == nil || v.Pkg() != c.pass.Pkg || fun.Node() == nil ||
		v.Pos() < fun.Node().Pos() || v.Pos() >= fun.Node().End() {
		return false // a package variable, or one of another function
	}
	unkeyed := false
	for use := range fun.Preorder((*ast.Ident)(nil)) {
		ident := use.Node().(*ast.Ident)
		if c.pass.TypesInfo.ObjectOf(ident) != v || ident == id {
			continue
		}
		switch parent := use.Parent().Node().(type) {
		case *ast.AssignStmt: // p := &stripe.XParams{...}, the only value p is given
			if use.ParentEdgeKind() != edge.AssignStmt_Lhs || len(parent.Lhs) != len(parent.Rhs) || unkeyed {
				return false
			}
			lit := paramsLiteral(parent.Rhs[slices.Index(parent.Lhs, ast.Expr(ident))])
			if lit == nil || setsIdempotencyKey(lit) {
				return false
			}
			unkeyed = true
		case *ast.ValueSpec: // var p = &stripe.XParams{...}
			i := slices.Index(parent.Names, ident)
			if i < 0 || len(parent.Values) != len(parent.Names) || unkeyed {
				return false
			}
			if lit := paramsLiteral(parent.Values[i]); lit == nil || setsIdempotencyKey(lit) {
				return false
			}
			unkeyed = true
		case *ast.SelectorExpr: // p.Amount = ..., p.Context; not the key, nor the Params that hold it
			switch parent.Sel.Name {
			case "IdempotencyKey", "SetIdempotencyKey", "Params":
				return false
			}
		default: // handed to other code, stored, returned, its address taken, or another stripe call
			if !c.sameStripeCall(use) {
				return false
			}
		}
	}
	return unkeyed
}

// sameStripeCall reports whether the use of a params variable is the
// params argument of another stripe-go write (the same attempt sent in two
// places): that call reads the key as this one does.
func (c *checker) sameStripeCall(use inspector.Cursor) bool {
	if use.ParentEdgeKind() != edge.CallExpr_Args {
		return false
	}
	fn := typematch.Callee(c.pass.TypesInfo, use.Parent().Node().(*ast.CallExpr))
	_, _, raw := apis.StripeRawRequest(fn)
	return raw || fn != nil && c.pass.ImportObjectFact(fn, new(StripeWriteFact))
}

// paramsLiteral returns the composite literal of &stripe.XParams{...}, or nil.
func paramsLiteral(e ast.Expr) *ast.CompositeLit {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	lit, _ := ast.Unparen(u.X).(*ast.CompositeLit)
	return lit
}

// setsIdempotencyKey reports whether the params literal sets an
// IdempotencyKey, in its embedded Params or by a field of that name.
func setsIdempotencyKey(lit *ast.CompositeLit) bool {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return true // positional: cannot tell
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			return true
		}
		switch key.Name {
		case "IdempotencyKey":
			return true
		case "Params":
			inner, ok := ast.Unparen(kv.Value).(*ast.CompositeLit)
			if !ok || setsIdempotencyKey(inner) {
				return true
			}
		}
	}
	return false
}

// A key the user gives stripe-go can still be made anew on every attempt:
// params.SetIdempotencyKey(uuid.NewString()) inside the retry. Such writes
// go through keyWrites' fresh-key check like a header's.

// stripeKeyWrites returns the stripe-go key writes at cur, as header
// writes without a name: params.SetIdempotencyKey(v), an IdempotencyKey
// field assigned, or set in a stripe-go literal. The value of a field is
// the string inside stripe.String(v), which is what the key is made from.
func (c *checker) stripeKeyWrites(cur inspector.Cursor) []headerWrite {
	if !c.importsStripe {
		return nil
	}
	info := c.pass.TypesInfo
	switch n := cur.Node().(type) {
	case *ast.CallExpr:
		fn := typematch.Callee(info, n)
		if len(n.Args) == 1 && fn != nil && isStripeObject(fn, "SetIdempotencyKey") && fn.Signature().Recv() != nil {
			return []headerWrite{{node: n, value: n.Args[0]}}
		}
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) {
			return nil
		}
		var writes []headerWrite
		for i, lhs := range n.Lhs {
			if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && isStripeObject(info.ObjectOf(sel.Sel), "IdempotencyKey") {
				writes = append(writes, headerWrite{node: n, value: c.stripeStringArg(n.Rhs[i])})
			}
		}
		return writes
	case *ast.CompositeLit:
		var writes []headerWrite
		for _, elt := range n.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && isStripeObject(info.ObjectOf(id), "IdempotencyKey") {
					writes = append(writes, headerWrite{node: kv, value: c.stripeStringArg(kv.Value)})
				}
			}
		}
		return writes
	}
	return nil
}

// isStripeObject reports whether obj (nil, or not a nil pointer) is
// stripe-go's object of that name.
func isStripeObject(obj types.Object, name string) bool {
	return obj != nil && obj.Name() == name && obj.Pkg() != nil && apis.IsStripe(obj.Pkg().Path())
}

// stripeStringArg returns v for stripe.String(v), else e.
func (c *checker) stripeStringArg(e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return e
	}
	if fn := typematch.Callee(c.pass.TypesInfo, call); fn != nil && isStripeObject(fn, "String") && fn.Signature().Recv() == nil {
		return call.Args[0]
	}
	return e
}
