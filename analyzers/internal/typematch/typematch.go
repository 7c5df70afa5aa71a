// Package typematch recognises standard and third-party APIs by their
// types.Object, never by the identifier a file happens to use, so that import
// aliases, dot-imports, method values, embedding and generics all resolve to
// the same object.
package typematch

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// IsFunc reports whether obj is the package-level function pkgPath.name. A
// nil obj (also a nil *types.Func, as Callee returns for a call of a function
// value) is no function.
func IsFunc(obj types.Object, pkgPath, name string) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn == nil || fn.Pkg() == nil || fn.Name() != name || fn.Pkg().Path() != pkgPath {
		return false
	}
	return fn.Signature().Recv() == nil
}

// IsMethod reports whether obj is the method name of the named type
// pkgPath.typeName (declared on the type or a pointer to it). A method promoted
// through embedding is the embedded type's method, so it matches too.
func IsMethod(obj types.Object, pkgPath, typeName, name string) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn == nil || fn.Name() != name {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	return IsNamed(Deref(recv.Type()), pkgPath, typeName)
}

// IsNamed reports whether t is the named type pkgPath.name (an alias of it
// counts; an instance of a generic type counts as its origin).
func IsNamed(t types.Type, pkgPath, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Origin().Obj()
	return obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == pkgPath
}

// IsVar reports whether obj is the package-level variable pkgPath.name.
func IsVar(obj types.Object, pkgPath, name string) bool {
	v, ok := obj.(*types.Var)
	return ok && v != nil && !v.IsField() && v.Name() == name && v.Pkg() != nil && v.Pkg().Path() == pkgPath &&
		v.Parent() == v.Pkg().Scope()
}

