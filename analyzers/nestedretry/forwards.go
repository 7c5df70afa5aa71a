package nestedretry

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// Real code stacks interfaces: loki's compactor retries
// storage.IndexSet.DeleteFile, whose implementation calls the package's
// Client interface, whose implementation calls client.ObjectClient's
// DeleteObject, which the S3, GCS and Azure clients implement in packages
// the compactor never imports. The wiring pairs a retried interface method
// with its retrying implementations in the program that links both; a
// ForwardsFact lets a retry reach past the first interface. It names the
// interface methods whose failure a function hands back to its caller, so
// that a retry of the function is a retry of each of them too.

// ForwardsFact marks an exported function or method, or an interface
// method of its package whose implementations there all forward, that calls
// methods of pluggable interfaces (see pluggable) and hands their failure
// back.
type ForwardsFact struct {
	Methods []MethodRef
}

func (*ForwardsFact) AFact() {}

func (f *ForwardsFact) String() string {
	var keys []string
	for _, m := range f.Methods {
		keys = append(keys, methodKey(m.Iface, m.Method))
	}
	return "forwards(" + strings.Join(keys, ", ") + ")"
}

// MethodRef names a method of an interface type.
type MethodRef struct {
	Iface  Link
	Method string
}

// maxForwards bounds the methods one fact names: a function that hands back
// the failures of more interfaces than this is a dispatcher, and following
// each would pair it with every implementation in the program.
const maxForwards = 8

// forwardsOf returns the interface methods whose failure a call of fn
// hands back: fn itself when it is a method of a pluggable interface, what
// the implementations the package declares forward when that interface is
// the package's own, what fn's body forwards when fn is the package's, and
// its ForwardsFact when it is another package's. The result is sorted by
// key, without repeats, and nil past maxForwards.
func (c *checker) forwardsOf(fn *types.Func) []MethodRef {
	if out, ok := c.forwards[fn]; ok {
		return out
	}
	c.forwards[fn] = nil // a call back into fn adds nothing while it is worked out
	var out []MethodRef
	switch {
	case fn.Pkg() == nil: // error's Error
	case c.sdkPackage(fn.Pkg().Path()) || apis.IsSDK(fn.Pkg().Path()):
		// An SDK's calls are the inner layer; what it calls inside (its
		// middleware stack) is not the program's to pair.
	case typematch.IsInterfaceMethod(fn):
		named, ok := types.Unalias(fn.Signature().Recv().Type()).(*types.Named)
		if !ok || !remoteShaped(fn) || !c.pluggable(named.Obj().Pkg()) {
			break
		}
		if named.Obj().Exported() {
			// Another package can implement only an exported interface.
			out = append(out, MethodRef{Iface: typeLink(named), Method: fn.Name()})
		}
		if fn.Pkg() != c.pass.Pkg {
			out = append(out, c.importedForwards(fn)...)
			break
		}
		for _, impl := range c.implementations(named.Underlying().(*types.Interface), fn.Name()) {
			out = append(out, c.forwardsOf(impl)...)
		}
	case fn.Pkg() == c.pass.Pkg:
		out = c.bodyForwards(fn)
	default:
		out = c.importedForwards(fn)
	}
	out = sortedRefs(out)
	if len(out) > maxForwards {
		out = nil
	}
	c.forwards[fn] = out
	return out
}

// remoteShaped reports whether fn has the shape of an operation on another
// process: a context first, to bound or cancel it, and an error last, to
// tell its failure. A decoder's Decode, a Close or a metrics call lacks one
// or the other.
func remoteShaped(fn *types.Func) bool {
	params := fn.Signature().Params()
	return returnsError(fn) && params.Len() > 0 && typematch.IsContext(params.At(0).Type())
}

