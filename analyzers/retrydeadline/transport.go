package retrydeadline

import (
	"go/ast"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// An http.Client's Timeout is also a deadline on the request's context
// (net/http's setRequestCancel derives one for every transport), so a
// retry that runs inside one request, a retrying RoundTripper, must fit all
// its attempts within the Timeout. transportBudgets reports the clients
// whose Transport is retrylint's retry.Transport with a Policy literal that
// cannot: &http.Client{Timeout: t, Transport: &retry.Transport{Policy: p}}
// and retry.NewClient(t, p). A caller's shorter deadline only makes it
// worse, so the Timeout is the most the retries can have.
func (c *checker) transportBudgets() {
	if !typematch.Imports(c.pass.Pkg, apis.Retry) {
		return
	}
	for cur := range c.root.Preorder((*ast.CompositeLit)(nil), (*ast.CallExpr)(nil)) {
		n := cur.Node()
		if source.InTestCode(c.pass, n.Pos()) {
			continue
		}
		var timeout time.Duration
		var policyExpr ast.Expr
		switch n := n.(type) {
		case *ast.CompositeLit:
			if !typematch.IsNamed(c.info.TypeOf(n), "net/http", "Client") {
				continue
			}
			var transport ast.Expr
			for _, el := range n.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				key, _ := kv.Key.(*ast.Ident)
				if !ok || key == nil {
					break
				}
				switch key.Name {
				case "Timeout":
					timeout, _ = c.constDuration(kv.Value)
				case "Transport":
					transport = kv.Value
				}
			}
			if policyExpr = c.retryTransportPolicy(transport); policyExpr == nil {
				continue
			}
		case *ast.CallExpr:
			if !typematch.IsFunc(typematch.Callee(c.info, n), apis.Retry, "NewClient") || len(n.Args) != 2 {
				continue
			}
			d, ok := c.constDuration(n.Args[0])
			if !ok {
				continue
			}
			if timeout = d; d <= 0 {
				timeout = apis.RetryDefaultClientTimeout
			}
			policyExpr = n.Args[1]
		}
		if timeout <= 0 || c.writes().timeoutSet {
			continue // no Timeout, one out of sight, or one changed later
		}
		p, ok := c.policyLit(policyExpr)
		if !ok {
			continue
		}
		c.reportPolicy(n, p, limit{timeout, "the client's %v Timeout"})
	}
}

// retryTransportPolicy returns the Policy of e when it is a retry.Transport
// literal (or a local variable given one), nil otherwise.
func (c *checker) retryTransportPolicy(e ast.Expr) ast.Expr {
	if e == nil {
		return nil
	}
	e = ast.Unparen(c.res.Value(e))
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok || !typematch.IsNamed(c.info.TypeOf(lit), apis.Retry, "Transport") {
		return nil
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "Policy" {
				return kv.Value
			}
		}
	}
	return nil // the zero Policy: no AttemptTimeout to add up
}
