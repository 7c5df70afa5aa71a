package nojitter

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/fixes"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// Jitter settings the fixes use: cenkalti's own default factor, the factor
// client-go's DefaultRetry uses, and a quarter of failsafe's delay.
const (
	cenkaltiFactor = "0.5"
	k8sJitter      = "0.1"
	failsafeJitter = "0.25"
)

// library reports a retry-library call whose backoff does not jitter, at the
// setting that leaves it so.
func (c *checker) library(s *retrysite.Site) {
	j := c.res.LibraryJitter(s)
	if j.Randomness != retrysite.Fixed || j.Culprit == nil {
		return
	}
	pos := j.Culprit.Pos()
	if c.rep.Skip(pos) {
		return
	}
	lib := s.Runner.Pkg().Path()
	fix, hint := c.libraryFix(lib, s, j.Culprit)
	d := analysis.Diagnostic{
		Pos:     pos,
		End:     j.Culprit.End(),
		Message: fmt.Sprintf("retry call backs off without jitter (%s): %s; %s", j.Reason, herd, hint),
	}
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	c.rep.Report(d)
}

// libraryFix turns the library's own jitter knob, so the fix adds no
// dependency. It returns no fix where the library has no knob to turn
// (a constant or zero backoff: the change of behaviour is the user's call).
func (c *checker) libraryFix(lib string, s *retrysite.Site, culprit ast.Node) (*analysis.SuggestedFix, string) {
	info := c.pass.TypesInfo
	switch lib {
	case "github.com/cenkalti/backoff/v4", "github.com/cenkalti/backoff/v5":
		hint := "use an ExponentialBackOff with a RandomizationFactor (0.5 is the default)"
		if f := c.setFactor(culprit, "RandomizationFactor", cenkaltiFactor); f != nil {
			return f, "set RandomizationFactor (0.5 is the default)"
		}
		return nil, hint
	case "k8s.io/apimachinery/pkg/util/wait", "k8s.io/client-go/util/retry":
		return c.setFactor(culprit, "Jitter", k8sJitter), "set Jitter (0.1, as client-go's DefaultRetry)"
	case "github.com/avast/retry-go/v4", "github.com/avast/retry-go/v5":
		call, ok := culprit.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return nil, "combine the delay with retry.RandomDelay"
		}
		q, ok := qualifier(info, call)
		if !ok {
			return nil, "combine the delay with retry.RandomDelay"
		}
		arg := call.Args[0]
		return &analysis.SuggestedFix{
			Message: "combine the delay with RandomDelay",
			TextEdits: []analysis.TextEdit{
				{Pos: arg.Pos(), End: arg.Pos(), NewText: []byte(fixes.QualifiedName(q, "CombineDelay") + "(")},
				{Pos: arg.End(), End: arg.End(), NewText: []byte(", " + fixes.QualifiedName(q, "RandomDelay") + ")")},
			},
		}, "combine it with RandomDelay"
	case "github.com/sethvargo/go-retry":
		call, ok := culprit.(*ast.CallExpr)
		if !ok {
			return nil, "wrap the backoff in retry.WithFullJitter"
		}
		q, ok := qualifier(info, call)
		if !ok {
			return nil, "wrap the backoff in retry.WithFullJitter"
		}
		if call == s.Node && len(call.Args) == 3 {
			// retry.Exponential(ctx, d, f) -> retry.Do(ctx, retry.WithFullJitter(retry.NewExponential(d)), f)
			fun := ast.Unparen(call.Fun)
			d := call.Args[1]
			return &analysis.SuggestedFix{
				Message: "run it through retry.Do with a fully jittered backoff",
				TextEdits: []analysis.TextEdit{
					{Pos: fun.Pos(), End: fun.End(), NewText: []byte(fixes.QualifiedName(q, "Do"))},
					{Pos: d.Pos(), End: d.Pos(), NewText: []byte(fixes.QualifiedName(q, "WithFullJitter") + "(" + fixes.QualifiedName(q, "New"+s.Runner.Name()) + "(")},
					{Pos: d.End(), End: d.End(), NewText: []byte("))")},
				},
			}, "use retry.Do with retry.WithFullJitter"
		}
		return &analysis.SuggestedFix{
			Message:   "wrap the backoff in WithFullJitter",
			TextEdits: wrapEdits(call, fixes.QualifiedName(q, "WithFullJitter")),
		}, "wrap it in retry.WithFullJitter"
	case "github.com/failsafe-go/failsafe-go":
		call, ok := culprit.(*ast.CallExpr)
		if !ok {
			return nil, "add WithJitterFactor"
		}
		return &analysis.SuggestedFix{
			Message:   "add WithJitterFactor(" + failsafeJitter + ")",
			TextEdits: []analysis.TextEdit{{Pos: call.End(), End: call.End(), NewText: []byte(".WithJitterFactor(" + failsafeJitter + ")")}},
		}, "add WithJitterFactor"
	case "github.com/eapache/go-resiliency/retrier":
		return nil, "call SetJitter on the retrier"
	case "github.com/retrylint/retrylint/retry":
		// The culprit is the key-value that names JitterNone. Only the
		// jitter changes: a Base left out is DefaultBase, so full jitter
		// never makes the waits zero.
		const hint = "set Jitter: retry.JitterFull"
		kv, ok := culprit.(*ast.KeyValueExpr)
		if !ok {
			return nil, hint
		}
		f := c.file(kv.Pos())
		if f == nil {
			return nil, hint
		}
		name, edits := fixes.AddImport(info, f, kv.Pos(), retryPath, "retry", "rlretry")
		edits = append(edits, analysis.TextEdit{Pos: kv.Value.Pos(), End: kv.Value.End(), NewText: []byte(fixes.QualifiedName(name, "JitterFull"))})
		return &analysis.SuggestedFix{Message: "use full jitter", TextEdits: edits}, hint
	}
	return nil, "randomise the backoff"
}