// bodyForwards returns what the calls in fn's body whose failure fn hands
// back forward. A function that leads to retries itself forwards nothing:
// a retry around it is reported against those retries (ReachesFact), and
// the interfaces below them are theirs to pair.
func (c *checker) bodyForwards(fn *types.Func) []MethodRef {
	d := c.ix.decls[fn]
	if d == nil || d.Body == nil || c.inTest(d) || !returnsError(fn) || c.reaches(fn, false) != nil {
		return nil
	}
	body, ok := c.ix.find(d.Body)
	if !ok {
		return nil
	}
	var out []MethodRef
	caller := &retrysite.Site{Kind: retrysite.RunnerCall, Node: d, Attempt: d.Body, Func: d}
	forwarded := func(call *ast.CallExpr) []MethodRef {
		inner := typematch.Callee(c.pass.TypesInfo, call)
		if inner == nil || inner == fn || len(c.res.Enclosing(call.Pos())) > 0 {
			return nil // a call fn retries itself is paired by the wiring of that retry
		}
		return c.forwardsOf(inner)
	}
	for call := range directCalls(body) {
		if refs := forwarded(call); len(refs) > 0 && c.handsBack(caller, call) {
			out = append(out, refs...)
		}
	}
	for call, receives := range c.sentCalls(body) {
		refs := forwarded(call)
		if len(refs) > 0 && slices.ContainsFunc(receives, func(r *ast.UnaryExpr) bool { return c.handsBack(caller, r) }) {
			out = append(out, refs...)
		}
	}
	return out
}

// sentCalls yields the calls whose error a goroutine that body starts sends
// on a channel of body's function, with the receives from that channel in
// body itself: the fan-out of loki's client.PutChunks, whose goroutines send
// each PutObject's error (go func(i int) { errs <- o.store.PutObject(ctx,
// keys[i], r) }(i)) and whose body receives them and returns the last one
// that failed. A receive in a function literal, a channel the literal
// declares itself or one that is not a variable is not followed.
func (c *checker) sentCalls(body inspector.Cursor) iter.Seq2[*ast.CallExpr, []*ast.UnaryExpr] {
	return func(yield func(*ast.CallExpr, []*ast.UnaryExpr) bool) {
		receives := make(map[types.Object][]*ast.UnaryExpr)
		var starts []*ast.FuncLit
		body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.GoStmt)(nil), (*ast.UnaryExpr)(nil)}, func(cur inspector.Cursor) bool {
			switch n := cur.Node().(type) {
			case *ast.GoStmt:
				if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
					starts = append(starts, lit)
				}
				return false
			case *ast.UnaryExpr:
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.ARROW {
					if v := c.pass.TypesInfo.Uses[id]; v != nil {
						receives[v] = append(receives[v], n)
					}
				}
			case *ast.FuncLit:
				return false
			}
			return true
		})
		for _, lit := range starts {
			for n := range ast.Preorder(lit.Body) {
				send, ok := n.(*ast.SendStmt)
				if !ok {
					continue
				}
				id, ok := ast.Unparen(send.Chan).(*ast.Ident)
				call, isCall := ast.Unparen(send.Value).(*ast.CallExpr)
				if !ok || !isCall || !typematch.IsError(c.pass.TypesInfo.TypeOf(call)) {
					continue
				}
				v := c.pass.TypesInfo.Uses[id]
				if v == nil || (v.Pos() >= lit.Pos() && v.Pos() < lit.End()) || len(receives[v]) == 0 {
					continue
				}
				if !yield(call, receives[v]) {
					return
				}
			}
		}
	}
}

// handsBack reports whether the function whose body is caller's attempt
// hands the failure of call (or of the receive of a call's error, see
// sentCalls) back to its caller: the error is kept (not
// dropped by a call statement, a blank or a deferred call, as loki's chunk
// writer drops its cache lookup's), and its failure leads out of the body
// on some path.
func (c *checker) handsBack(caller *retrysite.Site, call ast.Expr) bool {
	cur, ok := source.Cursor(c.ix.root, call)
	if !ok {
		return false
	}
	for p := cur.Parent(); p.Valid(); p = p.Parent() {
		switch n := p.Node().(type) {
		case *ast.ParenExpr:
			continue
		case *ast.ExprStmt, *ast.DeferStmt, *ast.GoStmt:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 || len(n.Lhs) == 0 {
				return false
			}
			if id, ok := ast.Unparen(n.Lhs[len(n.Lhs)-1]).(*ast.Ident); !ok || id.Name == "_" {
				return false // the error, last, is dropped or kept elsewhere
			}
		}
		break
	}
	return c.afterFailure(caller, call, &errorFlow{})&flowAround != 0 // as retried for an own lead
}

func (c *checker) importedForwards(fn *types.Func) []MethodRef {
	var f ForwardsFact
	if c.pass.ImportObjectFact(fn, &f) {
		return f.Methods
	}
	return nil
}

