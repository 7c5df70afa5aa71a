package nestedretry

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// configState is what the code visibly says about a client's retries.
type configState int

const (
	// cfgDefault: nothing visible; the library's default applies.
	cfgDefault configState = iota
	// cfgOff: the retries are visibly turned off.
	cfgOff
	// cfgAttempts: a visible number of attempts (Attempts).
	cfgAttempts
	// cfgOpaque: configured in a way the analysis cannot read; stay quiet.
	cfgOpaque
	// cfgUnbounded: visibly set to retry without a limit of attempts (a
	// gax-go retryer, which stops only at the context's deadline).
	cfgUnbounded
	// cfgLibDefault: visibly made to retry, with the library's default of
	// Attempts (an http.Client from retryablehttp's StandardClient, whose
	// kind does not retry unless so made).
	cfgLibDefault
)

// clientConfig is a client's visible retry configuration.
type clientConfig struct {
	State    configState
	Attempts int
}

func (c clientConfig) String() string {
	switch c.State {
	case cfgOff:
		return "off"
	case cfgAttempts:
		return fmt.Sprintf("%d attempts", c.Attempts)
	case cfgOpaque:
		return "opaque"
	case cfgUnbounded:
		return "unbounded"
	case cfgLibDefault:
		return fmt.Sprintf("library default of %d attempts", c.Attempts)
	}
	return "default"
}

// attempts sets a number of attempts; 1 means off.
func attempts(n int) clientConfig {
	if n <= 1 {
		return clientConfig{State: cfgOff}
	}
	return clientConfig{State: cfgAttempts, Attempts: n}
}

// retries sets a number of retries, where negative values mean none and zero
// means the default (go-redis MaxRetries, MaxRedirects).
func retries(n int) clientConfig {
	switch {
	case n < 0:
		return clientConfig{State: cfgOff}
	case n == 0:
		return clientConfig{}
	}
	return attempts(n + 1)
}

// A build is where a client of the library was made: its constructor call
// or composite literal, with the variables it went through.
type build struct {
	expr ast.Expr
	vars []*types.Var
}

// evaluator reads clients' configurations in one package.
type evaluator struct {
	ix   *index
	fact func(fn *types.Func) *ClientFact
	// copies counts the copied counts being followed (see copiedCount), so
	// that a client whose count is copied from itself ends.
	copies int
}

// callConfig returns the visible configuration of the client that makes call,
// an operation of a, and where that client was built (nil when not seen).
func (ev *evaluator) callConfig(a *apis.Client, call *ast.CallExpr, recv ast.Expr) (clientConfig, *build) {
	switch a.Config {
	case apis.K8sRestConfig:
		return ev.requestChain(recv, a.Pkg), nil
	case apis.GCSConfig:
		return ev.gcsHandle(recv, a.Pkg), nil
	case apis.RestyConfig:
		return ev.restyRequest(recv), nil
	case apis.GaxConfig:
		return ev.gaxOptions(call), nil
	case apis.AzureConfig:
		if cfg, ok := ev.azureContext(call); ok {
			return cfg, nil
		}
	case apis.StripeConfig:
		f := fieldSelector(ev.ix.info, recv)
		if f == nil {
			return clientConfig{}, nil
		}
		recv = f.x // the service's client
	}
	built := ev.builder(a)
	if built == nil || recv == nil {
		return clientConfig{}, nil
	}
	cfg, b := ev.client(recv, built, 0)
	if a.Config == apis.AWSConfig && len(call.Args) > 2 {
		if call.Ellipsis.IsValid() {
			return clientConfig{State: cfgOpaque}, b
		}
		for _, arg := range call.Args[2:] {
			cfg = ev.awsOptionFunc(cfg, arg)
		}
	}
	return cfg, b
}

