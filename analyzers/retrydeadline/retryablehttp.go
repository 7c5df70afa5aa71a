package retrydeadline

import (
	"go/ast"
	"go/types"
	"math"
	"strconv"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// retryableHTTPBudgets reports the calls c.Do(req) of a go-retryablehttp
// client that retry within the deadline of the request's context: each of
// the RetryMax+1 attempts may take its HTTPClient's whole Timeout, and
// before retry i+1 the client's backoff waits up to min(RetryWaitMin x 2^i,
// RetryWaitMax). The client must be one the function or the package makes
// with NewClient, set up field by field with constants.
func (c *checker) retryableHTTPBudgets() {
	knob, waits := &apis.RetryMax, &apis.RetryableHTTPWaits
	if !typematch.Imports(c.pass.Pkg, knob.Pkg) || !typematch.Imports(c.pass.Pkg, "context") {
		return
	}
	for cur := range c.root.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := typematch.Callee(c.info, call)
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || len(call.Args) != 1 || !typematch.IsMethod(fn, knob.Pkg, knob.Type, "Do") ||
			source.InTestCode(c.pass, call.Pos()) {
			continue
		}
		client, ok := c.retryableClient(sel.X, knob, waits)
		if !ok || client.attempts < 2 || client.timeout <= 0 {
			continue
		}
		// The request's context: its deadline bounds the attempts and the
		// waits alike. The call stands for the site: what it follows must
		// be set before it.
		s := &retrysite.Site{Node: call}
		ctx := c.retryableRequestContext(call.Args[0], s, knob.Pkg)
		if ctx == nil {
			continue
		}
		deadline, _ := c.attemptChain(ctx, s, 0)
		if deadline.d <= 0 {
			continue
		}
		n := client.attempts
		c.reportOver(call.Pos(), call.End(), n, client.timeout, deadline, client.ceilings(n-1), true,
			func(fit int) *analysis.TextEdit {
				if client.retryMax == nil {
					return nil
				}
				v, err := strconv.ParseInt(client.retryMax.Value, 0, 64)
				if err != nil || knob.Attempts(int(v)) != n {
					return nil
				}
				return &analysis.TextEdit{Pos: client.retryMax.Pos(), End: client.retryMax.End(), NewText: []byte(strconv.Itoa(fit - 1))}
			})
	}
}

// A retryableClient is what the package sets of a go-retryablehttp client.
type retryableClient struct {
	attempts         int
	waitMin, waitMax time.Duration
	timeout          time.Duration // of the HTTPClient; zero for none
	// retryMax is the literal the code gives RetryMax, if any.
	retryMax *ast.BasicLit
}

// ceilings returns DefaultBackoff's wait before each retry.
func (r retryableClient) ceilings(retries int) []time.Duration {
	out := make([]time.Duration, retries)
	for i := range out {
		mult := math.Pow(2, float64(i)) * float64(r.waitMin)
		d := time.Duration(mult)
		if float64(d) != mult || d > r.waitMax {
			d = r.waitMax
		}
		out[i] = d
	}
	return out
}

// retryableClient reads the client e: a local or unexported package-level
// variable given NewClient() once, and then, field by field, constants for
// RetryMax, RetryWaitMin and RetryWaitMax, DefaultBackoff for Backoff, and
// an HTTPClient whose Timeout is visible (or HTTPClient.Timeout itself).
// Fields that do not change the timing (CheckRetry, Logger, hooks) are
// ignored; any other write leaves the client out of sight.
func (c *checker) retryableClient(e ast.Expr, knob *apis.RetryKnob, waits *apis.WaitKnobs) (retryableClient, bool) {
	r := retryableClient{attempts: knob.DefaultAttempts(), waitMin: waits.CtorMin, waitMax: waits.CtorMax}
	w := c.writes()
	v, ok := c.info.Uses[identOf(e)].(*types.Var)
	if !ok || v.Pkg() != c.pass.Pkg || v.Exported() || v.IsField() || w.unknown[v] || !w.declared[v] || len(w.values[v]) != 1 {
		return r, false
	}
	ctor, ok := ast.Unparen(w.values[v][0]).(*ast.CallExpr)
	if !ok || !typematch.IsFunc(typematch.Callee(c.info, ctor), knob.Pkg, knob.Constructor) {
		return r, false
	}
	fields := w.fields[v]
	for name, values := range fields {
		if len(values) != 1 {
			return r, false
		}
		val := values[0]
		switch name {
		case knob.Field:
			n, ok := c.intConst(val)
			if !ok {
				return r, false
			}
			r.attempts = knob.Attempts(int(n))
			r.retryMax, _ = ast.Unparen(val).(*ast.BasicLit)
		case waits.Min:
			if !c.setDuration(&r.waitMin, val) {
				return r, false
			}
		case waits.Max:
			if !c.setDuration(&r.waitMax, val) {
				return r, false
			}
		case waits.Func:
			if !typematch.IsFunc(c.info.ObjectOf(typematch.Ident(val)), knob.Pkg, waits.DefaultFunc) {
				return r, false
			}
		case waits.HTTPClient:
			if fields[waits.HTTPClient+".Timeout"] != nil {
				return r, false // which comes last is out of sight
			}
			d, ok := c.clientTimeout(val, 0)
			if !ok {
				return r, false
			}
			r.timeout = d
		case waits.HTTPClient + ".Timeout":
			if !c.setDuration(&r.timeout, val) {
				return r, false
			}
		case "CheckRetry", "Logger", "RequestLogHook", "ResponseLogHook", "ErrorHandler", "PrepareRetry":
		default:
			return r, false
		}
	}
	return r, true
}

// retryableRequestContext returns the context of req, a go-retryablehttp
// request made by NewRequestWithContext(ctx, ...) before the call.
func (c *checker) retryableRequestContext(req ast.Expr, s *retrysite.Site, pkg string) *types.Var {
	v, ok := c.info.Uses[identOf(req)].(*types.Var)
	if !ok {
		return nil
	}
	call := c.singleValue(v, s)
	if call == nil || len(call.Args) == 0 || !typematch.IsFunc(typematch.Callee(c.info, call), pkg, "NewRequestWithContext") {
		return nil
	}
	return c.contextVar(call.Args[0])
}