// Deref returns the type that t points to, or t itself.
func Deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// Ident returns the identifier that names e, qualified (pkg.Name, x.Field)
// or not, through parentheses; nil when e is no name.
func Ident(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// Callee returns the function or method that call invokes, statically known,
// or nil (a call of a function value, a conversion, a builtin). Calls of
// generic functions resolve to the generic declaration.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// SignatureOf returns the signature of the function-typed expression e,
// also when its type is a named function type (type DoRequestFunc
// func(int) error), or nil.
func SignatureOf(info *types.Info, e ast.Expr) *types.Signature {
	t := info.TypeOf(e)
	if t == nil {
		return nil
	}
	sig, _ := t.Underlying().(*types.Signature)
	return sig
}

// StringConst returns the value of e when it is a string constant.
func StringConst(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// IsInteger reports whether t is an integer type (its underlying type
// is one of the basic integer types); false for nil.
func IsInteger(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// IsError reports whether t is the predeclared error type, or an interface
// type defined over it (cloudevents' type Result error), which holds any
// error and is tested against nil as one. A type parameter constrained by
// error is not: its values may be of a concrete type.
func IsError(t types.Type) bool {
	if _, ok := t.(*types.TypeParam); ok || t == nil {
		return false
	}
	return types.Identical(t.Underlying(), errorInterface)
}

// ImplementsError reports whether a value of type t is an error.
func ImplementsError(t types.Type) bool { return types.Implements(t, errorInterface) }

// Implements reports whether the named type or a pointer to it implements
// iface: whether a value of the type can stand behind the interface.
func Implements(named *types.Named, iface *types.Interface) bool {
	return types.Implements(named, iface) || types.Implements(types.NewPointer(named), iface)
}

var errorInterface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// ImplementsReader reports whether a value of type t is an io.Reader (has
// Read(p []byte) (n int, err error)), whether or not its package imports io.
func ImplementsReader(t types.Type) bool { return types.Implements(t, readerInterface) }

var readerInterface = types.NewInterfaceType([]*types.Func{
	types.NewFunc(token.NoPos, nil, "Read", types.NewSignatureType(nil, nil, nil,
		types.NewTuple(types.NewParam(token.NoPos, nil, "p", types.NewSlice(types.Typ[types.Byte]))),
		types.NewTuple(types.NewParam(token.NoPos, nil, "n", types.Typ[types.Int]),
			types.NewParam(token.NoPos, nil, "err", types.Universe.Lookup("error").Type())), false)),
}, nil).Complete()

// SendsRequest reports whether sig has the shape of (*http.Client).Do and
// http.RoundTripper's RoundTrip: it takes an *http.Request and returns an
// *http.Response. Whatever implements it answers the request with a
// response, which is to say sends it (or fakes sending it, in a test).
func SendsRequest(sig *types.Signature) bool {
	if sig == nil {
		return false
	}
	has := func(vars *types.Tuple, name string) bool {
		for v := range vars.Variables() {
			if p, ok := types.Unalias(v.Type()).(*types.Pointer); ok && IsNamed(p.Elem(), "net/http", name) {
				return true
			}
		}
		return false
	}
	return has(sig.Params(), "Request") && has(sig.Results(), "Response")
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool { return IsNamed(t, "context", "Context") }

// neverReturning are the standard library's functions that do not return
// to their caller.
var neverReturning = [][2]string{
	{"os", "Exit"}, {"runtime", "Goexit"},
	{"log", "Fatal"}, {"log", "Fatalf"}, {"log", "Fatalln"},
	{"log", "Panic"}, {"log", "Panicf"}, {"log", "Panicln"},
}

// NeverReturns reports whether call does not return to its caller: the
// builtin panic, os.Exit, runtime.Goexit, log.Fatal and log.Panic and
// their variants. A loop body that ends in one leaves the loop.
func NeverReturns(info *types.Info, call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && IsBuiltin(info, id, "panic") {
		return true
	}
	fn := Callee(info, call)
	for _, f := range neverReturning {
		if IsFunc(fn, f[0], f[1]) {
			return true
		}
	}
	return false
}

// Imports reports whether pkg imports any of paths directly. Analyzers use it
// to leave at once a package that cannot contain what they look for.
func Imports(pkg *types.Package, paths ...string) bool {
	for _, imp := range pkg.Imports() {
		for _, p := range paths {
			if imp.Path() == p {
				return true
			}
		}
	}
	return false
}

// stdRoots are the first elements of the standard library's import paths.
var stdRoots = map[string]bool{
	"archive": true, "bufio": true, "bytes": true, "cmp": true, "compress": true, "container": true,
	"context": true, "crypto": true, "database": true, "debug": true, "embed": true, "encoding": true,
	"errors": true, "expvar": true, "flag": true, "fmt": true, "go": true, "hash": true, "html": true,
	"image": true, "index": true, "internal": true, "io": true, "iter": true, "log": true, "maps": true,
	"math": true, "mime": true, "net": true, "os": true, "path": true, "plugin": true, "reflect": true,
	"regexp": true, "runtime": true, "slices": true, "sort": true, "strconv": true, "strings": true,
	"structs": true, "sync": true, "syscall": true, "testing": true, "text": true, "time": true,
	"unicode": true, "unique": true, "unsafe": true, "vendor": true, "weak": true,
}

// InStdlib reports whether path is a package of the standard library. The
// analyzers' tables describe what the standard library does (net/http's
// replay of a request on a dead connection, database/sql's bad-connection
// retries are no retry layer a user can turn off), so they derive no facts
// from its code: that is both more precise and much cheaper, since a
// fact-using driver analyses every dependency.
func InStdlib(path string) bool {
	root, _, _ := strings.Cut(path, "/")
	return stdRoots[root]
}

// IsInternal reports whether the package at path is internal: only the
// packages under the parent of its internal element may import it, so its
// exported names have no callers outside that tree (in practice, outside
// its module).
func IsInternal(path string) bool {
	return path == "internal" || strings.HasPrefix(path, "internal/") ||
		strings.HasSuffix(path, "/internal") || strings.Contains(path, "/internal/")
}

// IsInterfaceMethod reports whether fn is a method of an interface.
func IsInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// ParamIndex returns the index of v among fn's parameters, or -1 (also for
// a variadic one, whose arguments are not one expression).
func ParamIndex(fn *types.Func, v *types.Var) int {
	sig := fn.Signature()
	params := sig.Params()
	for i := range params.Len() {
		if params.At(i) == v {
			if sig.Variadic() && i == params.Len()-1 {
				return -1
			}
			return i
		}
	}
	return -1
}

// IsBuiltin reports whether id names the built-in function name (append,
// new, len, ...) rather than a declaration that shadows it.
func IsBuiltin(info *types.Info, id *ast.Ident, name string) bool {
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// IsMethodExpr reports whether e is a method expression, T.M or (*T).M: as
// a callee, its first argument is the receiver, so the method's parameter i
// is the call's argument i+1.
func IsMethodExpr(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := info.Selections[sel]
	return s != nil && s.Kind() == types.MethodExpr
}

// ArgFor returns the argument of call, a call of fn, for fn's parameter i,
// past the receiver of a method expression; nil when there is none, or when
// i is the variadic parameter of a call that spreads a slice (f(xs...)).
func ArgFor(info *types.Info, fn *types.Func, call *ast.CallExpr, i int) ast.Expr {
	if i < 0 || call.Ellipsis.IsValid() && i >= fn.Signature().Params().Len()-1 {
		return nil
	}
	if IsMethodExpr(info, call.Fun) {
		i++ // T.M(recv, args...)
	}
	if i >= len(call.Args) {
		return nil
	}
	return call.Args[i]
}

// CallableElsewhere reports whether another package can call fn by name:
// an exported function, or an exported method of an exported type.
func CallableElsewhere(fn *types.Func) bool {
	if !fn.Exported() {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return true
	}
	named, ok := types.Unalias(Deref(recv.Type())).(*types.Named)
	return ok && named.Obj().Exported()
}