// builder returns the function that evaluates the expression building a
// client of a (a constructor call or a literal), or nil.
func (ev *evaluator) builder(a *apis.Client) func(ast.Expr, []*types.Var) (clientConfig, bool) {
	switch a.Config {
	case apis.AWSConfig:
		return ev.awsClient
	case apis.RedisConfig:
		return ev.redisClient
	case apis.StdHTTPConfig:
		return ev.standardClient
	case apis.RedisClusterConfig:
		return func(e ast.Expr, _ []*types.Var) (clientConfig, bool) {
			return ev.optionsCall(e, a.Pkg, []string{"NewClusterClient"}, 0, "MaxRedirects", retries)
		}
	case apis.RetryableHTTPConfig:
		return ev.retryablehttpClient
	case apis.StripeConfig:
		return ev.stripeClient
	case apis.AzureConfig:
		return ev.azureClient
	case apis.ESConfig:
		return ev.esClient
	case apis.AWSV1Config:
		return func(e ast.Expr, _ []*types.Var) (clientConfig, bool) { return ev.awsV1Client(e, false) }
	case apis.AWSV1DynamoConfig:
		return func(e ast.Expr, _ []*types.Var) (clientConfig, bool) { return ev.awsV1Client(e, true) }
	case apis.MinioConfig:
		// api.go: New(endpoint, opts); MaxRetries counts attempts, and only
		// a positive value replaces the default.
		return func(e ast.Expr, _ []*types.Var) (clientConfig, bool) {
			return ev.optionsCall(e, a.Pkg, []string{"New"}, 1, "MaxRetries", func(n int) clientConfig {
				if n <= 0 {
					return clientConfig{}
				}
				return attempts(n)
			})
		}
	}
	return nil
}

// client follows an expression yielding a client to where the client was
// built, and evaluates that with built (which reports false when it does not
// recognise the expression). A constructor function of this package is
// followed into its return statements; one of another package is known by
// its ClientFact. A variable given several clients (client := c.client; if
// cr != nil { client = c.withCheck(cr) }) has the configuration they agree
// on.
func (ev *evaluator) client(e ast.Expr, built func(ast.Expr, []*types.Var) (clientConfig, bool), depth int) (clientConfig, *build) {
	o, vars := ev.ix.origin(e)
	if cfg, ok := built(o, vars); ok {
		return cfg, &build{expr: o, vars: vars}
	}
	if v := ev.ix.variable(o); v != nil && len(ev.ix.values[v]) > 1 && depth < 4 {
		return ev.alternatives(v, built, depth+1), nil
	}
	if f := ev.ix.field(o); f != nil && depth < 4 {
		return ev.fieldClient(f, built, depth+1), nil
	}
	if call, ok := o.(*ast.CallExpr); ok && depth < 4 {
		if fn := typematch.Callee(ev.ix.info, call); fn != nil {
			if d := ev.ix.decls[fn]; d != nil {
				return ev.constructor(d, built, depth+1), nil
			}
			if f := ev.fact(fn); f != nil {
				return f.Config, nil
			}
		}
	}
	return clientConfig{}, nil
}

// fieldClient evaluates a client held in a struct field from the values the
// package stores in it: the configuration they agree on; the default when
// the package stores none (or only defaults); opaque when they disagree on
// anything but the default, since which one a call uses is not visible.
func (ev *evaluator) fieldClient(f *types.Var, built func(ast.Expr, []*types.Var) (clientConfig, bool), depth int) clientConfig {
	var results []clientConfig
	for _, v := range ev.ix.fieldValues[f] {
		if v == nil {
			return clientConfig{State: cfgOpaque}
		}
		if ev.ix.info.Types[v].IsNil() {
			continue
		}
		cfg, _ := ev.client(v, built, depth)
		results = append(results, cfg)
	}
	return agree(results)
}

// alternatives evaluates a variable given several clients: the
// configuration they agree on; opaque when one cannot be followed or a field
// is set on the variable itself, which none of them shows.
func (ev *evaluator) alternatives(v *types.Var, built func(ast.Expr, []*types.Var) (clientConfig, bool), depth int) clientConfig {
	if len(ev.ix.fields[v]) > 0 {
		return clientConfig{State: cfgOpaque}
	}
	var results []clientConfig
	for _, x := range ev.ix.values[v] {
		if x == nil {
			return clientConfig{State: cfgOpaque}
		}
		cfg, _ := ev.client(x, built, depth)
		results = append(results, cfg)
	}
	return agree(results)
}

// agree merges the configurations a client may have.
func agree(results []clientConfig) clientConfig {
	if len(results) == 0 {
		return clientConfig{}
	}
	for _, r := range results[1:] {
		if r != results[0] {
			return clientConfig{State: cfgOpaque}
		}
	}
	return results[0]
}

// constructor evaluates a function returning a client: the configuration
// its return statements agree on, or the default.
func (ev *evaluator) constructor(d *ast.FuncDecl, built func(ast.Expr, []*types.Var) (clientConfig, bool), depth int) clientConfig {
	return ev.returned(d, func(e ast.Expr) clientConfig {
		cfg, _ := ev.client(e, built, depth)
		return cfg
	})
}

