package unkeyedpost

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// A selfRetry describes a client that sends a request more than once by
// itself.
type selfRetry struct {
	attempts int    // > 1
	lib      string // "go-retryablehttp"
	setting  string // "RetryMax 4"
	// unless names the options through which the user may change the
	// setting (go-gitlab's WithCustomRetryMax): the client retries so by
	// default.
	unless []string
	field  string // the setting the options change: "RetryMax"
	// inSight says that the client's making is in sight (not a
	// parameter, nor a field the package never sets, nor another
	// package's result): a report may say to change it.
	inSight bool
}

func (s selfRetry) String() string {
	if len(s.unless) > 0 {
		return fmt.Sprintf("%s (%s: up to %d attempts, unless %s sets %s)", s.lib, s.setting, s.attempts, strings.Join(s.unless, " or "), s.field)
	}
	return fmt.Sprintf("%s (%s: up to %d attempts)", s.lib, s.setting, s.attempts)
}

// A clientMax is what retryableMax finds of a go-retryablehttp client: its
// RetryMax n; from, where a client made out of sight came from ("" for one
// whose making is in sight); unless, the options through which the user
// may change RetryMax (see option).
type clientMax struct {
	n      int
	from   string
	unless []string
}

// retryable returns how a go-retryablehttp client retries (apis.RetryMax);
// a client made out of sight has NewClient's default.
func retryable(m clientMax) selfRetry {
	k := &apis.RetryMax
	s := selfRetry{attempts: k.Attempts(m.n), lib: k.Label, setting: fmt.Sprintf("%s %d", k.Field, m.n), unless: m.unless, field: k.Field,
		inSight: m.from == ""}
	if m.from != "" {
		s.setting = fmt.Sprintf("%s, %s %d by default", m.from, k.Field, m.n)
	}
	return s
}

// constInt returns e's constant integer value.
func (c *checker) constInt(e ast.Expr) (int, bool) {
	n, ok := eval.Int(c.pass.TypesInfo.Types[e])
	return int(n), ok
}

// retryableClient returns how a *retryablehttp.Client retries. A client
// whose making is in sight retries as it says: NewClient() 4 times, a
// literal as its RetryMax says, and a visible RetryMax = 0 turns the retries
// off. A client made out of sight (a parameter, a field the package never
// sets, the result of another package's function) was, all but always, made
// by NewClient: it retries 4 times, POST included, unless the function
// visibly changes that.
func (c *checker) retryableClient(e ast.Expr) (selfRetry, bool) {
	m, ok := c.retryableMax(e, 0, false)
	if !ok || m.n <= 0 {
		return selfRetry{}, false
	}
	return retryable(m), true
}

