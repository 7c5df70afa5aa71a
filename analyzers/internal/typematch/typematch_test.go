package typematch

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
)

// Callee returns a *types.Func that may be nil; stored in a types.Object it
// is a typed nil, which the matchers must reject rather than dereference.
func TestTypedNilObjects(t *testing.T) {
	var fn *types.Func
	var v *types.Var
	if IsFunc(fn, "time", "Sleep") {
		t.Error("IsFunc matched a nil *types.Func")
	}
	if IsMethod(fn, "net/http", "Client", "Do") {
		t.Error("IsMethod matched a nil *types.Func")
	}
	if IsVar(v, "net/http", "DefaultClient") {
		t.Error("IsVar matched a nil *types.Var")
	}
}

func TestMatchers(t *testing.T) {
	pkg := types.NewPackage("example.com/p", "p")
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	f := types.NewFunc(0, pkg, "Do", sig)
	if !IsFunc(f, "example.com/p", "Do") || IsFunc(f, "example.com/q", "Do") || IsFunc(f, "example.com/p", "Done") {
		t.Error("IsFunc does not match by package path and name")
	}
	named := types.NewNamed(types.NewTypeName(0, pkg, "Client", nil), types.NewStruct(nil, nil), nil)
	recv := types.NewVar(0, pkg, "c", types.NewPointer(named))
	m := types.NewFunc(0, pkg, "Get", types.NewSignatureType(recv, nil, nil, nil, nil, false))
	if !IsMethod(m, "example.com/p", "Client", "Get") || IsMethod(m, "example.com/p", "Other", "Get") || IsMethod(f, "example.com/p", "Client", "Do") {
		t.Error("IsMethod does not match a pointer-receiver method by its named type")
	}
}

func TestInStdlib(t *testing.T) {
	for _, path := range []string{"net/http", "time", "database/sql", "internal/poll", "vendor/golang.org/x/net/http2/hpack"} {
		if !InStdlib(path) {
			t.Errorf("InStdlib(%q) = false", path)
		}
	}
	for _, path := range []string{"github.com/redis/go-redis/v9", "example.com/net/http", "retrysite/loops", "k8s.io/apimachinery/pkg/util/wait"} {
		if InStdlib(path) {
			t.Errorf("InStdlib(%q) = true", path)
		}
	}
}

func TestIsInternal(t *testing.T) {
	for _, path := range []string{"internal", "internal/auth", "example.com/m/internal", "example.com/m/internal/auth", "example.com/m/dns/x/internal/auth"} {
		if !IsInternal(path) {
			t.Errorf("IsInternal(%q) = false", path)
		}
	}
	for _, path := range []string{"example.com/internals/auth", "example.com/m/myinternal", "example.com/m/internal_test", "example.com/m/auth"} {
		if IsInternal(path) {
			t.Errorf("IsInternal(%q) = true", path)
		}
	}
}

