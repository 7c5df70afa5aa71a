package unkeyedpost

import (
	"fmt"
	"go/ast"
	"go/constant"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// retryableDefaultMax is go-retryablehttp's NewClient RetryMax (client.go,
// v0.7.8): 4 retries, 5 attempts, POST included.
const retryableDefaultMax = 4

// A selfRetry describes a client that sends a request more than once by
// itself.
type selfRetry struct {
	attempts int    // > 1
	lib      string // "go-retryablehttp"
	setting  string // "RetryMax 4"
}

func (s selfRetry) String() string {
	return fmt.Sprintf("%s (%s: up to %d attempts)", s.lib, s.setting, s.attempts)
}

// retryable returns how a go-retryablehttp client with RetryMax n retries.
func retryable(n int) selfRetry {
	return selfRetry{attempts: n + 1, lib: "go-retryablehttp", setting: fmt.Sprintf("RetryMax %d", n)}
}

// constInt returns e's constant integer value.
func (c *checker) constInt(e ast.Expr) (int, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	n, ok := constant.Int64Val(constant.ToInt(tv.Value))
	return int(n), ok
}

// retryableClient returns how a *retryablehttp.Client retries, when its
// making and every change to RetryMax are visible: NewClient() retries 4
// times, a literal as its RetryMax says, and a visible RetryMax = 0 turns the
// retries off. A client from elsewhere (a parameter, a field) is not judged.
func (c *checker) retryableClient(e ast.Expr) (selfRetry, bool) {
	retryMax, ok := c.retryableMax(e, 0)
	if !ok || retryMax <= 0 {
		return selfRetry{}, false
	}
	return retryable(retryMax), true
}

func (c *checker) retryableMax(e ast.Expr, depth int) (int, bool) {
	if depth > 4 {
		return 0, false
	}
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if typematch.IsFunc(typematch.Callee(info, e), retryablePath, "NewClient") {
			return retryableDefaultMax, true
		}
	case *ast.UnaryExpr:
		return c.retryableMax(e.X, depth+1)
	case *ast.CompositeLit:
		if !typematch.IsNamed(info.TypeOf(e), retryablePath, "Client") {
			return 0, false
		}
		n, ok := 0, true // the zero value: no retries
		for _, elt := range e.Elts {
			kv, isKV := elt.(*ast.KeyValueExpr)
			if !isKV {
				return 0, false
			}
			id, isID := kv.Key.(*ast.Ident)
			switch {
			case !isID:
				return 0, false
			case id.Name == "RetryMax":
				n, ok = c.constInt(kv.Value)
			case id.Name == "PrepareRetry":
				return 0, false // it may set a key on each retry
			}
		}
		return n, ok
	case *ast.Ident:
		v := c.varOf(e)
		if v == nil {
			return 0, false
		}
		u := c.usesOf(v)
		if len(u.defs) != 1 || u.defs[0] == nil || len(u.fieldSets["PrepareRetry"]) > 0 || !c.onlyReads(u) {
			return 0, false
		}
		n, ok := c.retryableMax(u.defs[0], depth+1)
		if !ok {
			return 0, false
		}
		for _, set := range u.fieldSets["RetryMax"] {
			m, ok := c.constInt(set)
			if !ok {
				return 0, false
			}
			if m == 0 {
				return 0, true // RetryMax = 0 visible: no retries
			}
			n = m
		}
		return n, true
	}
	return 0, false
}

// onlyReads reports whether the uses of a client variable other than field
// assignments and method calls leave it unchanged: comparisons and
// harmless-package calls. A client handed to other code may be reconfigured
// there.
func (c *checker) onlyReads(u *varUses) bool {
	for _, ref := range u.other {
		switch p := ref.Parent().Node().(type) {
		case *ast.SelectorExpr:
			continue // a field read: c.HTTPClient.Timeout
		case *ast.BinaryExpr:
			continue
		case *ast.CallExpr:
			if fn := typematch.Callee(c.pass.TypesInfo, p); fn != nil && fn.Pkg() != nil && harmlessPkgs[fn.Pkg().Path()] {
				continue
			}
		}
		return false
	}
	return true
}

