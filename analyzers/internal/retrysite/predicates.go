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

// A generated SDK client asks one predicate of the request, the response and
// the error whether to go again (openai-go's shouldRetry(req, res, err)): it
// answers true for a connection error, a retry status or a server's
// x-should-retry header, and false otherwise. Such a loop is a retry loop
// when the predicate answers false for an answer that succeeded: no error,
// and a response with status 200 that asks for nothing. Its headers are
// taken to be absent, since a server that says "retry" in a header has not
// given the answer the call wanted.

// argRole is what an argument of a predicate call is to the walker's attempt.
type argRole uint8

const (
	otherArg  argRole = iota
	errArg            // the attempt's error
	respArg           // the attempt's response (a value with a StatusCode field)
	statusArg         // the status code of the attempt's response
)

// successStatus is the status code of a successful answer.
const successStatus = 200

// onSuccess returns what fn, a predicate of the package given the attempt's
// error, response or status code as roles says, answers when the attempt succeeded:
// its body is declarations and if statements that return a constant, then
// a return of one expression, each evaluated with the error nil and the
// response successful. Unknown where any of it cannot be evaluated.
func (a *recogniser) onSuccess(fn *types.Func, roles []argRole) tri {
	decl := a.decls[fn]
	sig := fn.Signature()
	if decl == nil || decl.Body == nil || sig.Results().Len() != 1 || !isBool(sig.Results().At(0).Type()) ||
		sig.Variadic() || sig.Params().Len() != len(roles) {
		return unknown
	}
	role := map[types.Object]argRole{}
	for i, r := range roles {
		if r != otherArg {
			role[sig.Params().At(i)] = r
		}
	}
	if len(role) == 0 {
		return unknown
	}
	leaf := func(e ast.Expr) tri { return a.successLeaf(e, role) }
	var mayFalse, mayTrue bool
	note := func(v bool) {
		if v {
			mayTrue = true
		} else {
			mayFalse = true
		}
	}
	constAnswer := func(ret *ast.ReturnStmt) (bool, bool) {
		if len(ret.Results) != 1 {
			return false, false
		}
		tv, ok := a.info.Types[ret.Results[0]]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Bool {
			return false, false
		}
		return constant.BoolVal(tv.Value), true
	}
	list := decl.Body.List
	for i, s := range list {
		switch s := s.(type) {
		case *ast.DeclStmt:
			continue
		case *ast.IfStmt:
			if s.Init != nil || s.Else != nil || len(s.Body.List) != 1 {
				return unknown
			}
			ret, ok := s.Body.List[0].(*ast.ReturnStmt)
			if !ok {
				return unknown
			}
			v, ok := constAnswer(ret)
			if !ok {
				return unknown
			}
			switch eval.Condition(s.Cond, leaf) {
			case yes:
				note(v)
				return answerOf(mayFalse, mayTrue)
			case unknown:
				note(v)
			}
		case *ast.ReturnStmt:
			if i != len(list)-1 || len(s.Results) != 1 {
				return unknown
			}
			switch eval.Condition(s.Results[0], leaf) {
			case yes:
				note(true)
			case no:
				note(false)
			default:
				return unknown
			}
		default:
			return unknown
		}
	}
	return answerOf(mayFalse, mayTrue)
}

// answerOf is the predicate's answer from the answers it may give.
func answerOf(mayFalse, mayTrue bool) tri {
	switch {
	case mayFalse && !mayTrue:
		return no
	case mayTrue && !mayFalse:
		return yes
	}
	return unknown
}

// successLeaf evaluates an operand of a condition in a predicate whose
// parameters in role hold the attempt's nil error and successful response.
func (a *recogniser) successLeaf(e ast.Expr, role map[types.Object]argRole) tri {
	roleOf := func(e ast.Expr) argRole {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			return role[a.info.Uses[id]]
		}
		return otherArg
	}
	isNil := func(e ast.Expr) bool { tv, ok := a.info.Types[e]; return ok && tv.IsNil() }
	switch e := e.(type) {
	case *ast.BinaryExpr:
		for _, xy := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
			if r := roleOf(xy[0]); (r == errArg || r == respArg) && isNil(xy[1]) && (e.Op == token.EQL || e.Op == token.NEQ) {
				// The error is nil, the response is not.
				return eval.Of((r == errArg) == (e.Op == token.EQL))
			}
		}
		x, okX := a.successValue(e.X, roleOf)
		y, okY := a.successValue(e.Y, roleOf)
		if okX && okY && x.Kind() == y.Kind() {
			switch e.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				return eval.Of(constant.Compare(x, e.Op, y))
			}
		}
	case *ast.CallExpr:
		f := typematch.Callee(a.info, e)
		if len(e.Args) > 0 && roleOf(e.Args[0]) == errArg {
			if typematch.IsFunc(f, "errors", "Is") || typematch.IsFunc(f, "errors", "As") {
				return no // a nil error is no error of any kind
			}
			if len(e.Args) == 1 {
				return a.onNilPredicate(f)
			}
		}
	case *ast.Ident:
		if tv, ok := a.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
			return eval.Of(constant.BoolVal(tv.Value))
		}
	}
	return unknown
}

// successValue evaluates a constant, the successful response's status code
// (given whole or as the response's field), or one of its headers (res.Header.Get(name), absent: ""), and reports
// whether it could.
func (a *recogniser) successValue(e ast.Expr, roleOf func(ast.Expr) argRole) (constant.Value, bool) {
	e = ast.Unparen(e)
	if tv, ok := a.info.Types[e]; ok && tv.Value != nil {
		return tv.Value, true
	}
	switch e := e.(type) {
	case *ast.Ident:
		if roleOf(e) == statusArg {
			return constant.MakeInt64(successStatus), true
		}
	case *ast.SelectorExpr:
		if e.Sel.Name == "StatusCode" && roleOf(e.X) == respArg {
			return constant.MakeInt64(successStatus), true
		}
	case *ast.CallExpr:
		f := typematch.Callee(a.info, e)
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && typematch.IsMethod(f, "net/http", "Header", "Get") {
			if h, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok && h.Sel.Name == "Header" && roleOf(h.X) == respArg {
				return constant.MakeString(""), true
			}
		}
	}
	return nil, false
}
