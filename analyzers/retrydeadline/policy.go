package retrydeadline

import (
	"go/ast"
	"go/token"
	"strconv"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// policyBudget reports a call retry.Do(ctx, policy, op) whose policy, a
// literal, cannot fit the deadline of ctx: MaxAttempts x AttemptTimeout +
// the backoff's ceilings between attempts. The package's own defaults fill
// the fields a literal leaves out.
func (c *checker) policyBudget(s *retrysite.Site) {
	call, ok := s.Node.(*ast.CallExpr)
	if !ok || !typematch.IsFunc(s.Runner, apis.Retry, "Do") || len(call.Args) != 3 {
		return
	}
	p, ok := c.policyLit(call.Args[1])
	if !ok {
		return
	}
	ctx := c.contextVar(call.Args[0])
	if ctx == nil {
		return
	}
	deadline, _, ok := c.deadlineOf(ctx, s, p.timeout)
	if !ok {
		return
	}
	c.reportPolicy(call, p, deadline)
}

// A policy is what a retry.Policy literal says of a retry's worst case.
type policy struct {
	attempts int
	timeout  time.Duration
	backoff  apis.RetryBackoff
	// maxLit is the literal MaxAttempts, if any: what a fix lowers.
	maxLit *ast.BasicLit
}

// policyLit reads e, a retry.Policy literal (or a local variable given
// one), when it retries under a per-attempt timeout and every figure that
// counts is a constant.
func (c *checker) policyLit(e ast.Expr) (policy, bool) {
	p := policy{attempts: apis.RetryDefaultMaxAttempts}
	lit, ok := ast.Unparen(c.res.Value(e)).(*ast.CompositeLit)
	if !ok {
		return p, false
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return p, false // positional fields: not worth following
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			return p, false
		}
		switch key.Name {
		case "MaxAttempts":
			v, ok := c.intConst(kv.Value)
			if !ok || v < 1 {
				return p, false // unknown, or no limit
			}
			p.attempts = int(v)
			p.maxLit, _ = ast.Unparen(kv.Value).(*ast.BasicLit)
		case "AttemptTimeout":
			d, ok := c.constDuration(kv.Value)
			if !ok {
				return p, false
			}
			p.timeout = d
		case "Backoff":
			if p.backoff, ok = c.backoffLit(kv.Value); !ok {
				return p, false
			}
		}
	}
	// No retry, or no per-attempt bound: nothing to add up.
	return p, p.attempts >= 2 && p.timeout > 0
}

// reportPolicy reports, at n, a policy that cannot fit lim; the fix lowers
// a literal MaxAttempts.
func (c *checker) reportPolicy(n ast.Node, p policy, lim limit) {
	c.reportOver(n.Pos(), n.End(), p.attempts, p.timeout, lim, ceilings(p.backoff, p.attempts-1), true,
		func(fit int) *analysis.TextEdit {
			if p.maxLit == nil || p.maxLit.Kind != token.INT {
				return nil
			}
			return &analysis.TextEdit{Pos: p.maxLit.Pos(), End: p.maxLit.End(), NewText: []byte(strconv.Itoa(fit))}
		})
}

// backoffLit reads a retry.Backoff literal whose fields are constants.
func (c *checker) backoffLit(e ast.Expr) (apis.RetryBackoff, bool) {
	var b apis.RetryBackoff
	lit, ok := ast.Unparen(c.res.Value(e)).(*ast.CompositeLit)
	if !ok {
		return b, false
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		key, _ := kv.Key.(*ast.Ident)
		if !ok || key == nil {
			return b, false
		}
		switch key.Name {
		case "Base", "Cap":
			d, ok := c.constDuration(kv.Value)
			if !ok {
				return b, false
			}
			if key.Name == "Base" {
				b.Base = d
			} else {
				b.Cap = d
			}
		case "Jitter":
			v, ok := c.intConst(kv.Value)
			if !ok {
				return b, false
			}
			b.Jitter = apis.RetryJitter(v)
		}
	}
	return b, true
}

// ceilings returns the longest wait before each of the first retries of b:
// the capped exponential ceiling min(Cap, Base * 2^(n-1)) for every rule
// that draws from below it (none, full, equal), and for decorrelated jitter,
// which draws up to three times the previous wait, min(Cap, Base * 3^n).
func ceilings(b apis.RetryBackoff, retries int) []time.Duration {
	base, capped := b.Base, b.Cap
	if base <= 0 {
		base = apis.RetryDefaultBase
	}
	if capped <= 0 {
		capped = max(apis.RetryDefaultCap, base)
	}
	factor := time.Duration(2)
	ceiling := base
	if b.Jitter == apis.RetryJitterDecorrelated {
		factor, ceiling = 3, min(capped, 3*base)
	}
	out := make([]time.Duration, retries)
	for i := range out {
		out[i] = min(ceiling, capped)
		if ceiling < capped {
			ceiling *= factor
		}
	}
	return out
}

func (c *checker) intConst(e ast.Expr) (int64, bool) { return eval.Int(c.info.Types[e]) }
