package nestedretry

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// Google Cloud GAPIC clients retry through gax-go's Invoke, as the Retryer
// of the call's options says. Their defaults are per method, in generated
// defaultCallOptions(), and many methods have none, so a call is counted
// only when it visibly passes gax.WithRetry with a retryer.

// gaxShape: (ctx context.Context, ..., opts ...gax.CallOption) with an
// error as the last result.
func gaxShape(sig *types.Signature) bool {
	params, results := sig.Params(), sig.Results()
	if !sig.Variadic() || params.Len() < 2 || results.Len() == 0 || !typematch.IsContext(params.At(0).Type()) {
		return false
	}
	last, ok := types.Unalias(params.At(params.Len() - 1).Type()).(*types.Slice)
	return ok && typematch.IsNamed(last.Elem(), apis.Gax, "CallOption") &&
		types.Identical(results.At(results.Len()-1).Type(), types.Universe.Lookup("error").Type())
}

// gaxOptions reads the call's variadic options: the last gax.WithRetry
// decides. An option that cannot be followed to a gax function may be a
// WithRetry of its own, so it makes the configuration opaque.
func (ev *evaluator) gaxOptions(call *ast.CallExpr) clientConfig {
	fn := typematch.Callee(ev.ix.info, call)
	if fn == nil || call.Ellipsis.IsValid() {
		return clientConfig{State: cfgOpaque}
	}
	cfg := clientConfig{}
	for i := fn.Signature().Params().Len() - 1; i < len(call.Args); i++ {
		o, _ := ev.ix.origin(call.Args[i])
		opt, ok := o.(*ast.CallExpr)
		var f *types.Func
		if ok {
			f = typematch.Callee(ev.ix.info, opt)
		}
		switch {
		case f == nil || f.Pkg() == nil || f.Pkg().Path() != apis.Gax:
			cfg = clientConfig{State: cfgOpaque}
		case f.Name() == "WithRetry" && len(opt.Args) == 1:
			cfg = ev.gaxRetryer(opt.Args[0])
		}
	}
	return cfg
}

// gaxRetryer evaluates the func() gax.Retryer given to WithRetry: nil, or a
// function returning only nil, turns the retries off; one returning only
// gax's OnCodes, OnErrorFunc or OnHTTPCodes retries without a limit of
// attempts (until the context's deadline); anything else is opaque.
func (ev *evaluator) gaxRetryer(e ast.Expr) clientConfig {
	if ev.ix.info.Types[e].IsNil() {
		return clientConfig{State: cfgOff}
	}
	body, _, ok := ev.ix.funcBody(e)
	if !ok {
		return clientConfig{State: cfgOpaque}
	}
	var nils, retryers, others int
	for r := range returns(body) {
		if len(r.Results) != 1 {
			others++
			continue
		}
		o, _ := ev.ix.origin(r.Results[0])
		call, ok := o.(*ast.CallExpr)
		switch {
		case ev.ix.info.Types[r.Results[0]].IsNil():
			nils++
		case ok && ev.isFunc(call, apis.Gax, "OnCodes", "OnErrorFunc", "OnHTTPCodes"):
			retryers++
		default:
			others++
		}
	}
	switch {
	case others > 0 || nils > 0 && retryers > 0:
		return clientConfig{State: cfgOpaque}
	case retryers > 0:
		return clientConfig{State: cfgUnbounded}
	case nils > 0:
		return clientConfig{State: cfgOff}
	}
	return clientConfig{State: cfgOpaque}
}
