package nestedretry

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// matchAPI returns the entry of table that call (to fn) belongs to, the
// receiver expression of a method call, and the label that messages use
// ("s3.Client.PutObject", "retryablehttp.Get").
func matchAPI(info *types.Info, table []apis.Client, call *ast.CallExpr, fn *types.Func) (*apis.Client, ast.Expr, string) {
	if fn == nil || fn.Pkg() == nil {
		return nil, nil, ""
	}
	path := fn.Pkg().Path()
	sig := fn.Signature()
	var recv ast.Expr
	var recvNamed *types.Named // the type the call is made on
	if sig.Recv() != nil {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, nil, ""
		}
		selection := info.Selections[sel]
		if selection == nil || selection.Kind() != types.MethodVal {
			return nil, nil, "" // a method expression T.M: rare, and its receiver is an argument
		}
		recv = sel.X
		recvNamed, _ = types.Unalias(typematch.Deref(selection.Recv())).(*types.Named)
		if recvNamed == nil {
			return nil, nil, ""
		}
		// A method promoted from a type of the library (go-redis commands
		// come from its unexported cmdable) is judged by the type it is
		// called on, which must be the library's too.
		if recvNamed.Obj().Pkg() == nil || recvNamed.Obj().Pkg().Path() != path {
			return nil, nil, ""
		}
	}
	return matchRow(info, table, fn, recv, recvNamed)
}

// matchRow returns the entry of table that a call of fn made on recv, a
// value of type recvNamed (nil for a function), belongs to, and its label.
func matchRow(info *types.Info, table []apis.Client, fn *types.Func, recv ast.Expr, recvNamed *types.Named) (*apis.Client, ast.Expr, string) {
	path := fn.Pkg().Path()
	for i := range table {
		a := &table[i]
		if !a.HasPkg(path) || (recvNamed != nil) != a.Methods() {
			continue
		}
		label := fn.Pkg().Name() + "." + fn.Name()
		if recvNamed != nil {
			name := recvNamed.Obj().Name()
			if !a.HasRecv(name) {
				continue
			}
			label = fn.Pkg().Name() + "." + name + "." + fn.Name()
			if f := fieldSelector(info, recv); f != nil && a.RecvSuffix != "" {
				// A service reached through its client's field: name the field.
				label = fn.Pkg().Name() + "." + f.name + "." + fn.Name()
			}
		}
		if len(a.Names) > 0 && !slices.Contains(a.Names, fn.Name()) {
			continue
		}
		if !fits(a.Shape, fn) {
			continue
		}
		return a, recv, label
	}
	return nil, nil, ""
}

// fits reports whether fn has the signature of an operation of the shape.
func fits(s apis.Shape, fn *types.Func) bool {
	sig := fn.Signature()
	params, results := sig.Params(), sig.Results()
	switch s {
	case apis.AWSOperation:
		if params.Len() != 3 || results.Len() != 2 || !typematch.IsContext(params.At(0).Type()) {
			return false
		}
		in, ok := types.Unalias(typematch.Deref(params.At(1).Type())).(*types.Named)
		return ok && strings.HasSuffix(in.Obj().Name(), "Input") && awsOptionsType(fn) != nil
	case apis.RedisCommand:
		if results.Len() != 1 || fn.Pkg() == nil {
			return false
		}
		cmder, ok := fn.Pkg().Scope().Lookup("Cmder").(*types.TypeName)
		if !ok {
			return false
		}
		iface, ok := cmder.Type().Underlying().(*types.Interface)
		return ok && types.Implements(results.At(0).Type(), iface)
	case apis.CtxFirst:
		return fn.Exported() && params.Len() > 0 && typematch.IsContext(params.At(0).Type())
	case apis.AWSV1Operation:
		return awsV1Shape(fn)
	case apis.AzureOperation:
		return fn.Exported() && params.Len() > 0 && typematch.IsContext(params.At(0).Type()) && holdsAzureClient(sig.Recv().Type())
	case apis.GaxCall:
		return gaxShape(sig)
	}
	return true
}

// A fieldSel is a selector x.F of a struct field: the client a service
// field hangs from, and the name "Client.V1PaymentIntents".
type fieldSel struct {
	x    ast.Expr
	name string
}

func fieldSelector(info *types.Info, e ast.Expr) *fieldSel {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil
	}
	owner, ok := types.Unalias(typematch.Deref(s.Recv())).(*types.Named)
	if !ok {
		return nil
	}
	return &fieldSel{x: sel.X, name: owner.Obj().Name() + "." + sel.Sel.Name}
}

// awsV1Shape: see apis.AWSV1Operation.
func awsV1Shape(fn *types.Func) bool {
	sig := fn.Signature()
	params, results := sig.Params(), sig.Results()
	if results.Len() != 2 || !isInput(params, params.Len()-1-boolInt(sig.Variadic())) {
		return false
	}
	switch params.Len() {
	case 1:
	case 3:
		if !sig.Variadic() || !typematch.IsContext(params.At(0).Type()) {
			return false
		}
	default:
		return false
	}
	recv, ok := types.Unalias(typematch.Deref(sig.Recv().Type())).(*types.Named)
	if !ok {
		return false
	}
	st, ok := recv.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Embedded() && typematch.IsNamed(typematch.Deref(f.Type()), apis.AWSV1Client, "Client") {
			return true
		}
	}
	return false
}

// isInput reports whether parameter i is a *XInput.
func isInput(params *types.Tuple, i int) bool {
	if i < 0 || i >= params.Len() {
		return false
	}
	in, ok := types.Unalias(typematch.Deref(params.At(i).Type())).(*types.Named)
	return ok && strings.HasSuffix(in.Obj().Name(), "Input")
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// matchField returns the apis.FuncField entry of table that call belongs to, the
// client it is made on and its label ("elasticsearch.Client.Indices.Create"):
// a call of a field of a function type of the entry's package, selected
// through fields from an *elasticsearch.Client.
func matchField(info *types.Info, table []apis.Client, call *ast.CallExpr) (*apis.Client, ast.Expr, string) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil, ""
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil, nil, ""
	}
	ft, ok := types.Unalias(s.Obj().Type()).(*types.Named)
	if !ok || ft.Obj().Pkg() == nil {
		return nil, nil, ""
	}
	for i := range table {
		a := &table[i]
		if a.Shape != apis.FuncField || !a.HasPkg(ft.Obj().Pkg().Path()) {
			continue
		}
		path := sel.Sel.Name
		for x := sel.X; ; {
			if isESClient(info.TypeOf(x)) {
				return a, x, "elasticsearch.Client." + path
			}
			inner, ok := ast.Unparen(x).(*ast.SelectorExpr)
			if !ok || info.Selections[inner] == nil || info.Selections[inner].Kind() != types.FieldVal {
				return nil, nil, ""
			}
			path = inner.Sel.Name + "." + path
			x = inner.X
		}
	}
	return nil, nil, ""
}

// isESClient reports whether t is an *elasticsearch.Client.
func isESClient(t types.Type) bool {
	return t != nil && typematch.IsNamed(typematch.Deref(t), apis.Elasticsearch, "Client")
}
