package apis

import (
	"go/types"
	"strconv"
	"strings"
)

// stripe-go's backend sends every request, POST included, up to
// StripeAttempts times: it retries network errors (a lost reply among
// them), 409s and whatever the API marks Stripe-Should-Retry
// (BackendImplementation.shouldRetry). Its NewRequest adds an
// Idempotency-Key to a write request, the caller's or one it makes, only
// inside `if params != nil`: the typed services always pass params, but a
// RawRequest given nil params sends its POST with no key, and the backend
// retries it all the same. Sources:
// https://github.com/stripe/stripe-go/blob/v82.5.1/stripe.go (RawRequest,
// NewRequest, shouldRetry, DefaultMaxNetworkRetries) and
// https://github.com/stripe/stripe-go/blob/v82.5.1/rawrequest/client.go.

// StripeAttempts is how many attempts a stripe-go backend makes unless the
// code sets MaxNetworkRetries: DefaultMaxNetworkRetries (2) retries and the
// first attempt.
const StripeAttempts = 3

// StripeRawRequest reports whether fn is one of stripe-go's RawRequest
// calls (the package function, rawrequest.Client's method, a
// RawRequestBackend's or *BackendImplementation's), of any major version
// since v82, whose first argument is the method and argument paramsArg the
// *RawParams; rawParams is that named type, for a fix to name it.
func StripeRawRequest(fn *types.Func) (paramsArg int, rawParams *types.TypeName, ok bool) {
	if fn == nil || fn.Name() != "RawRequest" || fn.Pkg() == nil || !IsStripe(fn.Pkg().Path()) {
		return 0, nil, false
	}
	params := fn.Signature().Params()
	if params.Len() < 2 || !types.Identical(params.At(0).Type(), types.Typ[types.String]) {
		return 0, nil, false
	}
	last := params.Len() - 1
	ptr, ok := params.At(last).Type().(*types.Pointer)
	if !ok {
		return 0, nil, false
	}
	named, ok := ptr.Elem().(*types.Named)
	if !ok || named.Obj().Name() != "RawParams" || named.Obj().Pkg() == nil || !IsStripe(named.Obj().Pkg().Path()) {
		return 0, nil, false
	}
	return last, named.Obj(), true
}

// IsStripeBackendCall reports whether fn is a method of stripe-go's Backend
// interface that sends a request (Call, CallStreaming, CallRaw,
// CallMultipart), whose first argument is the HTTP method: every service
// method of the library sends through one. The backend keys a write
// request with its params' IdempotencyKey, or with a key it makes anew on
// each call.
func IsStripeBackendCall(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || !IsStripe(fn.Pkg().Path()) || !strings.HasPrefix(fn.Name(), "Call") {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	named, ok := recv.Type().(*types.Named)
	return ok && named.Obj().Name() == "Backend" && types.IsInterface(named)
}

// StripeKeySetter returns stripe-go's SetIdempotencyKey method of the params
// type t (a *XParams that embeds stripe.Params), or nil when t has none.
func StripeKeySetter(t types.Type) *types.Func {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "SetIdempotencyKey")
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() == nil || !IsStripe(fn.Pkg().Path()) {
		return nil
	}
	return fn
}

// IsStripeRetrySetting reports whether obj is where code sets how often a
// stripe-go backend retries (BackendConfig's or BackendImplementation's
// MaxNetworkRetries, SetMaxNetworkRetries): a package that uses one may
// have turned the retries off for the backend a call goes through.
func IsStripeRetrySetting(obj types.Object) bool {
	if obj == nil || obj.Pkg() == nil || !IsStripe(obj.Pkg().Path()) {
		return false
	}
	switch obj := obj.(type) {
	case *types.Var:
		return obj.IsField() && obj.Name() == "MaxNetworkRetries"
	case *types.Func:
		return obj.Name() == "SetMaxNetworkRetries"
	}
	return false
}

// ImportsStripe reports whether pkg imports a package of stripe-go (any
// major version since v82) directly.
func ImportsStripe(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if IsStripe(imp.Path()) {
			return true
		}
	}
	return false
}

// IsStripe reports whether path is a package of stripe-go v82 or later, the
// majors whose backend and RawRequest are as described above (Stripe is the
// one the tests pin; stripe-go releases a major version every few months).
func IsStripe(path string) bool {
	rest, ok := strings.CutPrefix(path, StripeModules)
	root, _, _ := strings.Cut(rest, "/")
	return ok && IsStripeRoot(StripeModules+root)
}

// IsStripeRoot reports whether path is stripe-go's root package, v82 or
// later: where its Client, NewClient and backends are declared.
func IsStripeRoot(path string) bool { return laterMajor(path, Stripe) }

// laterMajor reports whether path is the root package of the module of pkg
// (a root package with a /vN suffix) at major version N or later.
func laterMajor(path, pkg string) bool {
	base, major, ok := cutMajor(pkg)
	pathBase, pathMajor, pathOK := cutMajor(path)
	return ok && pathOK && base == pathBase && pathMajor >= major
}

// cutMajor splits a module root's import path "base/vN" into base and N.
func cutMajor(path string) (base string, major int, ok bool) {
	i := strings.LastIndex(path, "/v")
	if i < 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(path[i+2:])
	return path[:i], n, err == nil && n >= 2
}
