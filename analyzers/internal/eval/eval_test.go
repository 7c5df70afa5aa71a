package eval

import (
	"go/ast"
	"go/token"
	"testing"
)

func TestLogic(t *testing.T) {
	all := []Value{Unknown, Yes, No}
	for _, l := range all {
		if l.Not().Not() != l {
			t.Errorf("%v.Not().Not() = %v", l, l.Not().Not())
		}
		for _, r := range all {
			// De Morgan holds in three-valued logic too.
			if And(l, r).Not() != Or(l.Not(), r.Not()) {
				t.Errorf("!(%v && %v) != !%v || !%v", l, r, l, r)
			}
		}
	}
	if And(Yes, Unknown) != Unknown || And(No, Unknown) != No || Or(Yes, Unknown) != Yes || Or(No, Unknown) != Unknown {
		t.Error("Unknown does not combine as a value that may be either")
	}
	if Of(true) != Yes || Of(false) != No {
		t.Error("Of")
	}
}

func TestAnyCase(t *testing.T) {
	cases := func(vs ...Value) ([]ast.Expr, func(ast.Expr) Value) {
		var list []ast.Expr
		m := map[ast.Expr]Value{}
		for _, v := range vs {
			e := &ast.Ident{Name: "c"}
			list = append(list, e)
			m[e] = v
		}
		return list, func(e ast.Expr) Value { return m[e] }
	}
	for _, tc := range []struct {
		vs   []Value
		want Value
	}{
		{[]Value{No, No}, No},
		{[]Value{No, Unknown}, Unknown},
		{[]Value{Unknown, Yes}, Yes},
		{[]Value{Yes, No}, Yes},
	} {
		if got := AnyCase(cases(tc.vs...)); got != tc.want {
			t.Errorf("AnyCase(%v) = %v, want %v", tc.vs, got, tc.want)
		}
	}
}

func TestIntOp(t *testing.T) {
	for _, tc := range []struct {
		op     token.Token
		x, y   int64
		want   int64
		wantOK bool
	}{
		{token.ADD, 2, 3, 5, true},
		{token.SUB, 2, 3, -1, true},
		{token.MUL, 2, 3, 6, true},
		{token.QUO, 7, 2, 3, true},
		{token.QUO, 7, 0, 0, false},
		{token.REM, 7, 2, 1, true},
		{token.REM, 7, 0, 0, false},
		{token.SHL, 1, 3, 8, true},
		{token.SHL, 1, 62, 0, false},
		{token.SHR, 8, 3, 1, true},
		{token.SHR, 8, -1, 0, false},
		{token.AND, 1, 1, 0, false},
	} {
		got, ok := IntOp(tc.op, tc.x, tc.y)
		if got != tc.want || ok != tc.wantOK {
			t.Errorf("IntOp(%v, %d, %d) = %d, %v; want %d, %v", tc.op, tc.x, tc.y, got, ok, tc.want, tc.wantOK)
		}
	}
}
