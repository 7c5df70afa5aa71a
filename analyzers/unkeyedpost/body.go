package unkeyedpost

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
)

// Some POSTs need no idempotency key because their body already is one to
// the server: an alerting API folds a repeated event carrying the same
// dedup_key (PagerDuty), alias (Opsgenie) or entity_id (Splunk On-Call)
// into the alert the first one opened, and Loki drops a pushed entry equal
// to one it holds. The analysis follows a request's body back to the value
// it was made from: through the wrappers and encoders that make a body
// (bytes.NewReader, json.Marshal, proto.Marshal, snappy.Encode, a
// json.Encoder writing into a buffer), the package's own functions that
// return it, and the variables that hold it; and up to the callers, when it
// is a parameter (postJSON(ctx, url, body)).

// A bodyKind is what the analysis learnt of a request body.
type bodyKind uint8

const (
	// bodyNone: nothing (nil, or a value already followed on another path).
	bodyNone bodyKind = iota
	// bodyPlain: a body no server is known to deduplicate, or one the
	// analysis cannot see.
	bodyPlain
	// bodyDedup: the body carries a deduplication key, or is a payload its
	// receiver deduplicates.
	bodyDedup
	// bodyArg: the body is what the function's caller gives it, at from.
	bodyArg
)

// A body is what a request body carries.
type body struct {
	kind bodyKind
	from Arg
}

// join combines what two possible values of one body carry: deduplicated
// when every value is, the caller's when the rest are deduplicated and the
// caller gives one of them, plain otherwise.
func join(a, b body) body {
	switch {
	case a.kind == bodyNone:
		return b
	case b.kind == bodyNone:
		return a
	case a.kind == bodyPlain || b.kind == bodyPlain:
		return body{kind: bodyPlain}
	case a.kind == bodyArg && b.kind == bodyArg && a.from != b.from:
		return body{kind: bodyPlain}
	case b.kind == bodyArg:
		return b
	}
	return a
}

// maxBodyDepth bounds how many of the package's functions the analysis
// enters to find what one body carries.
const maxBodyDepth = 4

// bodyOf returns what the body e, in fn (nil: at a report, where a
// parameter is no longer the caller's to give), carries.
func (c *checker) bodyOf(fn *types.Func, e ast.Expr) body {
	if e == nil {
		return body{kind: bodyPlain}
	}
	return c.traceBody(fn, e, make(map[types.Object]bool), 0)
}

// deduplicated reports whether the body e, in fn, carries a deduplication
// key or is a payload its receiver deduplicates.
func (c *checker) deduplicated(fn *types.Func, e ast.Expr) bool {
	return c.bodyOf(fn, e).kind == bodyDedup
}

func (c *checker) traceBody(fn *types.Func, e ast.Expr, seen map[types.Object]bool, depth int) body {
	plain := body{kind: bodyPlain}
	e = ast.Unparen(e)
	info := c.pass.TypesInfo
	tv := info.Types[e]
	if tv.IsNil() {
		return body{}
	}
	if c.dedupType(tv.Type) {
		return body{kind: bodyDedup}
	}
	switch e := e.(type) {
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return c.traceBody(fn, e.X, seen, depth)
		}
	case *ast.StarExpr:
		return c.traceBody(fn, e.X, seen, depth)
	case *ast.CompositeLit:
		if c.dedupMapLit(e) {
			return body{kind: bodyDedup}
		}
	case *ast.CallExpr:
		if info.Types[e.Fun].IsType() && len(e.Args) == 1 {
			return c.traceBody(fn, e.Args[0], seen, depth) // []byte(s), string(b)
		}
		callee := typematch.Callee(info, e)
		if callee == nil || callee.Pkg() == nil {
			return plain
		}
		if callee.Signature().Recv() == nil {
			if i, ok := apis.BodyCodecArg(callee.Pkg().Path(), callee.Name()); ok && i < len(e.Args) {
				return c.traceBody(fn, e.Args[i], seen, depth)
			}
		}
		return c.returnedBody(fn, callee, e, seen, depth)
	case *ast.Ident:
		v := c.varOf(e)
		if v == nil || seen[v] {
			return body{}
		}
		seen[v] = true
		if a, ok := c.argOf(fn, e); ok {
			return body{kind: bodyArg, from: a}
		}
		if v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || c.isParam(v) {
			return plain // a package variable, or a parameter the function assigns
		}
		return c.varBody(fn, v, seen, depth)
	}
	return plain
}

