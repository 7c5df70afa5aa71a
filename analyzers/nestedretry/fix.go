package nestedretry

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/fixes"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"golang.org/x/tools/go/analysis"
)

// fix returns the fix that leaves the retry site the one owner of the
// retries, where one is mechanical: an aws-sdk-go-v2 call gets the per-call
// option that turns the SDK's retries off; a go-redis or go-retryablehttp
// client built in the site's function gets the field that turns its retries
// off. Layers of the user's own get none: which one keeps the retries is a
// person's choice. fixed records the clients already given a fix, so that two
// calls on one client do not carry the same edit twice.
func (c *checker) fix(s *retrysite.Site, l lead, fixed map[ast.Expr]bool) *analysis.SuggestedFix {
	cc := l.client
	if cc == nil {
		return nil
	}
	a := cc.api
	if a.OffField == "" {
		return nil
	}
	switch a.Config {
	case apis.AWSConfig:
		return c.awsFix(cc)
	case apis.RedisConfig:
		return c.fieldFix(s, cc, fixed, a.OffField, a.OffValue, fmt.Sprintf("turn the go-redis client's retries off (%s: %s)", a.OffField, a.OffValue))
	case apis.RetryableHTTPConfig:
		return c.fieldFix(s, cc, fixed, a.OffField, a.OffValue, fmt.Sprintf("turn the retryablehttp client's retries off (%s = %s)", a.OffField, a.OffValue))
	}
	return nil
}

// awsFix appends func(o *svc.Options) { o.RetryMaxAttempts = 1 } (the row's
// setting) to the call.
func (c *checker) awsFix(cc *clientCall) *analysis.SuggestedFix {
	opts := awsOptionsType(cc.fn)
	file := source.File(c.pass.Files, cc.call.Pos())
	if opts == nil || file == nil || cc.call.Ellipsis.IsValid() || len(cc.call.Args) < 2 {
		return nil
	}
	name, edits := fixes.AddImport(c.pass.TypesInfo, file, cc.call.Pos(), opts.Pkg().Path(), opts.Pkg().Name(), "aws"+opts.Pkg().Name())
	last := cc.call.Args[len(cc.call.Args)-1]
	off := cc.api.OffField + " = " + cc.api.OffValue
	text := fmt.Sprintf(", func(o *%s) { o.%s }", fixes.QualifiedName(name, opts.Name()), off)
	edits = append(edits, analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(text)})
	return &analysis.SuggestedFix{
		Message:   "turn the SDK's retries off for this call (" + off + ")",
		TextEdits: edits,
	}
}

// fieldFix sets field to value where the client is built, when that is in
// the site's own function: it replaces the last assignment of the field, or
// its value in the literal, or adds it to the literal, or, for a client made
// by a constructor call assigned to a variable, adds "v.field = value" after
// that assignment.
func (c *checker) fieldFix(s *retrysite.Site, cc *clientCall, fixed map[ast.Expr]bool, field, value, msg string) *analysis.SuggestedFix {
	b := cc.build
	if b == nil || fixed[b.expr] || !inFunc(s.Func, b.expr) {
		return nil
	}
	target, vars := b.expr, b.vars
	if cc.api.Config == apis.RedisConfig {
		// The options are the constructor's argument; a cluster or
		// universal client may retry through MaxRedirects too.
		call, ok := b.expr.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !c.ev.isFunc(call, apis.RedisV9, "NewClient", "NewRing") {
			return nil
		}
		target, vars = c.ix.origin(call.Args[0])
		if !inFunc(s.Func, target) {
			return nil
		}
	}
	edit, ok := c.fieldEdit(target, vars, field, value)
	if !ok {
		return nil
	}
	fixed[b.expr] = true
	return &analysis.SuggestedFix{Message: msg, TextEdits: []analysis.TextEdit{edit}}
}

func (c *checker) fieldEdit(target ast.Expr, vars []*types.Var, field, value string) (analysis.TextEdit, bool) {
	for i := len(vars) - 1; i >= 0; i-- {
		sets := c.ix.fields[vars[i]]
		for j := len(sets) - 1; j >= 0; j-- {
			as := sets[j]
			if as.Lhs[0].(*ast.SelectorExpr).Sel.Name == field {
				rhs := as.Rhs[0]
				return analysis.TextEdit{Pos: rhs.Pos(), End: rhs.End(), NewText: []byte(value)}, true
			}
		}
	}
	switch t := target.(type) {
	case *ast.CompositeLit:
		for _, elt := range t.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
					return analysis.TextEdit{Pos: kv.Value.Pos(), End: kv.Value.End(), NewText: []byte(value)}, true
				}
			} else {
				return analysis.TextEdit{}, false // positional fields
			}
		}
		if len(t.Elts) == 0 {
			return analysis.TextEdit{Pos: t.Lbrace + 1, End: t.Lbrace + 1, NewText: []byte(field + ": " + value)}, true
		}
		end := t.Elts[len(t.Elts)-1].End()
		return analysis.TextEdit{Pos: end, End: end, NewText: []byte(", " + field + ": " + value)}, true
	case *ast.CallExpr:
		if len(vars) == 0 {
			return analysis.TextEdit{}, false
		}
		v := vars[len(vars)-1]
		stmt, ok := c.ix.stmts[v].(*ast.AssignStmt)
		if !ok || len(stmt.Lhs) != 1 || v.Parent() == v.Pkg().Scope() {
			return analysis.TextEdit{}, false
		}
		indent := strings.Repeat("\t", max(c.pass.Fset.Position(stmt.Pos()).Column-1, 0))
		text := fmt.Sprintf("\n%s%s.%s = %s", indent, v.Name(), field, value)
		return analysis.TextEdit{Pos: stmt.End(), End: stmt.End(), NewText: []byte(text)}, true
	}
	return analysis.TextEdit{}, false
}
