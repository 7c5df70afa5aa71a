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
	"go/token"
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
