package unkeyedpost

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/fixes"
	"golang.org/x/tools/go/analysis"
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