// returnedBody returns what the first result of call, a call of callee in
// fn, carries, when callee is a function of the package: what its return
// statements give, with its parameters read as call's arguments.
func (c *checker) returnedBody(fn, callee *types.Func, call *ast.CallExpr, seen map[types.Object]bool, depth int) body {
	plain := body{kind: bodyPlain}
	callee = callee.Origin()
	if callee.Pkg() != c.pass.Pkg || depth >= maxBodyDepth || seen[callee] || callee.Signature().Results().Len() == 0 {
		return plain
	}
	decl := c.declOf(callee)
	if decl == nil {
		return plain
	}
	seen[callee] = true
	defer delete(seen, callee) // another call of it may be given other arguments
	nres := callee.Signature().Results().Len()
	out := body{}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			var b body
			switch {
			case len(n.Results) == nres && nres > 1 && c.failure(callee, n):
				return true // callers do not send what a failed call returns
			case len(n.Results) == nres:
				b = c.traceBody(callee, n.Results[0], seen, depth+1)
			case len(n.Results) == 1: // return f(...), f's results for the callee's
				b = c.traceBody(callee, n.Results[0], seen, depth+1)
			default: // a bare return
				b = plain
			}
			if b.kind == bodyArg { // the callee's parameter: the argument of call
				from := b.from
				b = plain
				if arg := c.argAt(callee, call, from.Param); arg != nil && from.Field == "" {
					b = c.traceBody(fn, arg, seen, depth)
				}
			}
			out = join(out, b)
		}
		return true
	})
	if out.kind == bodyNone {
		return plain
	}
	return out
}

// varBody returns what a local variable carries: every value it is given,
// and what is written into it (json.NewEncoder(&buf).Encode(v),
// buf.Write(b), m["dedup_key"] = k).
func (c *checker) varBody(fn *types.Func, v *types.Var, seen map[types.Object]bool, depth int) body {
	u := c.usesOf(v)
	if _, isMap := v.Type().Underlying().(*types.Map); isMap {
		return c.mapBody(u)
	}
	out := body{}
	for _, d := range u.defs {
		if d == nil {
			return body{kind: bodyPlain} // from a tuple the analysis does not read
		}
		out = join(out, c.traceBody(fn, d, seen, depth))
	}
	for _, call := range u.calls {
		n := call.Node().(*ast.CallExpr)
		if m := typematch.Callee(c.pass.TypesInfo, n); m != nil && len(n.Args) == 1 &&
			typematch.IsMethod(m, "bytes", "Buffer", m.Name()) && strings.HasPrefix(m.Name(), "Write") {
			out = join(out, c.traceBody(fn, n.Args[0], seen, depth))
		}
	}
	for _, ref := range u.other {
		if x, ok := c.encodedInto(ref.Parent().Node()); ok {
			out = join(out, c.traceBody(fn, x, seen, depth))
			continue
		}
	}
	return out
}

// mapBody returns what a map variable carries: a deduplication member when
// a literal it is given or an index assignment (m["entity_id"] = k) sets
// one, to a value not made anew on every call. A map given by anything but
// a literal or make is not followed.
func (c *checker) mapBody(u *varUses) body {
	dedup := false
	for _, d := range u.defs {
		switch d := ast.Unparen(d).(type) {
		case *ast.CompositeLit:
			dedup = dedup || c.dedupMapLit(d)
		case *ast.CallExpr:
			if id, ok := ast.Unparen(d.Fun).(*ast.Ident); !ok || c.pass.TypesInfo.Uses[id] != types.Universe.Lookup("make") {
				return body{kind: bodyPlain}
			}
		default:
			return body{kind: bodyPlain}
		}
	}
	for _, ref := range u.other {
		if ref.ParentEdgeKind() != edge.IndexExpr_X || ref.Parent().ParentEdgeKind() != edge.AssignStmt_Lhs {
			continue
		}
		ix := ref.Parent().Node().(*ast.IndexExpr)
		as := ref.Parent().Parent().Node().(*ast.AssignStmt)
		i := ref.Parent().ParentEdgeIndex()
		if k, ok := typematch.StringConst(c.pass.TypesInfo, ix.Index); ok && apis.IsDedupField(k) && len(as.Lhs) == len(as.Rhs) &&
			c.fresh.expr(as.Rhs[i]) == nil {
			dedup = true
		}
	}
	if dedup {
		return body{kind: bodyDedup}
	}
	return body{kind: bodyPlain}
}

