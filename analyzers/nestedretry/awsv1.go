package nestedretry

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// How aws-sdk-go (v1) settles a client's retries: svc.New(provider,
// cfgs...) merges the session's aws.Configs and then its own, later ones
// winning; MaxRetries counts retries (aws.UseServiceDefaultRetries, -1, is
// the default, 0 none); a Retryer replaces the default one, except in
// DynamoDB, whose customisation always installs its own from MaxRetries
// (service/dynamodb/customizations.go).

// awsV1Client evaluates svc.New(provider, cfgs...).
func (ev *evaluator) awsV1Client(e ast.Expr, dynamo bool) (clientConfig, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return clientConfig{}, false
	}
	fn, _ := ev.callee(call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || !strings.HasPrefix(fn.Pkg().Path(), apis.AWSV1Services) || fn.Name() != "New" ||
		fn.Signature().Recv() != nil || len(call.Args) == 0 {
		return clientConfig{}, false
	}
	cfg := ev.awsV1Session(call.Args[0], dynamo, 0)
	return ev.awsV1Configs(cfg, call, call.Args[1:], dynamo), true
}

// awsV1Session evaluates the provider: session.New(cfgs...),
// session.NewSession(cfgs...), session.Must(...) around one of them.
func (ev *evaluator) awsV1Session(e ast.Expr, dynamo bool, depth int) clientConfig {
	o, _ := ev.ix.origin(e)
	call, ok := o.(*ast.CallExpr)
	if !ok || depth > 4 {
		return clientConfig{}
	}
	switch {
	case ev.isFunc(call, apis.AWSV1Session, "Must") && len(call.Args) > 0:
		return ev.awsV1Session(call.Args[0], dynamo, depth+1)
	case ev.isFunc(call, apis.AWSV1Session, "New", "NewSession"):
		return ev.awsV1Configs(clientConfig{}, call, call.Args, dynamo)
	}
	return clientConfig{}
}

// awsV1Configs applies *aws.Config arguments in order.
func (ev *evaluator) awsV1Configs(cfg clientConfig, call *ast.CallExpr, args []ast.Expr, dynamo bool) clientConfig {
	if call.Ellipsis.IsValid() && len(args) > 0 {
		return clientConfig{State: cfgOpaque}
	}
	for _, arg := range args {
		cfg = ev.awsV1Config(cfg, arg, dynamo)
	}
	return cfg
}

// awsV1Config applies one *aws.Config: a literal, aws.NewConfig() with
// WithMaxRetries(n), request.WithRetryer(cfg, r), and field assignments to
// its variable.
func (ev *evaluator) awsV1Config(cfg clientConfig, e ast.Expr, dynamo bool) clientConfig {
	set := func(name string, x ast.Expr) {
		switch name {
		case "MaxRetries":
			cfg = ev.awsV1MaxRetries(x)
		case "Retryer":
			if !dynamo {
				cfg = ev.awsV1Retryer(x)
			}
		}
	}
	o, _ := ev.ix.origin(e)
	if call, ok := o.(*ast.CallExpr); ok && ev.isFunc(call, apis.AWSV1Request, "WithRetryer") && len(call.Args) == 2 {
		cfg = ev.awsV1Config(cfg, call.Args[0], dynamo)
		set("Retryer", call.Args[1])
		return cfg
	}
	// A builder chain aws.NewConfig().WithRegion(r).WithMaxRetries(0): the
	// setter nearest the end wins, so it is the first one met.
	if c, found := ev.chainRetries(e, apis.AWSV1, "Config", "WithMaxRetries", retriesV1); found {
		return c
	}
	ev.structFields(e, nil, set)
	return cfg
}

// awsV1MaxRetries reads aws.Int(n).
func (ev *evaluator) awsV1MaxRetries(x ast.Expr) clientConfig {
	if ev.ix.info.Types[x].IsNil() {
		return clientConfig{}
	}
	o, _ := ev.ix.origin(x)
	if call, ok := o.(*ast.CallExpr); ok && ev.isFunc(call, apis.AWSV1, "Int") && len(call.Args) == 1 {
		if n, ok := ev.ix.intConst(call.Args[0]); ok {
			return retriesV1(n)
		}
	}
	return clientConfig{State: cfgOpaque}
}

// retriesV1 converts a MaxRetries value.
func retriesV1(n int) clientConfig {
	switch {
	case n == -1: // aws.UseServiceDefaultRetries
		return clientConfig{}
	case n < 0:
		return clientConfig{State: cfgOpaque}
	}
	return attempts(n + 1)
}

// awsV1Retryer reads client.NoOpRetryer{} and client.DefaultRetryer{NumMaxRetries: n}.
func (ev *evaluator) awsV1Retryer(x ast.Expr) clientConfig {
	o, _ := ev.ix.origin(x)
	lit, ok := o.(*ast.CompositeLit)
	if !ok {
		return clientConfig{State: cfgOpaque}
	}
	t := ev.ix.info.TypeOf(lit)
	switch {
	case typematch.IsNamed(t, apis.AWSV1Client, "NoOpRetryer"):
		return clientConfig{State: cfgOff}
	case typematch.IsNamed(t, apis.AWSV1Client, "DefaultRetryer"):
		cfg := attempts(apis.AWSV1DefaultAttempts)
		ev.structFields(lit, nil, func(name string, v ast.Expr) {
			if name == "NumMaxRetries" {
				if n, ok := ev.ix.intConst(v); ok && n >= 0 {
					cfg = attempts(n + 1)
				} else {
					cfg = clientConfig{State: cfgOpaque}
				}
			}
		})
		return cfg
	}
	return clientConfig{State: cfgOpaque}
}
