package nestedretry

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// How aws-sdk-go-v2 settles a client's retries (service/s3/api_client.go):
// NewFromConfig copies aws.Config's RetryMaxAttempts and Retryer into the
// client's Options; New applies the option functions; an operation applies its
// own option functions on a copy. A RetryMaxAttempts of 0 means "the default",
// 1 means one attempt; aws.NopRetryer never retries.

// awsClient evaluates the construction of a service client:
// svc.New(options, optFns...) or svc.NewFromConfig(cfg, optFns...).
func (ev *evaluator) awsClient(e ast.Expr, _ []*types.Var) (clientConfig, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return clientConfig{}, false
	}
	fn := typematch.Callee(ev.ix.info, call)
	if fn == nil || fn.Pkg() == nil || !strings.HasPrefix(fn.Pkg().Path(), apis.AWSServices) || fn.Signature().Recv() != nil {
		return clientConfig{}, false
	}
	var cfg clientConfig
	switch fn.Name() {
	case "New":
		ev.structFields(call.Args[0], nil, func(name string, x ast.Expr) { cfg = ev.awsField(cfg, name, x, false) })
	case "NewFromConfig":
		cfg = ev.awsConfigValue(call.Args[0])
	default:
		return clientConfig{}, false
	}
	if call.Ellipsis.IsValid() && len(call.Args) > 1 {
		return clientConfig{State: cfgOpaque}, true
	}
	for _, arg := range call.Args[1:] {
		cfg = ev.awsOptionFunc(cfg, arg)
	}
	return cfg, true
}

// awsField applies one assignment to a RetryMaxAttempts or Retryer field (of
// svc.Options, or with provider of aws.Config and config.LoadOptions, whose
// Retryer is a func() aws.Retryer).
func (ev *evaluator) awsField(cfg clientConfig, name string, x ast.Expr, provider bool) clientConfig {
	switch name {
	case "RetryMaxAttempts":
		n, ok := ev.ix.intConst(x)
		switch {
		case !ok || n < 0:
			return clientConfig{State: cfgOpaque}
		case n == 0:
			return cfg // "the default": what was set before stays
		}
		return attempts(n)
	case "Retryer":
		if provider {
			return ev.awsRetryerProvider(x)
		}
		return ev.awsRetryer(x)
	}
	return cfg
}

// awsOptionFunc applies an option function func(*svc.Options) given to a
// constructor or an operation.
func (ev *evaluator) awsOptionFunc(cfg clientConfig, arg ast.Expr) clientConfig {
	if o, _ := ev.ix.origin(arg); o != nil {
		if call, ok := o.(*ast.CallExpr); ok {
			if fn := typematch.Callee(ev.ix.info, call); fn != nil && fn.Pkg() != nil && strings.HasPrefix(fn.Pkg().Path(), apis.AWSServices) {
				return cfg // the service package's own options (WithAPIOptions...) leave retries alone
			}
		}
	}
	return ev.awsOptionBody(cfg, arg, false)
}

// awsOptionBody applies the assignments an option function makes to its
// parameter's RetryMaxAttempts and Retryer; a function it cannot see makes
// the configuration opaque.
func (ev *evaluator) awsOptionBody(cfg clientConfig, fn ast.Expr, provider bool) clientConfig {
	body, param, ok := ev.ix.funcBody(fn)
	if !ok || param == nil {
		return clientConfig{State: cfgOpaque}
	}
	ev.ix.fieldAssigns(body, param, func(name string, x ast.Expr) { cfg = ev.awsField(cfg, name, x, provider) })
	return cfg
}

// maxConfigDepth bounds the functions followed for the aws.Config they
// return.
const maxConfigDepth = 3

// awsConfigValue evaluates an aws.Config: config.LoadDefaultConfig(ctx,
// opts...), a literal, what a function of the package returns (lego's
// createAWSConfig builds the options, retryer included, and loads the
// config), plus field assignments to its variable.
func (ev *evaluator) awsConfigValue(e ast.Expr) clientConfig { return ev.awsConfigAt(e, 0) }

