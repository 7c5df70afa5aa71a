package eval

import (
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
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

func TestCondition(t *testing.T) {
	// Operands are identifiers a leaf knows by name; "u" is not known.
	leaf := func(e ast.Expr) Value {
		switch id, _ := e.(*ast.Ident); {
		case id == nil:
			return Unknown
		case id.Name == "t":
			return Yes
		case id.Name == "f":
			return No
		}
		return Unknown
	}
	for src, want := range map[string]Value{
		"t":              Yes,
		"!t":             No,
		"(f)":            No,
		"t && !(f || u)": Unknown,
		"f && u":         No,
		"u || !f":        Yes,
		"!!((t))":        Yes,
		"-t":             Unknown, // not a connective: the leaf's, which knows no unary minus
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if got := Condition(e, leaf); got != want {
			t.Errorf("Condition(%s) = %v, want %v", src, got, want)
		}
	}
}

func TestConjuncts(t *testing.T) {
	e, err := parser.ParseExpr("a && (b && c) && (d || e)")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range Conjuncts(e) {
		got = append(got, types.ExprString(c))
	}
	if want := []string{"a", "b", "c", "(d || e)"}; !slices.Equal(got, want) {
		t.Errorf("Conjuncts = %q, want %q", got, want)
	}
}

func TestDisjuncts(t *testing.T) {
	e, err := parser.ParseExpr("a || (b || c) || (d && e)")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range Disjuncts(e) {
		got = append(got, types.ExprString(c))
	}
	if want := []string{"a", "b", "c", "(d && e)"}; !slices.Equal(got, want) {
		t.Errorf("Disjuncts = %q, want %q", got, want)
	}
}

func TestConstants(t *testing.T) {
	for _, c := range []struct {
		v      constant.Value
		n      int64
		ok     bool
		isZero bool
	}{
		{constant.MakeInt64(3), 3, true, false},
		{constant.MakeFloat64(3), 3, true, false}, // 3.0 is an integer constant
		{constant.MakeFloat64(2.5), 0, false, false},
		{constant.MakeInt64(0), 0, true, true},
		{constant.MakeFloat64(0), 0, true, true},
		{constant.MakeString("0"), 0, false, false},
		{constant.Shift(constant.MakeInt64(1), token.SHL, 70), 0, false, false}, // past int64
		{nil, 0, false, false},
	} {
		n, ok := Int(types.TypeAndValue{Value: c.v})
		if n != c.n || ok != c.ok {
			t.Errorf("Int(%v) = %d, %v; want %d, %v", c.v, n, ok, c.n, c.ok)
		}
		if got := IsZero(c.v); got != c.isZero {
			t.Errorf("IsZero(%v) = %v, want %v", c.v, got, c.isZero)
		}
	}
}

// TestLeavesLoop type-checks the if blocks of a loop and asks which leave it;
// the comment after each if says what it should answer when only labelled
// breaks leave.
func TestLeavesLoop(t *testing.T) {
	const src = `package p

import "log"

func f(c bool) {
outer:
	for {
		if c { return }          // yes
		if c { break outer }     // yes
		if c { break }           // no
		if c { goto done }       // yes
		if c { log.Fatal("x") }  // yes
		if c { log.Print("x") }  // no
		if c { }                 // no
		if c { continue }        // no
	}
done:
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	labelled := func(br *ast.BranchStmt) bool { return br.Label != nil }
	var ifs int
	ast.Inspect(file, func(n ast.Node) bool {
		stmt, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		ifs++
		want := strings.Contains(lineComment(fset, file, stmt.Pos()), "yes")
		if got := LeavesLoop(info, stmt.Body, labelled); got != want {
			t.Errorf("%s: LeavesLoop = %v, want %v", fset.Position(stmt.Pos()), got, want)
		}
		return true
	})
	if ifs != 8 {
		t.Errorf("%d if statements checked, want 8", ifs)
	}
}

// lineComment returns the text of the comment on pos's line.
func lineComment(fset *token.FileSet, file *ast.File, pos token.Pos) string {
	line := fset.Position(pos).Line
	for _, g := range file.Comments {
		if fset.Position(g.Pos()).Line == line {
			return g.Text()
		}
	}
	return ""
}

// TestErrorPredicate type-checks predicates on an error; the comment on each
// says what ErrorPredicate should see: the expression returned, the value of
// a nil guard, or no predicate at all.
func TestErrorPredicate(t *testing.T) {
	const src = `package p

import "errors"

type T struct{}

func (T) Error() string { return "t" }

var errX = errors.New("x")

func asT(err error) bool { var t T; return errors.As(err, &t) }     // expr errors.As
func isX(err error) bool { return errors.Is(err, errX) }            // expr errors.Is
func guarded(err error) bool { if err == nil { return false }; return true } // guard No
func guardedYes(err error) bool { if nil == err { return true }; return false } // guard Yes
func twoSteps(err error) bool { ok := err != nil; return ok }         // none
func notError(s string) bool { return s == "" }                        // none
func notBool(err error) int { return 0 }                               // none
func twoParams(err error, n int) bool { return n > 0 }                 // none
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"asT": "expr errors.As", "isX": "expr errors.Is", "guarded": "guard No", "guardedYes": "guard Yes",
		"twoSteps": "none", "notError": "none", "notBool": "none", "twoParams": "none",
	}
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil {
			continue
		}
		fn := info.Defs[fd.Name].(*types.Func)
		param, result, guard, ok := ErrorPredicate(info, fn, fd)
		got := "none"
		switch {
		case ok && result != nil:
			call, _ := result.(*ast.CallExpr)
			sel, _ := call.Fun.(*ast.SelectorExpr)
			got = "expr " + sel.X.(*ast.Ident).Name + "." + sel.Sel.Name
			if param != fn.Signature().Params().At(0) {
				t.Errorf("%s: param %v, want the function's own", fd.Name.Name, param)
			}
		case ok:
			got = map[Value]string{Yes: "guard Yes", No: "guard No", Unknown: "guard Unknown"}[guard]
		}
		if got != want[fd.Name.Name] {
			t.Errorf("%s: %s, want %s", fd.Name.Name, got, want[fd.Name.Name])
		}
		delete(want, fd.Name.Name)
	}
	if len(want) > 0 {
		t.Errorf("not seen: %v", want)
	}
}