// sortedRefs sorts refs by key and drops repeats.
func sortedRefs(refs []MethodRef) []MethodRef {
	slices.SortFunc(refs, func(a, b MethodRef) int {
		return strings.Compare(methodKey(a.Iface, a.Method), methodKey(b.Iface, b.Method))
	})
	return slices.CompactFunc(refs, func(a, b MethodRef) bool {
		return methodKey(a.Iface, a.Method) == methodKey(b.Iface, b.Method)
	})
}

// exportForwards leaves a ForwardsFact on the package's exported functions
// and methods, and on the methods of its exported interfaces, that forward
// something beyond themselves.
func (c *checker) exportForwards() {
	for _, fn := range c.ix.funcs {
		if fn.Exported() && !c.inTest(c.ix.decls[fn]) {
			c.exportForwardsOf(fn, nil)
		}
	}
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || !tn.Exported() || !types.IsInterface(tn.Type()) {
			continue // an alias's methods are another package's
		}
		named, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		iface := named.Underlying().(*types.Interface)
		for i := range iface.NumExplicitMethods() {
			m := iface.ExplicitMethod(i)
			c.exportForwardsOf(m, &MethodRef{Iface: typeLink(named), Method: m.Name()})
		}
	}
}

// exportForwardsOf exports fn's ForwardsFact, leaving out self (an
// interface method names itself: its callers see that without a fact).
func (c *checker) exportForwardsOf(fn *types.Func, self *MethodRef) {
	var out []MethodRef
	for _, m := range c.forwardsOf(fn) {
		if self == nil || methodKey(m.Iface, m.Method) != methodKey(self.Iface, self.Method) {
			out = append(out, m)
		}
	}
	if len(out) > 0 {
		c.pass.ExportObjectFact(fn, &ForwardsFact{Methods: out})
	}
}

// forwardedRetries returns the interface methods of other packages that a
// retry site of this package runs again through a call of its attempt
// whose callee forwards them (loki's compactor: removeFileFromStorage's
// loop retries storage.IndexSet.DeleteFile, which forwards
// client.ObjectClient.DeleteObject). The call itself, when it is of an
// interface method, is left to ownRetriedMethods.
func (c *checker) forwardedRetries() []ownRetried {
	if c.sdkPackage(c.pass.Pkg.Path()) {
		return nil
	}
	var out []ownRetried
	seen := map[string]bool{}
	for call := range c.attemptCalls() {
		fn := typematch.Callee(c.pass.TypesInfo, call)
		if fn == nil {
			continue
		}
		refs := c.forwardsOf(fn)
		if len(refs) == 0 {
			continue
		}
		f := c.retriedBy(call)
		if f == nil {
			continue
		}
		via := funcLink(fn)
		if typematch.IsInterfaceMethod(fn) {
			via = interfaceLink(fn.Signature().Recv().Type(), fn)
		}
		for _, m := range refs {
			if m.Iface.PkgPath == c.pass.Pkg.Path() || typematch.IsInterfaceMethod(fn) && methodKey(m.Iface, m.Method) == methodKey(ifaceOf(fn), fn.Name()) {
				continue // this package's interfaces are marked by RetriedFacts; the call's own method by ownRetriedMethods
			}
			rm := RetriedMethod{Iface: m.Iface, Method: m.Method, Retry: *f, At: c.place(call.Pos()), Via: via}
			if !seen[rm.key()] {
				seen[rm.key()] = true
				out = append(out, ownRetried{method: rm, call: call})
			}
		}
	}
	return out
}

// ifaceOf names the interface type that declares interface method fn.
func ifaceOf(fn *types.Func) Link {
	if named, ok := types.Unalias(fn.Signature().Recv().Type()).(*types.Named); ok {
		return typeLink(named)
	}
	return Link{}
}

// mayForward reports whether the package calls a method of a pluggable
// interface that returns an error, and so may forward one (a package
// without retry sites or facts below it is analysed only then).
func mayForward(pass *analysis.Pass, root inspector.Cursor, table []apis.Client) bool {
	for cur := range root.Preorder((*ast.SelectorExpr)(nil)) {
		s := pass.TypesInfo.Selections[cur.Node().(*ast.SelectorExpr)]
		if s == nil || s.Kind() != types.MethodVal || !types.IsInterface(s.Recv()) {
			continue
		}
		fn, ok := s.Obj().(*types.Func)
		if ok && fn.Pkg() != nil && remoteShaped(fn) && pluggablePath(table, fn.Pkg().Path()) {
			return true
		}
	}
	return false
}