// returned evaluates with eval the first result of each return statement
// of d, and returns the configuration they agree on, or the default. A nil,
// or a zero literal beside a result other than nil (return aws.Config{},
// err), is what the function gives on failure: no value anyone uses.
func (ev *evaluator) returned(d *ast.FuncDecl, eval func(ast.Expr) clientConfig) clientConfig {
	body, ok := ev.ix.find(d.Body)
	if !ok {
		return clientConfig{}
	}
	var results []clientConfig
	for r := range returns(body) {
		if len(r.Results) == 0 || ev.ix.info.Types[r.Results[0]].IsNil() {
			continue
		}
		if lit, ok := ast.Unparen(r.Results[0]).(*ast.CompositeLit); ok && len(lit.Elts) == 0 &&
			len(r.Results) > 1 && !ev.ix.info.Types[r.Results[len(r.Results)-1]].IsNil() {
			continue
		}
		results = append(results, eval(r.Results[0]))
	}
	return agree(results)
}

// optionsCall evaluates a call of one of the constructors ctors of package
// pkg whose argument arg is an options struct, reading field.
func (ev *evaluator) optionsCall(e ast.Expr, pkg string, ctors []string, arg int, field string, conv func(int) clientConfig) (clientConfig, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) <= arg || !ev.isFunc(call, pkg, ctors...) {
		return clientConfig{}, false
	}
	cfg := clientConfig{}
	ev.structFields(call.Args[arg], nil, func(name string, x ast.Expr) {
		if name != field {
			return
		}
		if n, ok := ev.ix.intConst(x); ok {
			cfg = conv(n)
		} else {
			cfg = clientConfig{State: cfgOpaque}
		}
	})
	return cfg, true
}

// structFields calls set, in order, for the fields of the composite literal
// that e comes from and then for the field assignments made to the variables
// it went through. A value that cannot be followed to a literal makes the
// configuration opaque only if a field of interest is set on it; a value the
// analysis does not see at all leaves the default.
func (ev *evaluator) structFields(e ast.Expr, extra []*types.Var, set func(name string, x ast.Expr)) {
	o, vars := ev.ix.origin(e)
	vars = append(vars, extra...)
	if lit, ok := o.(*ast.CompositeLit); ok {
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					set(id.Name, kv.Value)
				}
			}
		}
	}
	for _, v := range vars {
		for _, as := range ev.ix.fields[v] {
			set(as.Lhs[0].(*ast.SelectorExpr).Sel.Name, as.Rhs[0])
		}
	}
}

// callee is typematch.Callee as a types.Object: nil, not a typed nil, when
// the call has no static callee, so that typematch's predicates may take it.
func (ev *evaluator) callee(call *ast.CallExpr) types.Object {
	if fn := typematch.Callee(ev.ix.info, call); fn != nil {
		return fn
	}
	return nil
}

func (ev *evaluator) isFunc(call *ast.CallExpr, pkg string, names ...string) bool {
	fn := ev.callee(call)
	for _, n := range names {
		if typematch.IsFunc(fn, pkg, n) {
			return true
		}
	}
	return false
}

// retryablehttpClient evaluates a go-retryablehttp client by its knob
// (apis.RetryMax): NewClient() leaves the library's default; a literal
// Client has the RetryMax it sets (none: no retries).
func (ev *evaluator) retryablehttpClient(e ast.Expr, vars []*types.Var) (clientConfig, bool) {
	k := &apis.RetryMax
	var cfg clientConfig
	switch x := e.(type) {
	case *ast.CallExpr:
		if !ev.isFunc(x, k.Pkg, k.Constructor) {
			return cfg, false
		}
	case *ast.CompositeLit:
		if tv, ok := ev.ix.info.Types[x]; !ok || !typematch.IsNamed(tv.Type, k.Pkg, k.Type) {
			return cfg, false
		}
		cfg = attempts(k.Attempts(k.LiteralRetries))
	default:
		return cfg, false
	}
	ev.structFields(e, vars, func(name string, x ast.Expr) {
		if name != k.Field {
			return
		}
		if n, ok := ev.ix.intConst(x); ok {
			cfg = attempts(k.Attempts(n))
		} else if from, ok := ev.copiedCount(x, k); ok {
			cfg = from
		} else {
			cfg = clientConfig{State: cfgOpaque}
		}
	})
	return cfg, true
}

