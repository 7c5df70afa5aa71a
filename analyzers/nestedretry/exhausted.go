package nestedretry

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/ast/edge"
)

// A retry loop of the user's own often says so when its attempts run out:
// the statement after the loop returns a sentinel, alone or wrapped
// (ollama's blob upload: return fmt.Errorf("%w: %w", errMaxRetriesExceeded,
// err)), and a retry above it that leaves on that sentinel
// (errors.Is(err, errMaxRetriesExceeded)) never runs an exhausted layer
// again. Its own attempts still repeat what fails before the layer below
// has retried, but the two counts do not multiply, so the pair is no
// finding. A layer below that gives up early on an error the retry above
// goes around on is not counted for that path: the run-out error is what
// a failing dependency produces.

// exhaustion returns what loop site s hands back when its attempts run
// out: the sentinel the return statement right after the loop gives as its
// last result, by itself (Wrapped false) or wrapped by fmt.Errorf's %w or
// errors.Join. The zero Exhaustion when there is none.
func (c *checker) exhaustion(s *retrysite.Site) Exhaustion {
	if s.Kind != retrysite.Loop {
		return Exhaustion{}
	}
	cur, ok := source.Cursor(c.ix.root, s.Node)
	if !ok {
		return Exhaustion{}
	}
	if kind, _ := cur.ParentEdge(); kind == edge.LabeledStmt_Stmt {
		cur = cur.Parent()
	}
	next, ok := cur.NextSibling()
	if !ok {
		return Exhaustion{}
	}
	ret, ok := next.Node().(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return Exhaustion{}
	}
	last := ast.Unparen(ret.Results[len(ret.Results)-1])
	if k := c.sentinel(last); k != nil {
		return Exhaustion{Kind: errKind(k)}
	}
	call, ok := last.(*ast.CallExpr)
	if !ok {
		return Exhaustion{}
	}
	for _, arg := range c.wrappedArgs(call) {
		if k := c.sentinel(arg); k != nil {
			return Exhaustion{Kind: errKind(k), Wrapped: true}
		}
	}
	return Exhaustion{}
}

// sentinel returns the package-level error variable e names, if it names
// one.
func (c *checker) sentinel(e ast.Expr) *types.Var {
	id := typematch.Ident(e)
	if id == nil {
		return nil
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() || !typematch.IsError(v.Type()) {
		return nil
	}
	return v
}

// wrappedArgs returns the arguments that call wraps so that errors.Is
// finds them: those of errors.Join, and those of fmt.Errorf that a %w of
// its constant format takes (none when the format picks arguments by
// index or takes a width or precision from one).
func (c *checker) wrappedArgs(call *ast.CallExpr) []ast.Expr {
	fn := typematch.Callee(c.pass.TypesInfo, call)
	switch {
	case typematch.IsFunc(fn, "errors", "Join"):
		return call.Args
	case typematch.IsFunc(fn, "fmt", "Errorf") && len(call.Args) > 0:
		tv := c.pass.TypesInfo.Types[call.Args[0]]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return nil
		}
		var out []ast.Expr
		for i, verb := range formatVerbs(constant.StringVal(tv.Value)) {
			if verb == 0 {
				return nil
			}
			if verb == 'w' && i+1 < len(call.Args) {
				out = append(out, call.Args[i+1])
			}
		}
		return out
	}
	return nil
}

// formatVerbs lists the verbs of a printf format in order, one per
// argument it takes; a 0 stands for a verb that takes its arguments in a
// way this does not follow (an explicit index, a * width or precision).
func formatVerbs(format string) []rune {
	var verbs []rune
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i >= len(format) {
			break
		}
		switch format[i] {
		case '%':
			continue
		case '[', '*':
			return append(verbs, 0)
		}
		verbs = append(verbs, rune(format[i]))
	}
	return verbs
}

// repeatsExhausted reports whether site s may run call again after it
// failed with ex, the error the layers below hand back when their attempts
// run out. The sentinel must be one the package can name (its own or an
// import's); otherwise the site cannot test for it and may.
func (c *checker) repeatsExhausted(s *retrysite.Site, call *ast.CallExpr, ex Exhaustion) bool {
	k := c.lookupKind(ex.Kind)
	if k == nil {
		return true
	}
	return c.goesAroundOn(s, call, k, ex.Wrapped)
}

// lookupKind returns the object an error kind (see errKind) names in this
// package or one it imports, or nil.
func (c *checker) lookupKind(kind string) types.Object {
	dot := strings.LastIndexByte(kind, '.')
	if dot < 0 {
		return nil
	}
	path, name := kind[:dot], kind[dot+1:]
	if path == c.pass.Pkg.Path() {
		return c.pass.Pkg.Scope().Lookup(name)
	}
	for _, imp := range c.pass.Pkg.Imports() {
		if imp.Path() == path {
			return imp.Scope().Lookup(name)
		}
	}
	return nil
}
