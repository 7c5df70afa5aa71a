package nestedretry

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
)

// Projects wrap errors.Is and errors.As in packages of their own (restic's
// internal/errors, github.com/pkg/errors), and test their errors through
// the wrappers: errors.As(err, &e) reads the same as the standard one.

// ErrorsFuncFact marks a function that is errors.Is or errors.As under
// another name: its body returns that call on its two parameters, in order.
type ErrorsFuncFact struct {
	Name string // "Is" or "As"
}

func (*ErrorsFuncFact) AFact() {}

func (f *ErrorsFuncFact) String() string { return "errors." + f.Name }

// exportErrorsFuncs exports ErrorsFuncFact for the package's exported
// functions that forward to errors.Is or errors.As.
func exportErrorsFuncs(pass *analysis.Pass) {
	decls := make(map[*types.Func]*ast.FuncDecl)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	for fn := range decls {
		if fn.Exported() {
			if name := errorsFunc(pass, fn, decls, 0); name != "" {
				pass.ExportObjectFact(fn, &ErrorsFuncFact{Name: name})
			}
		}
	}
}

// errorsFunc returns "Is" or "As" when fn is errors.Is or errors.As, or
// forwards to one (through at most a few functions; decls holds the
// package's own), and "" otherwise.
func errorsFunc(pass *analysis.Pass, fn *types.Func, decls map[*types.Func]*ast.FuncDecl, depth int) string {
	if fn == nil || fn.Pkg() == nil || depth > 3 {
		return ""
	}
	if typematch.IsFunc(fn, "errors", "Is") || typematch.IsFunc(fn, "errors", "As") {
		return fn.Name()
	}
	if fn.Pkg() != pass.Pkg {
		var f ErrorsFuncFact
		if pass.ImportObjectFact(fn, &f) {
			return f.Name
		}
		return ""
	}
	fd, sig := decls[fn], fn.Signature()
	if fd == nil || fd.Body == nil || len(fd.Body.List) != 1 || sig.Params().Len() != 2 {
		return ""
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return ""
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || call.Ellipsis.IsValid() {
		return ""
	}
	for i, arg := range call.Args {
		id, ok := ast.Unparen(arg).(*ast.Ident)
		if !ok || pass.TypesInfo.Uses[id] != sig.Params().At(i) {
			return ""
		}
	}
	return errorsFunc(pass, typematch.Callee(pass.TypesInfo, call), decls, depth+1)
}

// errorsFunc says whether fn is errors.Is or errors.As, under its name or
// another (see ErrorsFuncFact).
func (c *checker) errorsFunc(fn *types.Func) string {
	return errorsFunc(c.pass, fn, c.ix.decls, 0)
}