// copiedCount evaluates a count copied from another client of the same
// library (RetryMax: c.client.RetryMax, in a clone that changes only its
// CheckRetry): that client's configuration.
func (ev *evaluator) copiedCount(x ast.Expr, k *apis.RetryKnob) (clientConfig, bool) {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != k.Field || !typematch.IsNamed(typematch.Deref(ev.ix.info.TypeOf(sel.X)), k.Pkg, k.Type) || ev.copies > 2 {
		return clientConfig{}, false
	}
	ev.copies++
	defer func() { ev.copies-- }()
	cfg, _ := ev.client(sel.X, ev.retryablehttpClient, 0)
	return cfg, true
}

// chain visits the calls a receiver comes through, nearest the operation
// first: a builder chain such as c.Get().Resource("pods").MaxRetries(0), and
// the method calls made as statements on the variables it passes through
// (c.SetRetryCount(3)), until visit reports that it has found its setting.
func (ev *evaluator) chain(recv ast.Expr, visit func(call *ast.CallExpr) bool) {
	for depth := 0; recv != nil && depth < 8; depth++ {
		o, vars := ev.ix.origin(recv)
		call, ok := o.(*ast.CallExpr)
		if ok && visit(call) {
			return
		}
		for _, v := range vars {
			for _, c := range ev.ix.calls[v] {
				if visit(c) {
					return
				}
			}
		}
		if !ok {
			return
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return
		}
		recv = sel.X
	}
}

// chainRetries reads a call of the method typ.method(n) of package pkg in
// the chain recv comes through (see chain), n converted by conv; found is
// false when there is none.
func (ev *evaluator) chainRetries(recv ast.Expr, pkg, typ, method string, conv func(int) clientConfig) (cfg clientConfig, found bool) {
	ev.chain(recv, func(call *ast.CallExpr) bool {
		if !typematch.IsMethod(ev.callee(call), pkg, typ, method) || len(call.Args) != 1 {
			return false
		}
		found = true
		if n, ok := ev.ix.intConst(call.Args[0]); ok {
			cfg = conv(n)
		} else {
			cfg = clientConfig{State: cfgOpaque}
		}
		return true
	})
	return cfg, found
}

// retriesPlusOne converts a count of retries where 0 and below mean none
// (k8s rest's MaxRetries(n)).
func retriesPlusOne(n int) clientConfig { return attempts(n + 1) }

// requestChain reads k8s rest's MaxRetries(n) on the request.
func (ev *evaluator) requestChain(recv ast.Expr, pkg string) clientConfig {
	cfg, _ := ev.chainRetries(recv, pkg, "Request", "MaxRetries", retriesPlusOne)
	return cfg
}

// restyRequest reads a retry count set on the client a resty request comes
// from (apis.RetryCount): c.SetRetryCount(n).R().Get(url), or SetRetryCount
// on the variable. Without one the client has its constructor's count, none.
func (ev *evaluator) restyRequest(recv ast.Expr) clientConfig {
	k := &apis.RetryCount
	conv := func(n int) clientConfig { return attempts(k.Attempts(n)) }
	if cfg, found := ev.chainRetries(recv, k.Pkg, k.Type, k.Setter, conv); found {
		return cfg
	}
	return conv(k.CtorRetries)
}

// gcsHandle reads the retry options on a storage handle or its client:
// h.Retryer(opts...) or client.SetRetry(opts...), where
// WithPolicy(RetryNever) turns the retries off and WithMaxAttempts(n) bounds
// them. The default retries idempotent calls until the context ends.
func (ev *evaluator) gcsHandle(recv ast.Expr, pkg string) clientConfig {
	cfg := clientConfig{}
	ev.chain(recv, func(call *ast.CallExpr) bool {
		fn := ev.callee(call)
		if !typematch.IsMethod(fn, pkg, "ObjectHandle", "Retryer") && !typematch.IsMethod(fn, pkg, "BucketHandle", "Retryer") &&
			!typematch.IsMethod(fn, pkg, "Client", "SetRetry") {
			return false
		}
		if call.Ellipsis.IsValid() {
			cfg = clientConfig{State: cfgOpaque}
			return true
		}
		for _, arg := range call.Args {
			o, _ := ev.ix.origin(arg)
			opt, ok := o.(*ast.CallExpr)
			if !ok || len(opt.Args) != 1 {
				cfg = clientConfig{State: cfgOpaque}
				continue
			}
			switch {
			case ev.isFunc(opt, pkg, "WithPolicy"):
				if c, ok := ev.ix.info.Uses[typematch.Ident(opt.Args[0])].(*types.Const); ok && c.Pkg() != nil && c.Pkg().Path() == pkg && c.Name() == "RetryNever" {
					cfg = clientConfig{State: cfgOff}
				}
			case ev.isFunc(opt, pkg, "WithMaxAttempts"):
				if n, ok := ev.ix.intConst(opt.Args[0]); ok && cfg.State != cfgOff {
					cfg = attempts(n)
				}
			}
		}
		return true
	})
	return cfg
}