// encodedInto returns v when n, the parent of a reference to a buffer, is
// &buf in json.NewEncoder(&buf).Encode(v).
func (c *checker) encodedInto(n ast.Node) (ast.Expr, bool) {
	addr, ok := n.(*ast.UnaryExpr)
	if !ok || addr.Op != token.AND {
		return nil, false
	}
	cur, ok := c.cursorOf(addr)
	if !ok || cur.ParentEdgeKind() != edge.CallExpr_Args {
		return nil, false
	}
	newEnc := cur.Parent()
	if fn := typematch.Callee(c.pass.TypesInfo, newEnc.Node().(*ast.CallExpr)); fn == nil ||
		!typematch.IsFunc(fn, "encoding/json", "NewEncoder") ||
		newEnc.ParentEdgeKind() != edge.SelectorExpr_X || newEnc.Parent().ParentEdgeKind() != edge.CallExpr_Fun {
		return nil, false
	}
	enc := newEnc.Parent().Parent().Node().(*ast.CallExpr)
	if m := typematch.Callee(c.pass.TypesInfo, enc); m == nil || !typematch.IsMethod(m, "encoding/json", "Encoder", "Encode") || len(enc.Args) != 1 {
		return nil, false
	}
	return enc.Args[0], true
}

// dedupType reports whether a value of type t is a payload its receiver
// deduplicates, or a struct with a deduplication member (by its JSON name)
// that the package sets, to a value not made anew on every call.
func (c *checker) dedupType(t types.Type) bool {
	t = typematch.Deref(t)
	if t == nil {
		return false
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil &&
		apis.IsDedupPayload(n.Obj().Pkg().Path(), n.Obj().Name()) {
		return true
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		name, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ",")
		if apis.IsDedupField(name) && c.fieldSet(st.Field(i)) {
			return true
		}
	}
	return false
}

// fieldSet reports whether the package gives field f a value (in a
// composite literal, or by an assignment) that is not made anew on every
// call.
func (c *checker) fieldSet(f *types.Var) bool {
	if c.setFields == nil {
		c.setFields = make(map[*types.Var]bool)
		info := c.pass.TypesInfo
		for cur := range c.root.Preorder((*ast.KeyValueExpr)(nil), (*ast.AssignStmt)(nil)) {
			switch n := cur.Node().(type) {
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && c.fresh.expr(n.Value) == nil {
					if fv, ok := info.Uses[id].(*types.Var); ok && fv.IsField() {
						c.setFields[fv.Origin()] = true
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					continue
				}
				for i, lhs := range n.Lhs {
					if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && c.fresh.expr(n.Rhs[i]) == nil {
						if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
							c.setFields[s.Obj().(*types.Var).Origin()] = true
						}
					}
				}
			}
		}
	}
	return c.setFields[f.Origin()]
}

// dedupMapLit reports whether lit is a map literal with a deduplication
// member, not made anew on every call.
func (c *checker) dedupMapLit(lit *ast.CompositeLit) bool {
	if _, ok := c.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Map); !ok {
		return false
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := typematch.StringConst(c.pass.TypesInfo, kv.Key); ok && apis.IsDedupField(k) && c.fresh.expr(kv.Value) == nil {
				return true
			}
		}
	}
	return false
}

// failure reports whether ret, a return statement of fn whose last result
// is an error, surely returns one: an error it makes there (fmt.Errorf,
// errors.New, a wrapper) or a package's error variable. A local variable
// (return b, err) may hold nil.
func (c *checker) failure(fn *types.Func, ret *ast.ReturnStmt) bool {
	res := fn.Signature().Results()
	if !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	e := ret.Results[len(ret.Results)-1]
	if c.pass.TypesInfo.Types[e].IsNil() {
		return false
	}
	if v := c.varOf(e); v != nil && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() {
		return false
	}
	return true
}

// drainedBody reports whether the request that newReq builds inside the
// attempt of site reads its body from one reader made before the attempt
// (body names a variable declared outside it, which the attempt uses for
// nothing else): the first attempt reads the reader to its end, so every
// retry is built over an empty body (PagerDuty's doWithEndpoint rebuilds
// its request from the body io.Reader it is given). What the server
// applied is not sent again, so no key is missing. A reader the attempt
// rewinds, or makes anew, is not drained.
func (c *checker) drainedBody(newReq *ast.CallExpr, body ast.Expr, site *retrysite.Site) bool {
	if site == nil || body == nil || !site.Contains(newReq.Pos()) {
		return false
	}
	v := c.varOf(body)
	if v == nil || site.Contains(v.Pos()) || !typematch.ImplementsReader(v.Type()) {
		return false
	}
	for _, ref := range c.refs(v) {
		if site.Contains(ref.Node().Pos()) && ref.Node() != ast.Unparen(body) {
			return false
		}
	}
	return true
}