func (ev *evaluator) awsConfigAt(e ast.Expr, depth int) clientConfig {
	var cfg clientConfig
	if o, _ := ev.ix.origin(e); o != nil {
		if call, ok := o.(*ast.CallExpr); ok && !ev.isFunc(call, apis.AWSConfigPkg, "LoadDefaultConfig") {
			if fn := typematch.Callee(ev.ix.info, call); fn != nil && ev.ix.decls[fn] != nil {
				if depth >= maxConfigDepth {
					return clientConfig{State: cfgOpaque}
				}
				cfg = ev.returned(ev.ix.decls[fn], func(e ast.Expr) clientConfig { return ev.awsConfigAt(e, depth+1) })
			}
		}
		if call, ok := o.(*ast.CallExpr); ok && ev.isFunc(call, apis.AWSConfigPkg, "LoadDefaultConfig") {
			opts := call.Args[1:]
			if call.Ellipsis.IsValid() {
				// LoadDefaultConfig(ctx, opts...): the options the slice is
				// built of (alertmanager's SNS notifier appends WithRegion
				// and the like to a literal).
				elems, ok := ev.ix.sliceElems(opts[len(opts)-1], map[*types.Var]bool{}, 0)
				if !ok {
					return clientConfig{State: cfgOpaque}
				}
				opts = append(opts[:len(opts)-1:len(opts)-1], elems...)
			}
			for _, opt := range opts {
				cfg = ev.awsLoadOption(cfg, opt)
			}
		}
	}
	ev.structFields(e, nil, func(name string, x ast.Expr) { cfg = ev.awsField(cfg, name, x, true) })
	return cfg
}

// awsLoadOption applies one option of config.LoadDefaultConfig.
func (ev *evaluator) awsLoadOption(cfg clientConfig, opt ast.Expr) clientConfig {
	o, _ := ev.ix.origin(opt)
	if call, ok := o.(*ast.CallExpr); ok {
		fn := ev.callee(call)
		switch {
		case typematch.IsFunc(fn, apis.AWSConfigPkg, "WithRetryMaxAttempts") && len(call.Args) == 1:
			return ev.awsField(cfg, "RetryMaxAttempts", call.Args[0], true)
		case typematch.IsFunc(fn, apis.AWSConfigPkg, "WithRetryer") && len(call.Args) == 1:
			return ev.awsField(cfg, "Retryer", call.Args[0], true)
		case fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == apis.AWSConfigPkg:
			return cfg // WithRegion and the like
		}
	}
	return ev.awsOptionBody(cfg, opt, true)
}

// awsRetryerProvider evaluates a func() aws.Retryer from what it returns.
func (ev *evaluator) awsRetryerProvider(e ast.Expr) clientConfig {
	body, _, ok := ev.ix.funcBody(e)
	if !ok {
		return clientConfig{State: cfgOpaque}
	}
	var results []clientConfig
	for r := range returns(body) {
		if len(r.Results) == 1 {
			results = append(results, ev.awsRetryer(r.Results[0]))
		} else {
			results = append(results, clientConfig{State: cfgOpaque})
		}
	}
	if len(results) == 0 {
		return clientConfig{State: cfgOpaque}
	}
	return agree(results)
}

// awsRetryer evaluates an aws.Retryer: aws.NopRetryer{},
// retry.AddWithMaxAttempts(r, n), retry.NewStandard(fns...).
func (ev *evaluator) awsRetryer(e ast.Expr) clientConfig {
	o, _ := ev.ix.origin(e)
	switch x := o.(type) {
	case *ast.CompositeLit:
		if tv, ok := ev.ix.info.Types[x]; ok && typematch.IsNamed(tv.Type, apis.AWS, "NopRetryer") {
			return clientConfig{State: cfgOff}
		}
	case *ast.CallExpr:
		fn := ev.callee(x)
		switch {
		case typematch.IsFunc(fn, apis.AWSRetry, "AddWithMaxAttempts") && len(x.Args) == 2:
			if inner := ev.awsRetryer(x.Args[0]); inner.State == cfgOff {
				return inner
			}
			if n, ok := ev.ix.intConst(x.Args[1]); ok && n > 0 {
				return attempts(n)
			}
		case typematch.IsFunc(fn, apis.AWSRetry, "NewStandard"):
			cfg := clientConfig{}
			if x.Ellipsis.IsValid() {
				return clientConfig{State: cfgOpaque}
			}
			for _, arg := range x.Args {
				body, param, ok := ev.ix.funcBody(arg)
				if !ok || param == nil {
					return clientConfig{State: cfgOpaque}
				}
				ev.ix.fieldAssigns(body, param, func(name string, v ast.Expr) {
					if name != "MaxAttempts" {
						return
					}
					if n, ok := ev.ix.intConst(v); ok && n > 0 {
						cfg = attempts(n)
					} else {
						cfg = clientConfig{State: cfgOpaque}
					}
				})
			}
			return cfg
		}
	}
	return clientConfig{State: cfgOpaque}
}

// awsOptionsType returns the svc.Options type of an operation's last
// parameter ...func(*svc.Options), for the fix that turns its retries off.
func awsOptionsType(fn *types.Func) *types.TypeName {
	params := fn.Signature().Params()
	if params.Len() != 3 || !fn.Signature().Variadic() {
		return nil
	}
	slice, ok := params.At(2).Type().(*types.Slice)
	if !ok {
		return nil
	}
	sig, ok := slice.Elem().Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return nil
	}
	ptr, ok := sig.Params().At(0).Type().(*types.Pointer)
	if !ok {
		return nil
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() != fn.Pkg() {
		return nil
	}
	return named.Obj()
}