// stripeClient evaluates stripe.NewClient(key, opts...), of stripe-go v82
// or a later major (apis.IsStripeRoot): a
// WithBackends(NewBackendsWithConfig(&BackendConfig{MaxNetworkRetries:
// stripe.Int64(n)})) option sets n retries; other options leave the default.
func (ev *evaluator) stripeClient(e ast.Expr, _ []*types.Var) (clientConfig, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return clientConfig{}, false
	}
	ctor := ev.callee(call) // stripe.NewClient of the major the code imports
	if ctor == nil || ctor.Pkg() == nil || !apis.IsStripeRoot(ctor.Pkg().Path()) || !ev.isFunc(call, ctor.Pkg().Path(), "NewClient") {
		return clientConfig{}, false
	}
	pkg := ctor.Pkg().Path()
	if call.Ellipsis.IsValid() {
		return clientConfig{State: cfgOpaque}, true
	}
	cfg := clientConfig{}
	for _, opt := range call.Args[1:] {
		o, _ := ev.ix.origin(opt)
		with, ok := o.(*ast.CallExpr)
		if !ok || !ev.isFunc(with, pkg, "WithBackends") || len(with.Args) != 1 {
			continue
		}
		b, _ := ev.ix.origin(with.Args[0])
		nb, ok := b.(*ast.CallExpr)
		if !ok || !ev.isFunc(nb, pkg, "NewBackendsWithConfig") || len(nb.Args) != 1 {
			cfg = clientConfig{State: cfgOpaque}
			continue
		}
		cfg = clientConfig{}
		ev.structFields(nb.Args[0], nil, func(name string, x ast.Expr) {
			if name != "MaxNetworkRetries" {
				return
			}
			p, _ := ev.ix.origin(x)
			if pc, ok := p.(*ast.CallExpr); ok && ev.isFunc(pc, pkg, "Int64") && len(pc.Args) == 1 {
				if n, ok := ev.ix.intConst(pc.Args[0]); ok {
					cfg = attempts(n + 1)
					return
				}
			}
			if !ev.ix.info.Types[x].IsNil() {
				cfg = clientConfig{State: cfgOpaque}
			}
		})
	}
	return cfg, true
}

// esClient evaluates elasticsearch.NewClient(cfg) (DisableRetry: true is
// off; MaxRetries: n > 0 makes n retries) and NewDefaultClient().
func (ev *evaluator) esClient(e ast.Expr, _ []*types.Var) (clientConfig, bool) {
	call, ok := e.(*ast.CallExpr)
	switch {
	case !ok:
		return clientConfig{}, false
	case ev.isFunc(call, apis.Elasticsearch, "NewDefaultClient"):
		return clientConfig{}, true
	case !ev.isFunc(call, apis.Elasticsearch, "NewClient") || len(call.Args) != 1:
		return clientConfig{}, false
	}
	cfg, disabled := clientConfig{}, false
	ev.structFields(call.Args[0], nil, func(name string, x ast.Expr) {
		tv := ev.ix.info.Types[x]
		switch name {
		case "DisableRetry":
			if tv.Value == nil || tv.Value.Kind() != constant.Bool {
				cfg = clientConfig{State: cfgOpaque}
			} else {
				disabled = constant.BoolVal(tv.Value)
			}
		case "MaxRetries":
			if n, ok := ev.ix.intConst(x); !ok {
				cfg = clientConfig{State: cfgOpaque}
			} else if n > 0 {
				cfg = attempts(n + 1)
			}
		}
	})
	if disabled {
		return clientConfig{State: cfgOff}, true
	}
	return cfg, true
}