// setFactor sets a jitter factor field to value where culprit leaves it at
// zero: a key-value of a literal, a literal without the field, an
// assignment to the field, or an option call With...(0).
func (c *checker) setFactor(culprit ast.Node, field, value string) *analysis.SuggestedFix {
	msg := fmt.Sprintf("set %s to %s", field, value)
	replace := func(e ast.Expr) *analysis.SuggestedFix {
		return &analysis.SuggestedFix{Message: msg, TextEdits: []analysis.TextEdit{{Pos: e.Pos(), End: e.End(), NewText: []byte(value)}}}
	}
	switch n := culprit.(type) {
	case *ast.KeyValueExpr:
		return replace(n.Value)
	case *ast.AssignStmt:
		if len(n.Rhs) == 1 {
			return replace(n.Rhs[0])
		}
	case *ast.CallExpr:
		fn := typematch.Callee(c.pass.TypesInfo, n)
		if fn != nil && fn.Name() == "With"+field && len(n.Args) == 1 {
			return replace(n.Args[0])
		}
	case *ast.CompositeLit:
		t := c.pass.TypesInfo.TypeOf(n)
		if t == nil {
			return nil
		}
		st, ok := typematch.Deref(t).Underlying().(*types.Struct)
		if !ok || !hasField(st, field) {
			return nil // e.g. a ZeroBackOff or ConstantBackOff: no knob to turn
		}
		text := field + ": " + value
		pos := n.Lbrace + 1
		if len(n.Elts) > 0 {
			if _, keyed := n.Elts[0].(*ast.KeyValueExpr); !keyed {
				return nil // a positional literal
			}
			pos = n.Elts[len(n.Elts)-1].End()
			text = ", " + text
		}
		return &analysis.SuggestedFix{Message: msg, TextEdits: []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte(text)}}}
	}
	return nil
}

// hasField reports whether st has a field named name.
func hasField(st *types.Struct, name string) bool {
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return true
		}
	}
	return false
}
