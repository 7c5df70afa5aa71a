package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/eval"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// A loop that goes around on isRetryable(err) and returns otherwise is a
// retry loop only if success leaves it: isRetryable(nil) must be false. A
// predicate on an error tells, by a nil guard (if err == nil { return
// false }) or by the one expression it returns (errors.As(err, &t)), what it
// answers for a nil error; NilPredicateFact carries that answer to the
// packages that call it.

// NilPredicateFact marks an exported predicate on an error, func(error)
// bool, whose answer for a nil error is known.
type NilPredicateFact struct {
	OnNil bool
}

func (*NilPredicateFact) AFact() {}

func (f *NilPredicateFact) String() string {
	if f.OnNil {
		return "true for a nil error"
	}
	return "false for a nil error"
}

// maxPredicateDepth bounds the predicates followed into one another.
const maxPredicateDepth = 3

// onNilPredicate returns what fn, a predicate on an error, answers for a nil
// error, where that is known.
func (a *recogniser) onNilPredicate(fn *types.Func) tri { return a.onNil(fn, 0) }

func (a *recogniser) onNil(fn *types.Func, depth int) tri {
	if fn == nil || fn.Pkg() == nil || depth > maxPredicateDepth {
		return unknown
	}
	if fn.Pkg() != a.pkg {
		var f NilPredicateFact
		if a.importFact(fn, &f) {
			return eval.Of(f.OnNil)
		}
		return unknown
	}
	param, result, guard, ok := eval.ErrorPredicate(a.info, fn, a.decls[fn])
	if !ok || result == nil {
		return guard
	}
	isParam := func(e ast.Expr) bool { id, ok := ast.Unparen(e).(*ast.Ident); return ok && a.info.Uses[id] == param }
	return eval.Condition(result, func(x ast.Expr) tri {
		switch x := x.(type) {
		case *ast.BinaryExpr:
			if x.Op != token.EQL && x.Op != token.NEQ {
				break
			}
			for _, xy := range [][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
				if tv, ok := a.info.Types[xy[1]]; ok && tv.IsNil() && isParam(xy[0]) {
					return eval.Of(x.Op == token.EQL)
				}
			}
		case *ast.CallExpr:
			f := typematch.Callee(a.info, x)
			if (typematch.IsFunc(f, "errors", "Is") || typematch.IsFunc(f, "errors", "As")) && len(x.Args) == 2 && isParam(x.Args[0]) {
				return no
			}
			if len(x.Args) == 1 && isParam(x.Args[0]) {
				return a.onNil(f, depth+1) // return isTemporary(err) || isTimeout(err)
			}
		case *ast.Ident:
			if tv, ok := a.info.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
				return eval.Of(constant.BoolVal(tv.Value))
			}
		}
		return unknown
	})
}

// exportPredicateFacts exports NilPredicateFact for the package's exported
// predicates on an error whose answer for a nil error is known.
func (a *recogniser) exportPredicateFacts() {
	for fn := range a.decls {
		if !fn.Exported() {
			continue
		}
		if v := a.onNil(fn, 0); v != unknown {
			a.pass.ExportObjectFact(fn, &NilPredicateFact{OnNil: v == yes})
		}
	}
}
