package nestedretry

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// The Azure SDK for Go: every generated client holds an *azcore.Client,
// whose pipeline always has the retry policy (azcore runtime/policy_retry.go).

// holdsAzureClient reports whether t (a client type, or a pointer to one) is
// a struct with a field of type *azcore.Client: the generated clients keep
// their pipeline there ("internal *azcore.Client").
func holdsAzureClient(t types.Type) bool {
	st, ok := types.Unalias(typematch.Deref(t)).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if p, ok := types.Unalias(st.Field(i).Type()).(*types.Pointer); ok && typematch.IsNamed(p.Elem(), apis.Azcore, "Client") {
			return true
		}
	}
	return false
}

// azureClient evaluates a constructor call of an Azure SDK package that
// returns a client: NewClient(url, cred, &azsecrets.ClientOptions{...}),
// reading Retry.MaxRetries from its client options argument.
func (ev *evaluator) azureClient(e ast.Expr, _ []*types.Var) (clientConfig, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return clientConfig{}, false
	}
	fn := typematch.Callee(ev.ix.info, call)
	if fn == nil || fn.Pkg() == nil || !strings.HasPrefix(fn.Pkg().Path(), apis.AzureSDK) || fn.Signature().Recv() != nil {
		return clientConfig{}, false
	}
	sig := fn.Signature()
	if sig.Results().Len() == 0 || !holdsAzureClient(sig.Results().At(0).Type()) {
		return clientConfig{}, false
	}
	for i := range sig.Params().Len() {
		if i < len(call.Args) && isAzureOptions(sig.Params().At(i).Type(), 0) {
			return ev.azureOptions("", call.Args[i]), true
		}
	}
	return clientConfig{}, true
}

// isAzureOptions reports whether t is policy.ClientOptions or a struct (or a
// pointer to one) embedding it, directly or through another embedded struct
// (arm.ClientOptions).
func isAzureOptions(t types.Type, depth int) bool {
	t = typematch.Deref(t)
	if typematch.IsNamed(t, apis.AzcorePolicy, "ClientOptions") {
		return true
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok || depth > 2 {
		return false
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Embedded() && isAzureOptions(f.Type(), depth+1) {
			return true
		}
	}
	return false
}

// azureContext reads a policy.WithRetryOptions(ctx, opts) the call's context
// comes from: it replaces the client's retry options for the call.
func (ev *evaluator) azureContext(call *ast.CallExpr) (clientConfig, bool) {
	if len(call.Args) == 0 {
		return clientConfig{}, false
	}
	o, _ := ev.ix.origin(call.Args[0])
	with, ok := o.(*ast.CallExpr)
	if !ok || len(with.Args) != 2 ||
		!ev.isFunc(with, apis.AzcorePolicy, "WithRetryOptions") && !ev.isFunc(with, apis.AzcoreRuntime, "WithRetryOptions") {
		return clientConfig{}, false
	}
	return ev.azureOptions("Retry", with.Args[1]), true
}

// azureOptions reads Retry.MaxRetries (0: three retries; below zero: none)
// from x, the value at path ("" for client options, "Retry" for
// policy.RetryOptions): its composite literals, and the assignments made to
// the variables it went through. Embedded fields (ClientOptions) are
// transparent. A RetryOptions value that cannot be read is opaque; client
// options the package does not show leave the default.
func (ev *evaluator) azureOptions(path string, x ast.Expr) clientConfig {
	cfg := clientConfig{}
	var read func(path string, x ast.Expr, depth int)
	read = func(path string, x ast.Expr, depth int) {
		switch {
		case depth > 4:
			cfg = clientConfig{State: cfgOpaque}
			return
		case path == "Retry.MaxRetries":
			if n, ok := ev.ix.intConst(x); ok {
				cfg = retries(n)
			} else {
				cfg = clientConfig{State: cfgOpaque}
			}
			return
		case path != "" && path != "Retry":
			return
		case ev.ix.info.Types[x].IsNil():
			return
		}
		o, vars := ev.ix.origin(x)
		lit, ok := o.(*ast.CompositeLit)
		if path == "Retry" {
			cfg = clientConfig{} // a whole RetryOptions replaces the last one
			if !ok && len(vars) == 0 {
				cfg = clientConfig{State: cfgOpaque}
			}
		}
		if ok {
			for _, elt := range lit.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if key, ok := kv.Key.(*ast.Ident); ok {
					read(ev.subPath(path, key, ev.ix.info.Uses[key]), kv.Value, depth+1)
				}
			}
		}
		for _, v := range vars {
			stmts := slices.Concat(ev.ix.fields[v], ev.ix.deep[v])
			slices.SortFunc(stmts, func(a, b *ast.AssignStmt) int { return int(a.Pos() - b.Pos()) })
			for _, as := range stmts {
				if len(as.Rhs) == 1 {
					read(ev.lhsPath(path, as.Lhs[0]), as.Rhs[0], depth+1)
				}
			}
		}
	}
	read(path, x, 0)
	return cfg
}

// subPath extends path by the field obj (named by id), unless the field is
// embedded.
func (ev *evaluator) subPath(path string, id *ast.Ident, obj types.Object) string {
	if f, ok := obj.(*types.Var); ok && f.Embedded() {
		return path
	}
	if path == "" {
		return id.Name
	}
	return path + "." + id.Name
}

// lhsPath is the path that an assignment "v.A.B = x" sets below path.
func (ev *evaluator) lhsPath(path string, lhs ast.Expr) string {
	var sels []*ast.SelectorExpr
	for x := ast.Unparen(lhs); ; {
		sel, ok := x.(*ast.SelectorExpr)
		if !ok {
			break
		}
		sels = append(sels, sel)
		x = ast.Unparen(sel.X)
	}
	for _, sel := range slices.Backward(sels) {
		var obj types.Object
		if s := ev.ix.info.Selections[sel]; s != nil {
			obj = s.Obj()
		}
		path = ev.subPath(path, sel.Sel, obj)
	}
	return path
}
