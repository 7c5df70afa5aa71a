// Package eval holds the rules by which the analyzers' walkers evaluate
// code they follow: the three-valued logic of conditions (with an attempt's
// outcome assumed, a condition may be certainly true, certainly false, or
// not known) and the integer arithmetic of constants and counters. The
// walkers (retrysite's loop classifier, nestedretry's error flow,
// retrydeadline's budget) combine values the same way, so the rules live
// here once.
package eval

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// Value is a three-valued truth.
type Value uint8

const (
	Unknown Value = iota
	Yes
	No
)

// Of converts a known bool.
func Of(b bool) Value {
	if b {
		return Yes
	}
	return No
}

// Not negates v; Unknown stays Unknown.
func (v Value) Not() Value {
	switch v {
	case Yes:
		return No
	case No:
		return Yes
	}
	return Unknown
}

// And is l && r: No when either is, Yes when both are.
func And(l, r Value) Value {
	switch {
	case l == No || r == No:
		return No
	case l == Yes && r == Yes:
		return Yes
	}
	return Unknown
}

// Or is l || r: Yes when either is, No when both are.
func Or(l, r Value) Value {
	switch {
	case l == Yes || r == Yes:
		return Yes
	case l == No && r == No:
		return No
	}
	return Unknown
}

// Condition evaluates a condition's connectives (parentheses, !, && and
// ||) and asks leaf for each operand that is none of them: the walkers
// differ only in what they know of the operands.
func Condition(e ast.Expr, leaf func(ast.Expr) Value) Value {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return Condition(e.X, leaf).Not()
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return And(Condition(e.X, leaf), Condition(e.Y, leaf))
		case token.LOR:
			return Or(Condition(e.X, leaf), Condition(e.Y, leaf))
		}
	}
	return leaf(ast.Unparen(e))
}

// LeavesLoop reports whether the block b, in a loop's body, ends by
// leaving the loop: a return, a goto, a call that never returns
// (typematch.NeverReturns), or a break that breaks says leaves it (a plain
// break inside a switch or select leaves only that; a labelled one may name
// an inner statement: the caller knows which).
func LeavesLoop(info *types.Info, b *ast.BlockStmt, breaks func(*ast.BranchStmt) bool) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.GOTO || s.Tok == token.BREAK && breaks(s)
	case *ast.ExprStmt:
		call, ok := s.X.(*ast.CallExpr)
		return ok && typematch.NeverReturns(info, call)
	}
	return false
}

// Conjuncts splits e at its && operators: the conditions that all hold
// when e does.
func Conjuncts(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(Conjuncts(b.X), Conjuncts(b.Y)...)
	}
	return []ast.Expr{e}
}

// Disjuncts splits e at its || operators: each condition alone makes e
// hold.
func Disjuncts(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		return append(Disjuncts(b.X), Disjuncts(b.Y)...)
	}
	return []ast.Expr{e}
}

// Int returns the value of an integer constant expression (an integral
// float constant such as 3.0 included); ok is false for anything else or a
// value that does not fit in an int64.
func Int(tv types.TypeAndValue) (int64, bool) {
	if tv.Value == nil {
		return 0, false
	}
	v := constant.ToInt(tv.Value)
	if v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}

// IsZero reports whether v is a numeric constant equal to zero.
func IsZero(v constant.Value) bool {
	if v == nil {
		return false
	}
	switch v.Kind() {
	case constant.Int, constant.Float:
		return constant.Sign(v) == 0
	}
	return false
}

// AnyCase is whether a switch clause whose case list is list is taken, each
// case judged by match: Yes when one case certainly matches, No when none
// can, Unknown otherwise.
func AnyCase(list []ast.Expr, match func(ast.Expr) Value) Value {
	v := No
	for _, e := range list {
		switch match(e) {
		case Yes:
			v = Yes
		case Unknown:
			if v == No {
				v = Unknown
			}
		}
	}
	return v
}

// IntOp applies a binary operator to two known integers (or durations); ok
// is false for another operator, a division by zero or a shift out of range.
func IntOp[T ~int64](op token.Token, x, y T) (T, bool) {
	switch op {
	case token.ADD:
		return x + y, true
	case token.SUB:
		return x - y, true
	case token.MUL:
		return x * y, true
	case token.QUO:
		if y != 0 {
			return x / y, true
		}
	case token.REM:
		if y != 0 {
			return x % y, true
		}
	case token.SHL:
		if y >= 0 && y < 62 {
			return x << y, true
		}
	case token.SHR:
		if y >= 0 && y < 64 {
			return x >> y, true
		}
	}
	return 0, false
}

// ErrorPredicate recognises fn, declared by decl, as a predicate on an
// error whose answer its body gives in one expression (func
// IsAlreadyLocked(err error) bool { var e *alreadyLockedError; return
// errors.As(err, &e) }): it takes one error and returns one bool, and its
// body declares, then returns. It returns the parameter and the
// expression; the walkers evaluate the expression as they would at the
// call, with the argument for the parameter. guard is the value the body
// returns at once when the error is nil, where it starts with
// if err == nil { return <constant> }; then result is nil.
func ErrorPredicate(info *types.Info, fn *types.Func, decl *ast.FuncDecl) (param *types.Var, result ast.Expr, guard Value, ok bool) {
	sig := fn.Signature()
	if decl == nil || decl.Body == nil || len(decl.Body.List) == 0 || sig.Params().Len() != 1 || sig.Results().Len() != 1 ||
		!typematch.IsError(sig.Params().At(0).Type()) || !isBool(sig.Results().At(0).Type()) {
		return nil, nil, Unknown, false
	}
	param = sig.Params().At(0)
	list := decl.Body.List
	if v := nilGuard(info, param, list[0]); v != Unknown {
		return param, nil, v, true
	}
	for _, s := range list[:len(list)-1] {
		if _, ok := s.(*ast.DeclStmt); !ok {
			return nil, nil, Unknown, false
		}
	}
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, nil, Unknown, false
	}
	return param, ret.Results[0], Unknown, true
}

// nilGuard returns the constant that s, "if param == nil { return c }",
// returns, or Unknown when s is not such a statement.
func nilGuard(info *types.Info, param *types.Var, s ast.Stmt) Value {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
		return Unknown
	}
	be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.EQL {
		return Unknown
	}
	isParam := func(e ast.Expr) bool { id, ok := ast.Unparen(e).(*ast.Ident); return ok && info.Uses[id] == param }
	isNil := func(e ast.Expr) bool { tv, ok := info.Types[e]; return ok && tv.IsNil() }
	if !(isParam(be.X) && isNil(be.Y) || isParam(be.Y) && isNil(be.X)) {
		return Unknown
	}
	ret, ok := ifs.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return Unknown
	}
	if tv, ok := info.Types[ret.Results[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return Of(constant.BoolVal(tv.Value))
	}
	return Unknown
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}