// retryableMax returns how the client e retries (see clientMax); ok is
// false when the client is in sight but cannot be judged (handed to other
// code, given a PrepareRetry that may set a key, a RetryMax that is not a
// constant nor an option's). stores lets a local variable be stored in a
// struct field besides being read: the constructor of a client kept in a
// field.
func (c *checker) retryableMax(e ast.Expr, depth int, stores bool) (clientMax, bool) {
	if depth > 4 {
		return clientMax{}, false
	}
	info := c.pass.TypesInfo
	byDefault := func(from string) clientMax { return clientMax{n: apis.RetryMax.CtorRetries, from: from} }
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := typematch.Callee(info, e)
		switch {
		case typematch.IsFunc(fn, apis.RetryMax.Pkg, apis.RetryMax.Constructor):
			return byDefault(""), true
		case fn != nil && fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg && fn.Pkg().Path() != apis.RetryableHTTP &&
			typematch.IsNamed(typematch.Deref(info.TypeOf(e)), apis.RetryableHTTP, "Client"):
			return byDefault("a client from " + c.funcName(fn)), true
		}
	case *ast.UnaryExpr:
		return c.retryableMax(e.X, depth+1, stores)
	case *ast.CompositeLit:
		if !typematch.IsNamed(info.TypeOf(e), apis.RetryableHTTP, "Client") {
			return clientMax{}, false
		}
		m, ok := clientMax{n: apis.RetryMax.LiteralRetries}, true // a literal without RetryMax
		for _, elt := range e.Elts {
			kv, isKV := elt.(*ast.KeyValueExpr)
			if !isKV {
				return clientMax{}, false
			}
			id, isID := kv.Key.(*ast.Ident)
			switch {
			case !isID:
				return clientMax{}, false
			case id.Name == apis.RetryMax.Field:
				m.n, ok = c.constInt(kv.Value)
			case id.Name == "PrepareRetry":
				return clientMax{}, false // it may set a key on each retry
			}
		}
		return m, ok
	case *ast.Ident:
		v := c.varOf(e)
		if v == nil {
			return clientMax{}, false
		}
		u := c.usesOf(v)
		if len(u.fieldSets["PrepareRetry"]) > 0 || !c.onlyReads(u, stores) {
			return clientMax{}, false
		}
		var m clientMax
		switch {
		case len(u.defs) == 0 && c.isParam(v):
			m = byDefault("a client from a parameter")
		case len(u.defs) == 1 && u.defs[0] != nil:
			var ok bool
			if m, ok = c.retryableMax(u.defs[0], depth+1, stores); !ok {
				return clientMax{}, false
			}
		default:
			return clientMax{}, false
		}
		return c.retryMaxSets(m, u.fieldSets[apis.RetryMax.Field])
	case *ast.SelectorExpr:
		f := c.fieldVar(e)
		if f == nil || !typematch.IsNamed(typematch.Deref(f.Type()), apis.RetryableHTTP, "Client") {
			return clientMax{}, false
		}
		fu := c.clientFields()[f]
		if fu == nil {
			return byDefault("a client from a field"), true
		}
		if fu.opaque || len(fu.sets["PrepareRetry"]) > 0 {
			return clientMax{}, false
		}
		m := byDefault("a client from a field")
		if len(fu.values) > 0 {
			m = clientMax{}
		}
		for _, v := range fu.values {
			vm, ok := c.retryableMax(v, depth+1, true)
			if !ok {
				return clientMax{}, false
			}
			if vm.n == 0 {
				return clientMax{}, true // a client without retries is stored there
			}
			if vm.n > m.n {
				m = vm
			}
		}
		return c.retryMaxSets(m, fu.sets[apis.RetryMax.Field])
	}
	return clientMax{}, false
}

// retryMaxSets applies the RetryMax assignments sets to a client that
// retries as m says: a setting in an option the user may pass leaves m's
// count the default (see option), a visible 0 elsewhere turns the retries
// off, another constant replaces m's count, and anything else leaves the
// client unjudged. A _test.go file's setting is the test's.
func (c *checker) retryMaxSets(m clientMax, sets []ast.Expr) (clientMax, bool) {
	for _, set := range sets {
		if source.IsTestFile(c.pass.Fset, set.Pos()) {
			continue
		}
		if opt := c.option(set); opt != "" {
			if !slices.Contains(m.unless, opt) {
				m.unless = append(m.unless, opt)
			}
			continue
		}
		n, ok := c.constInt(set)
		if !ok {
			return clientMax{}, false
		}
		if n == 0 {
			return clientMax{}, true // RetryMax = 0 visible: no retries
		}
		m.n, m.from = n, ""
	}
	return m, true
}

// option returns the name of the exported function of this package whose
// returned function literal sets a client's setting to e, when only the
// user calls that function: an option, which a client made without it
// does not get (go-gitlab's WithCustomRetryMax(retryMax) returns a function
// that sets c.client.RetryMax = retryMax). Any other setting is "": a
// constructor's or a method's, which may run for every client made, and
// an option the package applies itself.
func (c *checker) option(e ast.Expr) string {
	fn := c.funcOf(e.Pos())
	if fn == nil || !fn.Exported() || c.usedHere()[fn] {
		return ""
	}
	cur, ok := c.find(e.Pos(), e.End())
	if !ok {
		return ""
	}
	var lits []inspector.Cursor
	for lit := range cur.Enclosing((*ast.FuncLit)(nil)) {
		lits = append(lits, lit)
	}
	if len(lits) != 1 || lits[0].ParentEdgeKind() != edge.ReturnStmt_Results {
		return "" // not the literal the function returns
	}
	return c.qualifiedName(fn) // as the user calls it: gitlab.WithCustomRetryMax
}

