package zerotimeout

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// boundedPerTry reports whether kv, a key-value pair of a struct literal,
// hands a client to an SDK that bounds each try of a request
// (apis.TryTimeoutSDKs): kv sets the options' Transport, and the same
// literal sets its retry options to a literal whose per-try deadline is not
// provably zero (azcore.ClientOptions{Retry: policy.RetryOptions{TryTimeout:
// cfg.RequestTimeout}, Transport: hc}). Every request the SDK sends through
// the client then carries a deadline, as one made with
// context.WithTimeout would. Retry options set another way (a variable, a
// later assignment) are not seen: the client stays followed as before.
func (c *checker) boundedPerTry(lit *ast.CompositeLit, kv *ast.KeyValueExpr) bool {
	f := c.fieldKey(kv)
	if f == nil {
		return false
	}
	t := c.pass.TypesInfo.TypeOf(lit)
	for _, sdk := range apis.TryTimeoutSDKs {
		if f.Name() != sdk.Transport || !typematch.IsNamed(t, sdk.Pkg, sdk.Options) {
			continue
		}
		retry, ok := ast.Unparen(c.keyed(lit, sdk.Retry)).(*ast.CompositeLit)
		if !ok {
			return false
		}
		tryTimeout := c.keyed(retry, sdk.TryTimeout)
		return tryTimeout != nil && !c.isZero(tryTimeout)
	}
	return false
}