// TestNeverReturns type-checks calls that do and do not return, with the
// standard library's objects (an alias import and a shadowing panic show that
// the answer comes from the object, not the name).
func TestNeverReturns(t *testing.T) {
	const src = `package p

import (
	l "log"
	"os"
	"runtime"
)

func f(panic func(string)) {
	l.Fatalf("x")
	os.Exit(1)
	runtime.Goexit()
	l.Printf("x")
	os.Getpid()
	panic("shadowed")
}

func g() { panic("builtin") }
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	var got []string
	ast.Inspect(file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && NeverReturns(info, call) {
			got = append(got, types.ExprString(call))
		}
		return true
	})
	if want := []string{`l.Fatalf("x")`, "os.Exit(1)", "runtime.Goexit()", `panic("builtin")`}; !slices.Equal(got, want) {
		t.Errorf("NeverReturns holds for %q, want %q", got, want)
	}
	if !IsError(types.Universe.Lookup("error").Type()) || IsError(types.Typ[types.String]) {
		t.Error("IsError")
	}
}

// A variadic parameter's arguments are not one expression: it has no index.
func TestParamIndex(t *testing.T) {
	pkg := types.NewPackage("example.com/p", "p")
	intType := types.Typ[types.Int]
	a := types.NewParam(0, pkg, "a", intType)
	b := types.NewParam(0, pkg, "b", intType)
	rest := types.NewParam(0, pkg, "rest", types.NewSlice(intType))
	f := types.NewFunc(0, pkg, "f", types.NewSignatureType(nil, nil, nil, types.NewTuple(a, b, rest), nil, true))
	other := types.NewParam(0, pkg, "a", intType)
	for _, c := range []struct {
		v    *types.Var
		want int
	}{{a, 0}, {b, 1}, {rest, -1}, {other, -1}} {
		if got := ParamIndex(f, c.v); got != c.want {
			t.Errorf("ParamIndex(f, %s) = %d, want %d", c.v.Name(), got, c.want)
		}
	}
}

// A method expression's first argument is the receiver; a spread slice is
// no one argument of the variadic parameter.
func TestArgFor(t *testing.T) {
	const src = `package p

type T struct{}

func (T) M(a, b int, rest ...int) {}

func f(t T, xs []int) {
	t.M(1, 2, 3)
	T.M(t, 1, 2, 3)
	t.M(1, 2, xs...)
	T.M(t, 1, 2, xs...)
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}}
	if _, err := (&types.Config{}).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	var got []string
	ast.Inspect(file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := Callee(info, call)
		var args []string
		for i := range 4 {
			if a := ArgFor(info, fn, call, i); a != nil {
				args = append(args, types.ExprString(a))
			} else {
				args = append(args, "-")
			}
		}
		got = append(got, fmt.Sprint(IsMethodExpr(info, call.Fun), args))
		return true
	})
	want := []string{"false [1 2 3 -]", "true [1 2 3 -]", "false [1 2 - -]", "true [1 2 - -]"}
	if !slices.Equal(got, want) {
		t.Errorf("ArgFor gives %q, want %q", got, want)
	}
}

func TestIsInteger(t *testing.T) {
	named := types.NewNamed(types.NewTypeName(token.NoPos, nil, "Attempts", nil), types.Typ[types.Uint8], nil)
	for _, c := range []struct {
		t    types.Type
		want bool
	}{
		{types.Typ[types.Int], true},
		{named, true},
		{types.Typ[types.Float64], false},
		{types.Typ[types.String], false},
		{nil, false},
	} {
		if got := IsInteger(c.t); got != c.want {
			t.Errorf("IsInteger(%v) = %v, want %v", c.t, got, c.want)
		}
	}
}

// TestSendsRequest: the shape of (*http.Client).Do is a request in and a
// response out, both net/http's; a response alone, or another package's
// Request, is not it.
func TestSendsRequest(t *testing.T) {
	http := types.NewPackage("net/http", "http")
	other := types.NewPackage("example.com/http", "http")
	ptr := func(pkg *types.Package, name string) *types.Var {
		n := types.NewNamed(types.NewTypeName(0, pkg, name, nil), types.NewStruct(nil, nil), nil)
		return types.NewParam(0, pkg, "", types.NewPointer(n))
	}
	errVar := types.NewParam(0, nil, "", types.Universe.Lookup("error").Type())
	sig := func(params, results []*types.Var) *types.Signature {
		return types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), types.NewTuple(results...), false)
	}
	req, resp := ptr(http, "Request"), ptr(http, "Response")
	cases := []struct {
		sig  *types.Signature
		want bool
	}{
		{sig([]*types.Var{req}, []*types.Var{resp, errVar}), true},
		{sig(nil, []*types.Var{resp, errVar}), false},
		{sig([]*types.Var{req}, []*types.Var{errVar}), false},
		{sig([]*types.Var{ptr(other, "Request")}, []*types.Var{resp, errVar}), false},
		{nil, false},
	}
	for _, c := range cases {
		if got := SendsRequest(c.sig); got != c.want {
			t.Errorf("SendsRequest(%v) = %v, want %v", c.sig, got, c.want)
		}
	}
}