// httpClient returns how an *http.Client retries: only one made by a
// retrying go-retryablehttp client's StandardClient(), or one whose Transport
// is a retryablehttp.RoundTripper (its Client, or NewClient() when nil), does.
func (c *checker) httpClient(e ast.Expr) (selfRetry, bool) {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := typematch.Callee(info, e)
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && typematch.IsMethod(fn, retryablePath, "Client", "StandardClient") {
			return c.retryableClient(sel.X)
		}
	case *ast.UnaryExpr:
		return c.httpClient(e.X)
	case *ast.CompositeLit:
		if !typematch.IsNamed(info.TypeOf(e), httpPath, "Client") {
			return selfRetry{}, false
		}
		if rt := fieldOf(e, "Transport"); rt != nil {
			return c.roundTripper(rt)
		}
	case *ast.Ident:
		v := c.varOf(e)
		if v == nil {
			return selfRetry{}, false
		}
		u := c.usesOf(v)
		if len(u.defs) != 1 || u.defs[0] == nil || len(u.fieldSets["Transport"]) > 0 || !c.onlyReads(u) {
			return selfRetry{}, false
		}
		if _, ok := ast.Unparen(u.defs[0]).(*ast.Ident); ok {
			return selfRetry{}, false // one hop only
		}
		return c.httpClient(u.defs[0])
	}
	return selfRetry{}, false
}

// roundTripper returns how a go-retryablehttp RoundTripper literal retries.
func (c *checker) roundTripper(e ast.Expr) (selfRetry, bool) {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok {
		e = u.X
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok || !typematch.IsNamed(c.pass.TypesInfo.TypeOf(lit), retryablePath, "RoundTripper") {
		return selfRetry{}, false
	}
	if client := fieldOf(lit, "Client"); client != nil {
		return c.retryableClient(client)
	}
	return retryable(retryableDefaultMax), true // a nil Client: NewClient()
}

// fieldOf returns the value of a keyed field of a struct literal, or nil.
func fieldOf(lit *ast.CompositeLit, name string) ast.Expr {
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

// restyClient returns how a *resty.Client (v2) retries: once SetRetryCount(n)
// with n > 0 is called (or RetryCount set), every method is retried, POST
// included. keyed reports a client-wide key header, and unknown a client
// whose requests the analysis cannot follow (a hook that may set headers, a
// client from elsewhere).
func (c *checker) restyClient(e ast.Expr) (s selfRetry, keyed, known bool) {
	info := c.pass.TypesInfo
	count := 0
	var calls []*ast.CallExpr
	// Walk the chain resty.New().SetRetryCount(3).SetTimeout(...) down to its start.
	for depth := 0; depth < 32; depth++ {
		e = ast.Unparen(e)
		switch x := e.(type) {
		case *ast.CallExpr:
			fn := typematch.Callee(info, x)
			if typematch.IsFunc(fn, restyPath, "New") || typematch.IsFunc(fn, restyPath, "NewWithClient") {
				return c.restyConfig(calls, count)
			}
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok || !typematch.IsMethod(fn, restyPath, "Client", fn.Name()) {
				return selfRetry{}, false, false
			}
			calls = append(calls, x)
			e = sel.X
			continue
		case *ast.Ident:
			v := c.varOf(x)
			if v == nil {
				return selfRetry{}, false, false
			}
			u := c.usesOf(v)
			if len(u.defs) != 1 || u.defs[0] == nil || !c.onlyReads(u) {
				return selfRetry{}, false, false
			}
			for _, set := range u.fieldSets["RetryCount"] {
				n, ok := c.constInt(set)
				if !ok {
					return selfRetry{}, false, false
				}
				count = n
			}
			for _, call := range u.calls {
				calls = append(calls, call.Node().(*ast.CallExpr))
			}
			e = u.defs[0]
			continue
		}
		return selfRetry{}, false, false
	}
	return selfRetry{}, false, false
}

// restyConfig reads the client calls of restyClient.
func (c *checker) restyConfig(calls []*ast.CallExpr, count int) (s selfRetry, keyed, known bool) {
	info := c.pass.TypesInfo
	for _, call := range calls {
		fn := typematch.Callee(info, call)
		if fn == nil {
			continue
		}
		switch fn.Name() {
		case "SetRetryCount":
			if len(call.Args) != 1 {
				return selfRetry{}, false, false
			}
			n, ok := c.constInt(call.Args[0])
			if !ok {
				return selfRetry{}, false, false
			}
			if count == 0 || n > 0 {
				count = n
			}
		case "OnBeforeRequest", "SetPreRequestHook", "OnBeforeRequestHook":
			return selfRetry{}, false, false // a hook may set the key
		case "SetHeader", "SetHeaderVerbatim":
			if len(call.Args) != 2 {
				return selfRetry{}, false, false
			}
			switch c.nameKind(call.Args[0]) {
			case keyHeader:
				keyed = true
			case unknownHeader:
				return selfRetry{}, false, false
			}
		case "SetHeaders":
			return selfRetry{}, false, false // a map built elsewhere may hold a key
		}
	}
	if count <= 0 {
		return selfRetry{}, keyed, true
	}
	return selfRetry{attempts: count + 1, lib: "resty", setting: fmt.Sprintf("SetRetryCount(%d)", count)}, keyed, true
}