// redisClient evaluates a go-redis constructor: NewClient and NewRing read
// MaxRetries; NewClusterClient, MaxRedirects; NewUniversalClient, the one
// of them that the client it picks uses (see universal).
func (ev *evaluator) redisClient(e ast.Expr, _ []*types.Var) (clientConfig, bool) {
	call, ok := e.(*ast.CallExpr)
	switch {
	case !ok:
		return clientConfig{}, false
	case ev.isFunc(call, apis.RedisV9, "NewClusterClient"):
		return ev.optionsCall(e, apis.RedisV9, []string{"NewClusterClient"}, 0, "MaxRedirects", retries)
	case ev.isFunc(call, apis.RedisV9, "NewUniversalClient") && len(call.Args) == 1:
		return ev.universal(call.Args[0]), true
	}
	return ev.optionsCall(e, apis.RedisV9, []string{"NewClient", "NewRing"}, 0, "MaxRetries", retries)
}

// universal evaluates NewUniversalClient's options (universal.go): a
// MasterName makes a failover client, which retries through MaxRetries,
// unless IsClusterMode or routing options ask for a failover cluster;
// several Addrs or IsClusterMode make a cluster client, which retries
// through MaxRedirects; else a simple client, through MaxRetries. When the
// addresses are not visible, both settings must agree.
func (ev *evaluator) universal(opts ast.Expr) clientConfig {
	var maxRetries, maxRedirects clientConfig
	addrs, master, cluster := -1, false, false
	setting := func(x ast.Expr) clientConfig {
		if n, ok := ev.ix.intConst(x); ok {
			return retries(n)
		}
		return clientConfig{State: cfgOpaque}
	}
	ev.structFields(opts, nil, func(name string, x ast.Expr) {
		switch name {
		case "MaxRetries":
			maxRetries = setting(x)
		case "MaxRedirects":
			maxRedirects = setting(x)
		case "Addrs":
			addrs = -1
			if lit, ok := ast.Unparen(x).(*ast.CompositeLit); ok {
				addrs = len(lit.Elts)
			}
		case "MasterName":
			master = true
		case "IsClusterMode", "RouteByLatency", "RouteRandomly":
			if b, ok := constBool(ev.ix.info.Types[x]); !ok || b {
				cluster = true
			}
		}
	})
	switch {
	case master && !cluster, !master && !cluster && addrs >= 0 && addrs <= 1:
		return maxRetries
	case cluster, addrs > 1:
		return maxRedirects
	case maxRetries == maxRedirects:
		return maxRetries
	}
	return clientConfig{State: cfgOpaque}
}

// standardClient evaluates an *http.Client that retries through
// go-retryablehttp: rc.StandardClient(), or a literal whose Transport is a
// *retryablehttp.RoundTripper (without a Client it uses NewClient()). It
// retries as the retryablehttp client does; one of unknown origin has the
// default RetryMax.
func (ev *evaluator) standardClient(e ast.Expr, _ []*types.Var) (clientConfig, bool) {
	var rc ast.Expr
	switch x := e.(type) {
	case *ast.CallExpr:
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if !ok || !typematch.IsMethod(ev.callee(x), apis.RetryableHTTP, "Client", "StandardClient") {
			return clientConfig{}, false
		}
		rc = sel.X
	case *ast.CompositeLit:
		if !typematch.IsNamed(ev.ix.info.TypeOf(x), "net/http", "Client") {
			return clientConfig{}, false
		}
		var rt *ast.CompositeLit
		ev.structFields(x, nil, func(name string, v ast.Expr) {
			if name != "Transport" {
				return
			}
			o, _ := ev.ix.origin(v)
			if lit, ok := o.(*ast.CompositeLit); ok && typematch.IsNamed(ev.ix.info.TypeOf(lit), apis.RetryableHTTP, "RoundTripper") {
				rt = lit
			}
		})
		if rt == nil {
			return clientConfig{}, false
		}
		ev.structFields(rt, nil, func(name string, v ast.Expr) {
			if name == "Client" && !ev.ix.info.Types[v].IsNil() {
				rc = v
			}
		})
	default:
		return clientConfig{}, false
	}
	cfg := clientConfig{}
	if rc != nil {
		cfg, _ = ev.client(rc, ev.retryablehttpClient, 1)
	}
	if cfg.State == cfgDefault {
		return clientConfig{State: cfgLibDefault, Attempts: apis.RetryMax.DefaultAttempts()}, true
	}
	return cfg, true
}