// usedHere holds the package's functions that its own non-test code
// refers to (calls, or takes as a value).
func (c *checker) usedHere() map[types.Object]bool {
	if c.used != nil {
		return c.used
	}
	c.used = map[types.Object]bool{}
	for id, obj := range c.pass.TypesInfo.Uses {
		if _, ok := obj.(*types.Func); ok && obj.Pkg() == c.pass.Pkg && !source.IsTestFile(c.pass.Fset, id.Pos()) {
			c.used[obj] = true
		}
	}
	return c.used
}

// inFuncLit reports whether cur lies in a function literal.
func inFuncLit(cur inspector.Cursor) bool {
	for range cur.Enclosing((*ast.FuncLit)(nil)) {
		return true
	}
	return false
}

// onlyReads reports whether the uses of a client variable other than field
// assignments and method calls leave it unchanged: comparisons and
// harmless-package calls, and, when stores is set, storing it in a struct
// field. A client handed to other code may be reconfigured there.
func (c *checker) onlyReads(u *varUses, stores bool) bool {
	for _, ref := range u.other {
		if stores && storedOnly(ref) {
			continue
		}
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
// A client kept in a field retries when every value the package stores there
// does; an http.Client from a parameter does not retry by default, and is
// not judged.
func (c *checker) httpClient(e ast.Expr) (selfRetry, bool) {
	return c.httpClientOf(e, false, 0)
}

func (c *checker) httpClientOf(e ast.Expr, stores bool, depth int) (selfRetry, bool) {
	if depth > 4 {
		return selfRetry{}, false
	}
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := typematch.Callee(info, e)
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && typematch.IsMethod(fn, apis.RetryableHTTP, "Client", "StandardClient") {
			return c.retryableClient(sel.X)
		}
	case *ast.UnaryExpr:
		return c.httpClientOf(e.X, stores, depth+1)
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
		if len(u.defs) != 1 || u.defs[0] == nil || !c.onlyReads(u, stores) {
			return selfRetry{}, false
		}
		if sets := u.fieldSets["Transport"]; len(sets) > 0 {
			return c.allRetry(sets, c.roundTripper)
		}
		if _, ok := ast.Unparen(u.defs[0]).(*ast.Ident); ok {
			return selfRetry{}, false // one hop only
		}
		return c.httpClientOf(u.defs[0], stores, depth+1)
	case *ast.SelectorExpr:
		f := c.fieldVar(e)
		if f == nil || !typematch.IsNamed(typematch.Deref(f.Type()), httpPath, "Client") {
			return selfRetry{}, false
		}
		fu := c.clientFields()[f]
		if fu == nil || fu.opaque {
			return selfRetry{}, false
		}
		if sets := fu.sets["Transport"]; len(sets) > 0 {
			return c.allRetry(sets, c.roundTripper)
		}
		return c.allRetry(fu.values, func(v ast.Expr) (selfRetry, bool) { return c.httpClientOf(v, true, depth+1) })
	}
	return selfRetry{}, false
}

// allRetry returns how the values retry when each of them, judged by
// judge, retries (the most attempts among them); false when one does not,
// or there is none.
func (c *checker) allRetry(values []ast.Expr, judge func(ast.Expr) (selfRetry, bool)) (selfRetry, bool) {
	var most selfRetry
	for _, v := range values {
		s, ok := judge(v)
		if !ok {
			return selfRetry{}, false
		}
		if s.attempts > most.attempts {
			most = s
		}
	}
	return most, most.attempts > 1
}

// roundTripper returns how a go-retryablehttp RoundTripper literal retries.
func (c *checker) roundTripper(e ast.Expr) (selfRetry, bool) {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok {
		e = u.X
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok || !typematch.IsNamed(c.pass.TypesInfo.TypeOf(lit), apis.RetryableHTTP, "RoundTripper") {
		return selfRetry{}, false
	}
	if client := fieldOf(lit, "Client"); client != nil {
		return c.retryableClient(client)
	}
	return retryable(clientMax{n: apis.RetryMax.CtorRetries}), true // a nil Client: NewClient()
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
// included. keyed reports a client-wide key header, and known a client
// whose requests the analysis can follow: not one with a hook that may set
// headers, nor one made out of sight. resty v2 makes a client with
// RetryCount 0, so a client from a parameter retries only if its maker said
// so: it is not judged. A client kept in a field is judged by every value
// the package stores there and every call it makes on the field.
func (c *checker) restyClient(e ast.Expr) (s selfRetry, keyed, known bool) {
	return c.restyClientOf(e, false, 0)
}

func (c *checker) restyClientOf(e ast.Expr, stores bool, depth int) (s selfRetry, keyed, known bool) {
	info := c.pass.TypesInfo
	count := 0
	var calls []*ast.CallExpr
	// Walk the chain resty.New().SetRetryCount(3).SetTimeout(...) down to its start.
	for range 32 {
		e = ast.Unparen(e)
		switch x := e.(type) {
		case *ast.CallExpr:
			fn := typematch.Callee(info, x)
			if typematch.IsFunc(fn, apis.RetryCount.Pkg, apis.RetryCount.Constructor) || typematch.IsFunc(fn, apis.RestyV2, "NewWithClient") {
				return c.restyConfig(calls, count)
			}
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok || !typematch.IsMethod(fn, apis.RestyV2, "Client", fn.Name()) {
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
			if len(u.defs) != 1 || u.defs[0] == nil || !c.onlyReads(u, stores) {
				return selfRetry{}, false, false
			}
			if n, ok := c.retryCountSets(u.fieldSets[apis.RetryCount.Field]); !ok {
				return selfRetry{}, false, false
			} else if n >= 0 {
				count = n
			}
			for _, call := range u.calls {
				calls = append(calls, call.Node().(*ast.CallExpr))
			}
			e = u.defs[0]
			continue
		case *ast.SelectorExpr:
			return c.restyField(x, calls, count, depth)
		}
		return selfRetry{}, false, false
	}
	return selfRetry{}, false, false
}

// restyField judges a resty client kept in a field, with the calls and
// RetryCount that restyClientOf met on the way to it.
func (c *checker) restyField(e *ast.SelectorExpr, calls []*ast.CallExpr, count, depth int) (s selfRetry, keyed, known bool) {
	f := c.fieldVar(e)
	if f == nil || depth > 4 || !typematch.IsNamed(typematch.Deref(f.Type()), apis.RestyV2, "Client") {
		return selfRetry{}, false, false
	}
	fu := c.clientFields()[f]
	if fu == nil || fu.opaque || len(fu.values) == 0 {
		return selfRetry{}, false, false
	}
	// The settings made through the field apply to every value stored there.
	here, keyedHere, ok := c.restyConfig(append(calls, fu.calls...), count)
	if !ok {
		return selfRetry{}, false, false
	}
	n, ok := c.retryCountSets(fu.sets[apis.RetryCount.Field])
	if !ok {
		return selfRetry{}, false, false
	}
	most := here
	if n > 0 {
		most = restyRetry(n)
	}
	keyed = keyedHere
	for _, v := range fu.values {
		s, k, ok := c.restyClientOf(v, true, depth+1)
		if !ok {
			return selfRetry{}, false, false
		}
		keyed = keyed || k
		if s.attempts > most.attempts {
			most = s
		}
	}
	return most, keyed, true
}

// retryCountSets reads the RetryCount assignments of a resty client: the
// last constant (-1 when there is none); false for one not constant.
func (c *checker) retryCountSets(sets []ast.Expr) (int, bool) {
	n := -1
	for _, set := range sets {
		m, ok := c.constInt(set)
		if !ok {
			return 0, false
		}
		n = m
	}
	return n, true
}

// restyRetry returns how a resty client with a retry count of count > 0
// retries (apis.RetryCount).
func restyRetry(count int) selfRetry {
	k := &apis.RetryCount
	return selfRetry{attempts: k.Attempts(count), lib: k.Label, setting: fmt.Sprintf("%s(%d)", k.Setter, count)}
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
		case apis.RetryCount.Setter:
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
	return restyRetry(count), keyed, true
}
